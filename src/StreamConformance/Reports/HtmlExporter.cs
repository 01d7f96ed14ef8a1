using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using StreamConformance.Findings;
using StreamConformance.Reports.Charts;
using StreamConformance.Reports.Matrix;
using StreamConformance.Results;

namespace StreamConformance.Reports
{
    /// <summary>
    /// One self-contained page a person looks at: findings first (ranked as the console prints them), coverage, then
    /// the runtime matrix as charts with every row in collapsible tables, the per-call cost, the syscall table and the
    /// static-only types. Every HTML table of a run's page is rendered here, from the <see cref="RunAnalysis"/>'s models.
    /// No script, and nothing fetched: styles inline, charts inline SVG. Every result is in the JSON, not here (it
    /// made the page 2 MB).
    /// </summary>
    public sealed class HtmlExporter : IExporter
    {
        /// <summary>Findings listed open; the rest of a long list sits in a collapsed table beneath.</summary>
        const int FindingsOpen = 20;

        readonly IChartRenderer? _charts;

        /// <param name="charts">Draws the matrix charts; without one (net472, net8.0 builds) the page has tables only, and says so.</param>
        public HtmlExporter(IChartRenderer? charts = null) => _charts = charts;

        public string Format => "html";
        public string Description => "Write an HTML report to this file.";

        const string Style =
            "body{font-family:system-ui,sans-serif;margin:1.5em 2em;color:#222;max-width:1400px}" +
            "table{border-collapse:collapse;font-size:13px;margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top}" +
            "th{background:#f3f3f3}details{margin:.5em 0}summary{cursor:pointer;color:#0b5394}" +
            ".contract{color:#b00020;font-weight:600}.cost{color:#a15c00;font-weight:600}.harness{color:#8e24aa}.advisory,.expected{color:#777}" +
            ".fail{background:#fde2e1}.out{background:#ffe9a8;font-weight:600}tr.differs td:first-child{border-left:3px solid #e69f00}" +
            "figure.chart{margin:.5em 0}figure.chart svg{max-width:100%;height:auto}figcaption{font-size:13px;color:#555}" +
            "p.meta{color:#555;font-size:13px}";

        public void Export(RunAnalysis analysis, TextWriter w)
        {
            var document = analysis.Document;
            var findings = analysis.Findings;
            w.Write("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>streamconf sweep</title><style>");
            w.Write(Style);
            w.Write("</style></head><body>\n<h1>streamconf sweep</h1>\n");
            w.Write("<p class=\"meta\">");
            w.Write(E(string.Join(", ", document.Runtimes.Select(r => (r.Runtime.Name + " (" + (r.Runtime.Flavor + " " + r.Runtime.Version).Trim() + ")")))));
            w.Write(E($" · {document.StartedAt:yyyy-MM-dd HH:mm} UTC · {document.WallSeconds.ToString("0", CultureInfo.InvariantCulture)} s · seed {document.Options.GetValueOrDefault("seed")} · streamconf {document.ToolVersion}"));
            w.Write("</p>\n");

            WriteFindings(w, analysis);
            WriteCoverage(w, analysis);
            var byAssembly = analysis.ByAssembly;
            if (byAssembly.Count > 0)
            {
                w.Write("<h2>By assembly</h2>\n");
                var user = analysis.OfUserAssemblies;
                if (!user) w.Write("<details><summary>" + byAssembly.Count + " assemblies: built by how, static-only, findings by class</summary>\n");
                w.Write(ByAssembly(byAssembly));
                if (!user) w.Write("</details>\n");
            }

            var matrix = analysis.Matrix;
            w.Write("<h2>Runtime matrix</h2>\n");
            if (_charts == null) w.Write("<p>Charts are drawn by the streamconf command line; this page has the tables only.</p>\n");
            if (matrix.Sections.All(s => s.Rows.Count == 0)) w.Write("<p>No budget or syscall figures in this run.</p>\n");
            else w.Write(Matrix(matrix, _charts));
            w.Write(Cost(analysis.Cost));

            var syscalls = analysis.Syscalls;
            if (syscalls.Rows.Count > 0)
                w.Write("<h2>Syscalls by name</h2>\n<details><summary>" + syscalls.Rows.Count + " scenarios, each call counted by syscall name</summary>\n" + Syscalls(syscalls) + "</details>\n");

            var covered = document.Runtimes.SelectMany(run => run.CoveredThrough.Select(c => (run.Runtime.Name, c))).ToList();
            if (covered.Count > 0)
            {
                w.Write("<h2>Covered through another stream</h2>\n<details><summary>" + covered.Count + " types found inside built streams' instances, exercised by their calls</summary>\n<ul>\n");
                foreach (var (runtime, c) in covered)
                    w.Write($"<li>{E(runtime)} <code>{E(c.Type)}</code> inside {E(string.Join(", ", c.Through))}</li>\n");
                w.Write("</ul></details>\n");
            }

            var staticOnly = document.Runtimes.SelectMany(run => run.StaticOnly.Select(s => (run.Runtime.Name, s))).ToList();
            if (staticOnly.Count > 0)
            {
                w.Write("<h2>Static-only types</h2>\n<details><summary>" + staticOnly.Count + " types no recipe could build</summary>\n<ul>\n");
                foreach (var (runtime, s) in staticOnly)
                    w.Write($"<li>{E(runtime)} <code>{E(s.Type)}</code>: {E(s.Reason)}</li>\n");
                w.Write("</ul></details>\n");
            }
            w.Write("</body></html>\n");
        }

