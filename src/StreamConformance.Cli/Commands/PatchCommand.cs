using System;
using System.Collections.Generic;
using System.CommandLine;
using System.IO;
using System.Linq;
using Spectre.Console;
using StreamConformance.Patching;
using StreamConformance.Runtimes;

namespace StreamConformance.Cli.Commands
{
    /// <summary>`streamconf patch apply|verify|list|evidence`: candidate runtime patches, woven into private runtime copies.</summary>
    public sealed class PatchCommand
    {
        readonly CommonOptions _common = new CommonOptions();

        public Command Create()
        {
            var command = new Command("patch", "Weave a candidate runtime patch into a private copy of a runtime, check it, and measure it before and after.");
            command.Subcommands.Add(Apply());
            command.Subcommands.Add(Verify());
            command.Subcommands.Add(List());
            command.Subcommands.Add(Test());
            command.Subcommands.Add(new PatchEvidenceCommand().Create());
            command.Subcommands.Add(Report());
            return command;
        }

        Command Apply()
        {
            var folder = new Argument<string>("patch") { Description = "A patch folder, e.g. patches/0001-bufferedstream-readbyte-regression-guard." };
            var output = new Option<string>("--out", "-o") { Description = "The new or empty folder the patched runtime copy is written to.", Required = true };
            var roundTrip = new Option<bool>("--aa") { Description = "Write the A/A control instead: the same assemblies read and written back with no change." };
            var command = new Command("apply", "Write a copy of a runtime with the patch woven in; --runtime DIR then accepts the copy everywhere.");
            command.Arguments.Add(folder);
            command.Options.Add(_common.Runtime);
            command.Options.Add(output);
            command.Options.Add(roundTrip);
            command.SetAction(parse =>
            {
                var patch = PatchFolder.Load(parse.GetValue(folder)!);
                var runtimes = _common.ResolveRunnableRuntimes(parse, "patch apply", defaultsWhenNone: false, runsWasm: true);
                if (runtimes.Count == 0) runtimes.Add(RuntimeResolver.Resolve(patch.Manifest.Targets[0].Runtime == "mono" ? "mono" : "dotnet"));
                if (runtimes.Count > 1) throw new InputException("patch apply: one --runtime per copy (got " + runtimes.Count + ")");
                var kind = parse.GetValue(roundTrip) ? RuntimeCopyManifest.RoundTrip : RuntimeCopyManifest.Patched;
                var copy = PatchApplier.Apply(patch, runtimes[0], parse.GetValue(output)!, kind);
                var manifest = copy.Copy!;
                AnsiConsole.MarkupLine($"[green]{Markup.Escape(kind == RuntimeCopyManifest.Patched ? "patched" : "A/A")} copy of {Markup.Escape(runtimes[0].Name)} {Markup.Escape(runtimes[0].Version)}[/]: {Markup.Escape(copy.Location)}");
                foreach (var a in manifest.Assemblies)
                    AnsiConsole.MarkupLine($"  {Markup.Escape(a.Name)} mvid {a.Mvid}: {Markup.Escape(a.Paths[0])}");
                foreach (var r in manifest.Replaced) AnsiConsole.MarkupLine($"  replaced {Markup.Escape(r)}");
                var root = copy.Flavor == RuntimeFlavor.CoreClr ? copy.DotNetRoot! : copy.Flavor == RuntimeFlavor.Wasm ? WasmRuntimePacks.PackRoot(copy.Location) : copy.Location;
                AnsiConsole.MarkupLine($"[grey]use it: streamconf sweep --runtime {Markup.Escape(root)}[/]");
                return Program.Ok;
            });
            return command;
        }

