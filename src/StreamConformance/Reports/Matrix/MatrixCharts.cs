using System.Collections.Generic;
using System.Linq;
using StreamConformance.Reports.Charts;

namespace StreamConformance.Reports.Matrix
{
    /// <summary>A chart per matrix section: the rows that differ most across runtimes, a bar per runtime.</summary>
    public static class MatrixCharts
    {
        /// <summary>Groups one chart shows; more would make bars too thin to read (the section's table has every row).</summary>
        public const int MaxRows = 20;

        /// <summary>The rows charted: those that differ, most first; with none, those with the greatest figures.</summary>
        public static IReadOnlyList<MatrixRow> RowsOf(MatrixSection section)
        {
            var differing = section.Differing.Take(MaxRows).ToList();
            if (differing.Count > 0) return differing;
            return section.Rows.Where(r => r.Cells.Any(c => c.Value is { } v && (section.Measure != MatrixMeasure.RatioToLimit || v > 0)))
                .OrderByDescending(r => r.Cells.Max(c => c.Value ?? 0)).Take(MaxRows).ToList();
        }

        /// <summary>The chart of a section; null when no row has a figure to draw.</summary>
        public static BarChart? Of(RuntimeMatrix matrix, MatrixSection section)
        {
            var rows = RowsOf(section);
            if (rows.Count == 0) return null;
            var series = matrix.Runtimes.Select((rt, i) => new BarSeries(rt.Title, BarSeries.Palette[i % BarSeries.Palette.Count],
                rows.Select(r => r.Cells[i].Value).ToList())).ToList();
            return new BarChart(section.Title, section.Unit, section.Measure == MatrixMeasure.RatioToLimit ? BarScale.Log : BarScale.LogFromZero, rows.Select(r => r.Label).ToList(), series);
        }

        /// <summary>What the chart shows, for its caption.</summary>
        public static string Caption(MatrixSection section)
        {
            var shown = RowsOf(section).Count;
            var differing = section.Rows.Count(r => r.Differs);
            if (differing == 0) return $"No row differs across runtimes: the {shown} rows (of {section.Rows.Count}) with the greatest figures.";
            return shown == differing
                ? $"The {differing} rows (of {section.Rows.Count}) whose runtimes differ, those that differ most first."
                : $"The {shown} rows that differ most of the {differing} (of {section.Rows.Count}) whose runtimes differ.";
        }
    }
}
