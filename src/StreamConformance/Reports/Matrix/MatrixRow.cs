using System;
using System.Collections.Generic;
using System.Linq;

namespace StreamConformance.Reports.Matrix
{
    // One concept: a row of the runtime matrix and its cells, one per runtime.
    /// <summary>One type (or stream) × variant × operation (or scenario), a cell per runtime of the matrix.</summary>
    public sealed class MatrixRow
    {
        internal MatrixRow(string subject, string variant, string operation, IReadOnlyList<MatrixCell> cells, MatrixMeasure measure)
        {
            Subject = subject;
            Variant = variant;
            Operation = operation;
            var measured = cells.Where(c => c.Value != null).ToList();
            Differs = measured.Any(a => measured.Any(b => MatrixSection.Part(measure, a, b)));
            Spread = measured.Count < 2 ? 0 : Ratio(measured.Max(c => c.Value!.Value), measured.Min(c => c.Value!.Value), measure);
            Cells = Differs ? Mark(cells, measure) : cells;
        }

        /// <summary>The type ("System.IO.BufferedStream"), or for a syscall scenario the stream it measures ("FileStream").</summary>
        public string Subject { get; }
        /// <summary>The recipe variant ("over-seekable"), or the syscall family ("file.read").</summary>
        public string Variant { get; }
        /// <summary>The operation ("read-byte"), or the scenario's parameters ("handle=sync,api=Read,…").</summary>
        public string Operation { get; }
        /// <summary>Aligned with <see cref="RuntimeMatrix.Runtimes"/>.</summary>
        public IReadOnlyList<MatrixCell> Cells { get; }
        /// <summary>Two of its runtimes' figures part (<see cref="MatrixMeasure"/> says by how much).</summary>
        public bool Differs { get; }
        /// <summary>Greatest over least figure (plus one for counts, so 0 vs 24 B is 25): how far the runtimes part.</summary>
        public double Spread { get; }

        /// <summary>"BufferedStream [over-seekable] read-byte": short enough for a chart's axis.</summary>
        public string Label => Findings.FindingBuilder.ShortName(Subject) + (Variant.Length > 0 ? " [" + Variant + "]" : "") + " " + Operation;

        static double Ratio(double hi, double lo, MatrixMeasure measure) =>
            measure == MatrixMeasure.RatioToLimit ? (lo > 0 ? hi / lo : double.PositiveInfinity) : (hi + 1) / (lo + 1);

        /// <summary>
        /// A cell stands out when it parts from most of the row's other figures (a runtime that allocates where the
        /// others do not). With no majority (two runtimes, or an even split) the costliest cells stand out: the side a
        /// person chases.
        /// </summary>
        static IReadOnlyList<MatrixCell> Mark(IReadOnlyList<MatrixCell> cells, MatrixMeasure measure)
        {
            var measured = cells.Where(c => c.Value != null).ToList();
            var outliers = new HashSet<MatrixCell>(measured.Where(c =>
            {
                var others = measured.Where(o => !ReferenceEquals(o, c)).ToList();
                return others.Count(o => MatrixSection.Part(measure, c, o)) * 2 > others.Count;
            }));
            if (outliers.Count == 0 || outliers.Count == measured.Count)
            {
                var max = measured.Max(c => c.Value!.Value);
                outliers = new HashSet<MatrixCell>(measured.Where(c => c.Value == max));
            }
            return cells.Select(c => outliers.Contains(c) ? c.Marked() : c).ToList();
        }
    }

    /// <summary>One runtime's figure in a row, or why there is none.</summary>
    public sealed class MatrixCell
    {
        internal MatrixCell(double? value, string text, bool inexact, bool over, string message, bool standsOut = false)
        {
            Value = value;
            Text = text;
            Inexact = inexact;
            Over = over;
            Message = message;
            StandsOut = standsOut;
        }

        internal static readonly MatrixCell Missing = new MatrixCell(null, "–", false, false, "");

        /// <summary>The figure; null when the runtime did not measure it (the outcome, or "–" when the check did not run, is the text).</summary>
        public double? Value { get; }
        /// <summary>"24", "3.41", "skip", "–".</summary>
        public string Text { get; }
        /// <summary>The allocation meter did not call the figure exact (~).</summary>
        public bool Inexact { get; }
        /// <summary>Judged and over budget (✗).</summary>
        public bool Over { get; }
        /// <summary>The result's message ("" when none).</summary>
        public string Message { get; }
        /// <summary>Parts from the row's other runtimes: the cell to look at.</summary>
        public bool StandsOut { get; }

        /// <summary>The text with its marks: "24 ~ ✗".</summary>
        public string Display => Text + (Inexact ? " ~" : "") + (Over ? " ✗" : "");

        internal MatrixCell Marked() => new MatrixCell(Value, Text, Inexact, Over, Message, standsOut: true);
    }
}
