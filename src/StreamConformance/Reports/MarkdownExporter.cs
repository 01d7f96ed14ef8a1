using System.IO;
using System.Linq;
using StreamConformance.Results;

namespace StreamConformance.Reports
{
    /// <summary>A report ready to paste into an issue: runtimes and coverage, then each finding with its evidence.</summary>
    public sealed class MarkdownExporter : IExporter
    {
        public string Format => "markdown";

        /// <summary>Findings listed open; the rest of a long list sits in a folded table beneath (as the HTML page does).</summary>
        const int FindingsOpen = 20;

        public void Export(RunAnalysis analysis, TextWriter w)
        {
            var document = analysis.Document;
            w.WriteLine("# streamconf sweep");
            w.WriteLine();
            w.WriteLine("| runtime | version | discovered | built | covered | static-only | pass | fail | skip | error | timeout | crash |");
            w.WriteLine("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
            foreach (var row in analysis.Coverage)
            {
                var c = row.Coverage;
                w.WriteLine($"| {row.Runtime} | {row.Run.Runtime.Flavor} {row.Run.Runtime.Version} | {c.Discovered} | {c.Built} | {c.CoveredThrough} | {c.StaticOnly} | " +
                            $"{row.Count(Outcome.Pass)} | {row.Count(Outcome.Fail)} | {row.Count(Outcome.Skip)} | {row.Count(Outcome.Error)} | {row.Count(Outcome.Timeout)} | {row.Count(Outcome.Crash)} |");
            }
            w.WriteLine();
            var byAssembly = analysis.ByAssembly;
            if (byAssembly.Count > 0)
            {
                // A user's assemblies: the table is what the run was for. The runtime's own dozens of assemblies: folded.
                var user = analysis.OfUserAssemblies;
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
            var findings = analysis.Findings;
            w.WriteLine(findings.Count == 0 ? "No findings." : $"## Findings ({analysis.CountsByClass()})");
            if (findings.Count > 0)
            {
                w.WriteLine();
                FindingTable(w, findings.Take(FindingsOpen));
                if (findings.Count > FindingsOpen)
                {
                    w.WriteLine();
                    w.WriteLine($"<details><summary>{findings.Count - FindingsOpen} more findings</summary>");
                    w.WriteLine();
                    FindingTable(w, findings.Skip(FindingsOpen));
                    w.WriteLine();
                    w.WriteLine("</details>");
                }
                w.WriteLine();
                w.WriteLine("One finding with its figures per recipe and a repro: `streamconf report RESULT.json --finding ID`.");
            }
            // Figures side by side: what each call costs, and what each syscall scenario issued, per runtime.
            var cost = analysis.Cost.ToMarkdown();
            if (cost.Length > 0)
            {
                w.WriteLine();
                w.Write(cost);
            }
            var syscalls = analysis.Syscalls;
            if (syscalls.Rows.Count > 0)
            {
                w.WriteLine();
                w.WriteLine("## Syscalls per scenario");
                w.WriteLine();
                w.Write(syscalls.ToMarkdown());
            }
            var matrix = Matrix.MatrixMarkdown.Render(analysis.Matrix);
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

        static void FindingTable(TextWriter w, System.Collections.Generic.IEnumerable<Findings.Finding> findings)
        {
            w.WriteLine("| id | class | runtime | type | title |");
            w.WriteLine("|---|---|---|---|---|");
            foreach (var f in findings)
                w.WriteLine($"| `{f.Id}` | {f.Class.ToString().ToLowerInvariant()} | {Cell(f.Runtime)} | {Code(f.Type)} | {Cell(f.Title)} |");
        }

        /// <summary>Generic names hold a backtick ("List`1"): fence those with two.</summary>
        static string Code(string text) => Cell(text.Contains("`") ? "`` " + text + " ``" : "`" + text + "`");

        static string Cell(string text) => Markup.MarkdownCell(text);
    }

    static class DictionaryExtensions
    {
        public static string GetValueOrDefault(this System.Collections.Generic.IDictionary<string, string> d, string key) =>
            d.TryGetValue(key, out var v) ? v : "";
    }
}
