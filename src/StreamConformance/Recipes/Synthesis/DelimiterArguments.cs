using System.Collections.Generic;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// A string named as a separator or a delimiter (a CSV field separator, a record delimiter): a comma, as a caller
    /// passes one. A label ("conformance") would be a separator no caller uses, and an empty one is refused.
    /// </summary>
    public sealed class DelimiterArguments : IArgumentSource
    {
        public const string Value = ",";

        /// <summary>The last word of the name (separator, fieldDelimiter).</summary>
        static readonly string[] Delimiters = { "separator", "delimiter" };

        public IReadOnlyList<Argument> For(ParameterInfo parameter)
        {
            if (parameter.ParameterType != typeof(string) || !IsDelimiter(parameter.Name)) return new Argument[0];
            return new[] { Argument.Text(Value) };
        }

        public static bool IsDelimiter(string? name)
        {
            var words = ParameterWords.Of(name);
            return ParameterWords.EndIn(words, Delimiters);
        }
    }
}
