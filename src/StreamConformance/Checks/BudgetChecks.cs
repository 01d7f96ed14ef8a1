using System;
using System.Collections.Generic;
using System.Globalization;
using StreamConformance.Budgets;
using StreamConformance.Meters;
using StreamConformance.Recipes;
using StreamConformance.Results;

namespace StreamConformance.Checks
{
    // One concept: the budget checks, an allocation and a latency check per operation, and what both share.

    /// <summary>
    /// "budget.alloc.OP": bytes allocated per call of one operation, in steady state, against the budget's
    /// bytesPerCall ceiling. Exact and repeatable (see <see cref="AllocationMeter"/>).
    /// </summary>
    public sealed class AllocationBudgetCheck : IStreamCheck
    {
        public AllocationBudgetCheck(StreamOperation operation) => Operation = operation;

        public StreamOperation Operation { get; }

        public string Name => BudgetChecks.AllocPrefix + Operation.Name;

        public IEnumerable<CheckResult> Run(StreamRecipe recipe, CheckContext context)
        {
            if (AllocationMeter.UnavailableReason is { } missing)
                return new[] { CheckResult.Of(Name, Outcome.Skip, "allocation counter unavailable: " + missing) };
            if (BudgetCheck.NotApplicable(Operation, recipe, Name) is { } skip) return new[] { skip };

            AllocationMeasurement measured;
            try
            {
                var calls = context.Quick ? AllocationMeter.QuickCalls : AllocationMeter.DefaultCalls;
                var intoSeekableStore = Operation.Kind == OperationKind.Write && recipe.CanSeek;
                measured = AllocationMeter.Measure(n =>
                {
                    context.Heartbeat(); // each window may take seconds on a slow stream: still working, not hung
                    var session = BudgetCheck.Open(Operation, recipe, n);
                    context.Heartbeat(); // so was the open: N calls' content encoded for a decoder (a megabyte through bzip2)
                    return session;
                }, calls,
                // Only writes into a seekable store need as many warm-up calls as measured ones (to grow the store
                // before it is rewound); reads, and writes that go forward only, reach their steady state sooner, once
                // past what the stream buffered when it opened (passed in large calls where the stream cannot be rewound).
                // A quick sweep's smoke figure skips settling past the stream's first buffer.
                warmCalls: intoSeekableStore ? (int?)null : AllocationMeter.ShortWarmCalls(calls),
                passCalls: intoSeekableStore || context.Quick ? 0 : AllocationMeter.WarmCallsPast(Operation.BytesPerCall),
                // A quick sweep's figures are smoke figures: a slow pair is not repeated, and a live peer's pairs are not all measured.
                onPoolThreads: recipe.WorksOnPoolThreads, livePeer: recipe.HasLivePeer && !context.Quick, announce: context.Announce,
                repeatWithin: context.Quick ? AllocationMeter.QuickRepeatWithin : (TimeSpan?)null,
                pairLimit: context.Quick ? AllocationMeter.QuickPairLimit : (TimeSpan?)null);
            }
            catch (Exception e) when (!(e is OutOfMemoryException))
            {
                return new[] { BudgetCheck.NotMeasured(Name, Operation, e) };
            }
            return Judge(measured, recipe, context);
        }

        /// <summary>How far a figure the meter did not call exact moves between runs of one build: a factor of 2.</summary>
        public const double InexactSpread = 2;

