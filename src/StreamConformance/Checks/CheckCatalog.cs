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
    }
}
