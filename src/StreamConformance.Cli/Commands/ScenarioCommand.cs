using System;
using System.CommandLine;
using System.IO;
using System.Linq;
using System.Threading;
using Newtonsoft.Json;
using Spectre.Console;
using StreamConformance.Reports;
using StreamConformance.Scenarios;
using StreamConformance.Sweep;

namespace StreamConformance.Cli.Commands
{
    /// <summary>`streamconf scenario NAME…|all`: the seed experiments inside each runtime, beside the published figures (docs/scenarios.md).</summary>
    public sealed class ScenarioCommand
    {
        readonly CommonOptions _common = new CommonOptions();
        readonly Argument<string[]> _names = new Argument<string[]>("name")
        {
            Description = "small-chunks, mmf-views, byte-at-a-time, async-vs-sync, per-item-commit, or all.",
            Arity = ArgumentArity.OneOrMore,
        };
        readonly Option<string?> _size = new Option<string?>("--size") { Description = "Multiple of each scenario's default size (default 1: a minute or less per runtime here)." };

        public Command Create()
        {
            var command = new Command("scenario", "Run the seed experiments inside each runtime: times with spread, allocations, syscalls, beside the published figures.");
            command.Arguments.Add(_names);
            command.Options.Add(_common.Runtime);
            command.Options.Add(_size);
            command.Options.Add(_common.Json);
            command.Options.Add(_common.Markdown);
            command.Options.Add(_common.Html);
            command.SetAction(Run);
            return command;
        }

        int Run(ParseResult parse)
        {
            var names = ScenarioArguments.Names(parse.GetValue(_names) ?? new string[0]);
            var size = ScenarioArguments.Size(parse.GetValue(_size));
            var outputs = new[] { (_common.Json, "json"), (_common.Markdown, "markdown"), (_common.Html, "html") }
                .Select(o => (Path: parse.GetValue(o.Item1), Format: o.Item2)).Where(o => o.Path != null)
                .Select(o => (Path: Writable(o.Path!, o.Format), o.Format)).ToList();
            var runtimes = _common.ResolveRunnableRuntimes(parse, "scenario");

            using var cancel = new CancellationTokenSource();
            ConsoleCancelEventHandler onCancel = (_, e) => { e.Cancel = true; cancel.Cancel(); };
            Console.CancelKeyPress += onCancel;
            ScenarioDocument document;
            try
            {
                var sweep = new ScenarioSweep { Progress = line => AnsiConsole.MarkupLine("[grey]" + Markup.Escape(line) + "[/]") };
                document = sweep.Run(runtimes, names, size, cancel.Token);
            }
            finally { Console.CancelKeyPress -= onCancel; }
            if (cancel.IsCancellationRequested) return Program.BadInput;

            AnsiConsole.MarkupLine($"[grey]size ×{size}; {Markup.Escape(document.Machine)}[/]");
            foreach (var group in document.ByScenario())
            {
                var table = ScenarioTable.Of(group.ToList());
                var view = new Table { Title = new TableTitle(table.Scenario) };
                foreach (var h in table.Header) view.AddColumn(Markup.Escape(h));
                foreach (var row in table.Rows) view.AddRow(row.Select(Markup.Escape).ToArray());
                view.Caption = new TableTitle(table.Source);
                AnsiConsole.Write(view);
                foreach (var note in table.Notes) AnsiConsole.MarkupLine("  " + Markup.Escape(note));
            }
            foreach (var (path, format) in outputs)
            {
                File.WriteAllText(path, format == "json" ? JsonConvert.SerializeObject(document, Formatting.Indented)
                    : format == "markdown" ? ScenarioMarkdown.Render(document) : ScenarioHtml.Render(document));
                AnsiConsole.MarkupLine($"[grey]{format}: {Markup.Escape(path)}[/]");
            }
            return document.Results.Any(r => r.Error != null) ? Program.Finding : Program.Ok;
        }

        /// <summary>The full path, when its folder exists and it is not a folder itself.</summary>
        static string Writable(string path, string format)
        {
            var full = Path.GetFullPath(path);
            if (Directory.Exists(full)) throw new InputException($"{path}: is a folder, expected a file to write the {format} report to");
            if (!Directory.Exists(Path.GetDirectoryName(full))) throw new InputException($"{path}: cannot be written (folder {Path.GetDirectoryName(full)} does not exist)");
            return full;
        }
    }
}
