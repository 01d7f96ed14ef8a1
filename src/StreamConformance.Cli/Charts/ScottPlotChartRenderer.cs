using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text.RegularExpressions;
using ScottPlot;
using StreamConformance.Reports.Charts;

namespace StreamConformance.Cli.Charts
{
    /// <summary>
    /// Bar charts as inline SVG with ScottPlot 5 (SkiaSharp's SVG canvas; docs/dependencies.md says why this library).
    /// Each bar is a rect filled with its series' colour, so a reader (or a test) can find the plotted marks.
    /// </summary>
    public sealed class ScottPlotChartRenderer : IChartRenderer
    {
        const int Width = 1000;
        const int BarHeight = 8;

        public string Svg(BarChart chart)
        {
            var plot = new Plot();
            plot.Font.Set("DejaVu Sans");
            plot.XLabel(chart.ValueAxis, 12);
            var groups = chart.Categories.Count;
            var perGroup = chart.Series.Count + 1;
            var values = chart.Series.SelectMany(s => s.Values).Where(v => v != null && Drawable(chart.Scale, v.Value)).Select(v => v!.Value).ToList();
            // A log axis of ratios starts at the power of ten below the least, so a ratio under 1 still draws.
            var origin = chart.Scale == BarScale.Log && values.Count > 0 ? Math.Floor(Math.Log10(values.Min())) : 0;
            var bars = new List<Bar>();
            List<double> whiskerAt = new(), whiskerRow = new(), whiskerUp = new(), whiskerDown = new();
            for (var g = 0; g < groups; g++)
            {
                for (var s = 0; s < chart.Series.Count; s++)
                {
                    if (chart.Series[s].Values[g] is not { } value || !Drawable(chart.Scale, value)) continue;
                    var interval = chart.Series[s].Intervals?[g];
                    var at = Axis(chart.Scale, value);
                    var position = -(g * perGroup + s);
                    if (interval != null)
                    {
                        // In axis units around the bar's end: a log axis places an interval reaching 0 at the bar's own tenth.
                        whiskerAt.Add(at);
                        whiskerRow.Add(position);
                        // A whisker beyond the axis's reach stops past the edge, its cap out of sight: it runs further.
                        var high = chart.Scale == BarScale.Linear && chart.CutsAnInterval ? Math.Min(interval.High, chart.Reach * 1.1) : interval.High;
                        whiskerUp.Add(Math.Max(0, Axis(chart.Scale, high) - at));
                        whiskerDown.Add(Math.Max(0, at - Axis(chart.Scale, Math.Max(interval.Low, Floor(chart.Scale, value)))));
                    }
                    bars.Add(new Bar
                    {
                        // Top to bottom: the first category (the one that differs most) highest.
                        Position = position,
                        Value = at,
                        ValueBase = origin,
                        FillColor = Color.FromHex(chart.Series[s].Color),
                        LineWidth = 0,
                        Size = 0.9,
                        Orientation = Orientation.Horizontal,
                    });
                }
            }
            plot.Add.Bars(bars);
            if (whiskerAt.Count > 0)
            {
                // Intervals over the bars, one colour no series uses (BarInterval.Color): asymmetric, as a median's range is.
                plot.Add.Plottable(new ScottPlot.Plottables.ErrorBar(whiskerAt, whiskerRow, whiskerUp, whiskerDown, null, null)
                {
                    Color = Color.FromHex(BarInterval.Color),
                    LineWidth = 1.5f,
                    CapSize = 4,
                });
            }
            plot.Axes.Left.SetTicks(
                Enumerable.Range(0, groups).Select(g => -(g * perGroup + (chart.Series.Count - 1) / 2.0)).ToArray(),
                chart.Categories.ToArray());
            plot.Axes.Left.MajorTickStyle.Length = 0;
            if (chart.Scale != BarScale.Linear && values.Count > 0)
            {
                // Ticks at powers of ten, labelled with the value itself (not its logarithm).
                var top = (int)Math.Ceiling(Math.Log10(Math.Max(values.Max(), 1)));
                var powers = Enumerable.Range((int)origin, top - (int)origin + 1).Select(p => Math.Pow(10, p)).ToList();
                if (chart.Scale == BarScale.LogFromZero) powers.Insert(0, 0);
                var suffix = chart.Scale == BarScale.Log ? "×" : "";
                plot.Axes.Bottom.SetTicks(powers.Select(v => Axis(chart.Scale, v)).ToArray(),
                    powers.Select(v => v.ToString("#,0.###", CultureInfo.InvariantCulture) + suffix).ToArray());
                plot.Axes.SetLimitsX(origin, Axis(chart.Scale, Math.Pow(10, top)));
            }
            if (chart.Scale == BarScale.Linear && chart.CutsAnInterval)
                plot.Axes.SetLimitsX(Math.Min(0, values.DefaultIfEmpty(0).Min()), chart.Reach * 1.05);
            plot.Legend.ManualItems.AddRange(chart.Series.Select(s => new LegendItem { LabelText = s.Name, FillColor = Color.FromHex(s.Color) }));
            plot.ShowLegend(Edge.Top);
            // The legend and the axis take about 150 px; a chart of one or two rows still gets room for its bars.
            var height = 150 + Math.Max(groups * perGroup * BarHeight, 80);
            // The page's heading names the chart; the SVG carries the title for a screen reader.
            var svg = Inline(plot.GetSvgXml(Width, height));
            return "<svg role=\"img\" aria-label=\"" + System.Net.WebUtility.HtmlEncode(chart.Title) + "\"" + svg.Substring("<svg".Length);
        }

        static bool Drawable(BarScale scale, double value) => scale != BarScale.Log || value > 0;

        /// <summary>The least value the axis can place: on a log axis an interval reaching 0 stops at the bar's own tenth.</summary>
        static double Floor(BarScale scale, double value) => scale == BarScale.Log ? value / 10 : double.MinValue;

        static double Axis(BarScale scale, double value) => scale switch
        {
            BarScale.Log => Math.Log10(value),
            BarScale.LogFromZero => Math.Log10(1 + Math.Max(0, value)),
            _ => value,
        };

        /// <summary>
        /// An SVG document made an element of an HTML page: the XML prolog dropped, and the namespace declarations too
        /// (HTML puts an inline svg in the SVG namespace by itself), so the page names no address at all.
        /// </summary>
        internal static string Inline(string svg)
        {
            var start = svg.IndexOf("<svg", StringComparison.Ordinal);
            if (start < 0) throw new InvalidOperationException("the chart library returned no <svg> element");
            return Regex.Replace(svg.Substring(start), "\\s+xmlns(:\\w+)?=\"[^\"]*\"", "");
        }
    }
}
