using System.Linq;
using Spectre.Console;
using StreamConformance.Reports.Matrix;

namespace StreamConformance.Cli.Commands
{
    /// <summary>`--matrix`: the runtime matrix in the console, a table per measure, only the rows whose runtimes differ (every row with --all).</summary>
    public static class MatrixView
    {
        public static readonly System.CommandLine.Option<bool> Option = new System.CommandLine.Option<bool>("--matrix")
        {
            Description = "After the summary, the runtimes side by side: bytes/call, ×limit and syscalls per type and operation where they differ (--all: every row).",
        };

        public static void Write(StreamConformance.Reports.RunAnalysis analysis, bool all)
        {
            var matrix = analysis.Matrix;
            foreach (var section in matrix.Sections)
            {
                var rows = all ? section.Rows.ToList() : section.Differing.ToList();
                var differing = section.Rows.Count(r => r.Differs);
                if (rows.Count == 0)
                {
                    AnsiConsole.MarkupLine($"[grey]{Markup.Escape(section.Title)}: {(section.Rows.Count == 0 ? "no figures in this run" : $"no row of {section.Rows.Count} differs across runtimes")}.[/]");
                    continue;
                }
                var table = new Table().Title($"{section.Title}: {differing} of {section.Rows.Count} rows differ across runtimes");
                table.AddColumn(section.Measure == MatrixMeasure.Syscalls ? "stream" : "type");
                table.AddColumn(section.Measure == MatrixMeasure.Syscalls ? "scenario" : "variant");
                table.AddColumn(section.Measure == MatrixMeasure.Syscalls ? "parameters" : "operation");
                foreach (var rt in matrix.Runtimes) table.AddColumn(new TableColumn(Markup.Escape(rt.Title)).RightAligned());
                foreach (var row in rows)
                {
                    var cells = new[] { Markup.Escape(row.Subject), Markup.Escape(row.Variant), Markup.Escape(row.Operation) }
                        .Concat(row.Cells.Select(c => c.StandsOut ? $"[bold yellow]{Markup.Escape(c.Display)}[/]" : Markup.Escape(c.Display)));
                    table.AddRow(cells.ToArray());
                }
                AnsiConsole.Write(table);
            }
            AnsiConsole.MarkupLine("[grey]Yellow: the runtime that parts from the row's others (bytes: ≥1 B and 10 %; ×limit: 2× or more; syscalls: any difference).[/]");
        }
    }
}
