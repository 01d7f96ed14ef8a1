using System.CommandLine;
using StreamConformance.Reports;

namespace StreamConformance.Cli.Commands
{
    /// <summary>`streamconf report RESULT.json`: the console summary and report files again, from a saved sweep.</summary>
    public sealed class ReportCommand
    {
        readonly Argument<string> _result = new Argument<string>("result") { Description = "JSON result of a sweep." };
        readonly CommonOptions _common = new CommonOptions();

        public Command Create()
        {
            var command = new Command("report", "Render a saved sweep result again: console summary, --markdown, --html (and --json, rewritten).");
            command.Arguments.Add(_result);
            command.Options.Add(_common.Json);
            command.Options.Add(_common.Markdown);
            command.Options.Add(_common.Html);
            command.Options.Add(ConsoleView.All);
            command.Options.Add(ConsoleView.Expectations);
            command.SetAction(parse =>
            {
                var document = JsonExporter.Read(parse.GetValue(_result)!);
                var expectations = ConsoleView.ExpectationsOf(parse);
                var outputs = _common.Outputs(parse, new JsonExporter(expectations), new MarkdownExporter(), new HtmlExporter());
                foreach (var output in outputs) output.Write(document);
                ConsoleView.Summary(document, parse.GetValue(ConsoleView.All), expectations);
                return Program.Ok;
            });
            return command;
        }
    }
}
