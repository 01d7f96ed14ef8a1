using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using StreamConformance.Findings;
using StreamConformance.Probe;
using StreamConformance.Results;

namespace StreamConformance.Reports
{
    // One concept: the per-assembly table: its rows and how a run document makes them.
    /// <summary>One runtime × assembly: how much of its streams a sweep reached, how each was built, and what was found.</summary>
    public sealed class AssemblyRow
    {
        public string Runtime { get; set; } = "";
        public string Assembly { get; set; } = "";
        public int Discovered { get; set; }
        public int Built { get; set; }
        /// <summary>Built types by how their first variant was built (<see cref="RecipeOrigin.All"/>); they sum to <see cref="Built"/>.</summary>
        public SortedDictionary<string, int> How { get; set; } = new SortedDictionary<string, int>(StringComparer.Ordinal);
        public int CoveredThrough { get; set; }
        public int StaticOnly { get; set; }
        /// <summary>Findings by class (contract, cost, advisory, harness, expected).</summary>
        public SortedDictionary<string, int> Findings { get; set; } = new SortedDictionary<string, int>(StringComparer.Ordinal);
        /// <summary>Each static-only type with its own reason.</summary>
        public List<StaticOnlyType> StaticOnlyTypes { get; set; } = new List<StaticOnlyType>();

        public int HowCount(string how) => How.TryGetValue(how, out var n) ? n : 0;
        public int FindingCount(FindingClass c) => Findings.TryGetValue(Name(c), out var n) ? n : 0;

        public static string Name(FindingClass c) => c.ToString().ToLowerInvariant();
    }

    /// <summary>
    /// The sweep read per assembly (issue 18, "reading the result"): discovered, built and how (constructor, factory,
    /// extension method, a library's own recipe, a built-in recipe), covered through another stream, static-only with
    /// each reason, and findings by class. Made from the document alone; a run saved before the document carried the
    /// assemblies has no rows.
    /// </summary>
    public static class AssemblyTable
    {
        /// <summary>The finding classes in the order the table shows them.</summary>
        public static readonly IReadOnlyList<FindingClass> Classes = new[] { FindingClass.Contract, FindingClass.Cost, FindingClass.Advisory, FindingClass.Harness, FindingClass.Expected };

        /// <summary>The sweep was of a user's assemblies (`--assembly`): the table is the point of the run, shown by default.</summary>
        public static bool OfUserAssemblies(RunDocument document) => document.Options.ContainsKey("assemblies");

        public static IReadOnlyList<AssemblyRow> From(RunDocument document, IReadOnlyList<Finding> findings)
        {
            var rows = new List<AssemblyRow>();
            foreach (var run in document.Runtimes)
            {
                if (run.Assemblies == null) continue;
                // The document keys results by type name: a name two assemblies share (System.IO.Pipelines'
                // PipeWriterStream and ASP.NET Core's) counts in both, so each row still adds up.
                var assembliesOf = new Dictionary<string, List<string>>(StringComparer.Ordinal);
                foreach (var pair in run.Assemblies)
                    foreach (var type in pair.Value.Distinct())
                    {
                        if (!assembliesOf.TryGetValue(type, out var list)) assembliesOf[type] = list = new List<string>();
                        list.Add(pair.Key);
                    }
                var byAssembly = run.Assemblies.Keys.ToDictionary(a => a, a => new AssemblyRow { Runtime = run.Runtime.Name, Assembly = a, Discovered = run.Assemblies[a].Distinct().Count() }, StringComparer.Ordinal);
                IEnumerable<AssemblyRow> RowsOf(string type) => assembliesOf.TryGetValue(type, out var a) ? a.Select(x => byAssembly[x]) : Enumerable.Empty<AssemblyRow>();
                foreach (var built in run.Built.Keys)
                {
                    var how = run.BuiltHow != null && run.BuiltHow.TryGetValue(built, out var hows) && hows.Count > 0 ? hows[0] : RecipeOrigin.Unknown;
                    foreach (var row in RowsOf(built))
                    {
                        row.Built++;
                        row.How[how] = row.HowCount(how) + 1;
                    }
                }
                foreach (var c in run.CoveredThrough)
                    foreach (var row in RowsOf(c.Type)) row.CoveredThrough++;
                foreach (var s in run.StaticOnly)
                    foreach (var row in RowsOf(s.Type))
                    {
                        row.StaticOnly++;
                        row.StaticOnlyTypes.Add(s);
                    }
                foreach (var f in findings.Where(f => f.Runtime == run.Runtime.Name))
                    foreach (var row in RowsOf(f.Type))
                        row.Findings[AssemblyRow.Name(f.Class)] = row.FindingCount(f.Class) + 1;
                rows.AddRange(byAssembly.Values.OrderBy(r => r.Assembly, StringComparer.Ordinal));
            }
            return rows;
        }

        /// <summary>The header, as the console, Markdown and HTML tables show it.</summary>
        public static IReadOnlyList<string> Header { get; } =
            new[] { "runtime", "assembly", "discovered", "built" }.Concat(RecipeOrigin.All).Concat(new[] { "covered through", "static-only" })
                .Concat(Classes.Select(AssemblyRow.Name)).ToList();

        public static IReadOnlyList<string> Cells(AssemblyRow row) =>
            new[] { row.Runtime, row.Assembly, row.Discovered.ToString(), row.Built.ToString() }
                .Concat(RecipeOrigin.All.Select(h => row.HowCount(h).ToString()))
                .Concat(new[] { row.CoveredThrough.ToString(), row.StaticOnly.ToString() })
                .Concat(Classes.Select(c => row.FindingCount(c).ToString())).ToList();
    }
}
