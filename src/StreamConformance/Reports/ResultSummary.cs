using System.Collections.Generic;
using System.Linq;
using StreamConformance.Results;

namespace StreamConformance.Reports
{
    /// <summary>Counts and groupings every human-readable report shares.</summary>
    public static class ResultSummary
    {
        /// <summary>
        /// Outcomes that say a result went wrong, one result at a time (compare's outcome changes, patch evidence's
        /// introduced and fixed failures). Findings are another thing: results grouped by cause and classed, by
        /// <see cref="StreamConformance.Findings.FindingBuilder"/> alone.
        /// </summary>
        public static readonly Outcome[] Failing = { Outcome.Fail, Outcome.Error, Outcome.Timeout, Outcome.Crash };

        public static bool IsFailing(this CheckResult r) => Failing.Contains(r.Outcome);

        public static IReadOnlyDictionary<Outcome, int> Count(IEnumerable<CheckResult> results, string? runtime = null) =>
            results.Where(r => runtime == null || r.Runtime == runtime)
                .GroupBy(r => r.Outcome).ToDictionary(g => g.Key, g => g.Count());

        public static int Get(this IReadOnlyDictionary<Outcome, int> counts, Outcome o) => counts.TryGetValue(o, out var n) ? n : 0;

        public static string Metrics(CheckResult r) =>
            r.Metrics == null ? "" : string.Join(", ", r.Metrics.Select(kv => $"{kv.Key}={Format(kv.Value)}"));

        public static string Format(double value) =>
            value == System.Math.Floor(value) && System.Math.Abs(value) < 1e12 ? value.ToString("0", System.Globalization.CultureInfo.InvariantCulture)
                : value.ToString("0.###", System.Globalization.CultureInfo.InvariantCulture);
    }
}
