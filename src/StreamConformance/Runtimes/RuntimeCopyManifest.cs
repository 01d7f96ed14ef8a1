using System.Collections.Generic;
using System.IO;
using Newtonsoft.Json;

namespace StreamConformance.Runtimes
{
    // One concept: streamconf-copy.json, a runtime copy's manifest and the assemblies it rewrote.
    /// <summary>
    /// <c>streamconf-copy.json</c> at the root of a runtime copy that <c>patch apply</c> wrote: which runtime it copies,
    /// which patch it carries (or none: the A/A control), and each rewritten assembly with the module version id it
    /// was written with, so a run can prove the probe loaded exactly these files.
    /// </summary>
    public sealed class RuntimeCopyManifest
    {
        public const string FileName = "streamconf-copy.json";
        public const string Patched = "patched", RoundTrip = "aa";

        /// <summary><see cref="Patched"/>, or <see cref="RoundTrip"/> (every assembly the patch rewrites, read and written back unchanged).</summary>
        [JsonProperty("kind")] public string Kind { get; set; } = "";
        [JsonProperty("patchId")] public string PatchId { get; set; } = "";
        [JsonProperty("patchFolder")] public string PatchFolder { get; set; } = "";
        /// <summary>Hash of what the copy was woven from (manifest target and replacement source).</summary>
        [JsonProperty("patchHash")] public string PatchHash { get; set; } = "";
        [JsonProperty("originalLocation")] public string OriginalLocation { get; set; } = "";
        [JsonProperty("originalVersion")] public string OriginalVersion { get; set; } = "";
        [JsonProperty("flavor")] public string Flavor { get; set; } = "";
        [JsonProperty("assemblies")] public List<RewrittenAssembly> Assemblies { get; set; } = new List<RewrittenAssembly>();
        /// <summary>Members whose bodies were replaced ("System.IO.BufferedStream::ReadByte()"); empty for the A/A copy.</summary>
        [JsonProperty("replaced")] public List<string> Replaced { get; set; } = new List<string>();

        public static RuntimeCopyManifest? TryRead(string root)
        {
            var path = Path.Combine(root, FileName);
            return File.Exists(path) ? JsonConvert.DeserializeObject<RuntimeCopyManifest>(File.ReadAllText(path)) : null;
        }

        public void Write(string root) => File.WriteAllText(Path.Combine(root, FileName), JsonConvert.SerializeObject(this, Formatting.Indented));
    }

    public sealed class RewrittenAssembly
    {
        [JsonProperty("name")] public string Name { get; set; } = "";
        /// <summary>Every place in the copy the rewritten file sits (a Mono assembly is in lib/mono/4.5 and in the GAC).</summary>
        [JsonProperty("paths")] public List<string> Paths { get; set; } = new List<string>();
        [JsonProperty("mvid")] public string Mvid { get; set; } = "";
        [JsonProperty("sha256")] public string Sha256 { get; set; } = "";
    }
}
