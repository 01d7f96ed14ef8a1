using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>A source restricted to parameters of the given types (a Stream-typed one also fits a stream base such as Stream itself).</summary>
    public sealed class OfParameterTypes : IArgumentSource
    {
        readonly IArgumentSource _inner;
        readonly Type[] _types;

        public OfParameterTypes(IArgumentSource inner, params Type[] types)
        {
            _inner = inner;
            _types = types;
        }

        public IReadOnlyList<Argument> For(ParameterInfo parameter) =>
            _types.Contains(parameter.ParameterType) ? _inner.For(parameter) : new Argument[0];
    }
}
