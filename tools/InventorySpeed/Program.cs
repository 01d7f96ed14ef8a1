using System;
using System.Diagnostics;
using System.IO;
using Newtonsoft.Json;
using StreamConformance;
using StreamConformance.Discovery;
using StreamConformance.Runtimes;

namespace StreamConformance.Tools
{
    /// <summary>
    /// Usage: InventorySpeed [--json DIR] [--markdown DIR] [RUNTIME...]   (default runtimes: dotnet mono)
    /// Prints, per runtime, the wall time of InventoryReader.Read and the inventory's totals.
    /// </summary>
    public static class InventorySpeed
    {
        public static int Main(string[] args)
        {
            string? jsonDir = null, markdownDir = null;
            var runtimes = new System.Collections.Generic.List<string>();
            for (var i = 0; i < args.Length; i++)
            {
                if (args[i] == "--json" && i + 1 < args.Length) jsonDir = args[++i];
                else if (args[i] == "--markdown" && i + 1 < args.Length) markdownDir = args[++i];
                else runtimes.Add(args[i]);
            }
            if (runtimes.Count == 0) runtimes.AddRange(new[] { "dotnet", "mono" });
            var exit = 0;
            foreach (var spec in runtimes)
            {
                RuntimeTarget target;
                try { target = RuntimeResolver.Resolve(spec); }
                catch (InputException e) { Console.WriteLine($"{spec}: skipped ({e.Message})"); exit = 2; continue; }
                var watch = Stopwatch.StartNew();
                var inventory = InventoryReader.Read(target);
                watch.Stop();
                var t = inventory.Totals;
                Console.WriteLine($"{target}: {watch.Elapsed.TotalSeconds:F2} s wall");
                Console.WriteLine($"  assemblies read {t.AssembliesRead}, errors {t.Errors}, stream types {t.Types}, concrete {t.Concrete}, public concrete {t.PublicConcrete}");
                Console.WriteLine($"  concrete inheriting Stream.ReadByte {t.ConcreteInheritingReadByte}, Stream.WriteByte {t.ConcreteInheritingWriteByte}");
                Console.WriteLine($"  concrete flagged: allocates-per-call {t.ConcreteAllocatesPerCall}, sync-over-async {t.ConcreteSyncOverAsync}, span-path-rents-and-copies {t.ConcreteSpanPathRentsAndCopies}");
                var safeName = string.Join("_", target.Name.Split(Path.GetInvalidFileNameChars()));
                if (jsonDir != null)
                {
                    Directory.CreateDirectory(jsonDir);
                    File.WriteAllText(Path.Combine(jsonDir, $"inventory-{safeName.Replace('/', '_')}.json"), JsonConvert.SerializeObject(inventory, Formatting.Indented));
                }
                if (markdownDir != null)
                {
                    Directory.CreateDirectory(markdownDir);
                    File.WriteAllText(Path.Combine(markdownDir, $"inventory-{safeName.Replace('/', '_')}.md"), Reports.InventoryMarkdown.Render(inventory));
                }
            }
            return exit;
        }
    }
}
