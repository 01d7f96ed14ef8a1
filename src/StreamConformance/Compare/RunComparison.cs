using System;
using System.Collections.Generic;
using System.Linq;
using StreamConformance.Meters;
using StreamConformance.Reports;
using StreamConformance.Results;

namespace StreamConformance.Compare
{
    /// <summary>
    /// Compares two runs result by result (runtime, type, variant, check). Outcomes and exact counts
    /// (bytes, syscalls) are compared exactly; a timing figure with per-round samples on both sides by a
    /// Mann–Whitney test beyond the threshold and a noise floor (<see cref="RankTest"/>), one without (an older
    /// JSON) only beyond the threshold and when the two sides' intervals do not overlap. docs/compare.md.
    /// </summary>
    /// <remarks>
    /// Each side may be several runs of the same build (separate processes). A timing figure can move between
    /// processes of one build by more than its interval within a process shows (on .NET 10 the MemoryStream
    /// baseline settles at ~1.0 or ~1.2 ns per call, depending on the process), so one run per side can show a
    /// change that is only the process; with several runs, a side's interval spans all of its runs and its samples
    /// pool all of their rounds, and a change must clear the other side's whole spread. The first run of each side
    /// is the one whose outcomes and exact counts are compared; an outcome that differs among a side's own runs is
    /// not called a change.
    /// </remarks>
    public sealed class RunComparison
    {
        public RunComparison(RunAnalysis baseline, RunAnalysis candidate, double ratioThreshold = 0.15)
            : this(new[] { baseline }, new[] { candidate }, ratioThreshold)
        {
        }

        public RunComparison(IReadOnlyList<RunAnalysis> baseline, IReadOnlyList<RunAnalysis> candidate, double ratioThreshold = 0.15)
            : this(baseline, candidate, new CompareSettings { Threshold = ratioThreshold })
        {
        }

        /// <summary>Each side's runs, each analysed once by its reader; the findings compared are the analyses' own.</summary>
        public RunComparison(IReadOnlyList<RunAnalysis> baselineRuns, IReadOnlyList<RunAnalysis> candidateRuns, CompareSettings settings)
        {
            if (baselineRuns.Count == 0 || candidateRuns.Count == 0) throw new ArgumentException("compare: each side needs at least one run");
            var baseline = baselineRuns.Select(a => a.Document).ToList();
            var candidate = candidateRuns.Select(a => a.Document).ToList();
            Settings = settings;
            BaselineRuns = baseline.Count;
            CandidateRuns = candidate.Count;
            var schema = baseline[0].SchemaVersion;
            if (baseline.Concat(candidate).Any(d => d.SchemaVersion != schema))
                throw new InputException($"compare: schema versions differ ({string.Join(" vs ", baseline.Concat(candidate).Select(d => d.SchemaVersion).Distinct())})");
            Runtimes = RuntimePairing.Of(baseline, candidate);
            var before = Index(baseline, name => name);
            var after = Index(candidate, Runtimes.BaselineNameOf);
            foreach (var kv in after)
            {
                if (!before.TryGetValue(kv.Key, out var olds))
                {
                    Added.Add(kv.Value[0]);
                    continue;
                }
                var nows = kv.Value;
                CompareOutcomes(olds, nows);
                // An allocation figure the meter did not call exact (in any run) moves from run to run by itself:
                // it is compared like a timing figure, beyond the threshold.
                var inexact = olds.Concat(nows).Any(r => r.IsInexact);
                // Where the judged ratio kept its rounds, it is the result's one timing figure: nsPerCall and
                // ratioToLimit are the same rounds in absolute time or against another reference, shown, not compared.
                var sampled = settings.Test == TimingTest.Rank && olds.Concat(nows).All(r => r.Samples != null);
                // Calls that complete on pool threads or wait for a peer time a thread's wake-up, which moves up to ~10×
                // between processes of one build (LatencyMeter.HopSpread): such a figure changes only beyond that.
                var crossThread = olds.Concat(nows).Any(r => r.Metrics != null && r.Metrics.TryGetValue(MetricNames.CrossThread, out var x) && x == 1);
                foreach (var metric in nows[0].Metrics ?? new SortedDictionary<string, double>())
                {
                    var was = MetricSpread.Of(olds, metric.Key);
                    var now = MetricSpread.Of(nows, metric.Key);
                    if (was == null || now == null) continue;
                    var kind = CompareMetric(metric.Key, was, now, olds, nows, inexact, sampled, crossThread ? settings.WithThresholdAtLeast(LatencyMeter.HopSpread) : settings);
                    if (kind != null)
                        Changes.Add(new Change(nows[0], kind.Value, $"{metric.Key}: {Describe(was, OperationsOf(metric.Key, nows[0]))} → {Describe(now, OperationsOf(metric.Key, nows[0]))}"));
                }
            }
            Removed.AddRange(before.Where(kv => !after.ContainsKey(kv.Key)).Select(kv => kv.Value[0]));
            Findings = new FindingComparison(baselineRuns, candidateRuns, Runtimes);
        }

