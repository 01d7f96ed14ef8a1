using System.Collections.Generic;
using System.Linq;

namespace StreamConformance.Reports.Charts
{
    // One concept: a bar chart and its parts: the value scale, the series and their intervals.
    /// <summary>
    /// A horizontal grouped bar chart: a group per category (top to bottom), a bar per series (a runtime). What a
    /// renderer draws, nothing more.
    /// </summary>
    public sealed class BarChart
    {
        public BarChart(string title, string valueAxis, BarScale scale, IReadOnlyList<string> categories, IReadOnlyList<BarSeries> series)
        {
            Title = title;
            ValueAxis = valueAxis;
            Scale = scale;
            Categories = categories;
            Series = series;
        }

        public string Title { get; }
        public string ValueAxis { get; }
        public BarScale Scale { get; }
        public IReadOnlyList<string> Categories { get; }
        public IReadOnlyList<BarSeries> Series { get; }

        /// <summary>
        /// How far the value axis reaches: the greatest value, or an interval's end within ten times it. An interval
        /// reaching further (a confidence bound the meter could not close) would squeeze every bar to nothing: its
        /// whisker is cut at the edge, and the table beneath has its end.
        /// </summary>
        public double Reach
        {
            get
            {
                var values = Series.SelectMany(s => s.Values).Where(v => v != null).Select(v => v!.Value).ToList();
                var most = values.Count == 0 ? 0 : values.Max();
                var highs = Series.SelectMany(s => s.Intervals ?? new BarInterval?[0]).Where(i => i != null && i.High <= 10 * most).Select(i => i!.High);
                return values.Concat(highs).DefaultIfEmpty(0).Max();
            }
        }

        /// <summary>Whether an interval runs beyond <see cref="Reach"/>, so its whisker is cut at the chart's edge.</summary>
        public bool CutsAnInterval => Series.SelectMany(s => s.Intervals ?? new BarInterval?[0]).Any(i => i != null && i.High > Reach);
    }

    /// <summary>The value axis. The matrix's figures span orders of magnitude (0 B next to 14 kB, 3× next to 50000×): logarithmic.</summary>
    public enum BarScale
    {
        Linear,
        /// <summary>log10 of the value: ratios; a value ≤ 0 draws no bar.</summary>
        Log,
        /// <summary>log10 of 1 + the value, ticks labelled with the value: counts, where 0 is common and must sit at the axis.</summary>
        LogFromZero,
    }

    public sealed class BarSeries
    {
        public BarSeries(string name, string color, IReadOnlyList<double?> values, IReadOnlyList<BarInterval?>? intervals = null)
        {
            Name = name;
            Color = color;
            Values = values;
            Intervals = intervals;
        }

        public string Name { get; }
        /// <summary>"#0072B2": the bars' fill, also how a test finds the plotted marks in the SVG.</summary>
        public string Color { get; }
        /// <summary>Aligned with <see cref="BarChart.Categories"/>; null draws no bar (not measured).</summary>
        public IReadOnlyList<double?> Values { get; }
        /// <summary>
        /// Aligned with <see cref="Values"/>: the range each figure is known to lie in, drawn as an error bar in
        /// <see cref="BarInterval.Color"/>. Null (the list or an entry) draws none: an exact figure has no interval to show.
        /// </summary>
        public IReadOnlyList<BarInterval?>? Intervals { get; }
        /// <summary>Colour-blind-safe (Okabe–Ito), one per series in order.</summary>
        public static readonly IReadOnlyList<string> Palette = new[] { "#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000" };
    }

    /// <summary>The range a bar's figure lies in (low ≤ value ≤ high), in the chart's value units.</summary>
    public sealed class BarInterval
    {
        public BarInterval(double low, double high)
        {
            Low = low;
            High = high;
        }

        public double Low { get; }
        public double High { get; }

        /// <summary>Every interval's stroke: one colour no series uses, so a reader (or a test) can tell the error bars from the rest.</summary>
        public const string Color = "#3C3C3C";
    }
}
