using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Spectre.Console;
using StreamConformance.Findings;
using StreamConformance.Probe;
using StreamConformance.Reports;
using StreamConformance.Results;
using StreamConformance.Sweep;

namespace StreamConformance.Cli.Commands
{
    /// <summary>What a person sees in the terminal: progress while it runs, then coverage and the findings.</summary>
    static class ConsoleView
    {
        const int MaxFindingsShown = 40;

        /// <summary>--all: every finding, and every result that is not a pass or skip.</summary>
        public static readonly System.CommandLine.Option<string?> Expectations = new System.CommandLine.Option<string?>("--expectations")
        {
            Description = "An expectations file (by-design behaviour, each with its reason) used besides the shipped one.",
        };

        /// <summary>The shipped expectations, plus the user's file when one is named (an unreadable or malformed file is an input error).</summary>
        public static ExpectationSet ExpectationsOf(System.CommandLine.ParseResult parse) =>
            parse.GetValue(Expectations) is string path ? ExpectationSet.Default.With(ExpectationSet.Load(System.IO.Path.GetFullPath(path))) : ExpectationSet.Default;

        public static readonly System.CommandLine.Option<bool> All = new System.CommandLine.Option<bool>("--all") { Description = "Show every finding and every result that is not a pass or skip." };

        public static RunDocument RunWithProgress(SweepRunner runner, CancellationToken cancel)
        {
            RunDocument? document = null;
            if (!AnsiConsole.Profile.Capabilities.Interactive)
            {
                runner.RuntimeStarting += (t, n) => AnsiConsole.MarkupLine($"[grey]{Markup.Escape(t.Name)}: sweeping {n} types[/]");
                return runner.Run(cancel);
            }
            AnsiConsole.Progress()
                .Columns(new TaskDescriptionColumn(), new ProgressBarColumn(), new PercentageColumn(), new ElapsedTimeColumn())
                .Start(ctx =>
                {
                    var tasks = new System.Collections.Concurrent.ConcurrentDictionary<string, ProgressTask>();
                    runner.RuntimeStarting += (t, n) => tasks[t.Name] = ctx.AddTask(Markup.Escape(t.Name), maxValue: System.Math.Max(1, n));
                    runner.Progress += (t, e) =>
                    {
                        if (e.Kind == ProbeEvent.TypeStart && tasks.TryGetValue(t.Name, out var task))
                        {
                            task.Increment(1);
                            task.Description = Markup.Escape($"{t.Name}: {Shorten(e.Type ?? "")}");
                        }
                    };
                    document = runner.Run(cancel);
                    foreach (var task in tasks.Values) task.Value = task.MaxValue;
                });
            return document!;
        }

        static string Shorten(string type) => type.Length <= 48 ? type : "…" + type.Substring(type.Length - 47);

        public static readonly System.CommandLine.Option<bool> ByAssembly = new System.CommandLine.Option<bool>("--by-assembly")
        {
            Description = "After coverage, a table per assembly: discovered, built and how, covered, static-only, findings by class (shown anyway with --assembly).",
        };