        /// <summary>The verdict on one measurement against the budget.</summary>
        public IEnumerable<CheckResult> Judge(AllocationMeasurement measured, StreamRecipe recipe, CheckContext context)
        {
            // A process-wide count includes a few hundredths of a byte per call of the runtime's background work:
            // it is judged to the whole byte, a per-thread count exactly.
            var bytes = measured.ProcessWide ? Math.Round(measured.BytesPerCall) : measured.BytesPerCall;
            var figure = $"{Operation.Title} allocates {BudgetCheck.Format(bytes)} B/call" + BudgetCheck.NoteOf(measured.Note);
            var budget = BudgetCheck.Find(BudgetMeter.Allocation, Operation, recipe, context);
            var highest = measured.ProcessWide ? Math.Round(measured.HighestBytesPerCall) : measured.HighestBytesPerCall;
            CheckResult result = budget == null
                ? CheckResult.Of(Name, Outcome.Skip, $"{figure}; no bytesPerCall budget for {BudgetSet.ClassOf(recipe)} streams in {BudgetCheck.Budgets(context).Source}")
                // A figure that did not repeat is the least of its pairs: when another pair cost more than the
                // ceiling, another run could settle on either side of it.
                : !measured.Exact && budget.Allows(bytes) && !budget.Allows(highest)
                    ? CheckResult.Of(Name, Outcome.Inconclusive,
                        $"{figure}, budget {BudgetCheck.Format(budget.Ceiling)} B ({budget.Source}) lies between it and the {BudgetCheck.Format(highest)} B/call another pair of windows measured: inconclusive, another run could judge either way")
                // Nor does it repeat between runs: Mono's HTTP content-length stream read 100 bytes at 573, 1,036 and 718
                // B/call in three default sweeps of one build (its peer's timing decides how often a read allocates), so a
                // ceiling within a factor of InexactSpread of its pairs is no verdict either.
                : !measured.Exact && budget.Ceiling > bytes / InexactSpread && budget.Ceiling < highest * InexactSpread
                    ? CheckResult.Of(Name, Outcome.Inconclusive,
                        $"{figure}, budget {BudgetCheck.Format(budget.Ceiling)} B ({budget.Source}) lies within a factor of {BudgetCheck.Format(InexactSpread)} of the {BudgetCheck.Format(bytes)}–{BudgetCheck.Format(highest)} B/call its pairs of windows measured, as far as a figure that does not repeat moves between runs of one build: inconclusive, another run could judge either way")
                    : CheckResult.Of(Name, budget.Allows(bytes) ? Outcome.Pass : Outcome.Fail,
                        $"{figure}, budget {BudgetCheck.Format(budget.Ceiling)} B ({budget.Source})");
            result.WithMetric("bytesPerCall", bytes).WithMetric("calls", measured.Calls).WithMetric(MetricNames.Exact, measured.Exact ? 1 : 0);
            if (!measured.Exact) result.WithMetric("bytesPerCallHighest", highest);
            if (measured.ProcessWide) result.WithMetric(MetricNames.BytesPerCallProcessWide, measured.BytesPerCall);
            if (budget != null) result.WithMetric("budget", budget.Ceiling);
            return new[] { result };
        }
    }

    /// <summary>
    /// "budget.latency.OP": time per call as a ratio to MemoryStream's ReadByte (reads) or WriteByte (writes)
    /// measured just before, against the budget's ratioToBaseline ceiling. Absolute times are reported as metrics only.
    /// </summary>
    public sealed class LatencyBudgetCheck : IStreamCheck
    {
        public LatencyBudgetCheck(StreamOperation operation) => Operation = operation;

        public StreamOperation Operation { get; }

        public string Name => BudgetChecks.LatencyPrefix + Operation.Name;

        public IEnumerable<CheckResult> Run(StreamRecipe recipe, CheckContext context)
        {
            if (BudgetCheck.NotApplicable(Operation, recipe, Name) is { } skip) return new[] { skip };

            LatencyMeasurement measured;
            try
            {
                context.LatencyReference ??= LatencyReference.Measure(context.Heartbeat);
                measured = LatencyMeter.Measure(Operation, recipe, context.Quick, context.Heartbeat, context.Announce);
            }
            catch (Exception e) when (!(e is OutOfMemoryException))
            {
                return new[] { BudgetCheck.NotMeasured(Name, Operation, e) };
            }
            return Judge(measured, recipe, context);
        }

