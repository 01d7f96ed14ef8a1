using System.Collections.Generic;
using Newtonsoft.Json;
using Newtonsoft.Json.Converters;
using StreamConformance.Results;

namespace StreamConformance.Findings
{
    // One concept: a finding and the class it is read in.

    /// <summary>What kind of problem a finding is, in the order a maintainer reads them.</summary>
    [JsonConverter(typeof(StringEnumConverter), true)]
    public enum FindingClass
    {
        /// <summary>Breaks what dotnet/runtime's own conformance suite requires: wrong data or value, a missing exception, a hang, a crash.</summary>
        Contract,
        /// <summary>The harness could not run the check on this stream (a recipe or meter failed): not a verdict on the type.</summary>
        Harness,
        /// <summary>Over an allocation, latency or syscall budget.</summary>
        Cost,
        /// <summary>Within the official suite's rules, outside a stricter one the harness also checks: never counted as a failure.</summary>
        Advisory,
        /// <summary>Behaviour an expectations file marks as intended and documented, with the reason: listed, never counted.</summary>
        Expected,
    }

    /// <summary>
    /// One cause: a runtime × a type × what is wrong with it, with every recipe variant and check that shows it.
    /// The id depends only on those three, so the same cause has the same id in every run (compare, issue links).
    /// </summary>
    public sealed class Finding
    {
        /// <summary>Whether it fails a run (exit code 1): contract, harness and cost findings do; advisories and expected ones do not.</summary>
        public bool FailsTheRun => Class == FindingClass.Contract || Class == FindingClass.Harness || Class == FindingClass.Cost;

        [JsonProperty("id")] public string Id { get; set; } = "";
        [JsonProperty("class")] public FindingClass Class { get; set; }
        [JsonProperty("runtime")] public string Runtime { get; set; } = "";
        [JsonProperty("type")] public string Type { get; set; } = "";
        /// <summary>The check (or check family) that shows it: budget.alloc.read-byte, seek.origins, syscalls.file.read.</summary>
        [JsonProperty("cause")] public string Cause { get; set; } = "";
        /// <summary>A line a maintainer would use as an issue title.</summary>
        [JsonProperty("title")] public string Title { get; set; } = "";
        /// <summary>How far over budget (cost: measured / budget, the worst variant), for ranking; 0 where it does not apply.</summary>
        [JsonProperty("severity")] public double Severity { get; set; }
        /// <summary>
        /// Set by an expectations rule: why the behaviour is by design (<see cref="FindingClass.Expected"/>) or allowed
        /// by the type's owners (<see cref="FindingClass.Advisory"/>), and which file says so.
        /// </summary>
        [JsonProperty("expectedBecause", NullValueHandling = NullValueHandling.Ignore)] public string? ExpectedBecause { get; set; }
        [JsonProperty("variants")] public List<string> Variants { get; set; } = new List<string>();
        /// <summary>
        /// What the inventory read in the IL of the member at fault, joined to the measured figure: "allocates-per-call
        /// in ReadByte: System.IO.Stream::ReadByte() IL_0001: newarr System.Byte". Empty when the IL shows nothing.
        /// </summary>
        [JsonProperty("ilEvidence", NullValueHandling = NullValueHandling.Ignore)] public List<string>? IlEvidence { get; set; }
        [JsonProperty("results")] public List<CheckResult> Results { get; set; } = new List<CheckResult>();
    }
}
