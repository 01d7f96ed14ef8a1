using System.Globalization;
using System.Linq;
using System.Text;
using StreamConformance.Reports;
using StreamConformance.Reports.Charts;

namespace StreamConformance.Evidence.Page
{
    /// <summary>
    /// A patch's evidence as one self-contained page (no script, nothing fetched): the headline and status first, then
    /// per runtime its verdict and, per measured operation, a chart of original, A/A and patched with each side's
    /// interval drawn, and the operation's table beneath. Operations that changed from A/A to patched come first and
    /// open; the others are folded.
    /// </summary>
    public static class EvidenceHtml
    {
        const string Style =
            "body{font-family:system-ui,sans-serif;margin:1.5em 2em;color:#222;max-width:1400px}" +
            "table{border-collapse:collapse;font-size:13px;margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top}" +
            "td.n{text-align:right;font-variant-numeric:tabular-nums}th{background:#f3f3f3}details{margin:.5em 0}summary{cursor:pointer;color:#0b5394}" +
            ".headline{font-size:1.15em;border-left:4px solid #0072b2;padding:.4em .8em;background:#f5f9fc}" +
            ".regression{color:#b00020;font-weight:600}.improvement{color:#007a4d;font-weight:600}.rejected{color:#b00020;font-weight:600}" +
            "figure.chart{margin:.5em 0}figure.chart svg{max-width:100%;height:auto}figcaption{font-size:13px;color:#555}" +
            "p.meta{color:#555;font-size:13px}";

        /// <param name="charts">Draws the charts; without one (net472, net8.0 builds) the page has the tables only, and says so.</param>
        public static string Render(EvidenceDocument doc, IChartRenderer? charts)
        {
            var sb = new StringBuilder();
            sb.Append("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>").Append(E(doc.Patch + ": " + doc.Title)).Append("</title><style>")
              .Append(Style).Append("</style></head><body>\n");
            sb.Append("<h1>").Append(E(doc.Patch)).Append(": ").Append(E(doc.Title)).Append("</h1>\n");
            sb.Append("<p class=\"headline\">").Append(E(doc.Headline)).Append("</p>\n");
            sb.Append("<p>Status: <strong class=\"").Append(doc.Status == "rejected" ? "rejected" : "").Append("\">").Append(E(doc.Status)).Append("</strong> on ")
              .Append(E(string.Join(", ", doc.Runtimes.Select(r => r.Runtime + " " + r.Version)))).Append(" (each runtime's verdict heads its section).</p>\n");
            sb.Append("<p class=\"meta\">").Append(E($"{doc.RunsPerSide} probe processes per side{(doc.Quick ? ", quick" : "")} · {doc.Machine} · {doc.GeneratedAt.ToString("yyyy-MM-dd HH:mm", CultureInfo.InvariantCulture)} UTC · streamconf {doc.ToolVersion}"))
              .Append("<br>original: the installed runtime; A/A: the same assemblies rewritten with no change (the fair before); patched: the replacement woven in. ")
              .Append("A bar is the median over the side's processes, its whisker the range they span.</p>\n");
            if (charts == null) sb.Append("<p>Charts are drawn by the streamconf command line; this page has the tables only.</p>\n");

            foreach (var r in doc.Runtimes)
            {
                var id = "rt-" + r.Runtime;
                sb.Append("<section id=\"").Append(E(id)).Append("\"><h2>").Append(E(r.Runtime + " " + r.Version + " (" + r.Flavor + ")")).Append("</h2>\n");
                sb.Append("<p>Verdict: <strong class=\"").Append(r.Rejected ? "rejected" : "").Append("\">").Append(E(r.Verdict)).Append("</strong></p>\n");
                if (r.Replaced.Count > 0) sb.Append("<p>Replaced: ").Append(string.Join(", ", r.Replaced.Select(x => "<code>" + E(x) + "</code>"))).Append("</p>\n");
                if (r.JitCost != null) sb.Append("<p class=\"meta\">What the A/A copy costs against the original (the rewrite alone): ").Append(E(r.JitCost)).Append("</p>\n");
                sb.Append("<p>Conformance of the patched type: ").Append(E(string.Join("; ", r.Conformance.Select(kv => $"{SideName(kv.Key)} {kv.Value.Pass} pass, {kv.Value.Fail} fail, {kv.Value.Other} other"))))
                  .Append(". Introduced failures: ").Append(E(r.IntroducedFailures.Count == 0 ? "none" : string.Join(", ", r.IntroducedFailures)))
                  .Append(". Fixed: ").Append(E(r.FixedFailures.Count == 0 ? "none" : string.Join(", ", r.FixedFailures))).Append(".</p>\n");
                foreach (var e in r.Errors) sb.Append("<p class=\"rejected\">").Append(E(e)).Append("</p>\n");

                var operations = EvidenceCharts.Operations(r);
                var changed = operations.Where(o => o.Changed).ToList();
                sb.Append("<h3>").Append(changed.Count).Append(" operations changed from A/A to patched</h3>\n");
                if (changed.Count == 0) sb.Append("<p>No figure changed by compare's rules.</p>\n");
                foreach (var o in changed) Operation(sb, o, charts);
                var others = operations.Where(o => !o.Changed).ToList();
                if (others.Count > 0)
                {
                    sb.Append("<details><summary>").Append(others.Count).Append(" operations that did not change</summary>\n");
                    foreach (var o in others) Operation(sb, o, charts);
                    sb.Append("</details>\n");
                }
                sb.Append("</section>\n");
            }
            sb.Append("<h2>Reproduce</h2>\n<pre>").Append(E(doc.Command)).Append("</pre>\n</body></html>\n");
            return sb.ToString();
        }

