using System;
using System.Runtime.InteropServices;
using Newtonsoft.Json;

namespace StreamConformance.Results
{
    /// <summary>
    /// The machine a run was made on, so runs of the same runtime from several machines stay apart when merged
    /// (<c>streamconf merge</c> labels each runtime <c>name@machine</c>).
    /// </summary>
    public sealed class MachineInfo
    {
        /// <summary>What the run was told to call the machine (<c>sweep --machine</c>), else its host name.</summary>
        [JsonProperty("name")] public string Name { get; set; } = "";
        /// <summary>Operating system and architecture, as the harness's runtime describes them.</summary>
        [JsonProperty("os")] public string Os { get; set; } = "";

        public static MachineInfo Current(string? name) => new MachineInfo
        {
            Name = string.IsNullOrWhiteSpace(name) ? Environment.MachineName : name!,
            Os = RuntimeInformation.OSDescription.Trim() + " " + RuntimeInformation.OSArchitecture.ToString().ToLowerInvariant(),
        };
    }
}