        /// <summary>The verdict on one measurement: skip when it measured nothing, else the ratio against the budget.</summary>
        public IEnumerable<CheckResult> Judge(LatencyMeasurement measured, StreamRecipe recipe, CheckContext context)
        {
            if (measured.UnmeasurableReason != null)
            {
                // How it was timed, even when it could not be: a figure within the noise of a delegate call may not be
                // within that of a direct loop.
                var skip = CheckResult.Of(Name, Outcome.Skip, $"{Operation.Title}: {measured.UnmeasurableReason}" + BudgetCheck.NoteOf(measured.Note)
                    + (measured.Direct ? "; direct calls" : "; calls through a delegate"));
                skip.WithMetric("nsPerCall", measured.Operation.Median).WithMetric("baselineNs", measured.Baseline.Median)
                    .WithMetric("loopOverheadNs", measured.Harness.Median).WithMetric("noiseNs", measured.NoiseNanoseconds)
                    .WithMetric(MetricNames.Direct, measured.Direct ? 1 : 0);
                return new[] { skip };
            }
            var ratios = measured.BaselineRatios;
            var ratio = ratios.Median;
            var baselineName = Operation.Kind == OperationKind.Write ? "MemoryStream.WriteByte" : "MemoryStream.ReadByte";
            var figure = string.Format(CultureInfo.InvariantCulture, "{0} takes {1:0.##}× {2} ({3:0.##}–{4:0.##}× at {5:0.#}%; {6:0.##} vs {7:0.##} ns/call, {8:0.#}× the byte[] loop)",
                Operation.Title, ratio, baselineName, ratios.Interval.Low, ratios.Interval.High, 100 * ratios.Interval.Coverage,
                measured.Operation.Median, measured.Baseline.Median, measured.RatioToLimit)
                + BudgetCheck.NoteOf(measured.Note);
            var budget = BudgetCheck.Find(BudgetMeter.Latency, Operation, recipe, context);
            var reference = ReferenceRatios(measured, context.LatencyReference);
            if (reference != null)
                figure += string.Format(CultureInfo.InvariantCulture, "; {0:0.##}× ({1:0.##}–{2:0.##}×) MemoryStream's typical cost in this process",
                    reference.Value.Median, reference.Value.Low, reference.Value.High);
            var rounds = $"; {(measured.Direct ? "direct calls" : "calls through a delegate")}, {measured.Rounds} rounds, {(measured.Precise ? "stopped when the interval was within ±10% of the median" : "stopped by the time box, interval wider than ±10%")}";
            CheckResult result;
            if (budget == null)
                result = CheckResult.Of(Name, Outcome.Skip, $"{figure}; no ratioToBaseline budget for {BudgetSet.ClassOf(recipe)} streams in {BudgetCheck.Budgets(context).Source}");
            else
            {
                var budgetWords = $"budget {BudgetCheck.Format(budget.Ceiling)}× ({budget.Source})";
                var verdict = Verdict(ratios.Interval.Low, ratios.Interval.High, ratio, budget, measured.ProcessSpread);
                // A ceiling inside the interval is no verdict: the median could land on either side in another run.
                result = verdict == Outcome.Inconclusive && ratios.Interval.Contains(budget.Ceiling)
                    ? CheckResult.Of(Name, Outcome.Inconclusive, $"{figure}, {budgetWords} lies inside the interval: inconclusive, another run could judge either way")
                    : verdict == Outcome.Inconclusive
                    ? CheckResult.Of(Name, Outcome.Inconclusive,
                        $"{figure}, {budgetWords} lies within {SpreadWords(measured)} of the interval, as far as a figure moves between processes of one build{(measured.CompletedAsynchronously ? " when its calls complete on pool threads" : measured.WaitsOnPeer ? " when its calls wait for a peer thread" : "")}: inconclusive, another run could judge either way")
                    : reference != null && Verdict(reference.Value.Low, reference.Value.High, reference.Value.Median, budget, measured.ProcessSpread) != verdict
                    ? CheckResult.Of(Name, Outcome.Inconclusive,
                        $"{figure}, {budgetWords}: the figure's own baseline says {verdict.ToString().ToLowerInvariant()}, MemoryStream's typical cost does not, so the verdict depends on the reference: inconclusive")
                    : CheckResult.Of(Name, verdict, $"{figure}, {budgetWords}");
            }
            // How the figure was timed closes the message, after what the wrapper's inner figure adds to it.
            if (JudgeAgainstInner(result, measured, recipe, context) || budget != null) result.Message += rounds;
            WithSpread(result, "nsPerCall", measured.Operation);
            WithSpread(result, "ratioToBaseline", ratios);
            // The judged figure's rounds, for compare's rank test (docs/results.md, "samples").
            result.WithSamples(MetricNames.RatioToBaseline, ratios.PerCall);
            // How fast the machine ran in each of those rounds: a ratio moves with it (tools/machine-speed.sh, docs/compare.md).
            result.WithSamples(MetricNames.Limit, measured.BaselineRoundSpeeds);
            WithSpread(result, "ratioToLimit", measured.LimitRatios);
            result.WithMetric(MetricNames.CiCoverage, ratios.Interval.Coverage)
                .WithMetric("loopOverheadNs", measured.Harness.Median)
                .WithMetric("baselineNs", measured.Baseline.Median)
                .WithMetric(MetricNames.Limit, measured.Limit.Median)
                .WithMetric("calls", measured.Operation.Calls)
                .WithMetric("rounds", measured.Rounds)
                .WithMetric("precise", measured.Precise ? 1 : 0)
                .WithMetric(MetricNames.Direct, measured.Direct ? 1 : 0)
                .WithMetric(MetricNames.CrossThread, measured.CrossThread ? 1 : 0);
            if (budget != null) result.WithMetric("budget", budget.Ceiling);
            if (reference != null)
                result.WithMetric("ratioToReference", reference.Value.Median)
                    .WithMetric(MetricNames.CiLow("ratioToReference"), reference.Value.Low)
                    .WithMetric(MetricNames.CiHigh("ratioToReference"), reference.Value.High)
                    .WithMetric("referencePerLimit", context.LatencyReference!.For(Operation.Kind));
            return new[] { result };
        }

