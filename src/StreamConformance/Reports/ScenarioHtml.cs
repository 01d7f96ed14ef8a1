using System.Globalization;
using System.Linq;
using StreamConformance.Scenarios;

namespace StreamConformance.Reports
{
    /// <summary>`scenario --html`: the same tables as a self-contained page.</summary>
    public static class ScenarioHtml
    {
        public static string Render(ScenarioDocument document)
        {
            string E(string s) => System.Net.WebUtility.HtmlEncode(s);
            var sb = new System.Text.StringBuilder();
            sb.AppendLine("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>streamconf scenarios</title>");
            sb.AppendLine("<style>body{font-family:sans-serif}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;font-size:13px}</style></head><body>");
            sb.AppendLine($"<h1>Scenarios</h1><p>Size ×{document.Size.ToString(CultureInfo.InvariantCulture)}; {E(document.Machine)}; started {document.Started:u}.</p>");
            foreach (var group in document.ByScenario())
            {
                var table = ScenarioTable.Of(group.ToList());
                sb.AppendLine($"<h2>{E(table.Scenario)}</h2><p>{E(table.Source)}</p><table><tr>");
                foreach (var h in table.Header) sb.Append("<th>").Append(E(h)).Append("</th>");
                sb.AppendLine("</tr>");
                foreach (var row in table.Rows)
                    sb.AppendLine("<tr>" + string.Concat(row.Select(c => "<td>" + E(c) + "</td>")) + "</tr>");
                sb.AppendLine("</table><ul>" + string.Concat(table.Notes.Select(n => "<li>" + E(n) + "</li>")) + "</ul>");
            }
            sb.AppendLine("</body></html>");
            return sb.ToString();
        }
    }
}
