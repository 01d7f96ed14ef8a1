using System;
using System.Collections.Generic;
using System.Linq;

namespace StreamConformance.Checks
{
    /// <summary>Every check in this assembly (the classes, found by reflection, and the budget checks, made from the
    /// operations the meters know), ordered by name.</summary>
    public static class CheckCatalog
    {
        static readonly Lazy<IReadOnlyList<IStreamCheck>> s_all = new Lazy<IReadOnlyList<IStreamCheck>>(() =>
            typeof(IStreamCheck).Assembly.GetTypes()
                .Where(t => !t.IsAbstract && !t.IsInterface && typeof(IStreamCheck).IsAssignableFrom(t) && t.GetConstructor(Type.EmptyTypes) != null)
                .Select(t => (IStreamCheck)Activator.CreateInstance(t)!)
                .Concat(BudgetChecks.All())
                .OrderBy(c => c.Name, StringComparer.Ordinal)
                .ToList());

        public static IReadOnlyList<IStreamCheck> All => s_all.Value;

        /// <summary>Checks whose name matches any of comma-separated globs ("read-byte.*,budget.*"); null or empty selects all.</summary>
        public static IReadOnlyList<IStreamCheck> Select(string? patterns)
        {
            if (string.IsNullOrEmpty(patterns)) return All;
            var globs = patterns!.Split(',').Select(p => p.Trim()).Where(p => p.Length > 0).ToList();
            return All.Where(c => globs.Any(g => Glob.IsMatch(g, c.Name))).ToList();
        }

        /// <summary>
        /// Why <paramref name="pattern"/> is not a glob of check names as an expectation states them ("seek.*|buffered.interleave"):
        /// a part with a space or other text, or one that names no check of the harness; null when it is one. A rule
        /// whose checks match nothing would never apply, and nobody would know. <paramref name="known"/>: each part must
        /// also name a check of this build (a recipe class's knob, read where the checks run; a file may be read beside
        /// results of another build).
        /// </summary>
        public static string? WhyNotChecks(string pattern, bool known)
        {
            foreach (var part in pattern.Split('|'))
            {
                if (part.Length == 0) return $"'{pattern}' has an empty alternative";
                foreach (var c in part)
                    if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == '*' || c == '?'))
                        return $"'{part}' is not a check name or glob (lower-case names, '.', '-', '*' and '?', alternatives joined by '|')";
                if (known && !All.Any(c => Glob.IsMatch(part, c.Name))) return $"'{part}' names no check of the harness";
            }
            return null;
        }
    }
}
