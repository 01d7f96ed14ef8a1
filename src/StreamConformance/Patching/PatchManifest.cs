using System.Collections.Generic;
using System.Linq;
using Newtonsoft.Json;

namespace StreamConformance.Patching
{
    // One concept: patch.json, the document and its parts (target, issue text, upstream test and file).
    /// <summary>
    /// <c>patch.json</c>: what a candidate runtime patch changes, where it comes from upstream, and why.
    /// See <c>patches/README.md</c> for the fields by example.
    /// </summary>
    public sealed class PatchManifest
    {
        /// <summary>Four digits, equal to the folder's prefix (0001).</summary>
        [JsonProperty("id", Required = Required.Always)] public string Id { get; set; } = "";
        [JsonProperty("title", Required = Required.Always)] public string Title { get; set; } = "";
        /// <summary>One of <see cref="Statuses"/>.</summary>
        [JsonProperty("status", Required = Required.Always)] public string Status { get; set; } = "";
        /// <summary>The problem in one paragraph, as the evidence opens with it.</summary>
        [JsonProperty("problem", Required = Required.Always)] public string Problem { get; set; } = "";
        /// <summary>What a user sees, in one plain sentence: the first line of the evidence and of the drafted issue
        /// ("`Write(src, 2, 4)` on `SqlBytes.Stream` writes all 10 bytes of `src`").</summary>
        [JsonProperty("sentence")] public string? Sentence { get; set; }
        /// <summary>What the drafted issue and pull request say beyond the problem paragraph; null: not drafted yet.</summary>
        [JsonProperty("issue")] public IssueText? Issue { get; set; }
        /// <summary>Why the status (required for rejected).</summary>
        [JsonProperty("statusReason")] public string? StatusReason { get; set; }
        /// <summary>The finding or check that motivated the patch (a check name, a finding id, a seed).</summary>
        [JsonProperty("motivation", Required = Required.Always)] public string Motivation { get; set; } = "";
        /// <summary>A stream type the patch must not change: measured beside the patched type in the evidence.</summary>
        [JsonProperty("control", Required = Required.Always)] public string Control { get; set; } = "";
        /// <summary>Glob over check names the evidence runs (null: every check).</summary>
        [JsonProperty("checks")] public string? Checks { get; set; }
        /// <summary>The figure the headline quotes: a check name whose bytesPerCall, ratioToBaseline or syscalls the list shows;
        /// "check#metric" picks one of a check's figures (a syscall cell's syscalls.write among its lseek and total).</summary>
        [JsonProperty("headline")] public string? Headline { get; set; }
        /// <summary>The check part of <see cref="Headline"/>.</summary>
        [JsonIgnore] public string? HeadlineCheck => Headline?.Split('#')[0];
        /// <summary>The metric part of <see cref="Headline"/> ("check#metric"), or null.</summary>
        [JsonIgnore] public string? HeadlineMetric => Headline != null && Headline.Contains('#') ? Headline.Substring(Headline.IndexOf('#') + 1) : null;
        [JsonProperty("targets", Required = Required.Always)] public List<PatchTarget> Targets { get; set; } = new List<PatchTarget>();

        /// <summary>candidate: proposed upstream; guard: deliberately reintroduces an old defect to prove the harness catches it;
        /// rejected: the evidence showed no improvement or a conformance failure (kept as evidence); fixed-upstream: the
        /// owners fixed it (<see cref="FixedBy"/> names the change; the diff stays pinned to a text that still has the fault,
        /// a servicing branch's where a backport is worth asking for); upstreamed: taken upstream from this patch.</summary>
        public static readonly IReadOnlyList<string> Statuses = new[] { "candidate", "guard", "rejected", "fixed-upstream", "upstreamed" };

        /// <summary>Patches that go upstream as one pull request share a group name (lowercase words); two patches that
        /// replace the same member must share one.</summary>
        [JsonProperty("group")] public string? Group { get; set; }

        /// <summary>The upstream change that fixed the fault (owner/name#number), required for fixed-upstream.</summary>
        [JsonProperty("fixedBy")] public string? FixedBy { get; set; }

        public PatchTarget? TargetFor(string flavor) => Targets.FirstOrDefault(t => t.Runtime == flavor);
    }

    /// <summary>The patch as it applies to one runtime flavor.</summary>
    public sealed class PatchTarget
    {
        /// <summary>"coreclr" or "mono".</summary>
        [JsonProperty("runtime", Required = Required.Always)] public string Runtime { get; set; } = "";
        /// <summary>The runtime version the evidence was measured on (informative: other versions are tried and verified).</summary>
        [JsonProperty("versionMeasured")] public string? VersionMeasured { get; set; }
        /// <summary>Simple name of the assembly rewritten (System.Private.CoreLib, mscorlib, System...).</summary>
        [JsonProperty("assembly", Required = Required.Always)] public string Assembly { get; set; } = "";
        /// <summary>Full name of the type whose members are replaced.</summary>
        [JsonProperty("type", Required = Required.Always)] public string Type { get; set; } = "";
        /// <summary>The stream type(s) whose recipes the evidence sweeps, separated by '|', when the patched type is not
        /// one (an internal strategy behind FileStream, the Socket behind NetworkStream) or not the only one (BufferedStream
        /// is also measured through the FileStream family's syscall cells). Null: <see cref="Type"/> itself.</summary>
        [JsonProperty("measure")] public string? Measure { get; set; }
        /// <summary>The stream types the evidence measures and judges: <see cref="Measure"/>'s, else <see cref="Type"/>.</summary>
        [JsonIgnore] public IReadOnlyList<string> MeasuredTypes => (Measure ?? Type).Split('|');
        /// <summary>The measured types as a sentence names them.</summary>
        [JsonIgnore] public string MeasuredType => string.Join(" and ", MeasuredTypes);
        /// <summary>Members replaced, as the replacement source marks them with [Replace]: "ReadByte()", "WriteByte(System.Byte)".</summary>
        [JsonProperty("members", Required = Required.Always)] public List<string> Members { get; set; } = new List<string>();
        /// <summary>The C# file (relative to the folder) holding the replacement.</summary>
        [JsonProperty("source", Required = Required.Always)] public string Source { get; set; } = "";
        [JsonProperty("upstream", Required = Required.Always)] public UpstreamFile Upstream { get; set; } = new UpstreamFile();
        /// <summary>A self-contained program (relative to the folder) that shows the fault by what it prints: run on the
        /// original runtime and on the patched copy, both outputs go into the evidence.</summary>
        [JsonProperty("repro")] public string? Repro { get; set; }
        /// <summary>The test the fix goes upstream with, written as the owning test project writes its tests; null: none yet.</summary>
        [JsonProperty("test")] public UpstreamTest? Test { get; set; }
    }

