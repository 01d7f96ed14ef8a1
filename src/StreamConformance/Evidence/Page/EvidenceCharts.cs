using System;
using System.Collections.Generic;
using System.Linq;
using StreamConformance.Reports;
using StreamConformance.Reports.Charts;

namespace StreamConformance.Evidence.Page
{
    // One concept: the evidence page's charts and the measured operation each one draws.

    /// <summary>
    /// One measured operation of one runtime's evidence: a budget check (<c>budget.alloc.read-byte</c>) or a syscall
    /// scenario (<c>syscalls.file.read</c>, its parameters part of each row) with one figure (bytes per call, ×baseline,
    /// ns per call, a syscall's count), every type and variant measured a row.
    /// </summary>
    public sealed class EvidenceOperation
    {
        public EvidenceOperation(string operation, string metric, IReadOnlyList<FigureRow> rows)
        {
            Operation = operation;
            Metric = metric;
            Rows = rows;
        }

        public string Operation { get; }
        public string Metric { get; }
        /// <summary>Every figure, those that changed from A/A to patched first.</summary>
        public IReadOnlyList<FigureRow> Rows { get; }
        public bool Changed => Rows.Any(r => r.Change != "");
        public bool Exact => Rows.All(r => r.Exact);

        public string Title => Operation + " · " + EvidenceCharts.MetricLabel(Metric);
    }

    /// <summary>Before (original), A/A and after (patched) of each measured operation as a bar chart, each side's interval drawn.</summary>
    public static class EvidenceCharts
    {
        /// <summary>Rows one chart shows (its table has them all).</summary>
        public const int MaxRows = 20;

        /// <summary>The sides in the order they are drawn, with their legend names.</summary>
        public static readonly IReadOnlyList<(string Side, string Name)> Sides = new[]
        {
            (EvidenceRunner.Original, "original (before)"), (EvidenceRunner.Aa, "A/A"), (EvidenceRunner.Patched, "patched (after)"),
        };

        /// <summary>The runtime's operations: those with a change first, then in the figures' order.</summary>
        public static IReadOnlyList<EvidenceOperation> Operations(RuntimeEvidence runtime) =>
            runtime.Figures
                .GroupBy(f => (Operation: OperationOf(f.Check), f.Metric))
                .Select(g => new EvidenceOperation(g.Key.Operation, g.Key.Metric, g.OrderBy(f => f.Change == "" ? 1 : 0).ToList()))
                .OrderBy(o => o.Changed ? 0 : 1)
                .ToList();

        /// <summary>A syscall check's scenario without its parameters; any other check as it is.</summary>
        public static string OperationOf(string check)
        {
            var bracket = check.IndexOf('[');
            return bracket > 0 ? check.Substring(0, bracket) : check;
        }

        /// <summary>What tells one row of an operation from another: the type, its variant, a syscall scenario's parameters.</summary>
        public static string RowLabel(FigureRow f)
        {
            var type = f.Type.Substring(f.Type.LastIndexOf('.') + 1);
            var bracket = f.Check.IndexOf('[');
            var parameters = bracket > 0 ? f.Check.Substring(bracket + 1).TrimEnd(']') : "";
            return string.Join(" ", new[] { type, f.Variant == "default" ? "" : f.Variant, parameters }.Where(p => p.Length > 0));
        }

        public static string MetricLabel(string metric) => metric switch
        {
            "bytesPerCall" => "bytes allocated per call",
            "ratioToBaseline" => "time per call ÷ MemoryStream's (×)",
            "nsPerCall" => "ns per call",
            _ when metric.StartsWith("syscalls.", StringComparison.Ordinal) => metric.Substring("syscalls.".Length) + " calls per operation",
            _ => metric,
        };

        /// <summary>The figure's interval, or null when it has none to draw: exact, or its processes all agreed.</summary>
        public static BarInterval? IntervalOf(FigureRow row, Figure? figure) =>
            figure == null || row.Exact || !(figure.Low < figure.High) ? null : new BarInterval(figure.Low, figure.High);

        public static Figure? Side(FigureRow row, string side) => side switch
        {
            EvidenceRunner.Original => row.Original,
            EvidenceRunner.Aa => row.Aa,
            _ => row.Patched,
        };

        /// <summary>
        /// The rows charted: those with a bar to draw (a side above 0; a row of zeros, even with an interval above 0, is
        /// in the table only), those that changed first, then those with the greatest figures.
        /// </summary>
        public static IReadOnlyList<FigureRow> RowsOf(EvidenceOperation operation) =>
            operation.Rows.Where(r => Sides.Any(s => Side(r, s.Side) is { Value: > 0 }))
                .OrderBy(r => r.Change == "" ? 1 : 0)
                .ThenByDescending(r => Sides.Max(s => Side(r, s.Side)?.Value ?? 0))
                .Take(MaxRows).ToList();

        /// <summary>The operation's chart; null when every figure is zero or missing (a chart of no bar: the table says it).</summary>
        public static BarChart? Of(EvidenceOperation operation)
        {
            var rows = RowsOf(operation);
            if (rows.Count == 0) return null;
            var series = Sides.Select((s, i) => new BarSeries(s.Name, BarSeries.Palette[i],
                rows.Select(r => Side(r, s.Side)?.Value).ToList(),
                rows.Select(r => IntervalOf(r, Side(r, s.Side))).ToList())).ToList();
            // Linear: before and after are read against each other, and a log axis would shrink the very change shown.
            return new BarChart(operation.Title, MetricLabel(operation.Metric), BarScale.Linear, rows.Select(RowLabel).ToList(), series);
        }

        /// <summary>Intervals the chart draws: what a reader (or a test) should find as error bars.</summary>
        public static int IntervalCount(BarChart chart) => chart.Series.Sum(s => (s.Intervals ?? new BarInterval?[0]).Count(i => i != null));

        public static string Caption(EvidenceOperation operation)
        {
            var shown = RowsOf(operation).Count;
            var cut = Of(operation) is { CutsAnInterval: true } ? " A whisker cut at the right edge runs further: the table has its end." : "";
            var what = shown == operation.Rows.Count ? $"All {shown} rows" : $"{shown} of {operation.Rows.Count} rows (the others: 0 on every side, or beyond {MaxRows})";
            return what + (operation.Exact
                ? ": exact counts, the same in every process, so no interval is drawn."
                : ": the bar is the median over the side's processes; the whisker the range their confidence intervals span. A figure the meter calls exact has no whisker." + cut);
        }
    }
}
