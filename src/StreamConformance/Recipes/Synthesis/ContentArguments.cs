using System;
using System.Collections.Generic;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// The content itself: a byte[], or any type over bytes with a public (byte[]) constructor (Memory&lt;byte&gt;,
    /// ReadOnlyMemory&lt;byte&gt;, ArraySegment&lt;byte&gt;, ReadOnlySequence&lt;byte&gt;). A write gets a zeroed buffer
    /// (a fixed store nothing reads back).
    /// </summary>
    public sealed class ContentArguments : IArgumentSource
    {
        const int WriteBuffer = 65536;

        public IReadOnlyList<Argument> For(ParameterInfo parameter)
        {
            var type = parameter.ParameterType;
            if (type == typeof(byte[]))
                return new[] { new Argument("byte[]", "(byte[])content.Clone()", $"new byte[{WriteBuffer}]", scope => Bytes(scope)) };
            if (!type.IsGenericType || type.GetGenericArguments().Length != 1 || type.GetGenericArguments()[0] != typeof(byte)) return new Argument[0];
            var ctor = type.GetConstructor(new[] { typeof(byte[]) });
            if (ctor == null || !ctor.IsPublic) return new Argument[0];
            var name = CSharpNames.Of(type);
            return new[]
            {
                new Argument(CSharpNames.Short(type), $"new {name}((byte[])content.Clone())", $"new {name}(new byte[{WriteBuffer}])",
                    scope => ctor.Invoke(new object[] { Bytes(scope) })),
            };
        }

        static byte[] Bytes(BuildScope scope)
        {
            if (!scope.ForReading) return new byte[WriteBuffer];
            scope.ContentGiven = true;
            return (byte[])scope.Content.Clone();
        }
    }
}
