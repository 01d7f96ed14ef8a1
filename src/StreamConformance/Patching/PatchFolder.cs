using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using System.Text.RegularExpressions;
using Newtonsoft.Json;

namespace StreamConformance.Patching
{
    /// <summary>
    /// A folder <c>patches/NNNN-slug/</c>: <c>patch.json</c>, the replacement source(s) it names, the upstream diff(s),
    /// and the generated <c>EVIDENCE.md</c> and <c>evidence.json</c>. Loading checks the form; every fault is an
    /// <see cref="InputException"/> naming the folder (or file, line and column) and the fault.
    /// </summary>
    public sealed class PatchFolder
    {
        public const string ManifestFile = "patch.json", EvidenceMarkdown = "EVIDENCE.md", EvidenceJson = "evidence.json";

        PatchFolder(string path, PatchManifest manifest)
        {
            Path = path;
            Manifest = manifest;
        }

        public string Path { get; }
        public string Name => System.IO.Path.GetFileName(Path);
        public PatchManifest Manifest { get; }

        /// <summary>Each target's upstream diff, parsed (and so checked) when the folder was loaded.</summary>
        public IReadOnlyDictionary<PatchTarget, UnifiedDiff> Diffs => _diffs;

        readonly Dictionary<PatchTarget, UnifiedDiff> _diffs = new Dictionary<PatchTarget, UnifiedDiff>();

        public string FileOf(string relative) => System.IO.Path.Combine(Path, relative);

        /// <summary>The checkout the tool runs from (the folder holding build.sh and patches/), or null when it runs elsewhere.</summary>
        public static string? CheckoutRoot()
        {
            for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir != null; dir = dir.Parent)
                if (File.Exists(System.IO.Path.Combine(dir.FullName, "build.sh")) && Directory.Exists(System.IO.Path.Combine(dir.FullName, "patches")))
                    return dir.FullName;
            return null;
        }

        public static PatchFolder Load(string path)
        {
            var full = System.IO.Path.GetFullPath(path.TrimEnd('/', '\\'));
            if (!Directory.Exists(full))
                throw new InputException($"patch: {full} is not a folder");
            var manifestPath = System.IO.Path.Combine(full, ManifestFile);
            if (!File.Exists(manifestPath))
                throw new InputException($"patch: {full} has no {ManifestFile}");
            PatchManifest? manifest;
            try
            {
                manifest = JsonConvert.DeserializeObject<PatchManifest>(File.ReadAllText(manifestPath),
                    new JsonSerializerSettings { MissingMemberHandling = MissingMemberHandling.Error });
            }
            catch (JsonReaderException e)
            {
                throw new InputException($"patch: {manifestPath}:{e.LineNumber}:{e.LinePosition}: {FirstSentence(e.Message)}");
            }
            catch (JsonSerializationException e)
            {
                throw new InputException($"patch: {manifestPath}:{e.LineNumber}:{e.LinePosition}: {FirstSentence(e.Message)}");
            }
            if (manifest == null) throw new InputException($"patch: {manifestPath} is empty");
            var folder = new PatchFolder(full, manifest);
            folder.Validate(manifestPath);
            return folder;
        }

