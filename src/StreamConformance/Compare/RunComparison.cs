using System;
using System.Collections.Generic;
using System.Linq;
using StreamConformance.Reports;
using StreamConformance.Results;

namespace StreamConformance.Compare
{
    /// <summary>
    /// Compares two runs result by result (runtime, type, variant, check). Outcomes and exact counts
    /// (bytes, syscalls) are compared exactly; timing figures only beyond a relative threshold, since they are
    /// noisy, and only when their confidence intervals in the two runs do not overlap.
    /// </summary>
    public sealed class RunComparison
    {
        public RunComparison(RunDocument baseline, RunDocument candidate, double ratioThreshold = 0.15)
        {
            if (baseline.SchemaVersion != candidate.SchemaVersion)
                throw new InputException($"compare: schema versions differ ({baseline.SchemaVersion} vs {candidate.SchemaVersion})");
            var before = baseline.Results.GroupBy(Key).ToDictionary(g => g.Key, g => g.First());
            var after = candidate.Results.GroupBy(Key).ToDictionary(g => g.Key, g => g.First());
            foreach (var kv in after)
            {
                if (!before.TryGetValue(kv.Key, out var old))
                {
                    Added.Add(kv.Value);
                    continue;
                }
                var now = kv.Value;
                if (!old.IsFinding() && now.IsFinding())
                    Changes.Add(new Change(now, ChangeKind.Regression, $"{Word(old.Outcome)} → {Word(now.Outcome)}: {now.Message}"));
                else if (old.IsFinding() && now.Outcome == Outcome.Pass)
                    Changes.Add(new Change(now, ChangeKind.Improvement, $"{Word(old.Outcome)} → pass"));
                // An allocation figure the meter did not call exact (in either run) moves from run to run by itself:
                // it is compared like a ratio, beyond the threshold.
                var inexact = old.IsInexact || now.IsInexact;
                foreach (var metric in (now.Metrics ?? new SortedDictionary<string, double>()))
                {
                    if (old.Metrics == null || !old.Metrics.TryGetValue(metric.Key, out var was)) continue;
                    var kind = CompareMetric(metric.Key, was, metric.Value, ratioThreshold, inexact);
                    if (kind != null && IntervalsOverlap(old, now, metric.Key)) kind = null;
                    if (kind != null)
                        Changes.Add(new Change(now, kind.Value, $"{metric.Key}: {ResultSummary.Format(was)} → {ResultSummary.Format(metric.Value)}"));
                }
            }
            Removed.AddRange(before.Where(kv => !after.ContainsKey(kv.Key)).Select(kv => kv.Value));
        }

        public List<Change> Changes { get; } = new List<Change>();
        public List<CheckResult> Added { get; } = new List<CheckResult>();
        public List<CheckResult> Removed { get; } = new List<CheckResult>();
        public bool HasRegression => Changes.Any(c => c.Kind == ChangeKind.Regression);

        /// <summary>
        /// Exact metrics (allocations, syscalls) change on any difference; ratios and times, and allocations
        /// the meter did not call exact, only beyond the threshold. Background figures are context, not a cost
        /// of the stream: the raw process-wide count (its judged figure is bytesPerCall) and the calls other
        /// threads made in a syscall region.
        /// </summary>
        static ChangeKind? CompareMetric(string name, double before, double after, double threshold, bool inexact)
        {
            if (MetricNames.IsBackground(name) || MetricNames.IsSpread(name)) return null;
            var bytes = name.StartsWith("bytes", StringComparison.Ordinal);
            var exact = (bytes && !inexact) || name.StartsWith("syscalls.", StringComparison.Ordinal);
            var costLike = exact || bytes || name.StartsWith("ratio", StringComparison.Ordinal) || name == "nsPerCall";
            if (!costLike) return null;
            if (exact)
                return after > before ? ChangeKind.Regression : after < before ? ChangeKind.Improvement : (ChangeKind?)null;
            if (before <= 0) return null;
            var relative = (after - before) / before;
            return relative > threshold ? ChangeKind.Regression : relative < -threshold ? ChangeKind.Improvement : (ChangeKind?)null;
        }

        /// <summary>
        /// A median figure whose confidence intervals in the two runs overlap has not shown a change, however far
        /// apart the medians are: the rounds cannot tell the two runs apart.
        /// </summary>
        static bool IntervalsOverlap(CheckResult before, CheckResult after, string name)
        {
            string low = MetricNames.CiLow(name), high = MetricNames.CiHigh(name);
            if (before.Metrics == null || after.Metrics == null) return false;
            if (!before.Metrics.TryGetValue(low, out var lowBefore) || !before.Metrics.TryGetValue(high, out var highBefore)) return false;
            if (!after.Metrics.TryGetValue(low, out var lowAfter) || !after.Metrics.TryGetValue(high, out var highAfter)) return false;
            return lowBefore <= highAfter && lowAfter <= highBefore;
        }

        static string Key(CheckResult r) => $"{r.Runtime}|{r.Type}|{r.Variant}|{r.Check}";
        static string Word(Outcome o) => o.ToString().ToLowerInvariant();

        public enum ChangeKind { Regression, Improvement }

        public sealed class Change
        {
            public Change(CheckResult result, ChangeKind kind, string what)
            {
                Result = result;
                Kind = kind;
                What = what;
            }

            public CheckResult Result { get; }
            public ChangeKind Kind { get; }
            public string What { get; }
        }
    }
}
