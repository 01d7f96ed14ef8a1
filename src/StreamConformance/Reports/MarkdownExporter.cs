using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using StreamConformance.Reports.Matrix;
using StreamConformance.Results;

namespace StreamConformance.Reports
{
    /// <summary>
    /// A report ready to paste into an issue: runtimes and coverage, the findings by id (ranked), then the per-call
    /// cost, the syscalls and the runtime matrix. Every Markdown table of a run's report is rendered here, from the
    /// <see cref="RunAnalysis"/>'s models.
    /// </summary>
    public sealed class MarkdownExporter : IExporter
    {
        public string Format => "markdown";
        public string Description => "Write a Markdown report to this file.";

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
                w.Write(ByAssembly(byAssembly));
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
            var cost = Cost(analysis.Cost);
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
                w.Write(Syscalls(syscalls));
            }
            var matrix = Matrix(analysis.Matrix);
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
            w.WriteLine($"Seed {(document.Options.TryGetValue("seed", out var seed) ? seed : "")}, {document.WallSeconds:0.0} s, streamconf {document.ToolVersion}.");
        }

        /// <summary>The per-assembly table, then each static-only type with its reason.</summary>
        internal static string ByAssembly(IReadOnlyList<AssemblyRow> rows)
        {
            var header = AssemblyTable.Header;
            var sb = new StringBuilder();
            sb.Append("| ").Append(string.Join(" | ", header)).Append(" |\n|---|---|").Append(string.Concat(Enumerable.Repeat("---:|", header.Count - 2))).Append('\n');
            foreach (var row in rows) sb.Append("| ").Append(string.Join(" | ", AssemblyTable.Cells(row).Select(Markup.MarkdownCell))).Append(" |\n");
            var reasons = rows.SelectMany(r => r.StaticOnlyTypes.Select(s => (r, s))).ToList();
            if (reasons.Count > 0)
            {
                sb.Append("\nStatic-only, each with its reason:\n\n");
                foreach (var (r, s) in reasons) sb.Append("- ").Append(r.Runtime).Append(' ').Append(r.Assembly).Append(" `").Append(s.Type).Append("`: ").Append(Markup.MarkdownCell(s.Reason)).Append('\n');
            }
            return sb.ToString();
        }

        /// <summary>A heading and a table per runtime; "" when the run holds no budget results for the table's operations.</summary>
        internal static string Cost(CostTable cost)
        {
            var tables = cost.Tables;
            if (tables.Count == 0) return "";
            var sb = new StringBuilder();
            sb.Append("## Per-call cost\n\n");
            sb.Append("Bytes allocated per call; time per call as a ratio to summing a byte[] (×limit) and to MemoryStream (×baseline). ")
              .Append("**").Append(CostTable.OverMark).Append("**: over budget; ").Append(CostTable.InexactMark)
              .Append(": not exact, the figure may differ from run to run.\n");
            foreach (var table in tables)
            {
                sb.Append("\n### ").Append(Markup.MarkdownCell(table.Title)).Append("\n\n");
                sb.Append("| type | variant |");
                foreach (var (_, heading) in CostTable.Operations)
                    sb.Append(' ').Append(heading).Append(" B/call | ").Append(heading).Append(" ×limit | ").Append(heading).Append(" ×baseline |");
                sb.Append("\n|---|---|");
                foreach (var _ in CostTable.Operations) sb.Append("---:|---:|---:|");
                sb.Append('\n');
                foreach (var row in table.Rows)
                {
                    sb.Append("| ").Append(Code(row.Type)).Append(" | ").Append(Markup.MarkdownCell(row.Variant)).Append(" |");
                    foreach (var cell in row.Cells)
                        sb.Append(' ').Append(cell.Over ? "**" + cell.Text + " " + CostTable.OverMark + "**" : cell.Text).Append(" |");
                    sb.Append('\n');
                }
            }
            return sb.ToString();
        }

        /// <summary>The syscall cells side by side, a column per runtime, over-budget cells in bold.</summary>
        internal static string Syscalls(SyscallTable table)
        {
            if (table.Rows.Count == 0) return "No syscall results.\n";
            var w = new StringBuilder();
            w.Append("| stream | cell | ").Append(string.Join(" | ", table.Columns.Select(c => Escaped(c.Title)))).Append(" |\n");
            w.Append("|---|---|").Append(string.Concat(table.Columns.Select(_ => "---|"))).Append('\n');
            foreach (var row in table.Rows)
            {
                w.Append("| ").Append(Escaped(row.Stream)).Append(" | ").Append(Escaped(row.Family)).Append(' ').Append(Escaped(row.Parameters)).Append(" | ");
                w.Append(string.Join(" | ", table.Columns.Select(c =>
                {
                    var cell = row.Cells[c.Runtime];
                    return cell.OverBudget ? "**" + Escaped(cell.Text) + "**" : Escaped(cell.Text);
                })));
                w.Append(" |\n");
            }
            w.Append('\n').Append(SyscallTable.Legend).Append('\n');
            return w.ToString();
        }

        /// <summary>
        /// Per matrix section, the rows whose runtimes differ, the cell that stands out in bold; "" when the run has
        /// fewer than two runtimes with figures (the per-call cost table already shows one).
        /// </summary>
        internal static string Matrix(RuntimeMatrix matrix)
        {
            if (matrix.Runtimes.Count < 2 || matrix.Sections.All(s => s.Rows.Count == 0)) return "";
            var sb = new StringBuilder();
            sb.Append("## Runtime matrix\n\n");
            sb.Append("The same figure on each runtime of the run, only the rows where runtimes differ; **bold**: the runtime that parts from the others. ")
              .Append("Every row: `--html`.\n");
            foreach (var section in matrix.Sections.Where(s => s.Rows.Count > 0))
            {
                var differing = section.Differing.ToList();
                sb.Append("\n### ").Append(section.Title).Append("\n\n").Append(section.Legend).Append(' ');
                if (differing.Count == 0)
                {
                    sb.Append("No row of ").Append(section.Rows.Count).Append(" differs.\n");
                    continue;
                }
                sb.Append(differing.Count).Append(" of ").Append(section.Rows.Count).Append(" rows differ.\n\n");
                sb.Append("| ").Append(section.Measure == MatrixMeasure.Syscalls ? "stream | scenario | parameters" : "type | variant | operation").Append(" | ")
                  .Append(string.Join(" | ", matrix.Runtimes.Select(r => MatrixCell(r.Title)))).Append(" |\n");
                sb.Append("|---|---|---|").Append(string.Concat(matrix.Runtimes.Select(_ => "---:|"))).Append('\n');
                foreach (var row in differing)
                {
                    sb.Append("| `").Append(MatrixCell(row.Subject)).Append("` | ").Append(MatrixCell(row.Variant)).Append(" | ").Append(MatrixCell(row.Operation)).Append(" |");
                    foreach (var cell in row.Cells)
                        sb.Append(' ').Append(cell.StandsOut ? "**" + MatrixCell(cell.Display) + "**" : MatrixCell(cell.Display)).Append(" |");
                    sb.Append('\n');
                }
            }
            return sb.ToString();
        }

        static string MatrixCell(string text) => Markup.MarkdownCell(text).Replace("*", "\\*");

        /// <summary>A syscall cell: backslashes, pipes and stars escaped, one line.</summary>
        static string Escaped(string text) => text.Replace("\\", "\\\\").Replace("|", "\\|").Replace("*", "\\*").Replace("\r", " ").Replace("\n", " ");

        static void FindingTable(TextWriter w, IEnumerable<Findings.Finding> findings)
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
}