        public CompareSettings Settings { get; }
        public int BaselineRuns { get; }
        public int CandidateRuns { get; }
        /// <summary>Figures compared exactly (outcomes aside): allocations the meter called exact, syscall counts.</summary>
        public int CountsCompared { get; private set; }
        /// <summary>Timing figures (and inexact allocations) decided by the Mann–Whitney test.</summary>
        public int RankTested { get; private set; }
        /// <summary>Timing figures not compared because a run of either side skipped their result (the meter could not measure).</summary>
        public int Unmeasured { get; private set; }
        /// <summary>Timing figures (and inexact allocations) decided by the interval rule.</summary>
        public int IntervalTested { get; private set; }
        public FindingComparison Findings { get; }
        /// <summary>Which baseline runtime each candidate runtime was compared with (a servicing update pairs two names).</summary>
        public RuntimePairing Runtimes { get; }

        public List<Change> Changes { get; } = new List<Change>();
        public List<CheckResult> Added { get; } = new List<CheckResult>();
        public List<CheckResult> Removed { get; } = new List<CheckResult>();
        public bool HasRegression => Changes.Any(c => c.Kind == ChangeKind.Regression);
        public IEnumerable<Change> Regressions => Changes.Where(c => c.Kind == ChangeKind.Regression);
        public IEnumerable<Change> Improvements => Changes.Where(c => c.Kind == ChangeKind.Improvement);

        /// <summary>Each result key (its runtime under the baseline's name) with its results, one per run that has it, the side's first run first.</summary>
        static Dictionary<string, List<CheckResult>> Index(IReadOnlyList<RunDocument> runs, Func<string, string> runtimeName)
        {
            var index = new Dictionary<string, List<CheckResult>>();
            foreach (var run in runs)
                foreach (var group in run.Results.GroupBy(r => Key(r, runtimeName)))
                {
                    if (!index.TryGetValue(group.Key, out var list)) index[group.Key] = list = new List<CheckResult>();
                    list.Add(group.First());
                }
            return index;
        }

        void CompareOutcomes(List<CheckResult> olds, List<CheckResult> nows)
        {
            // A side whose own runs disagree (a latency verdict near its ceiling) has no settled outcome to compare.
            if (olds.Any(r => r.IsFailing() != olds[0].IsFailing()) || nows.Any(r => r.IsFailing() != nows[0].IsFailing())) return;
            CheckResult old = olds[0], now = nows[0];
            if (!old.IsFailing() && now.IsFailing())
                Changes.Add(new Change(now, ChangeKind.Regression, $"{Word(old.Outcome)} → {Word(now.Outcome)}: {now.Message}"));
            // Advisory is within the official suite's rules: leaving a finding for it is an improvement, as its way back
            // to a finding is a regression. Inconclusive and skip claim nothing, so they are no change either way.
            else if (old.IsFailing() && (now.Outcome == Outcome.Pass || now.Outcome == Outcome.Advisory))
                Changes.Add(new Change(now, ChangeKind.Improvement, $"{Word(old.Outcome)} → {Word(now.Outcome)}"));
        }

