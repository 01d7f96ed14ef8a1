using System.Collections.Generic;
using System.Linq;
using Newtonsoft.Json;

namespace StreamConformance.Meters.Syscalls
{
    // One concept: a syscall cell, the child's report on it, and its measurement (that report and the traced counts).
    /// <summary>One measured region: a named scenario with its parameters, e.g. file.read[handle=async,api=ReadAsync,buffer=4096,chunk=100].</summary>
    public sealed class SyscallCell
    {
        public SyscallCell() { }

        public SyscallCell(string scenario, params (string Key, object Value)[] parameters)
        {
            Scenario = scenario;
            foreach (var (key, value) in parameters) Parameters[key] = System.Convert.ToString(value, System.Globalization.CultureInfo.InvariantCulture)!;
        }

        [JsonProperty("scenario")] public string Scenario { get; set; } = "";
        /// <summary>Parameters in the order they were given (the order of the id).</summary>
        [JsonProperty("parameters")] public Dictionary<string, string> Parameters { get; set; } = new Dictionary<string, string>();

        [JsonIgnore] public string Id => Parameters.Count == 0 ? Scenario : Scenario + "[" + string.Join(",", Parameters.Select(p => p.Key + "=" + p.Value)) + "]";

        public string Get(string key) => Parameters.TryGetValue(key, out var v) ? v : throw new KeyNotFoundException($"cell {Id} has no parameter '{key}'");
        public int GetInt(string key) => int.Parse(Get(key), System.Globalization.CultureInfo.InvariantCulture);
        public string GetOr(string key, string fallback) => Parameters.TryGetValue(key, out var v) ? v : fallback;

        public override string ToString() => Id;
    }

    /// <summary>What the child process reports for one cell (the counts come from the trace, not from the child).</summary>
    public sealed class SyscallCellReport
    {
        [JsonProperty("id")] public string Id { get; set; } = "";
        /// <summary>Operations the region performed (calls of the API under test).</summary>
        [JsonProperty("operations")] public int Operations { get; set; }
        /// <summary>Whether every thread's calls belong to the region (async I/O completes on pool threads).</summary>
        [JsonProperty("allThreads")] public bool AllThreads { get; set; }
        [JsonProperty("watchedDescriptors")] public List<int> WatchedDescriptors { get; set; } = new List<int>();
        [JsonProperty("watchedPaths")] public List<string> WatchedPaths { get; set; } = new List<string>();
        [JsonProperty("status")] public string Status { get; set; } = Ok;
        [JsonProperty("message", NullValueHandling = NullValueHandling.Ignore)] public string? Message { get; set; }
        /// <summary>Where the child's core library was loaded from, and the child runtime's version: what the figures were measured on.</summary>
        [JsonProperty("runtimeLibrary", NullValueHandling = NullValueHandling.Ignore)] public string? RuntimeLibrary { get; set; }
        [JsonProperty("runtimeVersion", NullValueHandling = NullValueHandling.Ignore)] public string? RuntimeVersion { get; set; }

        public const string Ok = "ok", Unsupported = "unsupported", Wrong = "wrong", Error = "error";
    }

    /// <summary>A cell's measurement: the child's report plus the calls the trace attributes to its region.</summary>
    public sealed class SyscallMeasurement
    {
        public SyscallMeasurement(SyscallCell cell, SyscallCellReport report, RegionCounts? region)
        {
            Cell = cell;
            Report = report;
            Counts = region?.Attributed;
            Background = region?.Background;
        }

        public SyscallCell Cell { get; }
        public SyscallCellReport Report { get; }
        /// <summary>Calls in the region by syscall name; null when the region could not be found in the trace.</summary>
        public IReadOnlyDictionary<string, int>? Counts { get; }
        /// <summary>Calls in the region not attributed to the stream (other threads' or other descriptors' work), by name.</summary>
        public IReadOnlyDictionary<string, int>? Background { get; }

        public int BackgroundTotal => Background?.Values.Sum() ?? 0;

        public int Count(string name) => Counts != null && Counts.TryGetValue(name, out var n) ? n : 0;

        public int FamilyCount(string family) => Counts?.Where(c => SyscallNames.FamilyOf(c.Key) == family).Sum(c => c.Value) ?? 0;

        public int Total => Counts?.Values.Sum() ?? 0;

        /// <summary>"read=17 lseek=0 …" for messages; only names that occurred.</summary>
        public string Describe() =>
            Counts == null || Counts.Count == 0 ? "no counted calls" : string.Join(" ", Counts.Select(c => c.Key + "=" + c.Value));
    }
}