        static void WriteFindings(TextWriter w, RunAnalysis analysis)
        {
            var findings = analysis.Findings;
            if (findings.Count == 0)
            {
                w.Write("<h2>Findings</h2>\n<p>No findings.</p>\n");
                return;
            }
            w.Write($"<h2>Findings ({E(analysis.CountsByClass())})</h2>\n");
            WriteFindingTable(w, findings.Take(FindingsOpen));
            if (findings.Count > FindingsOpen)
            {
                w.Write($"<details><summary>{findings.Count - FindingsOpen} more findings</summary>\n");
                WriteFindingTable(w, findings.Skip(FindingsOpen));
                w.Write("</details>\n");
            }
            w.Write("<p class=\"meta\">One finding with its figures per recipe and a repro: <code>streamconf report RESULT.json --finding ID</code>.</p>\n");
        }

        static void WriteFindingTable(TextWriter w, System.Collections.Generic.IEnumerable<Finding> findings)
        {
            w.Write("<table><tr><th>id</th><th>class</th><th>runtime</th><th>type</th><th>title</th></tr>\n");
            foreach (var f in findings)
            {
                var cls = f.Class.ToString().ToLowerInvariant();
                w.Write($"<tr><td><code>{E(f.Id)}</code></td><td class=\"{cls}\">{cls}</td><td>{E(f.Runtime)}</td><td><code>{E(f.Type)}</code></td><td>{E(f.Title)}</td></tr>\n");
            }
            w.Write("</table>\n");
        }

        static void WriteCoverage(TextWriter w, RunAnalysis analysis)
        {
            w.Write("<h2>Coverage and outcomes</h2>\n<table><tr><th>runtime</th><th>version</th><th>discovered</th><th>built</th><th>covered</th><th>static-only</th>" +
                    "<th>pass</th><th>fail</th><th>advisory</th><th>inconclusive</th><th>skip</th><th>error</th><th>timeout</th><th>crash</th><th>seconds</th></tr>\n");
            foreach (var row in analysis.Coverage)
            {
                var c = row.Coverage;
                w.Write($"<tr><td>{E(row.Runtime)}</td><td>{E(row.Version)}</td><td>{c.Discovered}</td><td>{c.Built}</td><td>{c.CoveredThrough}</td><td>{c.StaticOnly}</td>" +
                        $"<td>{row.Count(Outcome.Pass)}</td>{Bad(row.Count(Outcome.Fail))}<td>{row.Count(Outcome.Advisory)}</td><td>{row.Count(Outcome.Inconclusive)}</td><td>{row.Count(Outcome.Skip)}</td>" +
                        $"{Bad(row.Count(Outcome.Error))}{Bad(row.Count(Outcome.Timeout))}{Bad(row.Count(Outcome.Crash))}<td>{row.Seconds.ToString("0.0", CultureInfo.InvariantCulture)}</td></tr>\n");
            }
            w.Write("</table>\n");
            foreach (var row in analysis.Coverage.Where(r => r.Errors.Count > 0))
            {
                w.Write($"<details><summary>{row.Errors.Count} errors on {E(row.Runtime)}</summary><ul>");
                foreach (var e in row.Errors) w.Write($"<li>{E(e)}</li>");
                w.Write("</ul></details>\n");
            }
        }

