using System.Linq;
using System.Text;
using StreamConformance.Reports.Charts;

namespace StreamConformance.Reports.Matrix
{
    /// <summary>The matrix in the HTML page: per section its chart, then every row in a collapsible table.</summary>
    public static class MatrixHtml
    {
        public static string Render(RuntimeMatrix matrix, IChartRenderer? charts)
        {
            var sb = new StringBuilder();
            foreach (var section in matrix.Sections.Where(s => s.Rows.Count > 0))
            {
                var id = section.Measure.ToString().ToLowerInvariant();
                sb.Append("<section class=\"matrix\" id=\"").Append(id).Append("\"><h3>").Append(Markup.Html(section.Title)).Append("</h3>\n<p>")
                  .Append(Markup.Html(section.Legend)).Append("</p>\n");
                var chart = MatrixCharts.Of(matrix, section);
                if (chart != null && charts != null)
                {
                    sb.Append("<figure class=\"chart\" data-series-colors=\"").Append(string.Join(" ", chart.Series.Select(s => s.Color))).Append("\">")
                      .Append(charts.Svg(chart)).Append("<figcaption>").Append(Markup.Html(MatrixCharts.Caption(section))).Append("</figcaption></figure>\n");
                }
                var differing = section.Rows.Count(r => r.Differs);
                sb.Append("<details><summary>").Append(section.Rows.Count).Append(" rows, ").Append(differing).Append(" differ across runtimes</summary>\n<table>");
                sb.Append(section.Measure == MatrixMeasure.Syscalls ? "<tr><th>stream</th><th>scenario</th><th>parameters</th>" : "<tr><th>type</th><th>variant</th><th>operation</th>");
                foreach (var rt in matrix.Runtimes) sb.Append("<th>").Append(Markup.Html(rt.Title)).Append("</th>");
                sb.Append("</tr>\n");
                foreach (var row in section.Rows)
                {
                    sb.Append(row.Differs ? "<tr class=\"differs\">" : "<tr>")
                      .Append("<td>").Append(Markup.Html(row.Subject)).Append("</td><td>").Append(Markup.Html(row.Variant)).Append("</td><td>").Append(Markup.Html(row.Operation)).Append("</td>");
                    foreach (var cell in row.Cells)
                    {
                        // The message is left out on purpose: a full sweep's messages would double the page.
                        sb.Append(cell.StandsOut ? "<td class=\"out\">" : cell.Over ? "<td class=\"fail\">" : "<td>").Append(Markup.Html(cell.Display)).Append("</td>");
                    }
                    sb.Append("</tr>\n");
                }
                sb.Append("</table></details></section>\n");
            }
            return sb.ToString();
        }
    }
}
