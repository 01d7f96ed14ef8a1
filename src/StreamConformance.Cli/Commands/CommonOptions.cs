using System.Collections.Generic;
using System.CommandLine;
using System.IO;
using System.Linq;
using StreamConformance.Reports;
using StreamConformance.Runtimes;

namespace StreamConformance.Cli.Commands
{
    /// <summary>Options every verb that reads runtimes or writes reports shares.</summary>
    public sealed class CommonOptions
    {
        public readonly Option<string[]> Runtime = new Option<string[]>("--runtime", "-r")
        {
            Description = "A runtime: dotnet, mono, a .NET version (8.0), or a path (dotnet root, dotnet/runtime testhost folder, Core_Root with corerun, shared-framework folder, Mono prefix or binary). Repeatable; default: dotnet and mono.",
            Arity = ArgumentArity.ZeroOrMore,
        };

        public readonly Option<string[]> Assembly = new Option<string[]>("--assembly", "-a")
        {
            Description = "A user assembly (or folder of assemblies) whose Stream subclasses are used instead of the runtime's. Repeatable.",
            Arity = ArgumentArity.ZeroOrMore,
        };

        public readonly Option<string?> Filter = new Option<string?>("--filter", "-f")
        {
            Description = "Glob over full type names, e.g. *FileStream*.",
        };

        /// <summary>A run's output formats (<see cref="Exporters.All"/>), an option each: --json, --markdown, --html.</summary>
        readonly IReadOnlyList<(IExporter Exporter, Option<string?> Option)> _outputs =
            Exporters.All(new Charts.ScottPlotChartRenderer()).Select(e => (e, new Option<string?>("--" + e.Format) { Description = e.Description })).ToList();

        /// <summary>The option of a format; the inventory, scenario and evidence verbs write their own documents through these names.</summary>
        public Option<string?> Json => OptionOf("json");
        public Option<string?> Markdown => OptionOf("markdown");
        public Option<string?> Html => OptionOf("html");

        Option<string?> OptionOf(string format) => _outputs.First(o => o.Exporter.Format == format).Option;

        public void AddTo(Command command)
        {
            command.Options.Add(Runtime);
            command.Options.Add(Assembly);
            command.Options.Add(Filter);
            AddOutputsTo(command);
        }

        /// <summary>An option per output format of a run.</summary>
        public void AddOutputsTo(Command command)
        {
            foreach (var (_, option) in _outputs) command.Options.Add(option);
        }

        /// <summary>The runtimes named, resolved; both defaults when none is named. Unknown names and bad paths are input errors.</summary>
        public List<RuntimeTarget> ResolveRuntimes(ParseResult parse, bool defaultsWhenNone = true)
        {
            var specs = parse.GetValue(Runtime) ?? new string[0];
            if (specs.Length == 0 && defaultsWhenNone) specs = new[] { "dotnet", "mono" };
            return specs.Select(RuntimeResolver.Resolve).ToList();
        }

        /// <summary>
        /// <see cref="ResolveRuntimes"/> for a command that starts programs on each runtime: a runtime it cannot run on is
        /// bad input, named, before any work is done. The WebAssembly flavour runs the probe under Node
        /// (<paramref name="runsWasm"/>: sweep, patch apply, evidence and verify) and nothing else yet (scenarios, patch test); without Node it is metadata only.
        /// </summary>
        public List<RuntimeTarget> ResolveRunnableRuntimes(ParseResult parse, string command, bool defaultsWhenNone = true, bool runsWasm = false)
        {
            var runtimes = ResolveRuntimes(parse, defaultsWhenNone);
            foreach (var t in runtimes.Where(t => t.Flavor == RuntimeFlavor.Wasm))
            {
                if (!runsWasm)
                    throw new InputException($"runtime {t.Name} (WebAssembly {t.Version} at {t.Location}): {command} cannot run on the WebAssembly flavour yet (sweep can; streamconf inventory --runtime {t.Name} reads its streams)");
                if (!t.CanRunProbe)
                    throw new InputException($"runtime {t.Name} (WebAssembly {t.Version} at {t.Location}): {command} needs Node to run it, and no node is on PATH (./build.sh installs nodejs)");
                if (Sweep.WasmProbeBuild.WhyNoProbe(t) is string why) throw new InputException(why);
            }
            return runtimes;
        }

        public List<string> AssemblyPaths(ParseResult parse)
        {
            var paths = (parse.GetValue(Assembly) ?? new string[0]).Select(Path.GetFullPath).ToList();
            foreach (var p in paths.Where(p => !File.Exists(p) && !Directory.Exists(p)))
                throw new InputException($"assembly: {p} does not exist");
            return paths;
        }

        /// <summary>The report files asked for, each checked for writability before any work is done.</summary>
        public List<OutputFile> Outputs(ParseResult parse) =>
            _outputs.Where(o => parse.GetValue(o.Option) != null).Select(o => new OutputFile(parse.GetValue(o.Option)!, o.Exporter)).ToList();
    }
}
