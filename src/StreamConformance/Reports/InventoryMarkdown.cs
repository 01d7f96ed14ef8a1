using System.Collections.Generic;
using System.Linq;
using System.Text;
using StreamConformance.Discovery;

namespace StreamConformance.Reports
{
    /// <summary>Renders a <see cref="StreamInventory"/> as Markdown: one table per assembly, then totals.</summary>
    public static class InventoryMarkdown
    {
        public static string Render(StreamInventory inventory)
        {
            var md = new StringBuilder();
            md.Append("# Stream inventory: ").Append(inventory.Runtime).Append("\n\n");
            if (inventory.Stream != null)
            {
                md.Append("System.IO.Stream itself (").Append(inventory.Stream.Assembly).Append("): ")
                  .Append(HazardSummary(inventory.Stream.Hazards)).Append("\n\n");
            }
            foreach (var group in inventory.Types.GroupBy(t => t.Assembly))
            {
                md.Append("## ").Append(group.Key).Append("\n\n");
                md.Append("| Type | Public | Kind | ReadByte from | WriteByte from | Hazards |\n");
                md.Append("|---|---|---|---|---|---|\n");
                foreach (var type in group)
                {
                    md.Append("| ").Append(Code(type.FullName))
                      .Append(" | ").Append(type.IsPublic ? "yes" : "no")
                      .Append(" | ").Append(type.IsAbstract ? "abstract" : type.IsSealed ? "sealed" : "")
                      .Append(" | ").Append(Provider(type, StreamMembers.ReadByte))
                      .Append(" | ").Append(Provider(type, StreamMembers.WriteByte))
                      .Append(" | ").Append(HazardSummary(type.Hazards))
                      .Append(" |\n");
                }
                md.Append('\n');
            }
            if (inventory.Errors.Count > 0)
            {
                md.Append("## Errors\n\n");
                foreach (var e in inventory.Errors) md.Append("- ").Append(Escape(e.Message)).Append('\n');
                md.Append('\n');
            }
            var t = inventory.Totals;
            md.Append("## Totals\n\n");
            md.Append("| Count | Value |\n|---|---|\n");
            Row(md, "Assemblies read", t.AssembliesRead);
            Row(md, "Errors", t.Errors);
            Row(md, "Stream types", t.Types);
            Row(md, "Concrete", t.Concrete);
            Row(md, "Public concrete", t.PublicConcrete);
            Row(md, "Concrete inheriting Stream.ReadByte", t.ConcreteInheritingReadByte);
            Row(md, "Concrete inheriting Stream.WriteByte", t.ConcreteInheritingWriteByte);
            Row(md, "Concrete flagged allocates-per-call", t.ConcreteAllocatesPerCall);
            Row(md, "Concrete flagged sync-over-async", t.ConcreteSyncOverAsync);
            Row(md, "Concrete flagged span-path-rents-and-copies", t.ConcreteSpanPathRentsAndCopies);
            return md.ToString();
        }

        static void Row(StringBuilder md, string name, int value) => md.Append("| ").Append(name).Append(" | ").Append(value).Append(" |\n");

        static string Provider(StreamTypeInfo type, string key)
        {
            var provider = type.ProviderOf(key);
            if (provider == null) return "—";
            return provider == type.FullName ? "own" : Code(provider);
        }

        /// <summary>"allocates-per-call (ReadByte, WriteByte); sync-over-async (Flush)", or "—".</summary>
        static string HazardSummary(IEnumerable<Hazard> hazards)
        {
            var parts = hazards.GroupBy(h => h.Kind)
                .Select(g => g.Key + " (" + string.Join(", ", g.Select(h => Escape(h.Member))) + ")").ToList();
            return parts.Count == 0 ? "—" : string.Join("; ", parts);
        }

        /// <summary>Inline code; generic names hold a backtick ("Foo`1"), so those use a double-backtick span.</summary>
        static string Code(string text) => text.Contains("`") ? "`` " + text + " ``" : "`" + text + "`";

        static string Escape(string text) => text.Replace("|", "\\|").Replace("<", "&lt;").Replace(">", "&gt;");
    }
}
