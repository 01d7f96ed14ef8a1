using System;
using System.Linq;

namespace StreamConformance.Meters
{
    /// <summary>
    /// MemoryStream's typical cost in this process, in units of the limit (the byte[] loop): a second reference for
    /// latency verdicts besides the baseline timed in the figure's own rounds.
    /// </summary>
    /// <remarks>
    /// The baseline of one figure is a few nanoseconds net of a delegate call of about the same size, and that pair
    /// settles by whole cycles per figure: measured on .NET 10 here, MemoryStream.ReadByte net 1.1, 2.5, 2.8 or 3.1 ns in
    /// successive figures of one process, so a slow operation's ratio to it moved 2.2× between two sweeps
    /// (Stream.Synchronized's WriteByte: 10.6× and 4.9× against a 6.7× ceiling) while its ratio to the limit moved 6%.
    /// Across two sweeps of one build the ratio to the baseline moved by a median factor of 1.28, the ratio to the
    /// limit by 1.08. Neither reference is right for every operation (an operation as cheap as the baseline shares its
    /// per-figure state and cancels against it), so a verdict stands only when both agree: see
    /// <see cref="Checks.LatencyBudgetCheck"/>. The typical cost is the median of several figures of MemoryStream
    /// against the limit, each with fresh objects, so one figure's settling does not become the reference.
    /// </remarks>
    public sealed class LatencyReference
    {
        public LatencyReference(double readBaselinePerLimit, double writeBaselinePerLimit)
        {
            ReadBaselinePerLimit = readBaselinePerLimit;
            WriteBaselinePerLimit = writeBaselinePerLimit;
        }

        /// <summary>MemoryStream.ReadByte (net of the harness) over the limit's time per byte: the reference of reads, Seek and Position.</summary>
        public double ReadBaselinePerLimit { get; }

        /// <summary>MemoryStream.WriteByte likewise: the reference of writes.</summary>
        public double WriteBaselinePerLimit { get; }

        public double For(OperationKind kind) => kind == OperationKind.Write ? WriteBaselinePerLimit : ReadBaselinePerLimit;

        /// <summary>Figures of MemoryStream per reference: an odd count, so the median is one of them.</summary>
        public const int Figures = 9;

        /// <summary>Measures both references with the quick meter's settings (about 0.2 s in all).</summary>
        public static LatencyReference Measure(Action? heartbeat = null) =>
            new LatencyReference(Typical(OperationKind.Read, heartbeat), Typical(OperationKind.Write, heartbeat));

        static double Typical(OperationKind kind, Action? heartbeat)
        {
            var ratios = Enumerable.Range(0, Figures)
                .Select(_ => LatencyMeter.MeasureBaseline(kind, LatencySettings.Quick, heartbeat))
                .Where(m => m.UnmeasurableReason == null)
                .Select(m => m.RatioToLimit)
                .OrderBy(r => r)
                .ToArray();
            return ratios.Length == 0 ? double.NaN : ratios[ratios.Length / 2];
        }
    }
}