        public static void Summary(RunDocument document, IReadOnlyList<Finding> findings, bool showAll = false, bool byAssembly = false)
        {
            var table = new Table().Title("coverage and outcomes");
            foreach (var c in new[] { "runtime", "version", "discovered", "built", "covered", "static-only", "pass", "fail", "advisory", "inconclusive", "skip", "error", "timeout", "crash", "seconds" })
                table.AddColumn(c);
            foreach (var run in document.Runtimes)
            {
                var n = ResultSummary.Count(document.Results, run.Runtime.Name);
                table.AddRow(Markup.Escape(run.Runtime.Name), Markup.Escape($"{run.Runtime.Flavor} {run.Runtime.Version}"),
                    run.Coverage.Discovered.ToString(), run.Coverage.Built.ToString(), run.Coverage.CoveredThrough.ToString(), run.Coverage.StaticOnly.ToString(),
                    n.Get(Outcome.Pass).ToString(), Red(n.Get(Outcome.Fail)), n.Get(Outcome.Advisory).ToString(), n.Get(Outcome.Inconclusive).ToString(), n.Get(Outcome.Skip).ToString(), Red(n.Get(Outcome.Error)),
                    Red(n.Get(Outcome.Timeout)), Red(n.Get(Outcome.Crash)), run.WallSeconds.ToString("0.0"));
            }
            AnsiConsole.Write(table);
            foreach (var run in document.Runtimes)
                foreach (var error in run.Errors)
                    AnsiConsole.MarkupLine($"[red]{Markup.Escape(run.Runtime.Name)}: {Markup.Escape(error)}[/]");
            if (byAssembly || AssemblyTable.OfUserAssemblies(document)) WriteByAssembly(document, findings);

            if (findings.Count == 0)
            {
                AnsiConsole.MarkupLine("[green]No findings.[/]");
                return;
            }
            var byClass = findings.GroupBy(f => f.Class).OrderBy(g => g.Key).Select(g => $"{g.Count()} {g.Key.ToString().ToLowerInvariant()}");
            var ranked = new Table().Title($"findings: {string.Join(", ", byClass)}");
            foreach (var c in new[] { "id", "class", "runtime", "type", "title" }) ranked.AddColumn(c);
            foreach (var f in findings.Take(showAll ? int.MaxValue : MaxFindingsShown))
                ranked.AddRow(f.Id, ClassMarkup(f.Class), Markup.Escape(f.Runtime), Markup.Escape(Shorten(f.Type)), Markup.Escape(f.Title));
            AnsiConsole.Write(ranked);
            if (findings.Count > MaxFindingsShown && !showAll)
                AnsiConsole.MarkupLine($"[grey]… and {findings.Count - MaxFindingsShown} more: --all, or --markdown/--html/--json for every finding.[/]");
            if (showAll)
            {
                var results = ResultSummary.FindingsOf(document).ToList();
                var failures = new Table().Title($"every result that is not a pass or skip ({results.Count})");
                foreach (var c in new[] { "runtime", "type", "variant", "check", "outcome", "message" }) failures.AddColumn(c);
                foreach (var r in document.Results.Where(r => r.Outcome != Outcome.Pass && r.Outcome != Outcome.Skip && r.Outcome != Outcome.Inconclusive))
                    failures.AddRow(Markup.Escape(r.Runtime), Markup.Escape(r.Type), Markup.Escape(r.Variant), Markup.Escape(r.Check),
                        r.Outcome.ToString().ToLowerInvariant(), Markup.Escape(r.Message));
                AnsiConsole.Write(failures);
            }
        }

        /// <summary>The per-assembly table, compact: the how columns abbreviated, a static-only type's reason on its own line beneath.</summary>
        static void WriteByAssembly(RunDocument document, IReadOnlyList<Finding> findings)
        {
            var rows = AssemblyTable.From(document, findings);
            if (rows.Count == 0)
            {
                AnsiConsole.MarkupLine("[grey]by assembly: this run does not record its assemblies (saved by an older streamconf)[/]");
                return;
            }
            var table = new Table().Title("by assembly");
            foreach (var h in AssemblyTable.Header) table.AddColumn(Markup.Escape(Short(h)));
            foreach (var row in rows) table.AddRow(AssemblyTable.Cells(row).Select(Markup.Escape).ToArray());
            AnsiConsole.Write(table);
            foreach (var row in rows)
                foreach (var s in row.StaticOnlyTypes)
                    AnsiConsole.MarkupLine($"[grey]static-only {Markup.Escape(row.Runtime)} {Markup.Escape(s.Type)}: {Markup.Escape(s.Reason)}[/]");
        }

        /// <summary>The header the console prints, narrow enough for a terminal; Markdown and HTML spell it out.</summary>
        static string Short(string header) => header switch
        {
            "constructor" => "ctor",
            "extension method" => "extension",
            "library recipe" => "lib recipe",
            "built-in recipe" => "built-in",
            "covered through" => "covered",
            _ => header,
        };

        static string ClassMarkup(FindingClass c) => c switch
        {
            FindingClass.Contract => "[red]contract[/]",
            FindingClass.Cost => "[yellow]cost[/]",
            FindingClass.Harness => "[magenta]harness[/]",
            FindingClass.Expected => "[grey]expected[/]",
            _ => "[grey]advisory[/]",
        };

        static string Red(int n) => n == 0 ? "0" : $"[red]{n}[/]";
    }
}
