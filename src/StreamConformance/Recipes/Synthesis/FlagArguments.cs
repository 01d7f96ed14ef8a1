using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>A bool (each value) or an enum (each distinct defined value, a compression mode or level among them).</summary>
    public sealed class FlagArguments : IArgumentSource
    {
        const int MaxEnumValues = 8;

        public IReadOnlyList<Argument> For(ParameterInfo parameter)
        {
            var type = parameter.ParameterType;
            if (type == typeof(bool))
                return new[] { Argument.Constant(false, "false", "false"), Argument.Constant(true, "true", "true") };
            if (!type.IsEnum) return new Argument[0];
            var name = CSharpNames.Of(type);
            return Enum.GetValues(type).Cast<object>()
                .GroupBy(v => Convert.ToInt64(v, System.Globalization.CultureInfo.InvariantCulture)).Select(g => g.First())
                .Take(MaxEnumValues)
                .Select(v => Argument.Constant(v, v.ToString()!, $"{name}.{v}"))
                .ToList();
        }
    }
}