        void Validate(string manifestPath)
        {
            string Fault(string what) => $"patch: {manifestPath}: {what}";
            var m = Manifest;
            var prefix = Regex.Match(Name, @"^(\d{4})-[a-z0-9][a-z0-9-]*$");
            if (!prefix.Success) throw new InputException($"patch: {Path}: folder name must be NNNN-slug (four digits, lowercase words)");
            if (m.Id != prefix.Groups[1].Value) throw new InputException(Fault($"id '{m.Id}' does not match the folder's number {prefix.Groups[1].Value}"));
            if (!PatchManifest.Statuses.Contains(m.Status)) throw new InputException(Fault($"status '{m.Status}' is not one of {string.Join(", ", PatchManifest.Statuses)}"));
            if (m.Status == "rejected" && string.IsNullOrWhiteSpace(m.StatusReason)) throw new InputException(Fault("a rejected patch needs statusReason"));
            if (m.Status == "fixed-upstream" && (m.FixedBy == null || !Regex.IsMatch(m.FixedBy, @"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+#\d+$")))
                throw new InputException(Fault("a fixed-upstream patch needs fixedBy, the change that fixed it (owner/name#number)"));
            if (m.Group != null && !Regex.IsMatch(m.Group, "^[a-z0-9][a-z0-9-]*$")) throw new InputException(Fault($"group '{m.Group}' is not lowercase words joined by '-'"));
            if (m.Targets.Count == 0) throw new InputException(Fault("targets is empty"));
            foreach (var t in m.Targets)
            {
                if (t.Runtime != "coreclr" && t.Runtime != "mono") throw new InputException(Fault($"target runtime '{t.Runtime}' is not coreclr or mono"));
                if (m.Targets.Count(o => o.Runtime == t.Runtime) > 1) throw new InputException(Fault($"two targets for {t.Runtime}"));
                if (t.Members.Count == 0) throw new InputException(Fault($"target {t.Runtime}: members is empty"));
                if (!File.Exists(FileOf(t.Source))) throw new InputException(Fault($"target {t.Runtime}: source {t.Source} not found in the folder"));
                if (t.Upstream.Commit.Length == 0 && !string.IsNullOrWhiteSpace(t.Upstream.Tag))
                {
                    if (!Regex.IsMatch(t.Upstream.Tag!, @"^[A-Za-z0-9_.+-]+$")) throw new InputException(Fault($"target {t.Runtime}: upstream tag '{t.Upstream.Tag}' is not a tag name"));
                }
                else if (!Regex.IsMatch(t.Upstream.Commit, "^[0-9a-f]{40}$")) throw new InputException(Fault($"target {t.Runtime}: upstream commit '{t.Upstream.Commit}' is not 40 lowercase hex digits (or give no commit and a release tag)"));
                if (!Regex.IsMatch(t.Upstream.Repository, @"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$")) throw new InputException(Fault($"target {t.Runtime}: upstream repository '{t.Upstream.Repository}' is not owner/name"));
                if (t.Upstream.Checked != null && !DateTime.TryParseExact(t.Upstream.Checked, "yyyy-MM-dd", System.Globalization.CultureInfo.InvariantCulture, System.Globalization.DateTimeStyles.None, out _))
                    throw new InputException(Fault($"target {t.Runtime}: upstream checked '{t.Upstream.Checked}' is not a date (yyyy-MM-dd)"));
                var diff = FileOf(t.Upstream.Diff);
                if (!File.Exists(diff)) throw new InputException(Fault($"target {t.Runtime}: diff {t.Upstream.Diff} not found in the folder"));
                if (t.Repro != null && !File.Exists(FileOf(t.Repro))) throw new InputException(Fault($"target {t.Runtime}: repro {t.Repro} not found in the folder"));
                if (t.Test != null)
                {
                    if (!File.Exists(FileOf(t.Test.Source))) throw new InputException(Fault($"target {t.Runtime}: test source {t.Test.Source} not found in the folder"));
                    foreach (var support in t.Test.Support.Where(s => !File.Exists(FileOf(s))))
                        throw new InputException(Fault($"target {t.Runtime}: test support file {support} not found in the folder"));
                    if (!t.Test.Framework.StartsWith(PatchProgramCompiler.Framework, StringComparison.Ordinal))
                        throw new InputException(Fault($"target {t.Runtime}: test framework '{t.Test.Framework}' is not {PatchProgramCompiler.Framework}.x (the engine the harness runs tests with)"));
                    if (!Regex.IsMatch(t.Test.Commit, "^[0-9a-f]{40}$")) throw new InputException(Fault($"target {t.Runtime}: test commit '{t.Test.Commit}' is not 40 lowercase hex digits"));
                    if (!Regex.IsMatch(t.Test.Repository, @"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$")) throw new InputException(Fault($"target {t.Runtime}: test repository '{t.Test.Repository}' is not owner/name"));
                }
                var parsed = _diffs[t] = UnifiedDiff.Parse(diff);
                if (!parsed.Files.Any(f => f.NewPath == t.Upstream.Path || f.OldPath == t.Upstream.Path))
                    throw new InputException($"patch: {diff}: no file section for the upstream path {t.Upstream.Path}");
            }
        }

        /// <summary>
        /// What a patched copy depends on: the manifest and every source it names. Two folders with the same content
        /// hash weave the same copy, so the cache is keyed by it.
        /// </summary>
        public string ContentHash(PatchTarget target)
        {
            using var sha = SHA256.Create();
            var text = new StringBuilder();
            text.Append(target.Runtime).Append('\n').Append(target.Assembly).Append('\n').Append(target.Type).Append('\n');
            text.Append(string.Join("\n", target.Members)).Append('\n');
            text.Append(File.ReadAllText(FileOf(target.Source)));
            text.Append('\n').Append(MethodWeaver.Version);
            return Convert.ToHexString(sha.ComputeHash(Encoding.UTF8.GetBytes(text.ToString()))).Substring(0, 16).ToLowerInvariant();
        }

        static string FirstSentence(string message)
        {
            var cut = message.IndexOf(" Path '", StringComparison.Ordinal);
            return (cut > 0 ? message.Substring(0, cut) : message).Trim();
        }
    }
}
