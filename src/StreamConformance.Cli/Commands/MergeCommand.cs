using System;
using System.Collections.Generic;
using System.CommandLine;
using System.Linq;
using StreamConformance.Merge;
using StreamConformance.Reports;
using Spectre.Console;

namespace StreamConformance.Cli.Commands
{
    /// <summary>
    /// `streamconf merge A.json B.json …`: runs from several machines (or runtimes) as one report. A file that cannot be
    /// read is one line and exit 2; the others are still merged and written.
    /// </summary>
    public sealed class MergeCommand
    {
        readonly Argument<string[]> _results = new Argument<string[]>("results") { Description = "JSON results of sweeps (from any machine).", Arity = ArgumentArity.OneOrMore };
        readonly CommonOptions _common = new CommonOptions();

        public Command Create()
        {
            var command = new Command("merge", "Merge sweep results from several machines or runtimes into one: console summary, --json, --markdown, --html. The same runtime from two machines is labeled name@machine.");
            command.Arguments.Add(_results);
            _common.AddOutputsTo(command);
            command.Options.Add(ConsoleView.All);
            command.Options.Add(ConsoleView.ByAssembly);
            command.Options.Add(ConsoleView.Expectations);
            command.SetAction(parse =>
            {
                var expectations = ConsoleView.ExpectationsOf(parse);
                var outputs = _common.Outputs(parse);
                var paths = parse.GetValue(_results) ?? new string[0];
                var inputs = new List<MergeInput>();
                foreach (var path in paths)
                {
                    try { inputs.Add(new MergeInput(path, JsonExporter.Read(path))); }
                    catch (InputException e) { Console.Error.WriteLine($"streamconf: merge: {e.Message}"); }
                }
                if (inputs.Count == 0)
                {
                    Console.Error.WriteLine($"streamconf: merge: none of the {paths.Length} files could be read; nothing written");
                    return Program.BadInput;
                }
                var analysis = RunAnalysis.Of(RunMerger.Merge(inputs), expectations);
                foreach (var output in outputs) output.Write(analysis);
                ConsoleView.Summary(analysis, parse.GetValue(ConsoleView.All), parse.GetValue(ConsoleView.ByAssembly));
                AnsiConsole.MarkupLine($"[grey]merged {inputs.Count} of {paths.Length} files: {Markup.Escape(string.Join(", ", inputs.Select(i => i.Source)))}[/]");
                foreach (var output in outputs) AnsiConsole.MarkupLine($"[grey]{output.Format}: {Markup.Escape(output.Path)}[/]");
                return inputs.Count < paths.Length ? Program.BadInput : Program.Ok;
            });
            return command;
        }
    }
}
