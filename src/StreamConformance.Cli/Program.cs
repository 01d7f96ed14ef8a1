using System;
using System.CommandLine;
using StreamConformance.Cli.Commands;

namespace StreamConformance.Cli
{
    /// <summary>Exit codes: 0 all good, 1 a finding (failure, budget exceeded, regression), 2 usage or input error.</summary>
    public static class Program
    {
        public const int Ok = 0, Finding = 1, BadInput = 2;

        public static int Main(string[] args)
        {
            var root = new RootCommand("streamconf: conformance and per-call cost of System.IO.Stream on .NET and Mono.");
            var sweep = new SweepCommand();
            root.Subcommands.Add(sweep.Create());
            root.Subcommands.Add(new InventoryCommand().Create());
            root.Subcommands.Add(new RuntimesCommand().Create());
            root.Subcommands.Add(new CompareCommand().Create());
            root.Subcommands.Add(new ReportCommand().Create());
            root.Subcommands.Add(new MergeCommand().Create());
            root.Subcommands.Add(new PatchCommand().Create());
            root.Subcommands.Add(new ScenarioCommand().Create());
            sweep.AddTo(root); // `streamconf` alone runs the sweep

            // Redirected output (CI logs, files) is read wide, not at the 80 columns Spectre assumes.
            if (Console.IsOutputRedirected) Spectre.Console.AnsiConsole.Profile.Width = 240;

            var parse = root.Parse(args);
            if (parse.Errors.Count > 0)
            {
                Console.Error.WriteLine($"streamconf: {parse.Errors[0].Message} (see streamconf --help)");
                return BadInput;
            }
            try
            {
                return parse.Invoke(new InvocationConfiguration { EnableDefaultExceptionHandler = false });
            }
            catch (InputException e)
            {
                Console.Error.WriteLine($"streamconf: {e.Message}");
                return BadInput;
            }
        }
    }
}