        /// <summary>The per-assembly table, then each static-only type with its reason, folded.</summary>
        internal static string ByAssembly(IReadOnlyList<AssemblyRow> rows)
        {
            var sb = new StringBuilder("<table class=\"by-assembly\"><tr>");
            foreach (var h in AssemblyTable.Header) sb.Append("<th>").Append(E(h)).Append("</th>");
            sb.Append("</tr>\n");
            foreach (var row in rows)
            {
                sb.Append("<tr>");
                foreach (var c in AssemblyTable.Cells(row)) sb.Append("<td>").Append(E(c)).Append("</td>");
                sb.Append("</tr>\n");
            }
            sb.Append("</table>\n");
            var reasons = rows.SelectMany(r => r.StaticOnlyTypes.Select(s => (r, s))).ToList();
            if (reasons.Count > 0)
            {
                sb.Append("<details><summary>").Append(reasons.Count).Append(" static-only, each with its reason</summary>\n<ul>\n");
                foreach (var (r, s) in reasons)
                    sb.Append("<li>").Append(E(r.Runtime + " " + r.Assembly)).Append(" <code>").Append(E(s.Type)).Append("</code>: ").Append(E(s.Reason)).Append("</li>\n");
                sb.Append("</ul></details>\n");
            }
            return sb.ToString();
        }

        /// <summary>
        /// A heading and a table per runtime, every text encoded; "" when there is nothing to show. Over-budget cells
        /// carry class <c>fail</c> and the check's message as their title.
        /// </summary>
        internal static string Cost(CostTable cost)
        {
            var tables = cost.Tables;
            if (tables.Count == 0) return "";
            var sb = new StringBuilder();
            sb.Append("<section class=\"cost-table\"><h2>Per-call cost</h2>\n");
            sb.Append("<p>Bytes allocated per call; time per call as a ratio to summing a byte[] (×limit) and to MemoryStream (×baseline). ")
              .Append(CostTable.OverMark).Append(": over budget; ").Append(CostTable.InexactMark).Append(": not exact, the figure may differ from run to run.</p>\n");
            foreach (var table in tables)
            {
                sb.Append("<h3>").Append(E(table.Title)).Append("</h3>\n<table>\n<tr><th rowspan=\"2\">type</th><th rowspan=\"2\">variant</th>");
                foreach (var (_, heading) in CostTable.Operations) sb.Append("<th colspan=\"3\">").Append(E(heading)).Append("</th>");
                sb.Append("</tr>\n<tr>");
                foreach (var _ in CostTable.Operations) sb.Append("<th>B/call</th><th>×limit</th><th>×baseline</th>");
                sb.Append("</tr>\n");
                foreach (var row in table.Rows)
                {
                    sb.Append("<tr><td><code>").Append(E(row.Type)).Append("</code></td><td>").Append(E(row.Variant)).Append("</td>");
                    foreach (var cell in row.Cells)
                    {
                        if (cell.Over)
                            sb.Append("<td class=\"fail\" title=\"").Append(E(cell.Message)).Append("\">").Append(E(cell.Text + " " + CostTable.OverMark)).Append("</td>");
                        else
                            sb.Append("<td>").Append(E(cell.Text)).Append("</td>");
                    }
                    sb.Append("</tr>\n");
                }
                sb.Append("</table>\n");
            }
            sb.Append("</section>\n");
            return sb.ToString();
        }