        Command Test()
        {
            var folder = new Argument<string>("patch") { Description = "A patch folder whose target names a test (patch.json \"test\")." };
            var record = new Option<bool>("--record") { Description = "Run the repro and the test on the runtimes of the patch's saved evidence and put their outcomes into evidence.json, EVIDENCE.md and UPSTREAM.md; no figure is measured again." };
            var command = new Command("test", "Run the patch's upstream-style test with xUnit on the A/A and the patched copy: it must fail on the first and pass on the second.");
            command.Arguments.Add(folder);
            command.Options.Add(_common.Runtime);
            command.Options.Add(record);
            command.SetAction(parse =>
            {
                var patch = PatchFolder.Load(parse.GetValue(folder)!);
                if (parse.GetValue(record)) return Record(patch);
                var runtimes = _common.ResolveRunnableRuntimes(parse, "patch test", defaultsWhenNone: false);
                if (runtimes.Count == 0)
                    runtimes = patch.Manifest.Targets.Select(t => RuntimeResolver.Resolve(t.Runtime == "mono" ? "mono" : "dotnet")).ToList();
                var cache = PatchCache.Default();
                var runner = new Evidence.PatchProgramRunner(new Sweep.ProbeLocator(), cache.ProgramsFolder);
                var ok = true;
                foreach (var runtime in runtimes)
                {
                    var (aa, patched) = cache.GetOrBuildBoth(patch, runtime);
                    var result = runner.RunTest(patch, runtime, new Dictionary<string, RuntimeTarget> { [Evidence.EvidenceRunner.Aa] = aa, [Evidence.EvidenceRunner.Patched] = patched });
                    if (result == null)
                    {
                        AnsiConsole.MarkupLine($"{Markup.Escape(runtime.Name)} {Markup.Escape(runtime.Version)}: [yellow]no upstream-style test for this runtime[/]");
                        ok = false;
                        continue;
                    }
                    AnsiConsole.MarkupLine($"{Markup.Escape(runtime.Name)} {Markup.Escape(runtime.Version)}: {Markup.Escape(result.File)} ({Markup.Escape(result.Framework)}), joins {Markup.Escape(result.Joins)}");
                    foreach (var side in result.Sides)
                    {
                        AnsiConsole.MarkupLine($"  {(side.Side == Evidence.EvidenceRunner.Aa ? "A/A    " : "patched")} {Markup.Escape(side.Summary)}");
                        foreach (var t in side.Tests) AnsiConsole.MarkupLine($"[grey]    {Markup.Escape(t.Outcome)} {Markup.Escape(t.Test)}[/]");
                    }
                    var verdict = result.FailsThenPasses ? "[green]fails on A/A, passes patched[/]" : "[red]does not fail on A/A and pass patched[/]";
                    AnsiConsole.MarkupLine("  " + verdict);
                    ok &= result.FailsThenPasses;
                }
                return ok ? Program.Ok : Program.Finding;
            });
            return command;
        }

        static int Record(PatchFolder patch)
        {
            if (patch.Manifest.Targets.All(t => t.Repro == null && t.Test == null))
                throw new InputException($"patch test --record: {patch.Path}/patch.json names no repro and no test to record");
            var document = Evidence.EvidenceDocument.TryRead(patch.Path)
                           ?? throw new InputException($"patch test --record: {patch.Path} has no evidence.json (run patch evidence first)");
            var cache = PatchCache.Default();
            var programs = new Evidence.PatchProgramRunner(new Sweep.ProbeLocator(), cache.ProgramsFolder);
            // A saved runtime is found again by its flavor and exact version (a .NET version names the installed or private framework).
            Evidence.EvidenceRunner.RecordPrograms(document, patch, r => RuntimeResolver.Resolve(r.Flavor == "mono" ? "mono" : r.Version), cache, programs);
            document = document.RelativeTo(PatchFolder.CheckoutRoot());
            File.WriteAllText(Path.Combine(patch.Path, PatchFolder.EvidenceJson), Newtonsoft.Json.JsonConvert.SerializeObject(document, Newtonsoft.Json.Formatting.Indented));
            File.WriteAllText(Path.Combine(patch.Path, PatchFolder.EvidenceMarkdown), Evidence.EvidenceMarkdown.Render(patch, document));
            if (Evidence.UpstreamMarkdown.Render(patch, document) is string upstream) File.WriteAllText(Path.Combine(patch.Path, Evidence.UpstreamMarkdown.FileName), upstream);
            var ok = true;
            foreach (var r in document.Runtimes)
            {
                AnsiConsole.MarkupLine($"{Markup.Escape(r.Runtime)} {Markup.Escape(r.Version)}: repro {(r.Repro == null ? "none" : r.Repro.ShowsTheFault ? "[green]prints the fault[/]" : "[red]prints the same before and after[/]")}; test {(r.UpstreamTest == null ? "none" : r.UpstreamTest.FailsThenPasses ? "[green]fails on A/A, passes patched[/]" : "[red]does not fail on A/A and pass patched[/]")}");
                foreach (var side in r.Repro?.Sides ?? new List<Evidence.ReproSide>())
                    AnsiConsole.MarkupLine($"[grey]  {Markup.Escape(side.Side)}: {Markup.Escape(side.Error ?? side.Output.Replace("\n", " / "))}[/]");
                ok &= r.Repro?.ShowsTheFault != false && r.UpstreamTest?.FailsThenPasses != false;
            }
            return ok ? Program.Ok : Program.Finding;
        }

