using System.IO;
using System.Linq;
using StreamConformance.Results;

namespace StreamConformance.Reports
{
    /// <summary>A single self-contained page: coverage per runtime, then every result in a sortable-by-eye table, findings first.</summary>
    public sealed class HtmlExporter : IExporter
    {
        public string Format => "html";

        public void Export(RunDocument document, TextWriter w)
        {
            w.WriteLine("<!doctype html><html><head><meta charset=\"utf-8\"><title>streamconf sweep</title><style>");
            w.WriteLine("body{font-family:system-ui,sans-serif;margin:2em}table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ccc;padding:3px 6px;text-align:left;vertical-align:top}" +
                        ".fail,.error,.timeout,.crash{background:#fde2e1}.pass{background:#e6f6e6}.skip{background:#f3f3f3}code{font-size:12px}");
            w.WriteLine("</style></head><body><h1>streamconf sweep</h1>");
            w.WriteLine("<table><tr><th>runtime</th><th>version</th><th>discovered</th><th>built</th><th>static-only</th><th>pass</th><th>fail</th><th>skip</th><th>error</th><th>timeout</th><th>crash</th></tr>");
            foreach (var run in document.Runtimes)
            {
                var c = ResultSummary.Count(document.Results, run.Runtime.Name);
                w.WriteLine($"<tr><td>{E(run.Runtime.Name)}</td><td>{E(run.Runtime.Flavor + " " + run.Runtime.Version)}</td><td>{run.Coverage.Discovered}</td><td>{run.Coverage.Built}</td><td>{run.Coverage.StaticOnly}</td>" +
                            $"<td>{c.Get(Outcome.Pass)}</td><td>{c.Get(Outcome.Fail)}</td><td>{c.Get(Outcome.Skip)}</td><td>{c.Get(Outcome.Error)}</td><td>{c.Get(Outcome.Timeout)}</td><td>{c.Get(Outcome.Crash)}</td></tr>");
            }
            w.WriteLine("</table>");
            var cost = CostTable.ToHtml(document);
            if (cost.Length > 0) w.WriteLine("<h2>Per-call cost</h2>" + cost);
            var syscalls = SyscallTable.From(document);
            if (syscalls.Rows.Count > 0) w.WriteLine("<h2>Syscalls per scenario</h2>" + syscalls.ToHtml());
            w.WriteLine("<h2>Results</h2><table><tr><th>runtime</th><th>type</th><th>variant</th><th>check</th><th>outcome</th><th>message</th><th>metrics</th></tr>");
            var ordered = document.Results.OrderBy(r => r.IsFinding() ? 0 : 1).ThenBy(r => r.Runtime).ThenBy(r => r.Type).ThenBy(r => r.Variant).ThenBy(r => r.Check);
            foreach (var r in ordered)
            {
                var o = r.Outcome.ToString().ToLowerInvariant();
                w.WriteLine($"<tr class=\"{o}\"><td>{E(r.Runtime)}</td><td><code>{E(r.Type)}</code></td><td>{E(r.Variant)}</td><td>{E(r.Check)}</td><td>{o}</td><td>{E(r.Message)}</td><td>{E(ResultSummary.Metrics(r))}</td></tr>");
            }
            w.WriteLine("</table><h2>Static-only types</h2><ul>");
            foreach (var run in document.Runtimes)
                foreach (var s in run.StaticOnly)
                    w.WriteLine($"<li>{E(run.Runtime.Name)} <code>{E(s.Type)}</code>: {E(s.Reason)}</li>");
            w.WriteLine("</ul></body></html>");
        }

        static string E(string text) => Markup.Html(text);
    }
}
