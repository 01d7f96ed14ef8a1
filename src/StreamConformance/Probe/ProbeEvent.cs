using System;
using System.Collections.Generic;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;
using StreamConformance.Results;

namespace StreamConformance.Probe
{
    // One concept: the probe's event lines to the host, one type per kind over one base.
    /// <summary>
    /// One line of the probe's report to the host, a type per kind (the protocol: docs/probe-protocol.md). The host
    /// attributes a crash or a hang to the last <see cref="CheckEvent"/> it saw, which is why every check is announced
    /// before it runs.
    /// </summary>
    public abstract class ProbeEvent
    {
        /// <summary>Each event line starts on a fresh line with this marker; anything else on stdout (a stream under test writing to the console) is ignored.</summary>
        public const string Marker = "@@streamconf ";

        protected ProbeEvent(string kind) => Kind = kind;

        /// <summary>The kind on the wire (the line's "e" field).</summary>
        [JsonProperty("e", Order = -2)] public string Kind { get; }

        public string ToLine() => "\n" + Marker + JsonConvert.SerializeObject(this);

        /// <summary>The event a line carries; null for a line without the marker, one that does not parse, or one of a kind this host does not know.</summary>
        public static ProbeEvent? TryParse(string line)
        {
            var at = line.IndexOf(Marker, StringComparison.Ordinal);
            if (at < 0) return null;
            try
            {
                var text = line.Substring(at + Marker.Length);
                // The kind leads every line this protocol writes (Order = -2): read in one pass, not a tree and then
                // objects (the host parses some 20,000 events per quick sweep, on the cores the probes measure on).
                if (KindAhead(text) is string kind)
                    return Kinds.TryGetValue(kind, out var known) ? (ProbeEvent?)JsonConvert.DeserializeObject(text, known) : null;
                var json = JObject.Parse(text);
                return Kinds.TryGetValue((string?)json["e"] ?? "", out var type) ? (ProbeEvent?)json.ToObject(type) : null;
            }
            catch (JsonException) { return null; }
            catch (ArgumentException) { return null; }
        }

        const string KindPrefix = "{\"e\":\"";

        /// <summary>The kind when the line starts with it, as <see cref="ToLine"/> writes it; null otherwise.</summary>
        static string? KindAhead(string json)
        {
            if (!json.StartsWith(KindPrefix, StringComparison.Ordinal)) return null;
            var end = json.IndexOf('"', KindPrefix.Length);
            return end < 0 ? null : json.Substring(KindPrefix.Length, end - KindPrefix.Length);
        }

        static readonly Dictionary<string, Type> Kinds = new Dictionary<string, Type>(StringComparer.Ordinal)
        {
            [HelloEvent.Name] = typeof(HelloEvent), [TypeEvent.Name] = typeof(TypeEvent), [BuiltEvent.Name] = typeof(BuiltEvent),
            [StaticOnlyEvent.Name] = typeof(StaticOnlyEvent), [CheckEvent.Name] = typeof(CheckEvent), [ResultEvent.Name] = typeof(ResultEvent),
            [AliveEvent.Name] = typeof(AliveEvent), [DoneEvent.Name] = typeof(DoneEvent), [ScenarioEvent.Name] = typeof(ScenarioEvent),
        };
    }

    /// <summary>First, once per process: the runtime the probe runs on (its version, and the assemblies it was asked to prove it loaded).</summary>
    public sealed class HelloEvent : ProbeEvent
    {
        public const string Name = "hello";
        public HelloEvent() : base(Name) { }
        [JsonProperty("runtime")] public RuntimeInfo Runtime { get; set; } = new RuntimeInfo();
    }

    /// <summary>A requested item begins (a type to build and check, or a scenario by name): the type being built until <see cref="BuiltEvent"/> or <see cref="StaticOnlyEvent"/>.</summary>
    public sealed class TypeEvent : ProbeEvent
    {
        public const string Name = "type";
        public TypeEvent() : base(Name) { }
        [JsonProperty("type")] public string Type { get; set; } = "";
    }

