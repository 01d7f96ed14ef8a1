using System.Collections.Generic;
using System.CommandLine;
using System.Linq;
using Newtonsoft.Json;
using Spectre.Console;
using StreamConformance.Discovery;
using StreamConformance.Reports;

namespace StreamConformance.Cli.Commands
{
    /// <summary>`streamconf inventory`: every Stream subclass of the runtimes (or assemblies), from metadata only.</summary>
    public sealed class InventoryCommand
    {
        readonly CommonOptions _common = new CommonOptions();

        public Command Create()
        {
            var command = new Command("inventory", "List every Stream subclass, which type provides each member it gets, and the hazards found in their IL.");
            _common.AddTo(command);
            command.SetAction(Run);
            return command;
        }

        int Run(ParseResult parse)
        {
            if (parse.GetValue(_common.Html) != null)
                throw new InputException("--html: the inventory is written as --json or --markdown");
            var assemblies = _common.AssemblyPaths(parse);
            // User assemblies are read once, against the first runtime named (or the one the CLI runs on).
            var runtimes = _common.ResolveRuntimes(parse, defaultsWhenNone: assemblies.Count == 0);
            var json = parse.GetValue(_common.Json) is string j ? new OutputFile(j, "json") : null;
            var markdown = parse.GetValue(_common.Markdown) is string m ? new OutputFile(m, "markdown") : null;
            var filter = parse.GetValue(_common.Filter);

            var inventories = new List<StreamInventory>();
            if (assemblies.Count > 0)
                inventories.Add(InventoryReader.ReadAssemblies(assemblies, runtimes.FirstOrDefault()));
            else
                inventories.AddRange(runtimes.Select(r => InventoryReader.Read(r)));
            if (filter != null)
                foreach (var inventory in inventories)
                    inventory.Types = inventory.Types.Where(t => Glob.IsMatch(filter, t.FullName)).ToList();

            foreach (var inventory in inventories) Render(inventory);
            json?.WriteText(w => w.Write(JsonConvert.SerializeObject(new InventoryDocument { Inventories = inventories }, Formatting.Indented)));
            markdown?.WriteText(w => { foreach (var inventory in inventories) w.WriteLine(InventoryMarkdown.Render(inventory)); });

            var errors = inventories.SelectMany(i => i.Errors).ToList();
            foreach (var e in errors) System.Console.Error.WriteLine($"streamconf: {e.Message}");
            return errors.Count > 0 ? Program.BadInput : Program.Ok;
        }

        static void Render(StreamInventory inventory)
        {
            var table = new Table().Title($"{Markup.Escape(inventory.Runtime)}: Stream subclasses");
            foreach (var c in new[] { "assembly", "type", "kind", "ReadByte from", "WriteByte from", "hazards" }) table.AddColumn(c);
            foreach (var group in inventory.Types.GroupBy(t => t.Assembly))
            {
                var first = true;
                foreach (var t in group)
                {
                    var kind = string.Join(" ", new[] { t.IsPublic ? "public" : "internal", t.IsAbstract ? "abstract" : t.IsSealed ? "sealed" : "" }.Where(s => s.Length > 0));
                    var hazards = t.Hazards.GroupBy(h => h.Kind).Select(g => $"{g.Key} ({string.Join(", ", g.Select(h => h.Member))})");
                    table.AddRow(first ? Markup.Escape(group.Key) : "", Markup.Escape(t.FullName), kind,
                        Provider(t, StreamMembers.ReadByte), Provider(t, StreamMembers.WriteByte), Markup.Escape(string.Join("; ", hazards)));
                    first = false;
                }
            }
            AnsiConsole.Write(table);
            var n = inventory.Totals;
            AnsiConsole.MarkupLine(Markup.Escape($"{inventory.Runtime} (whole inventory): {n.AssembliesRead} assemblies, {n.Types} Stream types ({n.Concrete} concrete, {n.PublicConcrete} public concrete); " +
                                                 $"concrete types inheriting Stream.ReadByte: {n.ConcreteInheritingReadByte}, Stream.WriteByte: {n.ConcreteInheritingWriteByte}; " +
                                                 $"allocates-per-call: {n.ConcreteAllocatesPerCall}, sync-over-async: {n.ConcreteSyncOverAsync}, span path rents and copies: {n.ConcreteSpanPathRentsAndCopies}"));
        }

        static string Provider(StreamTypeInfo t, string member)
        {
            var p = t.ProviderOf(member);
            if (p == null) return "";
            if (p == t.FullName) return "[green]own[/]";
            return p == "System.IO.Stream" ? "[yellow]Stream[/]" : Markup.Escape(p);
        }

        /// <summary>The --json form of an inventory run (docs/inventory.md).</summary>
        sealed class InventoryDocument
        {
            [JsonProperty("schemaVersion")] public int SchemaVersion { get; set; } = 1;
            [JsonProperty("kind")] public string Kind { get; set; } = "inventory";
            [JsonProperty("inventories")] public List<StreamInventory> Inventories { get; set; } = new List<StreamInventory>();
        }
    }
}
