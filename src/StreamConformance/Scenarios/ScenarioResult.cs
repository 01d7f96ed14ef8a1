using System.Collections.Generic;
using System.Linq;
using Newtonsoft.Json;

namespace StreamConformance.Scenarios
{
    // One concept: a scenario's figures on one runtime and the cases it measured.
    /// <summary>One scenario's figures on one runtime.</summary>
    public sealed class ScenarioResult
    {
        [JsonProperty("scenario")] public string Scenario { get; set; } = "";
        [JsonProperty("runtime")] public string Runtime { get; set; } = "";
        [JsonProperty("version")] public string Version { get; set; } = "";
        [JsonProperty("source")] public string Source { get; set; } = "";
        /// <summary>Wall time of the whole scenario in the probe, syscall child included.</summary>
        [JsonProperty("seconds")] public double Seconds { get; set; }
        [JsonProperty("cases")] public List<ScenarioCase> Cases { get; set; } = new List<ScenarioCase>();
        /// <summary>Conditions of the run: page cache, file sizes, thread counts, and what was done instead of the published setup.</summary>
        [JsonProperty("notes")] public List<string> Notes { get; set; } = new List<string>();
        /// <summary>Set when the scenario could not run at all (crash, timeout, exception): why.</summary>
        [JsonProperty("error", NullValueHandling = NullValueHandling.Ignore)] public string? Error { get; set; }

        /// <summary>Each case's ratio to the baseline case of its group (the same group name).</summary>
        public ScenarioResult WithRatios()
        {
            foreach (var group in Cases.GroupBy(c => c.Group))
            {
                var baseline = group.FirstOrDefault(c => c.Baseline && c.Time != null);
                if (baseline?.Time == null) continue;
                foreach (var c in group.Where(c => c.Time != null))
                    c.Ratio = TimeFigure.Ratio(c.Time!, baseline.Time);
            }
            return this;
        }
    }

    /// <summary>One measured case: its time with spread, its ratio to the group's baseline, and the published figure.</summary>
    public sealed class ScenarioCase
    {
        /// <summary>Cases of one group share a baseline (mmf-views: one group per block size).</summary>
        [JsonProperty("group")] public string Group { get; set; } = "";
        [JsonProperty("name")] public string Name { get; set; } = "";
        [JsonProperty("baseline")] public bool Baseline { get; set; }
        [JsonProperty("time", NullValueHandling = NullValueHandling.Ignore)] public TimeFigure? Time { get; set; }
        [JsonProperty("ratio", NullValueHandling = NullValueHandling.Ignore)] public RatioFigure? Ratio { get; set; }
        /// <summary>Bytes allocated per operation on the measuring thread (null: not measured, see <see cref="AllocationNote"/>).</summary>
        [JsonProperty("bytesPerOp", NullValueHandling = NullValueHandling.Ignore)] public double? BytesPerOp { get; set; }
        [JsonProperty("allocationNote", NullValueHandling = NullValueHandling.Ignore)] public string? AllocationNote { get; set; }
        /// <summary>Counted syscalls by family for <see cref="SyscallsPer"/> (from the strace meter), or null with <see cref="SyscallNote"/>.</summary>
        [JsonProperty("syscalls", NullValueHandling = NullValueHandling.Ignore)] public SortedDictionary<string, int>? Syscalls { get; set; }
        [JsonProperty("syscallsPer", NullValueHandling = NullValueHandling.Ignore)] public string? SyscallsPer { get; set; }
        [JsonProperty("syscallNote", NullValueHandling = NullValueHandling.Ignore)] public string? SyscallNote { get; set; }
        /// <summary>What the seed published for this case, e.g. "21× (6.4 s vs 0.3 s)"; empty when it published nothing for it.</summary>
        [JsonProperty("published")] public string Published { get; set; } = "";
        [JsonProperty("note", NullValueHandling = NullValueHandling.Ignore)] public string? Note { get; set; }

        public int SyscallCount(string family) => Syscalls != null && Syscalls.TryGetValue(family, out var n) ? n : 0;
    }
}
