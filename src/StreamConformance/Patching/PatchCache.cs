using System;
using System.IO;
using System.Security.Cryptography;
using System.Text;
using StreamConformance.Runtimes;

namespace StreamConformance.Patching
{
    /// <summary>
    /// Patched and A/A copies kept under <c>artifacts/patched-runtimes/</c>, keyed by (runtime location, version, patch
    /// content hash): a second <c>patch evidence</c> reuses them instead of rewriting CoreLib again. A copy counts only
    /// once its <see cref="RuntimeCopyManifest"/> exists (written last), so an interrupted build is rebuilt.
    /// </summary>
    public sealed class PatchCache
    {
        public PatchCache(string root) => Root = root;

        public string Root { get; }

        /// <summary>artifacts/patched-runtimes of the checkout the tool runs from; STREAMCONF_ARTIFACTS overrides.</summary>
        public static PatchCache Default()
        {
            var env = Environment.GetEnvironmentVariable("STREAMCONF_ARTIFACTS");
            if (!string.IsNullOrEmpty(env)) return new PatchCache(Path.Combine(env!, "patched-runtimes"));
            var checkout = PatchFolder.CheckoutRoot();
            return new PatchCache(checkout != null
                ? Path.Combine(checkout, "artifacts", "patched-runtimes")
                : Path.Combine(Path.GetTempPath(), "streamconf-patched-runtimes"));
        }

        /// <summary>The cached copy of <paramref name="original"/> of the given kind, built when absent; reports whether it was.</summary>
        public (RuntimeTarget Runtime, bool Built) GetOrBuild(PatchFolder patch, RuntimeTarget original, string kind) =>
            GetOrBuild(PatchSet.Of(patch), original, kind);

        /// <summary>The cached copy carrying every patch of <paramref name="set"/>, built when absent.</summary>
        public (RuntimeTarget Runtime, bool Built) GetOrBuild(PatchSet set, RuntimeTarget original, string kind)
        {
            var dir = Path.Combine(Root, Key(set, original), kind);
            if (RuntimeCopyManifest.TryRead(dir) is RuntimeCopyManifest existing && existing.Kind == kind)
                return (Named(RuntimeResolver.ResolvePath(dir), original, set, kind), false);
            if (Directory.Exists(dir)) Directory.Delete(dir, recursive: true); // an interrupted build: links are removed, not followed
            Directory.CreateDirectory(Path.GetDirectoryName(dir)!);
            var built = PatchApplier.Apply(set, original, dir, kind);
            return (Named(built, original, set, kind), true);
        }

        /// <summary>The A/A and the patched copy of <paramref name="original"/>, each built when absent.</summary>
        public (RuntimeTarget Aa, RuntimeTarget Patched) GetOrBuildBoth(PatchFolder patch, RuntimeTarget original) =>
            (GetOrBuild(patch, original, RuntimeCopyManifest.RoundTrip).Runtime, GetOrBuild(patch, original, RuntimeCopyManifest.Patched).Runtime);

        /// <summary>Where the programs a patch ships (its repro, its upstream-style test) are compiled.</summary>
        public string ProgramsFolder => Path.Combine(Root, "upstream-tests");

        static RuntimeTarget Named(RuntimeTarget copy, RuntimeTarget original, PatchSet set, string kind) =>
            copy.WithName($"{original.Name}+{(kind == RuntimeCopyManifest.RoundTrip ? "aa" : set.Id)}");

        static string Key(PatchSet set, RuntimeTarget original)
        {
            var target = set.TargetsFor(original)[0].Target;
            using var sha = SHA256.Create();
            var where = Convert.ToHexString(sha.ComputeHash(Encoding.UTF8.GetBytes(original.Location))).Substring(0, 8).ToLowerInvariant();
            return $"{PatchApplier.FlavorOf(original)}-{original.Version}-{where}-{set.Id}-{set.ContentHash(original)}";
        }
    }
}
