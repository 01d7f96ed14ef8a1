using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;

namespace StreamConformance.Reports.Matrix
{
    /// <summary>One measure across the run's runtimes: a row per subject and operation.</summary>
    public sealed class MatrixSection
    {
        internal MatrixSection(MatrixMeasure measure, IReadOnlyList<MatrixRow> rows)
        {
            Measure = measure;
            Rows = rows;
        }

        public MatrixMeasure Measure { get; }
        public IReadOnlyList<MatrixRow> Rows { get; }

        /// <summary>The rows whose runtimes disagree, those that differ most first.</summary>
        public IEnumerable<MatrixRow> Differing => Rows.Where(r => r.Differs).OrderByDescending(r => r.Spread);

        public string Title => Measure switch
        {
            MatrixMeasure.BytesPerCall => "Bytes allocated per call",
            MatrixMeasure.RatioToLimit => "Time per call ×limit",
            _ => "Syscalls per scenario (total)",
        };

        /// <summary>The unit of a value, for chart axes.</summary>
        public string Unit => Measure switch
        {
            MatrixMeasure.BytesPerCall => "bytes per call (log scale)",
            MatrixMeasure.RatioToLimit => "× the time of summing a byte[] (log scale)",
            _ => "syscalls in the scenario's region (log scale)",
        };

        public string Legend => Measure switch
        {
            MatrixMeasure.BytesPerCall => "Bytes allocated per call on each runtime. A row differs when two runtimes part by at least 1 B and 10 % (25 % when a figure is not exact, ~); ✗ over budget.",
            MatrixMeasure.RatioToLimit => "Time per call as a ratio to summing a byte[] in the same process (×limit). Timing is noisy: a row differs only when two runtimes part by 2× or more.",
            _ => "Syscalls the scenario's region made on each runtime (calls by other threads left out). Exact counts: any difference is a difference; ✗ over budget.",
        };

        /// <summary>Whether two figures of this measure are different enough to stand out.</summary>
        internal bool Part(MatrixCell a, MatrixCell b) => Part(Measure, a, b);

        internal static bool Part(MatrixMeasure measure, MatrixCell a, MatrixCell b)
        {
            if (a.Value is not { } x || b.Value is not { } y) return false;
            var hi = Math.Max(x, y);
            var lo = Math.Min(x, y);
            switch (measure)
            {
                case MatrixMeasure.BytesPerCall:
                    return hi - lo >= Math.Max(1, (a.Inexact || b.Inexact ? 0.25 : 0.10) * hi);
                case MatrixMeasure.RatioToLimit:
                    return lo > 0 ? hi / lo >= 2 : hi > 0;
                default:
                    return hi != lo;
            }
        }

        internal static string Format(MatrixMeasure measure, double value) => measure switch
        {
            MatrixMeasure.RatioToLimit => CostTable.FormatRatio(value),
            MatrixMeasure.BytesPerCall => ResultSummary.Format(value),
            _ => value.ToString("0", CultureInfo.InvariantCulture),
        };
    }
}
