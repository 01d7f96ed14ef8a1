using System;
using System.CommandLine;
using System.IO;
using System.Linq;
using Newtonsoft.Json;
using Spectre.Console;
using StreamConformance.Evidence;
using StreamConformance.Patching;
using StreamConformance.Reports;
using StreamConformance.Evidence.Page;

namespace StreamConformance.Cli.Commands
{
    /// <summary>`streamconf patch evidence PATCH`: original, A/A and patched copies measured alike; writes EVIDENCE.md and evidence.json.</summary>
    public sealed class PatchEvidenceCommand
    {
        readonly CommonOptions _common = new CommonOptions();
        readonly Argument<string[]> _folder = new Argument<string[]>("patch")
        {
            Description = "A patch folder, e.g. patches/0001-bufferedstream-readbyte-regression-guard; or the folders of one group (same \"group\" in patch.json), " +
                          "woven into one copy and measured as one, the evidence written to patches/groups/NAME.",
            Arity = ArgumentArity.OneOrMore,
        };
        readonly Option<int> _runs = new Option<int>("--runs") { Description = "Probe processes per side (original, A/A, patched).", DefaultValueFactory = _ => 5 };
        readonly Option<bool> _quick = new Option<bool>("--quick") { Description = "Fewer iterations and smaller content; every check still runs." };
        readonly Option<string?> _checks = new Option<string?>("--checks") { Description = "Glob over check names, instead of the patch's own (e.g. 'budget.*|read.*')." };
        readonly Option<double> _threshold = new Option<double>("--threshold") { Description = "Relative change a timing figure must exceed to count (as compare's).", DefaultValueFactory = _ => 0.15 };
        readonly Option<string?> _outDir = new Option<string?>("--evidence-dir") { Description = "Write EVIDENCE.md and evidence.json here instead of the patch folder." };
        readonly Option<string?> _html = new Option<string?>("--html") { Description = "Also write the evidence as an HTML page: per operation a chart of original, A/A and patched with intervals." };

        public Command Create()
        {
            var command = new Command("evidence", "Measure the patch: the same checks and meters on the original runtime, its A/A copy and its patched copy; writes EVIDENCE.md and evidence.json.");
            command.Arguments.Add(_folder);
            command.Options.Add(_common.Runtime);
            command.Options.Add(_runs);
            command.Options.Add(_quick);
            command.Options.Add(_checks);
            command.Options.Add(_threshold);
            command.Options.Add(_outDir);
            command.Options.Add(_html);
            command.SetAction(Run);
            return command;
        }

        /// <summary>How the command line names a runtime: dotnet, mono, a version ("9.0", resolved by version, installed or
        /// private, as "dotnet-9.0"), or its folder; a version keeps the private runtimes' folder out of the evidence.</summary>
        static string SpecOf(Runtimes.RuntimeTarget r) =>
            r.Name == "dotnet" || r.Name == "mono" ? r.Name
            : r.Name.StartsWith("dotnet-", StringComparison.Ordinal) && r.Name.Length > 7 && char.IsDigit(r.Name[7]) ? r.Name.Substring(7)
            : r.Location;

        int Run(ParseResult parse)
        {
            var folders = parse.GetValue(_folder)!.Select(PatchFolder.Load).ToList();
            var set = PatchSet.Of(folders);
            var patch = set.Patches[0];
            var runtimes = _common.ResolveRunnableRuntimes(parse, "patch evidence", defaultsWhenNone: false, runsWasm: true);
            if (runtimes.Count == 0)
                runtimes = patch.Manifest.Targets.Select(t => Runtimes.RuntimeResolver.Resolve(t.Runtime == "mono" ? "mono" : "dotnet")).ToList();
            var threshold = parse.GetValue(_threshold);
            if (!(threshold > 0)) throw new InputException($"--threshold: {threshold} is not a positive fraction");
            var outDir = Path.GetFullPath(parse.GetValue(_outDir) ?? (set.IsGroup ? GroupEvidenceMarkdown.FolderOf(set) : patch.Path));
            Directory.CreateDirectory(outDir);
            // Checked before the sweeps: a page that cannot be written is bad input now, not after minutes of measuring.
            var html = parse.GetValue(_html) is string h ? new OutputFile(h, "html") : null;
            var relative = string.Join(" ", set.Patches.Select(p => Path.GetRelativePath(Directory.GetCurrentDirectory(), p.Path)));
            var options = new EvidenceOptions
            {
                Runs = parse.GetValue(_runs), Quick = parse.GetValue(_quick), Threshold = threshold, Checks = parse.GetValue(_checks),
                Command = $"./build.sh run patch evidence {relative} " + string.Join(" ", runtimes.Select(r => "--runtime " + SpecOf(r)))
                    + (parse.GetValue(_quick) ? " --quick" : "") + (parse.GetValue(_checks) is string c ? $" --checks '{c}'" : "") + (parse.GetValue(_runs) != 5 ? $" --runs {parse.GetValue(_runs)}" : ""),
                Progress = line => AnsiConsole.MarkupLine("[grey]" + Markup.Escape(line) + "[/]"),
            };
            var document = new EvidenceRunner(options).Run(set, runtimes);
            var markdown = Path.Combine(outDir, PatchFolder.EvidenceMarkdown);
            File.WriteAllText(markdown, set.IsGroup ? GroupEvidenceMarkdown.Render(set, document) : EvidenceMarkdown.Render(patch, document));
            File.WriteAllText(Path.Combine(outDir, PatchFolder.EvidenceJson), JsonConvert.SerializeObject(document, Formatting.Indented));
            // A group drafts one pull request for all its patches (each folder keeps its own, from its evidence measured alone).
            if (set.IsGroup && set.Patches.All(p => p.Manifest.Issue != null)) File.WriteAllText(Path.Combine(outDir, UpstreamMarkdown.FileName), GroupUpstreamMarkdown.Render(set, document));
            else if (!set.IsGroup && UpstreamMarkdown.Render(patch, document) is string upstream) File.WriteAllText(Path.Combine(outDir, UpstreamMarkdown.FileName), upstream);
            html?.WriteText(w => w.Write(EvidenceHtml.Render(document, new Charts.ScottPlotChartRenderer())));
            foreach (var r in document.Runtimes)
                AnsiConsole.MarkupLine($"{Markup.Escape(r.Runtime)} {Markup.Escape(r.Version)}: {Markup.Escape(r.Verdict)} [grey]({r.Seconds:0.#} s)[/]");
            AnsiConsole.MarkupLine($"status [bold]{Markup.Escape(document.Status)}[/]: {Markup.Escape(document.Headline)}");
            AnsiConsole.MarkupLine($"[grey]evidence: {Markup.Escape(markdown)}[/]");
            if (html != null) AnsiConsole.MarkupLine($"[grey]html: {Markup.Escape(html.Path)}[/]");
            return document.Runtimes.Any(r => r.Verdict.StartsWith("no evidence", StringComparison.Ordinal)) ? Program.Finding : Program.Ok;
        }
    }
}
