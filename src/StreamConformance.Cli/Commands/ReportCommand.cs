using System.CommandLine;
using System.Linq;
using StreamConformance.Patching;
using StreamConformance.Reports;

namespace StreamConformance.Cli.Commands
{
    /// <summary>`streamconf report RESULT.json`: the console summary and report files again, from a saved sweep.</summary>
    public sealed class ReportCommand
    {
        readonly Argument<string> _result = new Argument<string>("result") { Description = "JSON result of a sweep." };
        readonly CommonOptions _common = new CommonOptions();
        readonly Option<string?> _finding = new Option<string?>("--finding") { Description = "Print one finding (by id) as issue-ready text; with --markdown, write it there." };

        public Command Create()
        {
            var command = new Command("report", "Render a saved sweep result again: console summary, --markdown, --html (and --json, rewritten).");
            command.Arguments.Add(_result);
            _common.AddOutputsTo(command);
            command.Options.Add(ConsoleView.All);
            command.Options.Add(ConsoleView.ByAssembly);
            command.Options.Add(MatrixView.Option);
            command.Options.Add(ConsoleView.Expectations);
            command.Options.Add(_finding);
            command.SetAction(parse =>
            {
                var path = parse.GetValue(_result)!;
                var document = JsonExporter.Read(path);
                var analysis = RunAnalysis.Of(document, ConsoleView.ExpectationsOf(parse));
                if (parse.GetValue(_finding) is string id)
                {
                    var finding = analysis.FindingOf(id)
                        ?? throw new InputException($"--finding: no finding {id} in {path} ({analysis.Findings.Count} findings; `streamconf report {path} --all` lists them)");
                    var text = FindingIssue.Render(finding, document, CandidateFixes(finding, document));
                    if (parse.GetValue(_common.Markdown) is string markdown) new OutputFile(markdown, "markdown").WriteText(w => w.Write(text));
                    else System.Console.Write(text);
                    return Program.Ok;
                }
                var outputs = _common.Outputs(parse);
                foreach (var output in outputs) output.Write(analysis);
                ConsoleView.Summary(analysis, parse.GetValue(ConsoleView.All), parse.GetValue(ConsoleView.ByAssembly));
                if (parse.GetValue(MatrixView.Option)) MatrixView.Write(analysis, parse.GetValue(ConsoleView.All));
                return Program.Ok;
            });
            return command;
        }
    
        /// <summary>The checkout's candidate patches whose headline check, runtime flavor and measured type match the finding.</summary>
        static System.Collections.Generic.List<FindingIssue.CandidateFix> CandidateFixes(Findings.Finding finding, Results.RunDocument document)
        {
            var flavor = document.Runtimes.FirstOrDefault(r => r.Runtime.Name == finding.Runtime)?.Runtime.Flavor;
            if (flavor == null) return new System.Collections.Generic.List<FindingIssue.CandidateFix>();
            return PatchIndex.OfCheckout().Fixes(flavor, finding.Type, finding.Results.Select(r => r.Check))
                .Select(p =>
                {
                    var target = p.Manifest.TargetFor(flavor)!;
                    return new FindingIssue.CandidateFix("patches/" + p.Name, p.Manifest.Status, p.Manifest.Title, target.Upstream.Diff,
                        target.Upstream.Repository + ":" + target.Upstream.Path + " at " + target.Upstream.ShortRef, EvidenceHeadline(p));
                })
                .ToList();
        }

        /// <summary>The patch's saved evidence in one line; none before any was taken, and none from a file `patch list` reports as malformed.</summary>
        static string? EvidenceHeadline(PatchFolder patch)
        {
            try { return Evidence.EvidenceDocument.TryRead(patch.Path)?.Headline; }
            catch (InputException) { return null; }
        }
}
}
