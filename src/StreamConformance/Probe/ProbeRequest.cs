using System;
using System.Collections.Generic;
using System.Linq;
using Newtonsoft.Json;

namespace StreamConformance.Probe
{
    // One concept: what the host asks a probe to do: the request and the items it lists.
    /// <summary>What the host asks a probe process to do: which types to build and check, and how.</summary>
    public sealed class ProbeRequest
    {
        [JsonProperty("runtime")] public string Runtime { get; set; } = "";
        [JsonProperty("items")] public List<ProbeItem> Items { get; set; } = new List<ProbeItem>();
        /// <summary>Glob over check names; null runs every check.</summary>
        [JsonProperty("checks")] public string? Checks { get; set; }
        [JsonProperty("quick")] public bool Quick { get; set; }
        [JsonProperty("strict")] public bool Strict { get; set; }
        [JsonProperty("seed")] public int Seed { get; set; } = 20261121;
        [JsonProperty("tempDirectory")] public string TempDirectory { get; set; } = "";
        [JsonProperty("budgetsPath")] public string? BudgetsPath { get; set; }
        /// <summary>How to start a child on the probe's runtime (the syscall meter's traced child); null: the current process's.</summary>
        [JsonProperty("runtimeCommand", NullValueHandling = NullValueHandling.Ignore)] public Runtimes.RuntimeCommand? RuntimeCommand { get; set; }
        /// <summary>Assemblies (simple names) whose load location and module version id the probe reports in its hello.</summary>
        [JsonProperty("reportAssemblies")] public List<string> ReportAssemblies { get; set; } = new List<string>();
        /// <summary>Checks already done (or timed out) in an earlier probe of the same run: "type|variant|check".</summary>
        [JsonProperty("skip")] public HashSet<string> Skip { get; set; } = new HashSet<string>();
        /// <summary>
        /// Types whose synthesized round trips an earlier probe of the same run did not finish within their limit
        /// (<see cref="BuiltEvent.RoundTripDeferred"/>): built at once with the recipe that limit gave, not after waiting for it again.
        /// </summary>
        [JsonProperty("deferredRoundTrips")] public HashSet<string> DeferredRoundTrips { get; set; } = new HashSet<string>();
        /// <summary>What the items are: types to check (<see cref="Checks"/>) or scenario names to run (<see cref="ScenarioKind"/>).</summary>
        [JsonProperty("kind")] public string Kind { get; set; } = ChecksKind;
        /// <summary>Scenarios only: the multiplier of each scenario's default size.</summary>
        [JsonProperty("scenarioSize")] public double ScenarioSize { get; set; } = 1;

        /// <summary>
        /// The folder of the chunk's <see cref="ItemClaims"/>, where the host may take the items this probe has not
        /// started for another probe; null: the probe runs every item (a flavour whose probe cannot see the host's files).
        /// </summary>
        [JsonProperty("claims", NullValueHandling = NullValueHandling.Ignore)] public string? ClaimDirectory { get; set; }
        /// <summary>The index in the chunk (its claims' names) of the first item: a probe resumed after a crash runs the chunk's tail.</summary>
        [JsonProperty("claimOffset")] public int ClaimOffset { get; set; }

        public const string ChecksKind = "checks", ScenarioKind = "scenarios";

        /// <summary>
        /// The same request over other items and with more checks to skip (a probe started after a crash or hang), and with
        /// the round trips an earlier probe deferred (none: only this request's own).
        /// </summary>
        public ProbeRequest Resume(List<ProbeItem> items, HashSet<string> skip, IEnumerable<string>? deferredRoundTrips = null) => new ProbeRequest
        {
            Runtime = Runtime, Items = items, Checks = Checks, Quick = Quick, Strict = Strict, Seed = Seed,
            TempDirectory = TempDirectory, BudgetsPath = BudgetsPath, Skip = skip, RuntimeCommand = RuntimeCommand, ReportAssemblies = ReportAssemblies,
            DeferredRoundTrips = new HashSet<string>(DeferredRoundTrips.Concat(deferredRoundTrips ?? Enumerable.Empty<string>()), StringComparer.Ordinal),
            Kind = Kind, ScenarioSize = ScenarioSize, ClaimDirectory = ClaimDirectory, ClaimOffset = ClaimOffset,
        };

        public static string Key(string type, string variant, string check) => type + "|" + variant + "|" + check;
    }

    /// <summary>One type to exercise: by full name, from a runtime assembly (by assembly name) or a user's assembly (by path).</summary>
    public sealed class ProbeItem
    {
        [JsonProperty("type")] public string Type { get; set; } = "";
        /// <summary>Assembly full name (runtime types) used with Assembly.Load.</summary>
        [JsonProperty("assemblyName", NullValueHandling = NullValueHandling.Ignore)] public string? AssemblyName { get; set; }
        /// <summary>Assembly path (user assemblies) used with Assembly.LoadFrom.</summary>
        [JsonProperty("assemblyPath", NullValueHandling = NullValueHandling.Ignore)] public string? AssemblyPath { get; set; }

        public override string ToString() => Type;
    }
}