    /// <summary>The parts of the drafted issue and pull request that the problem paragraph does not give.</summary>
    public sealed class IssueText
    {
        /// <summary>The issue's title, as a user would search for it.</summary>
        [JsonProperty("title", Required = Required.Always)] public string Title { get; set; } = "";
        /// <summary>Who is hurt and how, in a sentence or two.</summary>
        [JsonProperty("impact", Required = Required.Always)] public string Impact { get; set; } = "";
        /// <summary>The rule it breaks: the official conformance suite's method or the API documentation, with a link.</summary>
        [JsonProperty("rule", Required = Required.Always)] public string Rule { get; set; } = "";
        /// <summary>The pull request's title.</summary>
        [JsonProperty("prTitle", Required = Required.Always)] public string PrTitle { get; set; } = "";
        /// <summary>Tracker items that relate (owner/name#number, with a word on how).</summary>
        [JsonProperty("related")] public List<string> Related { get; set; } = new List<string>();
    }

    /// <summary>
    /// A test in the style of the owning upstream test project, shipped in the patch folder: the harness compiles it
    /// against the runtime's own assemblies and xUnit.net 2.9.3 and runs it on the A/A and the patched copy, where it
    /// must fail and pass.
    /// </summary>
    public sealed class UpstreamTest
    {
        /// <summary>The C# file (relative to the folder) holding the test class.</summary>
        [JsonProperty("source", Required = Required.Always)] public string Source { get; set; } = "";
        /// <summary>The framework the owning project uses and the test is written for ("xunit 2.9.3").</summary>
        [JsonProperty("framework", Required = Required.Always)] public string Framework { get; set; } = "";
        /// <summary>owner/name of the owning repository.</summary>
        [JsonProperty("repository", Required = Required.Always)] public string Repository { get; set; } = "";
        /// <summary>The upstream test file the test joins, whose conventions it follows.</summary>
        [JsonProperty("path", Required = Required.Always)] public string Path { get; set; } = "";
        /// <summary>The commit of <see cref="Path"/> that was read (40 hex digits).</summary>
        [JsonProperty("commit", Required = Required.Always)] public string Commit { get; set; } = "";
        /// <summary>C# files (relative to the folder) the harness compiles with the test and that are not part of the upstream
        /// text: minimal stand-ins for test-only packages not served here (Microsoft.DotNet.XUnitExtensions'
        /// PlatformSpecific), which the owning test project already references.</summary>
        [JsonProperty("support")] public List<string> Support { get; set; } = new List<string>();
        /// <summary>Why the test is written as it is, where a reviewer would ask (a platform it is limited to, a stand-in).</summary>
        [JsonProperty("note")] public string? Note { get; set; }

        public string Url => $"https://github.com/{Repository}/blob/{Commit}/{Path}";
    }

    /// <summary>The upstream file a patch's diff applies to.</summary>
    public sealed class UpstreamFile
    {
        /// <summary>owner/name on GitHub (dotnet/runtime, mono/mono, mono/corefx).</summary>
        [JsonProperty("repository", Required = Required.Always)] public string Repository { get; set; } = "";
        [JsonProperty("path", Required = Required.Always)] public string Path { get; set; } = "";
        /// <summary>40 hex digits; empty only when <see cref="Tag"/> names the release instead.</summary>
        [JsonProperty("commit")] public string Commit { get; set; } = "";
        /// <summary>A release tag of <see cref="Repository"/> (mono-6.8.0.105), when no stored commit of that release
        /// could be read: the diff then applies to the file as that release's source tarball ships it.</summary>
        [JsonProperty("tag")] public string? Tag { get; set; }
        /// <summary>The day (yyyy-MM-dd) the diff was last checked against the newest upstream text that could be read: that
        /// the fault is still there and the diff still applies (or, for fixed-upstream, where it was fixed).</summary>
        [JsonProperty("checked")] public string? Checked { get; set; }
        /// <summary>The unified diff file (relative to the folder).</summary>
        [JsonProperty("diff", Required = Required.Always)] public string Diff { get; set; } = "";
        /// <summary>Which text the diff applies to and why no newer one was read, where the newest readable text is older
        /// than the release measured; shown under the diff.</summary>
        [JsonProperty("note")] public string? Note { get; set; }

        /// <summary>The commit, or the tag when there is none.</summary>
        [JsonIgnore] public string Ref => Commit.Length > 0 ? Commit : Tag ?? "";
        /// <summary>The commit's first 12 digits, or the tag.</summary>
        [JsonIgnore] public string ShortRef => Commit.Length >= 12 ? Commit.Substring(0, 12) : Ref;

        public string Url => $"https://github.com/{Repository}/blob/{Ref}/{Path}";
    }
}
