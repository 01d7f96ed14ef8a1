using System.Collections.Generic;
using System.Linq;
using StreamConformance.Discovery;
using StreamConformance.Probe;
using StreamConformance.Runtimes;

namespace StreamConformance.Sweep
{
    /// <summary>The types a sweep exercises on one runtime, and the inputs that could not be read.</summary>
    public sealed class SweepTargets
    {
        public SweepTargets(IReadOnlyList<ProbeItem> items, IReadOnlyList<string>? errors = null, IReadOnlyDictionary<string, List<Hazard>>? hazards = null)
        {
            Items = items;
            Errors = errors ?? new string[0];
            Hazards = hazards ?? new Dictionary<string, List<Hazard>>();
        }

        public IReadOnlyList<ProbeItem> Items { get; }
        public IReadOnlyList<string> Errors { get; }
        /// <summary>The inventory's IL hazards of the targets that have any, by type.</summary>
        public IReadOnlyDictionary<string, List<Hazard>> Hazards { get; }

        /// <summary>
        /// The inventory's concrete Stream types (the runtime's, or the user assemblies' when any are given),
        /// narrowed by the type filter.
        /// </summary>
        public static SweepTargets FromInventory(RuntimeTarget target, SweepOptions options)
        {
            var user = options.Assemblies.Count > 0;
            var inventory = user ? InventoryReader.ReadAssemblies(options.Assemblies, target, options.InventoryCache) : InventoryReader.Read(target, options.InventoryCache);
            var types = inventory.Types
                .Where(t => t.IsConcrete && (options.Filter == null || Glob.IsMatch(options.Filter, t.FullName)))
                .ToList();
            var items = types.Select(t => new ProbeItem { Type = t.FullName, AssemblyName = user ? null : t.AssemblyFullName, AssemblyPath = t.AssemblyPath }).ToList();
            var hazards = types.Where(t => t.Hazards.Count > 0).GroupBy(t => StreamAnalyzer.ReflectionName(t.FullName)).ToDictionary(g => g.Key, g => g.First().Hazards);
            return new SweepTargets(items, inventory.Errors.Select(e => e.Message).ToList(), hazards);
        }
    }
}
