using System.Collections.Generic;
using Newtonsoft.Json;
using Newtonsoft.Json.Converters;

namespace StreamConformance.Results
{
    /// <summary>One verdict: a check (or budget) applied to one stream type in one state on one runtime.</summary>
    public sealed class CheckResult
    {
        [JsonProperty("runtime")] public string Runtime { get; set; } = "";
        [JsonProperty("type")] public string Type { get; set; } = "";
        /// <summary>The recipe variant that built the stream, e.g. "bufferSize=0" or "decompress".</summary>
        [JsonProperty("variant")] public string Variant { get; set; } = "";
        [JsonProperty("check")] public string Check { get; set; } = "";
        [JsonProperty("outcome"), JsonConverter(typeof(StringEnumConverter), typeof(Newtonsoft.Json.Serialization.KebabCaseNamingStrategy))]
        public Outcome Outcome { get; set; }
        [JsonProperty("message")] public string Message { get; set; } = "";
        /// <summary>Measured figures, by name (e.g. "bytesPerCall", "ratioToLimit", "syscalls.lseek").</summary>
        [JsonProperty("metrics", NullValueHandling = NullValueHandling.Ignore)]
        public SortedDictionary<string, double>? Metrics { get; set; }

        /// <summary>
        /// The per-round values behind a median figure, by the figure's name (today "ratioToBaseline" of a latency
        /// result), rounded to three significant digits and written on one line: what compare's rank test reads.
        /// </summary>
        [JsonProperty("samples", NullValueHandling = NullValueHandling.Ignore, ItemConverterType = typeof(CompactArrayConverter))]
        public SortedDictionary<string, double[]>? Samples { get; set; }

        /// <summary>
        /// For a failure that came from a sequence of calls: the calls, shrunk to the shortest sequence found that fails
        /// the same way, which <c>report --finding</c> writes out as the program.
        /// </summary>
        [JsonProperty("repro", NullValueHandling = NullValueHandling.Ignore)]
        public ReproTrace? Repro { get; set; }

        /// <summary>For a failing result: how a user builds the recipe's stream, as the probe had it (<see cref="RecipeSource"/>).</summary>
        [JsonProperty("source", NullValueHandling = NullValueHandling.Ignore)]
        public RecipeSource? Source { get; set; }

        /// <summary>
        /// Why the behaviour is by design, as the library's own recipe class states it for this check (its <c>Expected</c>
        /// knob), with the class named: set by the probe, which has the class; the host's findings treat it as an
        /// expectations rule for this result alone.
        /// </summary>
        [JsonProperty("expectedByRecipe", NullValueHandling = NullValueHandling.Ignore)]
        public string? ExpectedByRecipe { get; set; }

        /// <summary>
        /// Entries of the recipe class's <c>Expected</c> knob that are no rule and so were not applied, one line each naming
        /// the entry: set by the probe on each result of that recipe; the run lists them once as warnings.
        /// </summary>
        [JsonProperty("recipeWarnings", NullValueHandling = NullValueHandling.Ignore)]
        public List<string>? RecipeWarnings { get; set; }

        public static CheckResult Of(string check, Outcome outcome, string message) =>
            new CheckResult { Check = check, Outcome = outcome, Message = message };

        public CheckResult WithMetric(string name, double value)
        {
            (Metrics ??= new SortedDictionary<string, double>())[name] = value;
            return this;
        }

        /// <summary>Keeps a median figure's per-round values (finite ones, rounded to three significant digits).</summary>
        public CheckResult WithSamples(string name, IEnumerable<double> values)
        {
            var kept = new List<double>();
            foreach (var v in values)
                if (!double.IsNaN(v) && !double.IsInfinity(v)) kept.Add(CompactArrayConverter.RoundToSignificant(v, 3));
            if (kept.Count > 0) (Samples ??= new SortedDictionary<string, double[]>())[name] = kept.ToArray();
            return this;
        }

        /// <summary>An allocation figure the meter did not call exact: it may differ from run to run.</summary>
        [JsonIgnore]
        public bool IsInexact => Metrics != null && Metrics.TryGetValue(MetricNames.Exact, out var exact) && exact == 0;

        public override string ToString() => $"{Runtime} {Type} [{Variant}] {Check}: {Outcome} {Message}";
    }
}
