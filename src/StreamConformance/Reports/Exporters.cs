using System.Collections.Generic;
using StreamConformance.Reports.Charts;

namespace StreamConformance.Reports
{
    /// <summary>The output formats of a run, in the order their options are listed and their files written. A new format: its class and one line here.</summary>
    public static class Exporters
    {
        /// <param name="charts">Draws the HTML page's charts (the command line's renderer; none: tables only).</param>
        public static IReadOnlyList<IExporter> All(IChartRenderer? charts) => new IExporter[]
        {
            new JsonExporter(),
            new MarkdownExporter(),
            new HtmlExporter(charts),
        };
    }
}
