using Newtonsoft.Json;

namespace StreamConformance.Results
{
    /// <summary>Which runtime a result came from, as the runtime reports itself.</summary>
    public sealed class RuntimeInfo
    {
        /// <summary>Short name used in results and reports: "dotnet", "mono", or a name derived from a path.</summary>
        [JsonProperty("name")] public string Name { get; set; } = "";
        /// <summary>"coreclr" or "mono".</summary>
        [JsonProperty("flavor")] public string Flavor { get; set; } = "";
        [JsonProperty("version")] public string Version { get; set; } = "";
        /// <summary>Where its assemblies were read or where it was launched from.</summary>
        [JsonProperty("path")] public string Path { get; set; } = "";
    }
}