        /// <summary>
        /// A wrapper is also held to its ratio to the same call on the stream it wraps (<see cref="LatencyMeasurement.Inner"/>,
        /// budget ratioToInner): a wrapper that adds microseconds to a nanosecond call fails, whatever its class allows
        /// against MemoryStream. The worse of the two verdicts stands; a budget-less figure takes the wrapper's.
        /// </summary>
        /// <returns>Whether the message was extended with the inner figure.</returns>
        bool JudgeAgainstInner(CheckResult result, LatencyMeasurement measured, StreamRecipe recipe, CheckContext context)
        {
            if (!(measured.InnerRatios is { } inner) || measured.Inner == null) return false;
            WithSpread(result, "ratioToInner", inner);
            result.WithSamples("ratioToInner", inner.PerCall);
            result.WithMetric("innerNs", measured.Inner.Median);
            var words = string.Format(CultureInfo.InvariantCulture, "{0:0.##}× ({1:0.##}–{2:0.##}×) the same call on the {3} it wraps ({4:0.##} ns/call)",
                inner.Median, inner.Interval.Low, inner.Interval.High, measured.InnerType, measured.Inner.Median);
            var budget = BudgetCheck.Find(BudgetMeter.Wrapping, Operation, recipe, context);
            if (budget == null)
            {
                result.Message += $"; {words}";
                return true;
            }
            result.WithMetric("innerBudget", budget.Ceiling);
            var verdict = Verdict(inner.Interval.Low, inner.Interval.High, inner.Median, budget, measured.ProcessSpread);
            var budgetWords = $"wrapper budget {BudgetCheck.Format(budget.Ceiling)}× ({budget.Source})";
            if (Rank(verdict) > Rank(result.Outcome))
            {
                result.Outcome = verdict;
                result.Message += verdict == Outcome.Fail ? $"; but it takes {words}, over its {budgetWords}"
                    : verdict == Outcome.Inconclusive ? $"; it takes {words}, near its {budgetWords}: inconclusive, another run could judge either way"
                    : $"; {words}, within its {budgetWords}";
            }
            else result.Message += $"; {words}, {budgetWords}";
            return true;
        }

        /// <summary>How bad a latency outcome is: a budget-less skip, then pass, inconclusive, fail.</summary>
        static int Rank(Outcome outcome) => outcome switch
        {
            Outcome.Fail => 3,
            Outcome.Inconclusive => 2,
            Outcome.Pass => 1,
            _ => 0,
        };

        /// <summary>Pass, fail, or inconclusive when the ceiling lies inside the interval or within the spread between processes.</summary>
        static Outcome Verdict(double low, double high, double median, Budget budget, double spread) =>
            (low <= budget.Ceiling && budget.Ceiling <= high) || WithinProcessSpread(low, high, budget.Ceiling, spread)
                ? Outcome.Inconclusive
                : budget.Allows(median) ? Outcome.Pass : Outcome.Fail;

        /// <summary>
        /// The figure against MemoryStream's typical cost in this process (<see cref="LatencyReference"/>): its ratio to
        /// the limit, timed in the same rounds, over MemoryStream's. Null without a usable reference.
        /// </summary>
        (double Median, double Low, double High)? ReferenceRatios(LatencyMeasurement measured, LatencyReference? reference)
        {
            var perLimit = reference?.For(Operation.Kind) ?? double.NaN;
            if (!(perLimit > 0) || double.IsInfinity(perLimit) || double.IsNaN(measured.RatioToLimit)) return null;
            var limit = measured.LimitRatios;
            return (limit.Median / perLimit, limit.Interval.Low / perLimit, limit.Interval.High / perLimit);
        }

        /// <summary>
        /// An interval describes one process; another process of the same build can settle a figure up to
        /// <see cref="LatencyMeasurement.ProcessSpread"/> away (docs/budgets.md), so a ceiling that close is no verdict either.
        /// </summary>
        static bool WithinProcessSpread(double low, double high, double ceiling, double spread) =>
            ceiling >= low / (1 + spread) && ceiling <= high * (1 + spread);

        static string SpreadWords(LatencyMeasurement measured) =>
            measured.ProcessSpread >= 1
                ? string.Format(CultureInfo.InvariantCulture, "a factor of {0:0.#}", 1 + measured.ProcessSpread)
                : string.Format(CultureInfo.InvariantCulture, "{0:0}%", 100 * measured.ProcessSpread);

