using System;
using System.Collections.Generic;
using Newtonsoft.Json;

namespace StreamConformance.Results
{
    // One concept: the run document and its parts: each runtime's run, its coverage, covered and static-only types.
    /// <summary>
    /// Everything one sweep produced: the machine-readable result (docs/results.md). Reports and compare read
    /// only this, so a report can be regenerated from a saved JSON file.
    /// </summary>
    public sealed class RunDocument
    {
        /// <summary>Bumped on any incompatible change; compare refuses documents of different versions.</summary>
        public const int CurrentSchemaVersion = 1;

        [JsonProperty("schemaVersion")] public int SchemaVersion { get; set; } = CurrentSchemaVersion;
        [JsonProperty("tool")] public string Tool { get; set; } = "streamconf";
        [JsonProperty("toolVersion")] public string ToolVersion { get; set; } = "";
        [JsonProperty("startedAt")] public DateTimeOffset StartedAt { get; set; }
        [JsonProperty("wallSeconds")] public double WallSeconds { get; set; }
        /// <summary>Where the run was made; absent in runs written before it was recorded, and in a merge of several machines.</summary>
        [JsonProperty("machine", NullValueHandling = NullValueHandling.Ignore)] public MachineInfo? Machine { get; set; }
        [JsonProperty("options")] public SortedDictionary<string, string> Options { get; set; } = new SortedDictionary<string, string>();
        [JsonProperty("runtimes")] public List<RuntimeRun> Runtimes { get; set; } = new List<RuntimeRun>();
        [JsonProperty("results")] public List<CheckResult> Results { get; set; } = new List<CheckResult>();
    }

    /// <summary>One runtime's part of a run: what it is and how much of its inventory could be built.</summary>
    public sealed class RuntimeRun
    {
        [JsonProperty("runtime")] public RuntimeInfo Runtime { get; set; } = new RuntimeInfo();
        [JsonProperty("coverage")] public Coverage Coverage { get; set; } = new Coverage();
        /// <summary>Types that were discovered but could not be built, with the reason.</summary>
        [JsonProperty("staticOnly")] public List<StaticOnlyType> StaticOnly { get; set; } = new List<StaticOnlyType>();
        /// <summary>
        /// Types no recipe builds but found inside the instances of a built type (a FileStream's strategies): every
        /// call the outer stream makes through them is exercised, though no check calls them directly.
        /// </summary>
        [JsonProperty("coveredThrough")] public List<CoveredType> CoveredThrough { get; set; } = new List<CoveredType>();
        /// <summary>Types built, with the recipe variants that built them.</summary>
        [JsonProperty("built")] public SortedDictionary<string, List<string>> Built { get; set; } = new SortedDictionary<string, List<string>>();
        /// <summary>
        /// How each variant in <see cref="Built"/> was built, aligned with it: "constructor", "factory", "extension method",
        /// "library recipe" or "built-in recipe" (<see cref="Probe.RecipeOrigin"/>). Absent in runs saved before it was recorded.
        /// </summary>
        [JsonProperty("builtHow", NullValueHandling = NullValueHandling.Ignore)] public SortedDictionary<string, List<string>>? BuiltHow { get; set; }
        /// <summary>Each assembly swept (simple name) and the types discovered in it. Absent in runs saved before it was recorded.</summary>
        [JsonProperty("assemblies", NullValueHandling = NullValueHandling.Ignore)] public SortedDictionary<string, List<string>>? Assemblies { get; set; }
        /// <summary>Probe processes started for this runtime (1 when nothing crashed or hung).</summary>
        [JsonProperty("probeProcesses")] public int ProbeProcesses { get; set; }
        [JsonProperty("wallSeconds")] public double WallSeconds { get; set; }
        /// <summary>Seconds between a check's start and the end of the probe's last event for it, summed per check name: where a sweep's time goes.</summary>
        [JsonProperty("checkSeconds")] public SortedDictionary<string, double> CheckSeconds { get; set; } = new SortedDictionary<string, double>();
        /// <summary>Seconds per type, from its announcement to the next type's: which streams a sweep's time goes to.</summary>
        [JsonProperty("typeSeconds")] public SortedDictionary<string, double> TypeSeconds { get; set; } = new SortedDictionary<string, double>();
        /// <summary>Seconds spent inside probes (first to last event); wall minus this is what process isolation costs.</summary>
        [JsonProperty("probeSeconds")] public double ProbeSeconds { get; set; }
        /// <summary>Problems that did not stop the run (an assembly that could not be read, a runtime that could not be started).</summary>
        [JsonProperty("errors")] public List<string> Errors { get; set; } = new List<string>();
        /// <summary>The inventory's IL hazards of the types swept (type → hazards), joined to the measured figures of findings.</summary>
        [JsonProperty("hazards", NullValueHandling = NullValueHandling.Ignore)]
        public SortedDictionary<string, List<Discovery.Hazard>>? Hazards { get; set; }
    }

    public sealed class Coverage
    {
        /// <summary>Concrete Stream types found in the inventory (after the filter).</summary>
        [JsonProperty("discovered")] public int Discovered { get; set; }
        [JsonProperty("built")] public int Built { get; set; }
        [JsonProperty("coveredThrough")] public int CoveredThrough { get; set; }
        [JsonProperty("staticOnly")] public int StaticOnly { get; set; }

        public override string ToString() => $"{Discovered} discovered, {Built} built, {CoveredThrough} covered through another, {StaticOnly} static-only";
    }

    public sealed class CoveredType
    {
        [JsonProperty("type")] public string Type { get; set; } = "";
        /// <summary>The built types whose instances hold it.</summary>
        [JsonProperty("through")] public List<string> Through { get; set; } = new List<string>();
        /// <summary>Why it is not built on its own.</summary>
        [JsonProperty("reason")] public string Reason { get; set; } = "";
    }

    public sealed class StaticOnlyType
    {
        [JsonProperty("type")] public string Type { get; set; } = "";
        [JsonProperty("reason")] public string Reason { get; set; } = "";
    }
}
