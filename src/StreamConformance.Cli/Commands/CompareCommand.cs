using System.CommandLine;
using System.Linq;
using Spectre.Console;
using StreamConformance.Compare;
using StreamConformance.Reports;

namespace StreamConformance.Cli.Commands
{
    /// <summary>
    /// `streamconf compare BASELINE.json CANDIDATE.json [--baseline-run MORE.json]... [--candidate-run MORE.json]...`:
    /// what changed (docs/compare.md); exit 1 on any regression or new failing finding.
    /// </summary>
    public sealed class CompareCommand
    {
        readonly Argument<string> _baseline = new Argument<string>("baseline") { Description = "JSON result of the earlier run." };
        readonly Argument<string> _candidate = new Argument<string>("candidate") { Description = "JSON result of the later run." };
        readonly Option<string[]> _baselineRuns = new Option<string[]>("--baseline-run")
        {
            Description = "Another JSON result of the earlier build (another process). Repeatable: its rounds join the side's samples, and timing figures must clear the spread of every run.",
        };
        readonly Option<string[]> _candidateRuns = new Option<string[]>("--candidate-run")
        {
            Description = "Another JSON result of the later build. Repeatable.",
        };
        readonly Option<double> _threshold = new Option<double>("--threshold") { Description = "Relative change of a timing figure that counts, e.g. 0.05 for 5% (exact counts always count).", DefaultValueFactory = _ => new CompareSettings().Threshold };
        readonly Option<double> _noise = new Option<double>("--noise") { Description = "Absolute change of a ratio that never counts, in units of the baseline's time per call (0.1 = a tenth of a MemoryStream call).", DefaultValueFactory = _ => new CompareSettings().Noise };
        readonly Option<TimingTest> _test = new Option<TimingTest>("--test") { Description = "rank (Mann–Whitney on the rounds where both sides kept them; intervals where not) or intervals (confidence intervals only).", DefaultValueFactory = _ => TimingTest.Rank };
        readonly Option<string> _markdown = new Option<string>("--markdown") { Description = "Write the comparison as a pull-request comment (Markdown) to this file." };

        public Command Create()
        {
            var command = new Command("compare", "Compare two JSON results: regressions in outcomes, allocations, syscalls and timing ratios, and findings new or fixed.");
            command.Arguments.Add(_baseline);
            command.Arguments.Add(_candidate);
            command.Options.Add(_baselineRuns);
            command.Options.Add(_candidateRuns);
            command.Options.Add(_threshold);
            command.Options.Add(_noise);
            command.Options.Add(_test);
            command.Options.Add(_markdown);
            command.Options.Add(ConsoleView.Expectations);
            command.SetAction(parse =>
            {
                var settings = new CompareSettings { Threshold = parse.GetValue(_threshold), Noise = parse.GetValue(_noise), Test = parse.GetValue(_test) };
                if (!(settings.Threshold >= 0)) throw new InputException($"--threshold: {settings.Threshold} is not a relative change (0 or more, e.g. 0.05)");
                if (!(settings.Noise >= 0)) throw new InputException($"--noise: {settings.Noise} is not a ratio (0 or more, e.g. 0.1)");
                var markdown = parse.GetValue(_markdown) is { } path ? new OutputFile(path, "markdown") : null;
                var expectations = ConsoleView.ExpectationsOf(parse);
                var baseline = new[] { parse.GetValue(_baseline)! }.Concat(parse.GetValue(_baselineRuns) ?? new string[0]).Select(p => RunAnalysis.Of(JsonExporter.Read(p), expectations)).ToList();
                var candidate = new[] { parse.GetValue(_candidate)! }.Concat(parse.GetValue(_candidateRuns) ?? new string[0]).Select(p => RunAnalysis.Of(JsonExporter.Read(p), expectations)).ToList();
                var comparison = new RunComparison(baseline, candidate, settings);
                Print(comparison);
                markdown?.WriteText(w => ComparisonMarkdown.Write(comparison, w));
                return comparison.HasRegression || comparison.Findings.HasNewFailure ? Program.Finding : Program.Ok;
            });
            return command;
        }

        static void Print(RunComparison comparison)
        {
            if (ComparisonMarkdown.PairingLine(comparison) is { } pairs) AnsiConsole.WriteLine(pairs);
            var table = new Table().Title("changes");
            foreach (var c in new[] { "kind", "runtime", "type", "variant", "check", "what" }) table.AddColumn(c);
            foreach (var change in comparison.Regressions.Concat(comparison.Improvements))
            {
                var r = change.Result;
                var kind = change.Kind == RunComparison.ChangeKind.Regression ? "[red]regression[/]" : "[green]improvement[/]";
                table.AddRow(kind, Markup.Escape(r.Runtime), Markup.Escape(r.Type), Markup.Escape(r.Variant), Markup.Escape(r.Check), Markup.Escape(change.What));
            }
            if (comparison.Changes.Count > 0) AnsiConsole.Write(table);

            var findings = comparison.Findings;
            var rows = findings.New.Select(f => ("[red]new[/]", f)).Concat(findings.Fixed.Select(f => ("[green]fixed[/]", f))).ToList();
            if (rows.Count > 0)
            {
                var ft = new Table().Title("findings");
                foreach (var c in new[] { "", "id", "class", "runtime", "type", "title" }) ft.AddColumn(c);
                foreach (var (kind, f) in rows)
                    ft.AddRow(kind, f.Id, f.Class.ToString().ToLowerInvariant(), Markup.Escape(f.Runtime), Markup.Escape(f.Type), Markup.Escape(f.Title));
                AnsiConsole.Write(ft);
            }
            AnsiConsole.WriteLine(ComparisonMarkdown.SummaryLine(comparison) + ".");
            AnsiConsole.WriteLine($"{findings.Unchanged.Count} findings unchanged, {findings.Unsettled.Count} unsettled; {comparison.Added.Count} new results, {comparison.Removed.Count} results gone; " +
                                  $"{comparison.RankTested} timing figures by Mann–Whitney, {comparison.IntervalTested} by intervals, {comparison.CountsCompared} counts exactly" +
                                  (comparison.Unmeasured > 0 ? $"; {comparison.Unmeasured} timing figures not compared (a side skipped them)." : "."));
        }
    }
}
