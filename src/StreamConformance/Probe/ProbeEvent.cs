using System.Collections.Generic;
using Newtonsoft.Json;
using StreamConformance.Results;

namespace StreamConformance.Probe
{
    /// <summary>
    /// One line of the probe's report to the host. The host attributes a crash or a hang to the last
    /// "check" event it saw, which is why every check is announced before it runs.
    /// </summary>
    public sealed class ProbeEvent
    {
        public const string Hello = "hello", TypeStart = "type", Built = "built", StaticOnly = "static-only",
            CheckStart = "check", ResultKind = "result", Alive = "alive", Done = "done", ScenarioKind = "scenario";

        /// <summary>Each event line starts on a fresh line with this marker; anything else on stdout (a stream under test writing to the console) is ignored.</summary>
        public const string Marker = "@@streamconf ";

        [JsonProperty("e")] public string Kind { get; set; } = "";
        [JsonProperty("runtime", NullValueHandling = NullValueHandling.Ignore)] public RuntimeInfo? Runtime { get; set; }
        [JsonProperty("type", NullValueHandling = NullValueHandling.Ignore)] public string? Type { get; set; }
        [JsonProperty("variant", NullValueHandling = NullValueHandling.Ignore)] public string? Variant { get; set; }
        [JsonProperty("check", NullValueHandling = NullValueHandling.Ignore)] public string? Check { get; set; }
        [JsonProperty("reason", NullValueHandling = NullValueHandling.Ignore)] public string? Reason { get; set; }
        [JsonProperty("variants", NullValueHandling = NullValueHandling.Ignore)] public List<string>? Variants { get; set; }
        /// <summary>On <see cref="Built"/>: how each variant was built (<see cref="RecipeOrigin"/>), aligned with <see cref="Variants"/>.</summary>
        [JsonProperty("how", NullValueHandling = NullValueHandling.Ignore)] public List<string>? How { get; set; }
        [JsonProperty("result", NullValueHandling = NullValueHandling.Ignore)] public CheckResult? Result { get; set; }
        [JsonProperty("scenario", NullValueHandling = NullValueHandling.Ignore)] public Scenarios.ScenarioResult? Scenario { get; set; }

        /// <summary>
        /// On <see cref="Built"/>: the slowest single open of the type's streams (the pilot figure the host's time
        /// limit for its checks follows). On <see cref="Alive"/>: how long the step about to start is expected to take.
        /// </summary>
        [JsonProperty("seconds", NullValueHandling = NullValueHandling.Ignore)] public double? Seconds { get; set; }

        /// <summary>On <see cref="Built"/>: the stream types found inside the type's instances (<see cref="Recipes.InnerStreams"/>).</summary>
        [JsonProperty("inner", NullValueHandling = NullValueHandling.Ignore)] public List<string>? Inner { get; set; }

        public string ToLine() => "\n" + Marker + JsonConvert.SerializeObject(this);

        public static ProbeEvent? TryParse(string line)
        {
            var at = line.IndexOf(Marker, System.StringComparison.Ordinal);
            if (at < 0) return null;
            try { return JsonConvert.DeserializeObject<ProbeEvent>(line.Substring(at + Marker.Length)); }
            catch (JsonException) { return null; }
        }
    }
}
