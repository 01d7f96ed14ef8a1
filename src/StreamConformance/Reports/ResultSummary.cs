using System.Collections.Generic;
using System.Linq;
using StreamConformance.Results;

namespace StreamConformance.Reports
{
    /// <summary>Counts and groupings every human-readable report shares.</summary>
    public static class ResultSummary
    {
        public static readonly Outcome[] Findings = { Outcome.Fail, Outcome.Error, Outcome.Timeout, Outcome.Crash };

        public static bool IsFinding(this CheckResult r) => Findings.Contains(r.Outcome);

        public static IReadOnlyDictionary<Outcome, int> Count(IEnumerable<CheckResult> results, string? runtime = null) =>
            results.Where(r => runtime == null || r.Runtime == runtime)
                .GroupBy(r => r.Outcome).ToDictionary(g => g.Key, g => g.Count());

        public static int Get(this IReadOnlyDictionary<Outcome, int> counts, Outcome o) => counts.TryGetValue(o, out var n) ? n : 0;

        /// <summary>Findings first by runtime, then type, then check: the order a person reads a failure table in.</summary>
        public static IEnumerable<CheckResult> FindingsOf(RunDocument document) =>
            document.Results.Where(IsFinding).OrderBy(r => r.Runtime).ThenBy(r => r.Type).ThenBy(r => r.Variant).ThenBy(r => r.Check);

        public static string Metrics(CheckResult r) =>
            r.Metrics == null ? "" : string.Join(", ", r.Metrics.Select(kv => $"{kv.Key}={Format(kv.Value)}"));

        public static string Format(double value) =>
            value == System.Math.Floor(value) && System.Math.Abs(value) < 1e12 ? value.ToString("0", System.Globalization.CultureInfo.InvariantCulture)
                : value.ToString("0.###", System.Globalization.CultureInfo.InvariantCulture);
    }
}
