using System.Linq;
using System.Text.RegularExpressions;

namespace StreamConformance
{
    /// <summary>Shell-style globs over names: '*' any run, '?' one character, '|' between alternatives; case-sensitive, like type names.</summary>
    public static class Glob
    {
        public static bool IsMatch(string pattern, string text) =>
            Regex.IsMatch(text, "^(?:" + string.Join("|", pattern.Split('|').Select(p => Regex.Escape(p).Replace(@"\*", ".*").Replace(@"\?", "."))) + ")$");
    }
}