    /// <summary>At least one recipe of the type opened a stream: its checks follow, on each built variant.</summary>
    public sealed class BuiltEvent : ProbeEvent
    {
        public const string Name = "built";
        public BuiltEvent() : base(Name) { }
        [JsonProperty("type")] public string Type { get; set; } = "";
        [JsonProperty("variants")] public List<string> Variants { get; set; } = new List<string>();
        /// <summary>How each variant was built (<see cref="RecipeOrigin"/>), aligned with <see cref="Variants"/>.</summary>
        [JsonProperty("how", NullValueHandling = NullValueHandling.Ignore)] public List<string>? How { get; set; }
        /// <summary>The slowest single open of the type's streams: the pilot figure the host's time limit for its checks follows.</summary>
        [JsonProperty("seconds", NullValueHandling = NullValueHandling.Ignore)] public double? Seconds { get; set; }
        /// <summary>The stream types found inside the type's instances (<see cref="Recipes.InnerStreams"/>).</summary>
        [JsonProperty("inner", NullValueHandling = NullValueHandling.Ignore)] public List<string>? Inner { get; set; }
        /// <summary>
        /// True when a synthesized recipe's round trips did not finish within their limit (a stream that hangs): the host asks
        /// the probes it starts later in the run to build the type without them (<see cref="ProbeRequest.DeferredRoundTrips"/>).
        /// </summary>
        [JsonProperty("roundTripDeferred", NullValueHandling = NullValueHandling.Ignore)] public bool? RoundTripDeferred { get; set; }
    }

    /// <summary>No recipe of the type opened a stream (or none exists): why. No checks follow.</summary>
    public sealed class StaticOnlyEvent : ProbeEvent
    {
        public const string Name = "static-only";
        public StaticOnlyEvent() : base(Name) { }
        [JsonProperty("type")] public string Type { get; set; } = "";
        [JsonProperty("reason")] public string Reason { get; set; } = "";
    }

    /// <summary>
    /// A step is about to run: a check on a variant, the type's <see cref="ProbeRunner.FinalizeStep"/> or a
    /// <see cref="ProbeRunner.ScenarioStep"/>. A crash or hang before the next announcement is blamed on it.
    /// </summary>
    public sealed class CheckEvent : ProbeEvent
    {
        public const string Name = "check";
        public CheckEvent() : base(Name) { }
        [JsonProperty("type")] public string Type { get; set; } = "";
        [JsonProperty("variant")] public string Variant { get; set; } = "";
        [JsonProperty("check")] public string Check { get; set; } = "";
    }

    /// <summary>One result of the step running, sent as soon as it is known (what was measured before a crash is kept).</summary>
    public sealed class ResultEvent : ProbeEvent
    {
        public const string Name = "result";
        public ResultEvent() : base(Name) { }
        [JsonProperty("result")] public CheckResult Result { get; set; } = new CheckResult();
    }

    /// <summary>
    /// Progress inside a long step (at most once a second): the silence starts again. With <see cref="Seconds"/>,
    /// an announcement: how long the step about to start is expected to take.
    /// </summary>
    public sealed class AliveEvent : ProbeEvent
    {
        public const string Name = "alive";
        public AliveEvent() : base(Name) { }
        [JsonProperty("seconds", NullValueHandling = NullValueHandling.Ignore)] public double? Seconds { get; set; }
    }

    /// <summary>Last: every item of the request was handled.</summary>
    public sealed class DoneEvent : ProbeEvent
    {
        public const string Name = "done";
        public DoneEvent() : base(Name) { }
    }

    /// <summary>A scenario's measured result (a scenario request's answer to its step).</summary>
    public sealed class ScenarioEvent : ProbeEvent
    {
        public const string Name = "scenario";
        public ScenarioEvent() : base(Name) { }
        [JsonProperty("type")] public string Type { get; set; } = "";
        [JsonProperty("scenario")] public Scenarios.ScenarioResult Scenario { get; set; } = new Scenarios.ScenarioResult();
    }
}