        static void Operation(StringBuilder sb, EvidenceOperation o, IChartRenderer? charts)
        {
            sb.Append("<section class=\"operation\"><h4>").Append(E(o.Title)).Append("</h4>\n");
            var chart = EvidenceCharts.Of(o);
            if (chart != null && charts != null)
            {
                sb.Append("<figure class=\"chart\" data-series-colors=\"").Append(string.Join(" ", chart.Series.Select(s => s.Color))).Append("\">")
                  .Append(charts.Svg(chart)).Append("<figcaption>").Append(E(EvidenceCharts.Caption(o))).Append("</figcaption></figure>\n");
            }
            else if (chart == null) sb.Append("<p class=\"meta\">Every side measured 0: nothing to draw.</p>\n");
            sb.Append("<table><tr><th>type</th><th>variant</th><th>check</th><th>original</th><th>A/A</th><th>patched</th><th>patched vs A/A</th></tr>\n");
            foreach (var f in o.Rows)
            {
                sb.Append("<tr><td><code>").Append(E(f.Type)).Append("</code></td><td>").Append(E(f.Variant)).Append("</td><td>").Append(E(f.Check)).Append("</td>");
                foreach (var (side, _) in EvidenceCharts.Sides) sb.Append("<td class=\"n\">").Append(E(Cell(f, EvidenceCharts.Side(f, side)))).Append("</td>");
                sb.Append("<td class=\"").Append(E(f.Change)).Append("\">").Append(E(f.Change)).Append("</td></tr>\n");
            }
            sb.Append("</table></section>\n");
        }

        /// <summary>An exact figure as itself; a measured one with the range its processes span; the budget verdicts after.</summary>
        static string Cell(FigureRow row, Figure? f)
        {
            if (f == null) return "–";
            var value = EvidenceRunner.Format(f.Value, row.Metric);
            var spread = row.Exact ? " exact" : f.Low < f.High ? $" [{ResultSummary.Format(f.Low)}–{ResultSummary.Format(f.High)}]" : "";
            return value + spread + " (" + string.Join("/", f.Outcomes) + ", " + f.Runs + " runs)";
        }

        static string SideName(string side) => side == EvidenceRunner.Aa ? "A/A" : side;

        static string E(string text) => Markup.Html(text);
    }
}
