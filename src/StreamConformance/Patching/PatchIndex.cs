using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;

namespace StreamConformance.Patching
{
    /// <summary>
    /// The patch folders of a checkout, asked which candidate fixes a finding: a patch whose target is for the
    /// finding's runtime flavor, whose measured types hold the finding's type and whose headline check is one of the
    /// checks that show the finding. Guards (which put a defect in) and rejected patches fix nothing.
    /// </summary>
    public sealed class PatchIndex
    {
        readonly IReadOnlyList<PatchFolder> _patches;

        PatchIndex(IReadOnlyList<PatchFolder> patches) => _patches = patches;

        public static readonly PatchIndex Empty = new PatchIndex(Array.Empty<PatchFolder>());

        /// <summary>Every well-formed folder under <paramref name="directory"/>; a malformed one is left to <c>patch verify</c> to report.</summary>
        public static PatchIndex Of(string directory)
        {
            var patches = new List<PatchFolder>();
            if (Directory.Exists(directory))
                foreach (var folder in Directory.GetDirectories(directory).OrderBy(d => d, StringComparer.Ordinal))
                {
                    try { patches.Add(PatchFolder.Load(folder)); }
                    catch (InputException) { }
                }
            return new PatchIndex(patches);
        }

        /// <summary>The checkout's own patches/ (see <see cref="PatchFolder.CheckoutRoot"/>), or none when the tool runs elsewhere.</summary>
        public static PatchIndex OfCheckout() =>
            PatchFolder.CheckoutRoot() is string root ? Of(Path.Combine(root, "patches")) : Empty;

        /// <summary>The ids of the patches that declare <paramref name="group"/> (one pull request), in folder order.</summary>
        public IReadOnlyList<string> InGroup(string group) =>
            _patches.Where(p => p.Manifest.Group == group).Select(p => p.Manifest.Id).ToList();

        static string WithoutCell(string check) => check.Contains('[') ? check.Substring(0, check.IndexOf('[')) : check;

        /// <param name="flavor">The finding's runtime flavor: coreclr or mono.</param>
        /// <param name="checks">The checks whose results show the finding. A cell's parameters in brackets are ignored on
        /// both sides: a syscall patch's headline names one cell of the family its finding stands for.</param>
        public IReadOnlyList<PatchFolder> Fixes(string flavor, string type, IEnumerable<string> checks)
        {
            var names = new HashSet<string>(checks.Select(WithoutCell), StringComparer.Ordinal);
            return _patches.Where(p => (p.Manifest.Status == "candidate" || p.Manifest.Status == "upstreamed")
                    && p.Manifest.HeadlineCheck is string headline && names.Contains(WithoutCell(headline))
                    && p.Manifest.TargetFor(flavor) is PatchTarget target && target.MeasuredTypes.Contains(type, StringComparer.Ordinal))
                .ToList();
        }
    }
}
