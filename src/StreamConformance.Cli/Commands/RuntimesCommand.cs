using System.CommandLine;
using Spectre.Console;

namespace StreamConformance.Cli.Commands
{
    /// <summary>`streamconf runtimes`: what each runtime name or path resolves to.</summary>
    public sealed class RuntimesCommand
    {
        readonly CommonOptions _common = new CommonOptions();

        public Command Create()
        {
            var command = new Command("runtimes", "Show what each --runtime resolves to: flavor, version, class library folders and host.");
            command.Options.Add(_common.Runtime);
            command.SetAction(parse =>
            {
                var table = new Table();
                foreach (var c in new[] { "name", "flavor", "version", "location", "host", "assembly folders" }) table.AddColumn(c);
                foreach (var t in _common.ResolveRuntimes(parse))
                    table.AddRow(Markup.Escape(t.Name), t.Flavor.ToString(), Markup.Escape(t.Version), Markup.Escape(t.Location),
                        Markup.Escape(t.HostPath ?? "(none: metadata only)"), t.AssemblyDirectories.Count.ToString());
                AnsiConsole.Write(table);
                return Program.Ok;
            });
            return command;
        }
    }
}
