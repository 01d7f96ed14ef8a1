using System.CommandLine;
using System.Linq;
using Spectre.Console;
using StreamConformance.Compare;
using StreamConformance.Reports;

namespace StreamConformance.Cli.Commands
{
    /// <summary>
    /// `streamconf compare BASELINE.json CANDIDATE.json [--baseline-run MORE.json]... [--candidate-run MORE.json]...`:
    /// what changed; exit 1 on any regression.
    /// </summary>
    public sealed class CompareCommand
    {
        readonly Argument<string> _baseline = new Argument<string>("baseline") { Description = "JSON result of the earlier run." };
        readonly Argument<string> _candidate = new Argument<string>("candidate") { Description = "JSON result of the later run." };
        readonly Option<string[]> _baselineRuns = new Option<string[]>("--baseline-run")
        {
            Description = "Another JSON result of the earlier build (another process). Repeatable: timing figures must then clear the spread of every run.",
        };
        readonly Option<string[]> _candidateRuns = new Option<string[]>("--candidate-run")
        {
            Description = "Another JSON result of the later build. Repeatable.",
        };
        readonly Option<double> _threshold = new Option<double>("--threshold") { Description = "Relative change of a timing ratio that counts (exact counts always count).", DefaultValueFactory = _ => 0.15 };

        public Command Create()
        {
            var command = new Command("compare", "Compare two JSON results: regressions in outcomes, allocations, syscalls and timing ratios.");
            command.Arguments.Add(_baseline);
            command.Arguments.Add(_candidate);
            command.Options.Add(_baselineRuns);
            command.Options.Add(_candidateRuns);
            command.Options.Add(_threshold);
            command.SetAction(parse =>
            {
                var baseline = new[] { parse.GetValue(_baseline)! }.Concat(parse.GetValue(_baselineRuns) ?? new string[0]).Select(JsonExporter.Read).ToList();
                var candidate = new[] { parse.GetValue(_candidate)! }.Concat(parse.GetValue(_candidateRuns) ?? new string[0]).Select(JsonExporter.Read).ToList();
                var comparison = new RunComparison(baseline, candidate, parse.GetValue(_threshold));
                var table = new Table().Title("changes");
                foreach (var c in new[] { "kind", "runtime", "type", "variant", "check", "what" }) table.AddColumn(c);
                foreach (var change in comparison.Changes.OrderBy(c => c.Kind))
                {
                    var r = change.Result;
                    var kind = change.Kind == RunComparison.ChangeKind.Regression ? "[red]regression[/]" : "[green]improvement[/]";
                    table.AddRow(kind, Markup.Escape(r.Runtime), Markup.Escape(r.Type), Markup.Escape(r.Variant), Markup.Escape(r.Check), Markup.Escape(change.What));
                }
                if (comparison.Changes.Count > 0) AnsiConsole.Write(table);
                AnsiConsole.MarkupLine($"{comparison.Changes.Count(c => c.Kind == RunComparison.ChangeKind.Regression)} regressions, " +
                                       $"{comparison.Changes.Count(c => c.Kind == RunComparison.ChangeKind.Improvement)} improvements, " +
                                       $"{comparison.Added.Count} new results, {comparison.Removed.Count} results gone.");
                return comparison.HasRegression ? Program.Finding : Program.Ok;
            });
            return command;
        }
    }
}