        /// <summary>A median figure with its min and max over rounds and its confidence interval.</summary>
        static void WithSpread(CheckResult result, string name, BatchTimes figure) =>
            result.WithMetric(name, figure.Median)
                .WithMetric(MetricNames.Min(name), figure.Min)
                .WithMetric(MetricNames.Max(name), figure.Max)
                .WithMetric(MetricNames.CiLow(name), figure.Interval.Low)
                .WithMetric(MetricNames.CiHigh(name), figure.Interval.High);
    }

    /// <summary>What both budget checks share: applicability, opening sessions, budget lookup, wording.</summary>
    static class BudgetCheck
    {
        public static BudgetSet Budgets(CheckContext context) => context.Budgets ?? BudgetSet.Default;

        /// <summary>Keys a runtime section may be named by: the run's name for the runtime, then its flavor.</summary>
        public static IReadOnlyCollection<string> RuntimeKeys(CheckContext context)
        {
            // WebAssembly's Mono has no Mono.Runtime type: asked that way it passed for CoreCLR and took CoreCLR's ceilings.
            var flavor = Runtimes.RuntimeFlavors.Key(Runtimes.RuntimeFlavors.Current);
            return string.IsNullOrEmpty(context.RuntimeName) || context.RuntimeName == flavor
                ? new[] { flavor }
                : new[] { context.RuntimeName, flavor };
        }

        public static Budget? Find(BudgetMeter meter, StreamOperation operation, StreamRecipe recipe, CheckContext context) =>
            Budgets(context).Find(meter, operation.Name, recipe, RuntimeKeys(context));

        /// <summary>Skip when the operation does not apply or the recipe opens no suitable stream.</summary>
        public static CheckResult? NotApplicable(StreamOperation operation, StreamRecipe recipe, string check)
        {
            OperationSession? session;
            string? why;
            // Opening makes the operation's first call where it needs one (Seek and Position read a byte first): a stream
            // that throws there has no figure, and the checks of its contract judge the throw.
            try { session = operation.Open(recipe, 1, out why); }
            catch (Exception e) when (!(e is OutOfMemoryException)) { return NotMeasured(check, operation, e); }
            using var opened = session;
            if (session == null) return CheckResult.Of(check, Outcome.Skip, $"{operation.Title} does not apply: {why}");
            // The meters rewind between windows: a stream that says it can seek but cannot be rewound is known before
            // a pilot prepares content for it (a second, on Mono, for SharpZipLib's BZip2InputStream).
            try
            {
                session.Rewind();
            }
            catch (Exception e) when (!(e is OutOfMemoryException))
            {
                return NotMeasured(check, operation, e);
            }
            return null;
        }

        public static OperationSession Open(StreamOperation operation, StreamRecipe recipe, int calls) =>
            operation.Open(recipe, calls, out var why) ?? throw new InvalidOperationException(why);

        /// <summary>The stream threw or ended early while being measured: no figure, so Skip (other checks judge the behaviour).</summary>
        public static CheckResult NotMeasured(string check, StreamOperation operation, Exception e) =>
            CheckResult.Of(check, Outcome.Skip, $"{operation.Title} could not be measured: {e.GetType().Name}: {e.Message}");

        public static string NoteOf(string? note) => note == null ? "" : $" ({note})";

        public static string Format(double value) => value.ToString("0.##", CultureInfo.InvariantCulture);
    }

    /// <summary>
    /// The budget checks are data: one allocation and one latency check per operation the meters know
    /// (<see cref="StreamOperations.All"/>), named "budget.alloc.OP" and "budget.latency.OP". A new operation gets
    /// both checks by being listed there, and its ceilings from budgets/default.json.
    /// </summary>
    public static class BudgetChecks
    {
        public const string AllocPrefix = "budget.alloc.", LatencyPrefix = "budget.latency.";

        /// <summary>The operation a budget check's name measures ("budget.alloc.read-byte" → read-byte), or null.</summary>
        public static StreamOperation? OperationOf(string check) =>
            check.StartsWith(AllocPrefix, StringComparison.Ordinal) ? StreamOperations.Find(check.Substring(AllocPrefix.Length))
            : check.StartsWith(LatencyPrefix, StringComparison.Ordinal) ? StreamOperations.Find(check.Substring(LatencyPrefix.Length))
            : null;

        public static IEnumerable<IStreamCheck> All()
        {
            foreach (var operation in StreamOperations.All)
            {
                yield return new AllocationBudgetCheck(operation);
                yield return new LatencyBudgetCheck(operation);
            }
        }
    }
}
