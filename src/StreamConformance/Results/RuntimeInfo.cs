using Newtonsoft.Json;

namespace StreamConformance.Results
{
    // One concept: a runtime as results record it, and the assemblies it was asked to account for.
    /// <summary>Which runtime a result came from, as the runtime reports itself.</summary>
    public sealed class RuntimeInfo
    {
        /// <summary>Short name used in results and reports: "dotnet", "mono", or a name derived from a path.</summary>
        [JsonProperty("name")] public string Name { get; set; } = "";
        /// <summary>"coreclr", "mono" or "wasm".</summary>
        [JsonProperty("flavor")] public string Flavor { get; set; } = "";
        [JsonProperty("version")] public string Version { get; set; } = "";
        /// <summary>Where its assemblies were read or where it was launched from.</summary>
        [JsonProperty("path")] public string Path { get; set; } = "";
        /// <summary>Assemblies the probe was asked to account for (those a runtime copy rewrote): where each was loaded from, and its module version id.</summary>
        [JsonProperty("loadedAssemblies", NullValueHandling = NullValueHandling.Ignore)] public System.Collections.Generic.List<LoadedAssembly>? LoadedAssemblies { get; set; }
        /// <summary>For a runtime copy written by <c>patch apply</c>: "aa" or "patched", the patch id, and the runtime it copies.</summary>
        [JsonProperty("copyOf", NullValueHandling = NullValueHandling.Ignore)] public string? CopyOf { get; set; }
        /// <summary>In a merged document: the machine this runtime's run was made on (its name then reads <c>name@machine</c>).</summary>
        [JsonProperty("machine", NullValueHandling = NullValueHandling.Ignore)] public MachineInfo? Machine { get; set; }
    }

    public sealed class LoadedAssembly
    {
        [JsonProperty("name")] public string Name { get; set; } = "";
        [JsonProperty("location")] public string Location { get; set; } = "";
        [JsonProperty("mvid")] public string Mvid { get; set; } = "";
        /// <summary>Why the assembly could not be loaded, when it could not.</summary>
        [JsonProperty("error", NullValueHandling = NullValueHandling.Ignore)] public string? Error { get; set; }
    }
}
