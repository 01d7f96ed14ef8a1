using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Newtonsoft.Json;
using StreamConformance.Runtimes;

namespace StreamConformance.Evidence
{
    // One concept: evidence.json and its parts: each runtime's copies, figures, verdicts and group members.

    /// <summary><c>evidence.json</c>: what <c>patch evidence</c> measured, per runtime, on the original, A/A and patched copies.</summary>
    public sealed class EvidenceDocument
    {
        public const int CurrentSchema = 1;

        [JsonProperty("schemaVersion")] public int SchemaVersion { get; set; } = CurrentSchema;
        [JsonProperty("patch")] public string Patch { get; set; } = "";
        [JsonProperty("title")] public string Title { get; set; } = "";
        /// <summary>The manifest's status, or "rejected" when the evidence shows a conformance failure or no improvement.</summary>
        [JsonProperty("status")] public string Status { get; set; } = "";
        [JsonProperty("headline")] public string Headline { get; set; } = "";
        [JsonProperty("generatedAt")] public DateTimeOffset GeneratedAt { get; set; }
        [JsonProperty("toolVersion")] public string ToolVersion { get; set; } = "";
        [JsonProperty("command")] public string Command { get; set; } = "";
        [JsonProperty("runsPerSide")] public int RunsPerSide { get; set; }
        [JsonProperty("quick")] public bool Quick { get; set; }
        [JsonProperty("machine")] public string Machine { get; set; } = "";
        [JsonProperty("runtimes")] public List<RuntimeEvidence> Runtimes { get; set; } = new List<RuntimeEvidence>();
        /// <summary>The group measured as one copy (null: one patch alone).</summary>
        [JsonProperty("group", NullValueHandling = NullValueHandling.Ignore)] public string? Group { get; set; }
        /// <summary>The ids of the group's patches, all woven into each copy (null: one patch alone).</summary>
        [JsonProperty("patches", NullValueHandling = NullValueHandling.Ignore)] public List<string>? Patches { get; set; }

        public static EvidenceDocument? TryRead(string folder)
        {
            var path = Path.Combine(folder, "evidence.json");
            if (!File.Exists(path)) return null;
            try
            {
                return JsonConvert.DeserializeObject<EvidenceDocument>(File.ReadAllText(path));
            }
            catch (JsonException e)
            {
                throw new InputException($"patch: {path}: not an evidence file ({e.Message})");
            }
        }

        /// <summary>A patch folder's evidence.json, or the file named; anything else is one line naming the path.</summary>
        public static EvidenceDocument Read(string folderOrFile)
        {
            var path = Directory.Exists(folderOrFile) ? Path.Combine(folderOrFile, "evidence.json") : folderOrFile;
            string text;
            try { text = File.ReadAllText(path); }
            catch (Exception e) when (e is IOException || e is UnauthorizedAccessException)
            {
                throw new InputException($"{path}: cannot be read ({e.Message})");
            }
            try
            {
                var token = Newtonsoft.Json.Linq.JToken.Parse(text);
                if (!IsEvidence(token)) throw new InputException($"{path}: not a patch's evidence file (no \"patch\" and per-runtime \"figures\")");
                if ((int?)token["schemaVersion"] != CurrentSchema)
                    throw new InputException($"{path}: evidence schema version {token["schemaVersion"]}, expected {CurrentSchema}");
                return token.ToObject<EvidenceDocument>() ?? throw new InputException($"{path}: empty evidence file");
            }
            catch (JsonException e)
            {
                throw new InputException($"{path}: not valid JSON ({e.Message.Split('\n')[0]})");
            }
        }

        /// <summary>
        /// The document with every path under <paramref name="checkout"/> written relative to it (the copies under
        /// artifacts/, the private runtimes, the command line), and an installed runtime's own folder written as the
        /// variable a reader sets to find theirs (<see cref="DotNetRootToken"/>, <see cref="MonoPrefixToken"/>):
        /// committed evidence names no machine's folders.
        /// </summary>
        public EvidenceDocument RelativeTo(string? checkout)
        {
            if (!string.IsNullOrEmpty(checkout))
            {
                var prefix = checkout!.TrimEnd('/', '\\') + "/";
                Command = Command.Replace(prefix, "");
                foreach (var runtime in Runtimes) runtime.Rewrite(text => text.Replace(prefix, ""));
            }
            foreach (var runtime in Runtimes)
            {
                // The original side's location is the installed runtime's root (a dotnet root, a Mono prefix).
                var installed = runtime.Copies.FirstOrDefault(c => c.Side == "original")?.Location.TrimEnd('/');
                if (string.IsNullOrEmpty(installed) || !Path.IsPathRooted(installed)) continue;
                var token = runtime.Flavor == RuntimeFlavor.Mono.Key() ? MonoPrefixToken : DotNetRootToken;
                runtime.Rewrite(text => text == installed ? token : text.Replace(installed + "/", token + "/"));
            }
            return this;
        }

        /// <summary>Stands for the installed .NET's root folder in committed evidence.</summary>
        public const string DotNetRootToken = "$DOTNET_ROOT";

