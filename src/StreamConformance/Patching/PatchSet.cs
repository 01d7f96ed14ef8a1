using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using StreamConformance.Runtimes;

namespace StreamConformance.Patching
{
    /// <summary>
    /// The patches one runtime copy carries: one folder, or the folders of one group (patches that go upstream as one
    /// pull request), woven into one copy so that it shows they compose; a group's patches may rewrite different
    /// assemblies (0009's System.Net.Http and 0018's System.Net.Requests), each assembly then rewritten once. A group is
    /// refused when its folders do not declare the same group or replace one member twice (one copy cannot carry two
    /// bodies of a member: such patches are merged into one replacement first).
    /// </summary>
    public sealed class PatchSet
    {
        PatchSet(IReadOnlyList<PatchFolder> patches) => Patches = patches;

        /// <summary>In id order.</summary>
        public IReadOnlyList<PatchFolder> Patches { get; }

        public bool IsGroup => Patches.Count > 1;

        /// <summary>"0011", or "0011+0017" for a group.</summary>
        public string Id => string.Join("+", Patches.Select(p => p.Manifest.Id));

        /// <summary>The group the folders declare (null for one folder without a group).</summary>
        public string? Group => Patches[0].Manifest.Group;

        public string Title => IsGroup
            ? $"group {Group}: " + string.Join("; ", Patches.Select(p => p.Manifest.Id + " " + p.Manifest.Title))
            : Patches[0].Manifest.Title;

        public static PatchSet Of(PatchFolder patch) => new PatchSet(new[] { patch });

        public static PatchSet Of(IEnumerable<PatchFolder> folders)
        {
            var patches = folders.OrderBy(p => p.Manifest.Id, StringComparer.Ordinal).ToList();
            if (patches.Count == 0) throw new InputException("patch: no patch folder given");
            if (patches.Count == 1) return Of(patches[0]);
            var twice = patches.GroupBy(p => p.Manifest.Id).FirstOrDefault(g => g.Count() > 1);
            if (twice != null) throw new InputException($"patch: {twice.Key} is given twice");
            var groups = patches.Select(p => p.Manifest.Group).Distinct().ToList();
            if (groups.Count != 1 || groups[0] == null)
                throw new InputException($"patch: {string.Join(", ", patches.Select(p => p.Manifest.Id + " (group " + (p.Manifest.Group ?? "none") + ")"))} do not declare one group in patch.json: " +
                    "patches are measured together only when they go upstream as one pull request");
            if (patches.FirstOrDefault(p => p.Manifest.Status == "guard") is PatchFolder guard)
                throw new InputException($"patch: {guard.Manifest.Id} is a guard (it puts a defect in), which is measured alone, never in a group");
            var set = new PatchSet(patches);
            foreach (var flavor in patches.SelectMany(p => p.Manifest.Targets).Select(t => t.Runtime).Distinct()) set.Check(flavor);
            return set;
        }

        /// <summary>Each patch's target for <paramref name="original"/>'s flavor; bad input when one has none.</summary>
        public IReadOnlyList<(PatchFolder Patch, PatchTarget Target)> TargetsFor(RuntimeTarget original)
        {
            return Patches.Select(p => (p, PatchApplier.TargetFor(p, original))).ToList();
        }

        void Check(string flavor)
        {
            var targets = Patches.Select(p => (Patch: p, Target: p.Manifest.TargetFor(flavor))).ToList();
            var lacking = targets.FirstOrDefault(t => t.Target == null).Patch;
            if (lacking != null)
                throw new InputException($"patch: {lacking.Manifest.Id} has no {flavor} target, which {string.Join(", ", targets.Where(t => t.Target != null).Select(t => t.Patch.Manifest.Id))} have: a group's copy carries every patch");
            var member = targets.SelectMany(t => t.Target!.Members.Select(m => (Key: t.Target.Type + "::" + m, t.Patch))).GroupBy(x => x.Key).FirstOrDefault(g => g.Count() > 1);
            if (member != null)
                throw new InputException($"patch: {string.Join(" and ", member.Select(x => x.Patch.Manifest.Id))} both replace {member.Key} on {flavor}: one copy cannot carry two bodies of one member; merge them into one replacement");
        }

        /// <summary>What the set's copy depends on: each folder's <see cref="PatchFolder.ContentHash"/>, in order.</summary>
        public string ContentHash(RuntimeTarget original)
        {
            var targets = TargetsFor(original);
            if (targets.Count == 1) return targets[0].Patch.ContentHash(targets[0].Target);
            using var sha = SHA256.Create();
            var text = string.Join("\n", targets.Select(t => t.Patch.Manifest.Id + " " + t.Patch.ContentHash(t.Target)));
            return Convert.ToHexString(sha.ComputeHash(Encoding.UTF8.GetBytes(text))).Substring(0, 16).ToLowerInvariant();
        }
    }
}