        Command Verify()
        {
            var folders = new Argument<string[]>("patches") { Description = "Patch folders (default: every folder under ./patches).", Arity = ArgumentArity.ZeroOrMore };
            var command = new Command("verify", "Check every patch folder: well-formed, its type and members exist in each runtime, the replacement compiles and weaves, the diff parses.");
            command.Arguments.Add(folders);
            command.Options.Add(_common.Runtime);
            command.SetAction(parse =>
            {
                var paths = Folders(parse.GetValue(folders));
                var runtimes = _common.ResolveRunnableRuntimes(parse, "patch verify", runsWasm: true);
                var table = new Table().AddColumns("patch", "runtime", "verdict");
                var failed = 0;
                foreach (var path in paths)
                {
                    foreach (var (runtime, verdict, ok) in PatchVerifier.Verify(path, runtimes))
                    {
                        if (!ok) failed++;
                        table.AddRow(Markup.Escape(Path.GetFileName(path.TrimEnd('/'))), Markup.Escape(runtime), ok ? "[green]" + Markup.Escape(verdict) + "[/]" : "[red]" + Markup.Escape(verdict) + "[/]");
                    }
                }
                var loaded = new List<PatchFolder>();
                foreach (var path in paths)
                {
                    try { loaded.Add(PatchFolder.Load(path)); }
                    catch (InputException) { } // already a row of the table
                }
                foreach (var overlap in PatchVerifier.Overlaps(loaded))
                {
                    failed++;
                    table.AddRow("[red]overlap[/]", "-", "[red]" + Markup.Escape(overlap) + "[/]");
                }
                AnsiConsole.Write(table);
                if (failed > 0)
                {
                    Console.Error.WriteLine($"streamconf: patch verify: {failed} fault(s) (see the table)");
                    return Program.BadInput;
                }
                return Program.Ok;
            });
            return command;
        }