        /// <summary>The syscall cells as a table fragment; every text encoded, the full message each cell's title.</summary>
        internal static string Syscalls(SyscallTable table)
        {
            if (table.Rows.Count == 0) return "<p>No syscall results.</p>\n";
            var w = new StringBuilder();
            w.Append("<table class=\"syscalls\"><tr><th>stream</th><th>cell</th>");
            foreach (var c in table.Columns) w.Append("<th>").Append(E(c.Title)).Append("</th>");
            w.Append("</tr>\n");
            foreach (var row in table.Rows)
            {
                w.Append("<tr><td>").Append(E(row.Stream)).Append("</td><td><code>").Append(E(row.Family)).Append(' ').Append(E(row.Parameters)).Append("</code></td>");
                foreach (var c in table.Columns)
                {
                    var cell = row.Cells[c.Runtime];
                    var css = cell.Outcome?.ToString().ToLowerInvariant() ?? "missing";
                    w.Append("<td class=\"").Append(css).Append('"');
                    if (cell.Message.Length > 0) w.Append(" title=\"").Append(E(cell.Message)).Append('"');
                    w.Append('>').Append(cell.OverBudget ? "<strong>" + E(cell.Text) + "</strong>" : E(cell.Text)).Append("</td>");
                }
                w.Append("</tr>\n");
            }
            w.Append("</table>\n<p>").Append(E(SyscallTable.Legend)).Append("</p>\n");
            return w.ToString();
        }

        /// <summary>The matrix: per section its chart (when there is a renderer), then every row in a collapsible table.</summary>
        internal static string Matrix(RuntimeMatrix matrix, IChartRenderer? charts)
        {
            var sb = new StringBuilder();
            foreach (var section in matrix.Sections.Where(s => s.Rows.Count > 0))
            {
                var id = section.Measure.ToString().ToLowerInvariant();
                sb.Append("<section class=\"matrix\" id=\"").Append(id).Append("\"><h3>").Append(E(section.Title)).Append("</h3>\n<p>")
                  .Append(E(section.Legend)).Append("</p>\n");
                var chart = MatrixCharts.Of(matrix, section);
                if (chart != null && charts != null)
                {
                    sb.Append("<figure class=\"chart\" data-series-colors=\"").Append(string.Join(" ", chart.Series.Select(s => s.Color))).Append("\">")
                      .Append(charts.Svg(chart)).Append("<figcaption>").Append(E(MatrixCharts.Caption(section))).Append("</figcaption></figure>\n");
                }
                var differing = section.Rows.Count(r => r.Differs);
                sb.Append("<details><summary>").Append(section.Rows.Count).Append(" rows, ").Append(differing).Append(" differ across runtimes</summary>\n<table>");
                sb.Append(section.Measure == MatrixMeasure.Syscalls ? "<tr><th>stream</th><th>scenario</th><th>parameters</th>" : "<tr><th>type</th><th>variant</th><th>operation</th>");
                foreach (var rt in matrix.Runtimes) sb.Append("<th>").Append(E(rt.Title)).Append("</th>");
                sb.Append("</tr>\n");
                foreach (var row in section.Rows)
                {
                    sb.Append(row.Differs ? "<tr class=\"differs\">" : "<tr>")
                      .Append("<td>").Append(E(row.Subject)).Append("</td><td>").Append(E(row.Variant)).Append("</td><td>").Append(E(row.Operation)).Append("</td>");
                    foreach (var cell in row.Cells)
                    {
                        // The message is left out on purpose: a full sweep's messages would double the page.
                        sb.Append(cell.StandsOut ? "<td class=\"out\">" : cell.Over ? "<td class=\"fail\">" : "<td>").Append(E(cell.Display)).Append("</td>");
                    }
                    sb.Append("</tr>\n");
                }
                sb.Append("</table></details></section>\n");
            }
            return sb.ToString();
        }

        static string Bad(int n) => n == 0 ? "<td>0</td>" : $"<td class=\"fail\">{n}</td>";

        static string E(string text) => Markup.Html(text);
    }
}