        /// <summary>Stands for the installed Mono's prefix in committed evidence.</summary>
        public const string MonoPrefixToken = "$MONO_PREFIX";

        /// <summary>Whether a JSON document is a patch's evidence (a sweep's result has no "patch" and no "figures").</summary>
        public static bool IsEvidence(Newtonsoft.Json.Linq.JToken token) =>
            token.Type == Newtonsoft.Json.Linq.JTokenType.Object && token["patch"] != null
            && token["runtimes"] is Newtonsoft.Json.Linq.JArray runtimes && runtimes.All(r => r is Newtonsoft.Json.Linq.JObject o && o["figures"] != null);
    }

    /// <summary>What a patch's own programs showed: its repro and its upstream-style test.</summary>
    public interface IProgramEvidence
    {
        ReproEvidence? Repro { get; set; }
        UpstreamTestEvidence? UpstreamTest { get; set; }
        /// <summary>Why the repro and the test were not run on this runtime although the patch has them (null: run, or none).</summary>
        string? ProgramsNotRun { get; set; }
    }

    public sealed class RuntimeEvidence : IProgramEvidence
    {
        /// <summary>Applies <paramref name="rewrite"/> to every path this runtime's evidence names.</summary>
        internal void Rewrite(Func<string, string> rewrite)
        {
            Original = rewrite(Original);
            Errors = Errors.Select(rewrite).ToList();
            foreach (var copy in Copies)
            {
                copy.Location = rewrite(copy.Location);
                copy.Loaded = copy.Loaded.Select(rewrite).ToList();
            }
        }

        [JsonProperty("runtime")] public string Runtime { get; set; } = "";
        [JsonProperty("flavor")] public string Flavor { get; set; } = "";
        [JsonProperty("version")] public string Version { get; set; } = "";
        [JsonProperty("original")] public string Original { get; set; } = "";
        [JsonProperty("copies")] public List<CopyEvidence> Copies { get; set; } = new List<CopyEvidence>();
        /// <summary>The members replaced, "Type::Member(…)".</summary>
        [JsonProperty("replaced")] public List<string> Replaced { get; set; } = new List<string>();
        [JsonProperty("figures")] public List<FigureRow> Figures { get; set; } = new List<FigureRow>();
        /// <summary>What changed from the A/A copy to the patched one (compare's rules), patched type and control.</summary>
        [JsonProperty("patchEffect")] public List<string> PatchEffect { get; set; } = new List<string>();
        /// <summary>What changed from the original to the A/A copy: the rewrite's own cost (ReadyToRun → JIT), not the patch's.</summary>
        [JsonProperty("rewriteEffect")] public List<string> RewriteEffect { get; set; } = new List<string>();
        /// <summary>The A/A copy's time per call against the original's, over the patched type's latency figures: what IL-only (JIT) costs.</summary>
        [JsonProperty("jitCost", NullValueHandling = NullValueHandling.Ignore)] public string? JitCost { get; set; }
        [JsonProperty("controlChanges")] public List<string> ControlChanges { get; set; } = new List<string>();
        [JsonProperty("conformance")] public Dictionary<string, OutcomeCounts> Conformance { get; set; } = new Dictionary<string, OutcomeCounts>();
        /// <summary>Conformance checks of the patched type that pass on A/A and fail on the patched copy in every run.</summary>
        [JsonProperty("introducedFailures")] public List<string> IntroducedFailures { get; set; } = new List<string>();
        [JsonProperty("fixedFailures")] public List<string> FixedFailures { get; set; } = new List<string>();
        /// <summary>The repro's output on the original runtime and on the patched copy (null: the target names none).</summary>
        [JsonProperty("repro", NullValueHandling = NullValueHandling.Ignore)] public ReproEvidence? Repro { get; set; }
        /// <summary>The patch's upstream-style test on the A/A and the patched copy (null: the target names none).</summary>
        [JsonProperty("upstreamTest", NullValueHandling = NullValueHandling.Ignore)] public UpstreamTestEvidence? UpstreamTest { get; set; }
        [JsonProperty("programsNotRun", NullValueHandling = NullValueHandling.Ignore)] public string? ProgramsNotRun { get; set; }
        /// <summary>A group's patches on the one copy: each one's headline verdicts, repro and test (null: one patch alone).</summary>
        [JsonProperty("members", NullValueHandling = NullValueHandling.Ignore)] public List<MemberEvidence>? Members { get; set; }
        [JsonProperty("verdict")] public string Verdict { get; set; } = "";
        [JsonProperty("rejected")] public bool Rejected { get; set; }
        [JsonProperty("seconds")] public double Seconds { get; set; }
        [JsonProperty("errors")] public List<string> Errors { get; set; } = new List<string>();
    }