        Command Report()
        {
            var source = new Argument<string>("evidence") { Description = "A patch folder or its evidence.json (as `patch evidence` wrote it)." };
            var html = new Option<string?>("--html") { Description = "Write the evidence as an HTML page: per operation a chart of original, A/A and patched with intervals." };
            var markdown = new Option<string?>("--markdown") { Description = "Write EVIDENCE.md's text again to this file, from the evidence and the patch folder it lies in (after a change to how evidence is written)." };
            var upstreamText = new Option<string?>("--upstream") { Description = "Write UPSTREAM.md's text again to this file: the drafted issue and pull request, from the evidence and patch.json's \"issue\" (a group's: one pull request for all its patches)." };
            var command = new Command("report", "Render a patch's saved evidence again: its headline and verdicts, --html a page with charts, --markdown its EVIDENCE.md, --upstream its UPSTREAM.md.");
            command.Arguments.Add(source);
            command.Options.Add(html);
            command.Options.Add(markdown);
            command.Options.Add(upstreamText);
            command.SetAction(parse =>
            {
                var path = parse.GetValue(source)!;
                var document = Evidence.EvidenceDocument.Read(path);
                var page = parse.GetValue(html) is string h ? new Reports.OutputFile(h, "html") : null;
                page?.WriteText(w => w.Write(Evidence.Page.EvidenceHtml.Render(document, new Charts.ScottPlotChartRenderer())));
                var text = parse.GetValue(markdown) is string md ? new Reports.OutputFile(md, "markdown") : null;
                var drafts = parse.GetValue(upstreamText) is string u ? new Reports.OutputFile(u, "markdown") : null;
                var where = Directory.Exists(path) ? path : Path.GetDirectoryName(Path.GetFullPath(path))!;
                if (document.Patches != null)
                {
                    // A group's evidence lies in patches/groups/NAME; its patches are the folders of patches/.
                    var set = Evidence.GroupEvidenceMarkdown.SetOf(where, document);
                    text?.WriteText(w => w.Write(Evidence.GroupEvidenceMarkdown.Render(set, document)));
                    if (drafts != null)
                    {
                        var draft = Evidence.GroupUpstreamMarkdown.Render(set, document);
                        drafts.WriteText(w => w.Write(draft));
                    }
                    text = null;
                    drafts = null;
                }
                var folder = text != null || drafts != null ? PatchFolder.Load(where) : null;
                text?.WriteText(w => w.Write(Evidence.EvidenceMarkdown.Render(folder!, document)));
                if (drafts != null)
                {
                    var draft = Evidence.UpstreamMarkdown.Render(folder!, document)
                                ?? throw new InputException($"--upstream: {folder!.Path}/patch.json has no \"issue\" entry to draft the issue and pull request from");
                    drafts.WriteText(w => w.Write(draft));
                }
                foreach (var r in document.Runtimes)
                    AnsiConsole.MarkupLine($"{Markup.Escape(r.Runtime)} {Markup.Escape(r.Version)}: {Markup.Escape(r.Verdict)}");
                AnsiConsole.MarkupLine($"status [bold]{Markup.Escape(document.Status)}[/]: {Markup.Escape(document.Headline)}");
                if (page != null) AnsiConsole.MarkupLine($"[grey]html: {Markup.Escape(page.Path)}[/]");
                if (parse.GetValue(markdown) is string written) AnsiConsole.MarkupLine($"[grey]markdown: {Markup.Escape(written)}[/]");
                return Program.Ok;
            });
            return command;
        }

        Command List()
        {
            var folders = new Argument<string[]>("patches") { Description = "Patch folders (default: every folder under ./patches).", Arity = ArgumentArity.ZeroOrMore };
            var command = new Command("list", "Every patch: id, title, runtimes, status and its headline figure from the evidence.");
            command.Arguments.Add(folders);
            command.SetAction(parse =>
            {
                var table = new Table().AddColumns("id", "title", "runtimes", "status", "headline");
                var bad = 0;
                foreach (var path in Folders(parse.GetValue(folders)))
                {
                    try
                    {
                        var patch = PatchFolder.Load(path);
                        var evidence = Evidence.EvidenceDocument.TryRead(patch.Path);
                        table.AddRow(patch.Manifest.Id, Markup.Escape(patch.Manifest.Title),
                            Markup.Escape(string.Join(", ", patch.Manifest.Targets.Select(t => t.Runtime + (t.VersionMeasured != null ? " " + t.VersionMeasured : "")))),
                            Markup.Escape(evidence?.Status ?? patch.Manifest.Status),
                            Markup.Escape(evidence?.Headline ?? "(no evidence yet: streamconf patch evidence " + path + ")"));
                    }
                    catch (InputException e)
                    {
                        bad++;
                        table.AddRow("?", Markup.Escape(Path.GetFileName(path)), "", "[red]malformed[/]", Markup.Escape(e.Message));
                    }
                }
                AnsiConsole.Write(table);
                return bad > 0 ? Program.BadInput : Program.Ok;
            });
            return command;
        }

        /// <summary>The folders named, or every NNNN-* folder of ./patches (or the checkout's patches/ when run elsewhere).</summary>
        public static List<string> Folders(string[]? named)
        {
            if (named != null && named.Length > 0) return named.Select(Path.GetFullPath).ToList();
            var root = PatchesRoot();
            return Directory.GetDirectories(root).Where(d => char.IsDigit(Path.GetFileName(d)[0])).OrderBy(d => d, StringComparer.Ordinal).ToList();
        }

        static string PatchesRoot()
        {
            if (Directory.Exists("patches")) return Path.GetFullPath("patches");
            var checkout = PatchFolder.CheckoutRoot();
            if (checkout != null) return Path.Combine(checkout, "patches");
            throw new InputException("patch: no patches/ folder here or in the checkout of the tool; name the patch folders");
        }
    }
}
