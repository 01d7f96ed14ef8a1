using System;
using System.CommandLine;
using System.Linq;
using System.Threading;
using Spectre.Console;
using StreamConformance.Budgets;
using StreamConformance.Reports;
using StreamConformance.Results;
using StreamConformance.Sweep;

namespace StreamConformance.Cli.Commands
{
    /// <summary>`streamconf sweep`: build every stream that can be built and check it; the default verb.</summary>
    public sealed class SweepCommand
    {
        readonly CommonOptions _common = new CommonOptions();
        readonly Option<bool> _quick = new Option<bool>("--quick") { Description = "Fewer iterations and smaller content; every check still runs." };
        readonly Option<string?> _checks = new Option<string?>("--checks") { Description = "Glob over check names, e.g. read-byte.* or budget.*" };
        readonly Option<bool> _strict = new Option<bool>("--strict") { Description = "Fail what is stricter than dotnet/runtime's own conformance suite (advisories), e.g. NotSupportedException instead of ObjectDisposedException after Dispose." };
        readonly Option<int> _seed = new Option<int>("--seed") { Description = "Seed of every random interleaving and walk.", DefaultValueFactory = _ => 20261121 };
        readonly Option<double> _timeout = new Option<double>("--timeout") { Description = "Seconds a check may run silent before it is reported as timeout.", DefaultValueFactory = _ => 5 };
        readonly Option<bool> _serial = new Option<bool>("--serial") { Description = "Sweep the runtimes one after the other instead of side by side." };
        readonly Option<string?> _machine = new Option<string?>("--machine") { Description = "What the result calls this machine (default: its host name); merge labels runtimes name@machine." };
        readonly Option<string?> _budgets = new Option<string?>("--budgets") { Description = "Budget file (default: the built-in budgets/default.json)." };

        public Command Create()
        {
            var command = new Command("sweep", "Build every Stream of the runtimes (or assemblies) and check it against the Stream contract and budgets.");
            AddTo(command);
            return command;
        }

        public void AddTo(Command command)
        {
            _common.AddTo(command);
            command.Options.Add(_quick);
            command.Options.Add(_checks);
            command.Options.Add(_strict);
            command.Options.Add(ConsoleView.All);
            command.Options.Add(ConsoleView.ByAssembly);
            command.Options.Add(MatrixView.Option);
            command.Options.Add(ConsoleView.Expectations);
            command.Options.Add(_seed);
            command.Options.Add(_timeout);
            command.Options.Add(_budgets);
            command.Options.Add(_serial);
            command.Options.Add(_machine);
            command.SetAction(Run);
        }

        int Run(ParseResult parse)
        {
            var options = new SweepOptions
            {
                Filter = parse.GetValue(_common.Filter),
                Checks = parse.GetValue(_checks),
                Quick = parse.GetValue(_quick),
                Strict = parse.GetValue(_strict),
                Seed = parse.GetValue(_seed),
                Parallel = !parse.GetValue(_serial),
                Machine = parse.GetValue(_machine),
                // The inventory of runtime folders that did not change since this build last read them (docs/inventory.md).
                InventoryCache = new Discovery.InventoryCache(Discovery.InventoryCache.DefaultDirectory()),
            };
            var timeout = parse.GetValue(_timeout);
            if (!(timeout > 0)) throw new InputException($"--timeout: {timeout} is not a positive number of seconds");
            options.CheckTimeout = TimeSpan.FromSeconds(timeout);
            var budgets = parse.GetValue(_budgets);
            if (budgets != null)
            {
                options.BudgetsPath = System.IO.Path.GetFullPath(budgets);
                BudgetLoader.Load(options.BudgetsPath); // a malformed file is an input error before anything runs
            }
            options.Assemblies.AddRange(_common.AssemblyPaths(parse));
            options.Runtimes.AddRange(_common.ResolveRunnableRuntimes(parse, "sweep", runsWasm: true));
            if (options.Assemblies.Count > 0)
            {
                // When not one of the user's assemblies can be read there is nothing to sweep: an input error, as in inventory.
                var readable = Discovery.InventoryReader.ReadAssemblies(options.Assemblies, options.Runtimes.FirstOrDefault());
                if (readable.Types.Count == 0 && readable.Errors.Count > 0) throw new InputException(readable.Errors[0].Message);
            }
            var expectations = ConsoleView.ExpectationsOf(parse);
            var outputs = _common.Outputs(parse);

            using var cancel = new CancellationTokenSource();
            ConsoleCancelEventHandler onCancel = (_, e) => { e.Cancel = true; cancel.Cancel(); };
            Console.CancelKeyPress += onCancel;
            try
            {
                var runner = new SweepRunner(options, SweepTargets.FromInventory);
                var document = ConsoleView.RunWithProgress(runner, cancel.Token);
                var analysis = RunAnalysis.Of(document, expectations);
                foreach (var output in outputs) output.Write(analysis);
                ConsoleView.Summary(analysis, parse.GetValue(ConsoleView.All), parse.GetValue(ConsoleView.ByAssembly));
                if (parse.GetValue(MatrixView.Option)) MatrixView.Write(analysis, parse.GetValue(ConsoleView.All));
                foreach (var output in outputs) AnsiConsole.MarkupLine($"[grey]{output.Format}: {Markup.Escape(output.Path)}[/]");
                if (cancel.IsCancellationRequested) return Program.BadInput;
                // Advisories and expected behaviour are reported, never counted.
                return analysis.Fails ? Program.Finding : Program.Ok;
            }
            finally
            {
                Console.CancelKeyPress -= onCancel;
            }
        }
    }
}