    /// <summary>One patch of a group, as the group's shared A/A and patched copies showed it.</summary>
    public sealed class MemberEvidence : IProgramEvidence
    {
        [JsonProperty("patch")] public string Patch { get; set; } = "";
        [JsonProperty("title")] public string Title { get; set; } = "";
        [JsonProperty("sentence", NullValueHandling = NullValueHandling.Ignore)] public string? Sentence { get; set; }
        /// <summary>The patch's headline check.</summary>
        [JsonProperty("headline", NullValueHandling = NullValueHandling.Ignore)] public string? Headline { get; set; }
        /// <summary>The headline check on each variant of the patch's types, A/A → patched.</summary>
        [JsonProperty("verdicts")] public List<MemberVerdict> Verdicts { get; set; } = new List<MemberVerdict>();
        [JsonProperty("repro", NullValueHandling = NullValueHandling.Ignore)] public ReproEvidence? Repro { get; set; }
        [JsonProperty("upstreamTest", NullValueHandling = NullValueHandling.Ignore)] public UpstreamTestEvidence? UpstreamTest { get; set; }
        [JsonProperty("programsNotRun", NullValueHandling = NullValueHandling.Ignore)] public string? ProgramsNotRun { get; set; }
    }

    /// <summary>A check's outcomes on one variant, every process of the A/A side against every process of the patched side.</summary>
    public sealed class MemberVerdict
    {
        [JsonProperty("type")] public string Type { get; set; } = "";
        [JsonProperty("variant")] public string Variant { get; set; } = "";
        [JsonProperty("check")] public string Check { get; set; } = "";
        /// <summary>The distinct outcomes of the A/A side's processes ("fail", or "fail/pass" when they disagree).</summary>
        [JsonProperty("aa")] public string Aa { get; set; } = "";
        [JsonProperty("patched")] public string Patched { get; set; } = "";
        /// <summary>The figure the check measures, A/A → patched (null: a conformance check).</summary>
        [JsonProperty("figure", NullValueHandling = NullValueHandling.Ignore)] public string? Figure { get; set; }

        [JsonIgnore] public string Change => Aa == Patched ? Aa + " (unchanged)" : Aa + " → " + Patched;
    }

    public sealed class CopyEvidence
    {
        /// <summary>"original", "aa" or "patched".</summary>
        [JsonProperty("side")] public string Side { get; set; } = "";
        [JsonProperty("location")] public string Location { get; set; } = "";
        /// <summary>Module version id written (copies) for the rewritten assembly.</summary>
        [JsonProperty("writtenMvid", NullValueHandling = NullValueHandling.Ignore)] public string? WrittenMvid { get; set; }
        /// <summary>A copy that rewrites several assemblies (a group spanning two, 0009 and 0018): each one's module version id, by simple name.</summary>
        [JsonProperty("writtenMvids", NullValueHandling = NullValueHandling.Ignore)] public Dictionary<string, string>? WrittenMvids { get; set; }
        /// <summary>Where the probe loaded the assembly from and its module version id, in every run of this side.</summary>
        [JsonProperty("loaded")] public List<string> Loaded { get; set; } = new List<string>();
        /// <summary>True when every run loaded the file with the written module version id (copies), or the installed one (original).</summary>
        [JsonProperty("proven")] public bool Proven { get; set; }
        [JsonProperty("reused")] public bool Reused { get; set; }
        [JsonProperty("buildSeconds")] public double BuildSeconds { get; set; }
    }

    public sealed class FigureRow
    {
        [JsonProperty("type")] public string Type { get; set; } = "";
        [JsonProperty("variant")] public string Variant { get; set; } = "";
        [JsonProperty("check")] public string Check { get; set; } = "";
        [JsonProperty("metric")] public string Metric { get; set; } = "";
        [JsonProperty("exact")] public bool Exact { get; set; }
        [JsonProperty("original")] public Figure? Original { get; set; }
        [JsonProperty("aa")] public Figure? Aa { get; set; }
        [JsonProperty("patched")] public Figure? Patched { get; set; }
        /// <summary>patched vs A/A by compare's rules: "regression", "improvement" or "".</summary>
        [JsonProperty("change")] public string Change { get; set; } = "";
        /// <summary>Operations a syscall cell measured (its figures are per operation); null for other checks.</summary>
        [JsonProperty("operations", NullValueHandling = NullValueHandling.Ignore)] public double? Operations { get; set; }
    }

    public sealed class Figure
    {
        /// <summary>Median over the side's processes.</summary>
        [JsonProperty("value")] public double Value { get; set; }
        /// <summary>The interval the side's processes span (each process's confidence interval where the figure has one).</summary>
        [JsonProperty("low")] public double Low { get; set; }
        [JsonProperty("high")] public double High { get; set; }
        [JsonProperty("runs")] public int Runs { get; set; }
        /// <summary>The verdicts of the budget check in each run ("pass", "fail"...), distinct.</summary>
        [JsonProperty("outcomes")] public List<string> Outcomes { get; set; } = new List<string>();
    }

    public sealed class OutcomeCounts
    {
        [JsonProperty("pass")] public int Pass { get; set; }
        [JsonProperty("fail")] public int Fail { get; set; }
        [JsonProperty("other")] public int Other { get; set; }
    }
}
