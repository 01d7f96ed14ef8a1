using System.Collections.Generic;
using System.Linq;

namespace StreamConformance.Scenarios
{
    /// <summary>Reading what the user named: scenario names and the --size multiplier. Bad input is an <see cref="InputException"/> naming the value.</summary>
    public static class ScenarioArguments
    {
        /// <summary>The largest --size accepted: beyond it a scenario would run for many minutes per runtime.</summary>
        public const double MaxSize = 64;

        public static double Size(string? text)
        {
            if (text == null) return 1;
            if (!double.TryParse(text, System.Globalization.NumberStyles.Float, System.Globalization.CultureInfo.InvariantCulture, out var size)
                || double.IsNaN(size) || double.IsInfinity(size) || size <= 0 || size > MaxSize)
                throw new InputException($"--size: '{text}' is not a number above 0 and at most {MaxSize} (a multiple of each scenario's default size, e.g. 0.5 or 4)");
            return size;
        }

        /// <summary>"all" or scenario names, each known; in the catalog's order, without repeats.</summary>
        public static IReadOnlyList<string> Names(IEnumerable<string> names)
        {
            var list = names.ToList();
            if (list.Count == 0 || list.Contains("all")) return ScenarioCatalog.All.Select(s => s.Name).ToList();
            foreach (var name in list.Where(n => ScenarioCatalog.Find(n) == null))
                throw new InputException($"scenario: no scenario named '{name}' (known: {string.Join(", ", ScenarioCatalog.All.Select(s => s.Name))}, all)");
            return ScenarioCatalog.All.Select(s => s.Name).Where(list.Contains).ToList();
        }
    }
}
