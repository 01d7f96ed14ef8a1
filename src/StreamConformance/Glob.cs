using System.Text.RegularExpressions;

namespace StreamConformance
{
    /// <summary>Shell-style globs over names: '*' any run, '?' one character; case-sensitive, like type names.</summary>
    public static class Glob
    {
        public static bool IsMatch(string pattern, string text) =>
            Regex.IsMatch(text, "^" + Regex.Escape(pattern).Replace(@"\*", ".*").Replace(@"\?", ".") + "$");
    }
}
