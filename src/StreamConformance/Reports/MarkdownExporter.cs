using System.IO;
using System.Linq;
using StreamConformance.Results;

namespace StreamConformance.Reports
{
    /// <summary>A report ready to paste into an issue: runtimes and coverage, then each finding with its evidence.</summary>
    public sealed class MarkdownExporter : IExporter
    {
        public string Format => "markdown";

        public void Export(RunDocument document, TextWriter w)
        {
            w.WriteLine("# streamconf sweep");
            w.WriteLine();
            w.WriteLine("| runtime | version | discovered | built | covered | static-only | pass | fail | skip | error | timeout | crash |");
            w.WriteLine("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
            foreach (var run in document.Runtimes)
            {
                var c = ResultSummary.Count(document.Results, run.Runtime.Name);
                w.WriteLine($"| {run.Runtime.Name} | {run.Runtime.Flavor} {run.Runtime.Version} | {run.Coverage.Discovered} | {run.Coverage.Built} | {run.Coverage.CoveredThrough} | {run.Coverage.StaticOnly} | " +
                            $"{c.Get(Outcome.Pass)} | {c.Get(Outcome.Fail)} | {c.Get(Outcome.Skip)} | {c.Get(Outcome.Error)} | {c.Get(Outcome.Timeout)} | {c.Get(Outcome.Crash)} |");
            }
            w.WriteLine();
            var byAssembly = AssemblyTable.From(document, Findings.FindingBuilder.Build(document, null));
            if (byAssembly.Count > 0)
            {
                // A user's assemblies: the table is what the run was for. The runtime's own dozens of assemblies: folded.
                var user = AssemblyTable.OfUserAssemblies(document);
                w.WriteLine(user ? "## By assembly" : "<details><summary>By assembly</summary>");
                w.WriteLine();
                w.Write(AssemblyTable.ToMarkdown(byAssembly));
                w.WriteLine();
                if (!user)
                {
                    w.WriteLine("</details>");
                    w.WriteLine();
                }
            }
            var findings = ResultSummary.FindingsOf(document).ToList();
            w.WriteLine(findings.Count == 0 ? "No findings." : $"## Findings ({findings.Count})");
            if (findings.Count > 0)
            {
                w.WriteLine();
                w.WriteLine("| runtime | type | variant | check | outcome | message | metrics |");
                w.WriteLine("|---|---|---|---|---|---|---|");
                foreach (var r in findings)
                    w.WriteLine($"| {r.Runtime} | `{r.Type}` | {Cell(r.Variant)} | {r.Check} | **{r.Outcome.ToString().ToLowerInvariant()}** | {Cell(r.Message)} | {Cell(ResultSummary.Metrics(r))} |");
            }
            // Figures side by side: what each call costs, and what each syscall scenario issued, per runtime.
            var cost = CostTable.ToMarkdown(document);
            if (cost.Length > 0)
            {
                w.WriteLine();
                w.Write(cost);
            }
            var syscalls = SyscallTable.From(document);
            if (syscalls.Rows.Count > 0)
            {
                w.WriteLine();
                w.WriteLine("## Syscalls per scenario");
                w.WriteLine();
                w.Write(syscalls.ToMarkdown());
            }
            var matrix = Matrix.MatrixMarkdown.Render(Matrix.RuntimeMatrix.From(document));
            if (matrix.Length > 0)
            {
                w.WriteLine();
                w.Write(matrix);
            }
            foreach (var run in document.Runtimes.Where(r => r.Errors.Count > 0))
            {
                w.WriteLine();
                w.WriteLine($"Errors on {run.Runtime.Name}:");
                foreach (var e in run.Errors) w.WriteLine($"- {Cell(e)}");
            }
            w.WriteLine();
            if (document.Runtimes.Any(r => r.CoveredThrough.Count > 0))
            {
                w.WriteLine("<details><summary>Covered through another stream</summary>");
                w.WriteLine();
                foreach (var run in document.Runtimes)
                    foreach (var c in run.CoveredThrough)
                        w.WriteLine($"- {run.Runtime.Name} `{c.Type}` inside {string.Join(", ", c.Through.Select(t => "`" + t + "`"))}");
                w.WriteLine();
                w.WriteLine("</details>");
                w.WriteLine();
            }
            w.WriteLine($"<details><summary>Static-only types</summary>");
            w.WriteLine();
            foreach (var run in document.Runtimes)
                foreach (var s in run.StaticOnly)
                    w.WriteLine($"- {run.Runtime.Name} `{s.Type}`: {Cell(s.Reason)}");
            w.WriteLine();
            w.WriteLine("</details>");
            w.WriteLine();
            w.WriteLine($"Seed {document.Options.GetValueOrDefault("seed")}, {document.WallSeconds:0.0} s, streamconf {document.ToolVersion}.");
        }

        static string Cell(string text) => Markup.MarkdownCell(text);
    }

    static class DictionaryExtensions
    {
        public static string GetValueOrDefault(this System.Collections.Generic.IDictionary<string, string> d, string key) =>
            d.TryGetValue(key, out var v) ? v : "";
    }
}
