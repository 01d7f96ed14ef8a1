using System.Collections.Generic;
using System.Linq;
using System.Text.RegularExpressions;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>A parameter's name as lower-case words: "envelopeKey" → envelope, key; "IV" → iv; "user_id" → user, id.</summary>
    static class ParameterWords
    {
        static readonly Regex Word = new Regex("[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+", RegexOptions.CultureInvariant);

        public static IReadOnlyList<string> Of(string? name) =>
            Word.Matches(name ?? "").Cast<Match>().Select(m => m.Value.ToLowerInvariant()).ToList();

        /// <summary>Whether the name's last word is one of <paramref name="lastWords"/> (keyId: id; fieldSeparator: separator).</summary>
        public static bool EndIn(IReadOnlyList<string> words, IEnumerable<string> lastWords) =>
            words.Count > 0 && lastWords.Contains(words[words.Count - 1]);
    }
}
