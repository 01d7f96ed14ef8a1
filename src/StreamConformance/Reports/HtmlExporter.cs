using System.Globalization;
using System.IO;
using System.Linq;
using StreamConformance.Findings;
using StreamConformance.Reports.Charts;
using StreamConformance.Reports.Matrix;
using StreamConformance.Results;

namespace StreamConformance.Reports
{
    /// <summary>
    /// One self-contained page a person looks at: findings first (ranked as the console prints them), coverage, then
    /// the runtime matrix as charts with every row in collapsible tables, the syscall table and the static-only types.
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
                w.Write(AssemblyTable.ToHtml(byAssembly));
                if (!user) w.Write("</details>\n");
            }

            var matrix = analysis.Matrix;
            w.Write("<h2>Runtime matrix</h2>\n");
            if (_charts == null) w.Write("<p>Charts are drawn by the streamconf command line; this page has the tables only.</p>\n");
            if (matrix.Sections.All(s => s.Rows.Count == 0)) w.Write("<p>No budget or syscall figures in this run.</p>\n");
            else w.Write(MatrixHtml.Render(matrix, _charts));

            var syscalls = analysis.Syscalls;
            if (syscalls.Rows.Count > 0)
                w.Write("<h2>Syscalls by name</h2>\n<details><summary>" + syscalls.Rows.Count + " scenarios, each call counted by syscall name</summary>\n" + syscalls.ToHtml() + "</details>\n");

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

        static string Bad(int n) => n == 0 ? "<td>0</td>" : $"<td class=\"fail\">{n}</td>";

        static string E(string text) => Markup.Html(text);
    }
}
