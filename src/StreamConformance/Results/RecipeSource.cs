using Newtonsoft.Json;

namespace StreamConformance.Results
{
    /// <summary>
    /// The recipe's source forms as the probe that ran it had them (its <c>ReproSource</c> and <c>ReproStore</c> per
    /// access), kept on a failing result: the host writing the repro may lack the recipe (one built only for Mono, a
    /// shape of a type only that runtime loads), and the probe's is the one that built the stream on that runtime.
    /// </summary>
    public sealed class RecipeSource
    {
        [JsonProperty("read", NullValueHandling = NullValueHandling.Ignore)] public string? Read { get; set; }
        [JsonProperty("write", NullValueHandling = NullValueHandling.Ignore)] public string? Write { get; set; }
        [JsonProperty("readWrite", NullValueHandling = NullValueHandling.Ignore)] public string? ReadWrite { get; set; }
        [JsonProperty("writeStore", NullValueHandling = NullValueHandling.Ignore)] public string? WriteStore { get; set; }
        [JsonProperty("readWriteStore", NullValueHandling = NullValueHandling.Ignore)] public string? ReadWriteStore { get; set; }

        [JsonIgnore] public bool IsEmpty => Read == null && Write == null && ReadWrite == null;
    }
}
