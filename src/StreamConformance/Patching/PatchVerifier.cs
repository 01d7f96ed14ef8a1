using System.Collections.Generic;
using System.Linq;
using StreamConformance.Runtimes;

namespace StreamConformance.Patching
{
    /// <summary>
    /// <c>patch verify</c>: a folder is well-formed (manifest, sources, diffs), and on each runtime it targets the type
    /// and members exist, the replacement compiles against that runtime's assemblies and weaves. Nothing is written.
    /// </summary>
    public static class PatchVerifier
    {
        public static IEnumerable<(string Runtime, string Verdict, bool Ok)> Verify(string folder, IReadOnlyList<RuntimeTarget> runtimes)
        {
            PatchFolder patch;
            try
            {
                patch = PatchFolder.Load(folder);
            }
            catch (InputException e)
            {
                return new[] { ("-", e.Message, false) };
            }
            return runtimes.Select(r => VerifyOn(patch, r)).ToList();
        }

        static (string, string, bool) VerifyOn(PatchFolder patch, RuntimeTarget runtime)
        {
            var flavor = runtime.Flavor == RuntimeFlavor.Mono ? "mono" : "coreclr";
            var target = patch.Manifest.TargetFor(flavor);
            var name = $"{runtime.Name} {runtime.Version}";
            if (target == null) return (name, $"no target for {flavor}: not applicable", true);
            try
            {
                var (module, replaced, source) = PatchApplier.Weave(patch, target, runtime, patched: true);
                module.Dispose();
                var hunks = patch.Diffs[target].Files.Sum(f => f.Hunks.Count);
                var measured = target.VersionMeasured != null && target.VersionMeasured != runtime.Version
                    ? $"; evidence was measured on {target.VersionMeasured}" : "";
                return (name, $"ok: weaves {string.Join(", ", replaced)} into {target.Type} ({source}); diff: {hunks} hunk(s) against {target.Upstream.Repository}@{target.Upstream.ShortRef}{measured}", true);
            }
            catch (InputException e)
            {
                return (name, e.Message, false);
            }
        }
    }
}
