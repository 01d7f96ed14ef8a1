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

        /// <summary>Context around a figure rather than a cost of the stream: shown, never judged or compared.</summary>
        public static bool IsBackground(string name) =>
            name == BytesPerCallProcessWide || name.StartsWith(SyscallsBackgroundPrefix, StringComparison.Ordinal);
    }
}
