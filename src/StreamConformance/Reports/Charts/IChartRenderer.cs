namespace StreamConformance.Reports.Charts
{
    /// <summary>
    /// Draws a chart as an inline SVG element. The implementation (ScottPlot over SkiaSharp) lives in the CLI, which
    /// runs on net10.0 only: this library also builds for net472 and net8.0 to run inside target runtimes, where a
    /// native graphics library has no business.
    /// </summary>
    public interface IChartRenderer
    {
        /// <summary>An &lt;svg&gt; element ready to inline in HTML: no XML prolog, nothing fetched from elsewhere.</summary>
        string Svg(BarChart chart);
    }
}
