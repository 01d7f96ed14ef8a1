using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using Newtonsoft.Json;

namespace StreamConformance.Meters.Syscalls
{
    // One concept: the traced child process: the request the meter writes for it and the entry point that runs it.
    /// <summary>What the meter asks a traced child to run.</summary>
    public sealed class SyscallChildRequest
    {
        /// <summary>Makes marker paths unique to this run.</summary>
        [JsonProperty("nonce")] public string Nonce { get; set; } = "";
        [JsonProperty("tempDirectory")] public string TempDirectory { get; set; } = "";
        [JsonProperty("cells")] public List<SyscallCell> Cells { get; set; } = new List<SyscallCell>();
        /// <summary>Assemblies besides this one to search for scenarios (e.g. calibration scenarios in a test assembly).</summary>
        [JsonProperty("scenarioAssemblies")] public List<string> ScenarioAssemblies { get; set; } = new List<string>();
        /// <summary>Where the child writes its <see cref="SyscallCellReport"/> list.</summary>
        [JsonProperty("output")] public string Output { get; set; } = "";

        public string BeginMarker(int cell) => $"/streamconf-{Nonce}-{cell}-b";
        public string EndMarker(int cell) => $"/streamconf-{Nonce}-{cell}-e";
    }

    /// <summary>
    /// The child side of the meter: "streamconf-probe --syscall-cells REQUEST.json". Runs every cell in turn
    /// on the main thread, each between its own markers, and writes one report per cell.
    /// </summary>
    public static class SyscallChild
    {
        public const string Flag = "--syscall-cells";

        public static int Main(string[] args)
        {
            if (args.Length != 2 || args[0] != Flag || !File.Exists(args[1]))
            {
                Console.Error.WriteLine($"usage: streamconf-probe {Flag} REQUEST.json (written by the syscall meter)");
                return 2;
            }
            var request = JsonConvert.DeserializeObject<SyscallChildRequest>(File.ReadAllText(args[1]))
                          ?? throw new InvalidDataException("empty request: " + args[1]);
            var reports = Run(request);
            File.WriteAllText(request.Output, JsonConvert.SerializeObject(reports));
            return 0;
        }

        public static List<SyscallCellReport> Run(SyscallChildRequest request)
        {
            var scenarios = FindScenarios(request.ScenarioAssemblies);
            var reports = new List<SyscallCellReport>();
            for (var i = 0; i < request.Cells.Count; i++)
                reports.Add(RunCell(request, i, scenarios));
            return reports;
        }

        static SyscallCellReport RunCell(SyscallChildRequest request, int index, IReadOnlyDictionary<string, ISyscallScenario> scenarios)
        {
            var cell = request.Cells[index];
            var report = new SyscallCellReport
            {
                Id = cell.Id,
                RuntimeLibrary = Path.GetDirectoryName(typeof(object).Assembly.Location),
                RuntimeVersion = Runtimes.RuntimeResolver.CurrentVersion(),
            };
            if (!scenarios.TryGetValue(cell.Scenario, out var scenario))
            {
                report.Status = SyscallCellReport.Error;
                report.Message = $"no scenario named '{cell.Scenario}' in the child";
                return report;
            }
            var region = new SyscallRegion(request.BeginMarker(index), request.EndMarker(index), request.TempDirectory);
            try
            {
                report.Operations = scenario.Run(cell, region);
                if (!region.Begun || !region.Ended)
                {
                    report.Status = SyscallCellReport.Error;
                    report.Message = $"scenario '{cell.Scenario}' did not mark both ends of its region";
                }
            }
            catch (ScenarioUnsupportedException e)
            {
                report.Status = SyscallCellReport.Unsupported;
                report.Message = e.Message;
            }
            catch (ScenarioWrongResultException e)
            {
                report.Status = SyscallCellReport.Wrong;
                report.Message = e.Message;
            }
            catch (Exception e)
            {
                report.Status = SyscallCellReport.Error;
                report.Message = $"{e.GetType().FullName}: {e.Message}";
            }
            if (region.Begun && !region.Ended) region.End();
            report.AllThreads = region.AllThreads;
            report.WatchedDescriptors = region.WatchedDescriptors;
            report.WatchedPaths = region.WatchedPaths;
            return report;
        }

        static Dictionary<string, ISyscallScenario> FindScenarios(IEnumerable<string> extraAssemblies)
        {
            var assemblies = new List<Assembly> { typeof(SyscallChild).Assembly };
            assemblies.AddRange(extraAssemblies.Select(Assembly.LoadFrom));
            var found = new Dictionary<string, ISyscallScenario>(StringComparer.Ordinal);
            foreach (var assembly in assemblies)
            {
                Type?[] types;
                try { types = assembly.GetTypes(); }
                catch (ReflectionTypeLoadException e) { types = e.Types; }
                foreach (var type in types)
                {
                    if (type == null || type.IsAbstract || !typeof(ISyscallScenario).IsAssignableFrom(type) || type.GetConstructor(Type.EmptyTypes) == null) continue;
                    var scenario = (ISyscallScenario)Activator.CreateInstance(type)!;
                    found[scenario.Name] = scenario;
                }
            }
            return found;
        }
    }
}
