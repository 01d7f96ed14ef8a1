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

        /// <summary>Statuses whose patches are meant to be sent upstream: a guard or a rejected or already fixed patch is never
        /// part of a pull request, so it may replace what another one does.</summary>
        static readonly string[] s_sent = { "candidate", "upstreamed" };

        /// <summary>
        /// Members two patches to be sent both replace (same flavor, assembly, type and member), when the patches do not
        /// declare one group: as two pull requests they would conflict, and measured apart neither shows the pair.
        /// </summary>
        public static IReadOnlyList<string> Overlaps(IEnumerable<PatchFolder> patches)
        {
            var byMember = patches.Where(p => s_sent.Contains(p.Manifest.Status))
                .SelectMany(p => p.Manifest.Targets.SelectMany(t => t.Members.Select(m => (Key: $"{t.Runtime} {t.Type}::{m}", Patch: p))))
                .GroupBy(x => x.Key);
            var faults = new List<string>();
            foreach (var member in byMember)
            {
                var folders = member.Select(x => x.Patch).OrderBy(p => p.Manifest.Id).ToList();
                if (folders.Count < 2) continue;
                var groups = folders.Select(p => p.Manifest.Group).Distinct().ToList();
                if (groups.Count == 1 && groups[0] != null) continue;
                faults.Add($"{string.Join(" and ", folders.Select(p => p.Manifest.Id))} both replace {member.Key}: give them one \"group\" in patch.json if they go as one pull request, or merge them");
            }
            return faults;
        }

        static (string, string, bool) VerifyOn(PatchFolder patch, RuntimeTarget runtime)
        {
            var flavor = PatchApplier.FlavorOf(runtime);
            var target = PatchApplier.TryTargetFor(patch, runtime);
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
