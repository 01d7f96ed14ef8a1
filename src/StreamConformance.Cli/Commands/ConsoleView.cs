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
                        if (e is TypeEvent type && tasks.TryGetValue(t.Name, out var task))
                        {
                            task.Increment(1);
                            task.Description = Markup.Escape($"{t.Name}: {Shorten(type.Type)}");
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

        public static void Summary(RunAnalysis analysis, bool showAll = false, bool byAssembly = false)
        {
            var table = new Table().Title("coverage and outcomes");
            foreach (var c in new[] { "runtime", "version", "discovered", "built", "covered", "static-only", "pass", "fail", "advisory", "inconclusive", "skip", "error", "timeout", "crash", "seconds" })
                table.AddColumn(c);
            foreach (var row in analysis.Coverage)
            {
                var run = row.Run;
                table.AddRow(Markup.Escape(row.Runtime), Markup.Escape($"{run.Runtime.Flavor} {run.Runtime.Version}"),
                    row.Coverage.Discovered.ToString(), row.Coverage.Built.ToString(), row.Coverage.CoveredThrough.ToString(), row.Coverage.StaticOnly.ToString(),
                    row.Count(Outcome.Pass).ToString(), Red(row.Count(Outcome.Fail)), row.Count(Outcome.Advisory).ToString(), row.Count(Outcome.Inconclusive).ToString(), row.Count(Outcome.Skip).ToString(), Red(row.Count(Outcome.Error)),
                    Red(row.Count(Outcome.Timeout)), Red(row.Count(Outcome.Crash)), row.Seconds.ToString("0.0"));
            }
            AnsiConsole.Write(table);
            foreach (var row in analysis.Coverage)
                foreach (var error in row.Errors)
                    AnsiConsole.MarkupLine($"[red]{Markup.Escape(row.Runtime)}: {Markup.Escape(error)}[/]");
            foreach (var warning in analysis.Warnings)
                AnsiConsole.MarkupLine($"[yellow]warning: {Markup.Escape(warning)}[/]");
            if (byAssembly || analysis.OfUserAssemblies) WriteByAssembly(analysis);

            var findings = analysis.Findings;
            if (findings.Count == 0)
            {
                AnsiConsole.MarkupLine("[green]No findings.[/]");
                return;
            }
            var ranked = new Table().Title($"findings: {analysis.CountsByClass()}");
            foreach (var c in new[] { "id", "class", "runtime", "type", "title" }) ranked.AddColumn(c);
            foreach (var f in findings.Take(showAll ? int.MaxValue : MaxFindingsShown))
                ranked.AddRow(f.Id, ClassMarkup(f.Class), Markup.Escape(f.Runtime), Markup.Escape(Shorten(f.Type)), Markup.Escape(f.Title));
            AnsiConsole.Write(ranked);
            if (findings.Count > MaxFindingsShown && !showAll)
                AnsiConsole.MarkupLine($"[grey]… and {findings.Count - MaxFindingsShown} more: --all, or --markdown/--html/--json for every finding.[/]");
            if (analysis.OfUserAssemblies) WriteByCause(findings);
            if (showAll)
            {
                // The results behind the findings above, finding by finding: the same findings, counted and listed alike.
                var results = findings.SelectMany(f => f.Results.Select(r => (f.Id, r))).ToList();
                var failures = new Table().Title($"the results behind the {findings.Count} findings ({results.Count})");
                foreach (var c in new[] { "finding", "runtime", "type", "variant", "check", "outcome", "message" }) failures.AddColumn(c);
                foreach (var (id, r) in results)
                    failures.AddRow(id, Markup.Escape(r.Runtime), Markup.Escape(r.Type), Markup.Escape(r.Variant), Markup.Escape(r.Check),
                        r.Outcome.ToString().ToLowerInvariant(), Markup.Escape(r.Message));
                AnsiConsole.Write(failures);
            }
        }

        /// <summary>A library's findings by cause across its types, once there are more than a few: what its author fixes once.</summary>
        static void WriteByCause(IReadOnlyList<Finding> findings)
        {
            if (findings.Count(f => f.FailsTheRun) <= FindingCauses.Threshold) return;
            var table = new Table().Title("findings by cause, across types");
            foreach (var c in new[] { "types", "findings", "class", "cause" }) table.AddColumn(c);
            foreach (var cause in FindingCauses.Of(findings))
                table.AddRow(cause.Types.ToString(), cause.Findings.Count.ToString(), ClassMarkup(cause.Class), Markup.Escape(cause.What));
            AnsiConsole.Write(table);
        }

        /// <summary>The per-assembly table, compact: the how columns abbreviated, a static-only type's reason on its own line beneath.</summary>
        static void WriteByAssembly(RunAnalysis analysis)
        {
            var rows = analysis.ByAssembly;
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
