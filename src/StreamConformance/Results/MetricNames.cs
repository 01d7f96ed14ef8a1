using System;

namespace StreamConformance.Results
{
    /// <summary>Metric names that readers of a result (reports, compare) interpret, not only show.</summary>
    public static class MetricNames
    {
        /// <summary>1 when the allocation meter's pairs of windows agreed (the figure repeats), 0 when not.</summary>
        public const string Exact = "exact";

        /// <summary>The raw process-wide count behind a bytesPerCall judged to the whole byte.</summary>
        public const string BytesPerCallProcessWide = "bytesPerCallProcessWide";

        /// <summary>Prefix of the calls other threads made inside a syscall region, not attributed to the stream.</summary>
        public const string SyscallsBackgroundPrefix = "syscalls.background.";

        /// <summary>The least of a median figure's rounds (e.g. ratioToBaselineMin).</summary>
        public static string Min(string figure) => figure + "Min";

        /// <summary>The greatest of a median figure's rounds.</summary>
        public static string Max(string figure) => figure + "Max";

        /// <summary>The low end of the confidence interval of a median figure (e.g. ratioToBaselineCiLow).</summary>
        public static string CiLow(string figure) => figure + "CiLow";

        /// <summary>The high end of the confidence interval of a median figure.</summary>
        public static string CiHigh(string figure) => figure + "CiHigh";

        /// <summary>1 when a latency figure was timed in a loop generated for its stream's type (direct calls), 0 through a delegate.</summary>
        public const string Direct = "direct";

        /// <summary>
        /// 1 when a latency figure's calls completed on pool threads or waited for a peer thread: it times a thread's
        /// wake-up, which moves by up to ~10× between processes (docs/budgets.md).
        /// </summary>
        public const string CrossThread = "crossThread";

        /// <summary>A latency figure's judged ratio: the median of its rounds' ratios to MemoryStream's same call.</summary>
        public const string RatioToBaseline = "ratioToBaseline";

        /// <summary>
        /// A latency figure's byte[] loop, in ns per byte: as a metric the median over its rounds; as samples, each round
        /// that gave a ratio to the baseline, in the same order: how fast the machine ran in that round (docs/compare.md).
        /// </summary>
        public const string Limit = "limitNs";

        /// <summary>The coverage of a result's confidence intervals (0.988 for 11 rounds).</summary>
        public const string CiCoverage = "ciCoverage";

        /// <summary>
        /// How a median figure spreads (min and max over rounds, its confidence interval): shown and used to judge
        /// the figure, never compared as a cost of its own.
        /// </summary>
        public static bool IsSpread(string name) =>
            name == CiCoverage || EndsWith(name, "Min") || EndsWith(name, "Max") || EndsWith(name, "CiLow") || EndsWith(name, "CiHigh");

        static bool EndsWith(string name, string suffix) => name.EndsWith(suffix, StringComparison.Ordinal);

        /// <summary>Context around a figure rather than a cost of the stream: shown, never judged or compared.</summary>
        public static bool IsBackground(string name) =>
            name == BytesPerCallProcessWide || name.StartsWith(SyscallsBackgroundPrefix, StringComparison.Ordinal);
    }
}
