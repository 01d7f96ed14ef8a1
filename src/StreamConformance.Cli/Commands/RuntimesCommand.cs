using System.CommandLine;
using System.Linq;
using StreamConformance.Runtimes;
using Spectre.Console;

namespace StreamConformance.Cli.Commands
{
    /// <summary>`streamconf runtimes`: what each runtime name or path resolves to; with none named, every runtime usable here.</summary>
    public sealed class RuntimesCommand
    {
        readonly CommonOptions _common = new CommonOptions();

        public Command Create()
        {
            var command = new Command("runtimes", "Show what each --runtime resolves to (with none: every runtime usable here): flavor, kind, version, where it came from, location, host.");
            command.Options.Add(_common.Runtime);
            command.SetAction(parse =>
            {
                var table = new Table();
                foreach (var c in new[] { "name", "flavor", "kind", "version", "origin", "location", "host", "assembly folders" }) table.AddColumn(c);
                var targets = _common.ResolveRuntimes(parse, defaultsWhenNone: false);
                if (targets.Count == 0) targets = RuntimeResolver.Available().ToList();
                foreach (var t in targets)
                    table.AddRow(Markup.Escape(t.Name), t.Flavor.ToString(), KindText(t.Kind), Markup.Escape(t.Version), OriginText(t), Markup.Escape(t.Location),
                        Markup.Escape(t.HostPath ?? "(none: metadata only)"), t.AssemblyDirectories.Count.ToString());
                AnsiConsole.Write(table);
                return Program.Ok;
            });
            return command;
        }

        static string KindText(RuntimeKind kind) => kind switch
        {
            RuntimeKind.Testhost => "testhost",
            RuntimeKind.CoreRun => "corerun (Core_Root)",
            RuntimeKind.Mono => "mono prefix",
            RuntimeKind.WasmPack => "browser-wasm runtime pack",
            _ => "dotnet root",
        };

        static string OriginText(RuntimeTarget t) => t.Origin switch
        {
            RuntimeOrigin.Private => t.Flavor == RuntimeFlavor.Wasm ? "private (" + WasmRuntimePacks.PrivateRootRelative + ")" : "private (" + RuntimeResolver.PrivateRootRelative + ")",
            RuntimeOrigin.Path => "given path",
            _ => "installed",
        };
    }
}