        /// <summary>
        /// Exact metrics (allocations, syscalls) change on any difference; ratios and times, and allocations
        /// the meter did not call exact, only when the sides' intervals part, and then by the rank test where both
        /// sides kept the figure's rounds, else beyond the threshold. Background figures are context, not a cost of
        /// the stream: the raw process-wide count (its judged figure is bytesPerCall) and the calls other threads
        /// made in a syscall region.
        /// </summary>
        ChangeKind? CompareMetric(string name, MetricSpread before, MetricSpread after, List<CheckResult> olds, List<CheckResult> nows, bool inexact, bool sampled, CompareSettings settings)
        {
            if (MetricNames.IsBackground(name) || MetricNames.IsSpread(name)) return null;
            var bytes = name.StartsWith("bytes", StringComparison.Ordinal);
            var exact = (bytes && !inexact) || name.StartsWith("syscalls.", StringComparison.Ordinal);
            // An exact figure is one every run of a side gives: runs that disagree (a race one process settled one way and
            // the next the other) make it a spread like any other, compared as one. Compared by its first run instead,
            // 0003's A/A showed 0 → 0 B/call as an improvement.
            if (exact && (before.Low != before.High || after.Low != after.High)) exact = false;
            var costLike = exact || bytes || name.StartsWith("ratio", StringComparison.Ordinal) || name == "nsPerCall";
            if (!costLike) return null;
            if (exact)
            {
                CountsCompared++;
                return after.First > before.First ? ChangeKind.Regression : after.First < before.First ? ChangeKind.Improvement : (ChangeKind?)null;
            }
            // A skipped latency result still carries the time it saw, but its meter said that time was within its own
            // noise or had no reference: a figure the harness would not judge is not one to call a change on either.
            // Measured: 15 of the 17 timing changes between the 10.0.11 and 10.0.15 WebAssembly packs (docs/wasm.md).
            if (!bytes && olds.Concat(nows).Any(r => r.Outcome == Outcome.Skip))
            {
                Unmeasured++;
                return null;
            }
            if (sampled && !bytes)
            {
                if (!olds.Concat(nows).All(r => r.Samples!.ContainsKey(name))) return null;
                RankTested++;
                var decided = RankTest.Decide(olds.SelectMany(r => r.Samples![name]).ToList(), nows.SelectMany(r => r.Samples![name]).ToList(), settings);
                // Rounds of one process are not independent of its level (and a busy machine moves it): the sides'
                // intervals, which span every run, must part too. Measured: tools/compare-accuracy.sh, docs/compare.md.
                return decided != null && Overlap(before, after, SpreadOf(before, after)) ? null : decided;
            }
            IntervalTested++;
            if (before.Value <= 0) return null;
            // The rounds (or the runs) cannot tell the sides apart: not a change, however far apart the medians are.
            if (Overlap(before, after, SpreadOf(before, after))) return null;
            var relative = (after.Value - before.Value) / before.Value;
            return relative > settings.Threshold ? ChangeKind.Regression : relative < -settings.Threshold ? ChangeKind.Improvement : (ChangeKind?)null;
        }

        /// <summary>
        /// Whether the sides' intervals meet, each widened by <paramref name="spread"/> (a side of one run: its interval
        /// describes its process, and another process of the same build settles up to LatencyMeter.ProcessSpread away).
        /// </summary>
        static bool Overlap(MetricSpread before, MetricSpread after, double spread) =>
            before.Low / (1 + spread) <= after.High * (1 + spread) && after.Low / (1 + spread) <= before.High * (1 + spread);

        /// <summary>
        /// How far a side's interval is widened: by the spread between processes where a side has one run (it cannot
        /// show that spread itself); not at all where both have several, whose intervals span every run.
        /// Measured: one run per side called 55 of 1,303 timing figures changed falsely without it (docs/compare.md).
        /// </summary>
        static double SpreadOf(MetricSpread before, MetricSpread after) =>
            before.Runs == 1 || after.Runs == 1 ? LatencyMeter.ProcessSpread : 0;

        /// <summary>A syscall figure is calls per operation, and 17 write calls in 65,536 operations is 0.0003 of one: the
        /// operations of its cell, so the change reads as counts ("17 → 16 calls"), never as "0 → 0".</summary>
        static double? OperationsOf(string metric, CheckResult result) =>
            metric.StartsWith("syscalls.", StringComparison.Ordinal) && result.Metrics != null
            && result.Metrics.TryGetValue("operations", out var operations) && operations > 0 ? operations : (double?)null;

        static string Describe(MetricSpread side, double? operations)
        {
            var runs = side.Runs == 1 ? "" : $" (median of {side.Runs} runs)";
            if (operations is double ops)
                return $"{ResultSummary.Format(Math.Round((side.Runs == 1 ? side.First : side.Value) * ops, 2))} calls in {ResultSummary.Format(ops)} operations{runs}";
            return side.Runs == 1 ? ResultSummary.Format(side.First) : ResultSummary.Format(side.Value) + runs;
        }

        static string Key(CheckResult r, Func<string, string> runtimeName) => $"{runtimeName(r.Runtime)}|{r.Type}|{r.Variant}|{r.Check}";
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
