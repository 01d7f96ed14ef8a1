using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Newtonsoft.Json;

namespace StreamConformance.Scenarios
{
    /// <summary>What `streamconf scenario` writes as JSON: every scenario's result on every runtime, and the machine they ran on.</summary>
    public sealed class ScenarioDocument
    {
        [JsonProperty("size")] public double Size { get; set; } = 1;
        [JsonProperty("started")] public DateTime Started { get; set; } = DateTime.UtcNow;
        [JsonProperty("cores")] public int Cores { get; set; } = Environment.ProcessorCount;
        /// <summary>/proc/loadavg when the run started: how busy the machine was.</summary>
        [JsonProperty("loadAverage", NullValueHandling = NullValueHandling.Ignore)] public string? LoadAverage { get; set; } = ReadLoadAverage();
        [JsonProperty("results")] public List<ScenarioResult> Results { get; set; } = new List<ScenarioResult>();

        /// <summary>The results of one scenario, one per runtime, in run order.</summary>
        public IEnumerable<IGrouping<string, ScenarioResult>> ByScenario() => Results.GroupBy(r => r.Scenario);

        public string Machine => $"{Cores} cores" + (LoadAverage != null ? $", load average {LoadAverage} at the start" : "");

        static string? ReadLoadAverage()
        {
            try { return File.Exists("/proc/loadavg") ? string.Join(" ", File.ReadAllText("/proc/loadavg").Split(' ').Take(3)) : null; }
            catch (IOException) { return null; }
        }
    }
}
