using System.IO;
using System.Linq;
using System.Text;
using StreamConformance.Patching;
using StreamConformance.Runtimes;

namespace StreamConformance.Evidence
{
    /// <summary>
    /// <c>UPSTREAM.md</c>: the issue and the pull-request description a contributor opens upstream, drafted from
    /// patch.json's <c>issue</c> entry and the evidence: what breaks for whom, the repro with its output, the rule it
    /// breaks, the versions measured, related tracker items, the fix and its test. Null when the patch has no
    /// <c>issue</c> entry yet.
    /// </summary>
    public static class UpstreamMarkdown
    {
        public const string FileName = "UPSTREAM.md";

        public static string? Render(PatchFolder patch, EvidenceDocument doc)
        {
            var m = patch.Manifest;
            if (m.Issue == null) return null;
            var sb = new StringBuilder();
            sb.Append("<!-- drafted by `streamconf patch evidence` from patch.json and evidence.json; edit those, not this file -->\n\n");
            sb.Append("# Issue: ").Append(m.Issue.Title).Append("\n\n");
            sb.Append("### Description\n\n");
            if (m.Sentence != null) sb.Append(m.Sentence).Append("\n\n");
            sb.Append(m.Issue.Impact).Append("\n\n");
            sb.Append("### Reproduction Steps\n\n");
            var repro = m.Targets.FirstOrDefault(t => t.Repro != null);
            if (repro != null)
            {
                sb.Append("```csharp\n").Append(File.ReadAllText(patch.FileOf(repro.Repro!)).TrimEnd()).Append("\n```\n\n");
                var original = doc.Runtimes.Select(r => (r, side: r.Repro?.SideOf(EvidenceRunner.Original))).FirstOrDefault(x => x.side != null);
                var patched = doc.Runtimes.Select(r => (r, side: r.Repro?.SideOf(EvidenceRunner.Patched))).FirstOrDefault(x => x.side != null);
                if (original.side != null)
                    sb.Append("### Actual behavior\n\nOn ").Append(original.r.Version).Append(":\n\n```\n").Append(original.side.Output).Append("\n```\n\n");
                if (patched.side != null)
                    sb.Append("### Expected behavior\n\nWith the fix below (the same program on a copy of ").Append(patched.r.Version).Append(" with it woven in):\n\n```\n").Append(patched.side.Output).Append("\n```\n\n");
            }
            else sb.Append("(no repro program in the patch folder yet)\n\n");
            sb.Append("The rule: ").Append(m.Issue.Rule).Append("\n\n");
            sb.Append("### Regression?\n\nVersions measured:\n\n");
            foreach (var r in doc.Runtimes)
            {
                var test = r.UpstreamTest?.SideOf(EvidenceRunner.Aa);
                var shown = r.Repro == null ? null : r.Repro.ShowsTheFault ? "the repro prints the fault" : "the repro prints the same before and after";
                var tested = test == null ? null : test.Failed ? "the test below fails" : test.Passed ? "the test below passes" : "the test did not run";
                var affected = r.Repro?.ShowsTheFault == true || test?.Failed == true ? "affected" : "not shown affected";
                sb.Append("- ").Append(r.Flavor == RuntimeFlavor.Mono.Key() ? "Mono " : ".NET ").Append(r.Version).Append(": ").Append(affected)
                  .Append(shown != null || tested != null ? " (" + string.Join("; ", new[] { shown, tested }.Where(x => x != null)) + ")" : "").Append('\n');
            }
            sb.Append('\n');
            if (m.Issue.Related.Count > 0)
            {
                sb.Append("### Other information\n\n");
                foreach (var related in m.Issue.Related) sb.Append("- ").Append(related).Append('\n');
                sb.Append('\n');
            }

            sb.Append("# Pull request: ").Append(m.Issue.PrTitle).Append("\n\n");
            if (m.Sentence != null) sb.Append(m.Sentence).Append(" ");
            sb.Append("Fixes #ISSUE.\n\n");
            foreach (var t in m.Targets)
            {
                sb.Append("```diff\n").Append(File.ReadAllText(patch.FileOf(t.Upstream.Diff)).TrimEnd()).Append("\n```\n\n");
                if (t.Upstream.Note != null) sb.Append(t.Upstream.Note).Append("\n\n");
            }
            foreach (var t in m.Targets.Where(t => t.Test != null))
            {
                sb.Append("Test, added to [`").Append(t.Test!.Path).Append("`](").Append(t.Test.Url).Append("):\n\n```csharp\n")
                  .Append(File.ReadAllText(patch.FileOf(t.Test.Source)).TrimEnd()).Append("\n```\n\n");
                if (t.Test.Note != null) sb.Append(t.Test.Note).Append("\n\n");
                foreach (var r in doc.Runtimes.Where(r => r.UpstreamTest != null))
                    sb.Append("- ").Append(r.Version).Append(": before the fix ").Append(r.UpstreamTest!.SideOf(EvidenceRunner.Aa)?.Summary ?? "not run")
                      .Append("; with it ").Append(r.UpstreamTest.SideOf(EvidenceRunner.Patched)?.Summary ?? "not run").Append('\n');
                sb.Append('\n');
            }
            if (m.Group != null)
            {
                var others = EvidenceMarkdown.GroupOf(patch).Where(id => id != m.Id).ToList();
                if (others.Count > 0)
                {
                    sb.Append("One pull request with patch ").Append(string.Join(" and ", others)).Append(" (group `").Append(m.Group).Append("`): ");
                    // Once the group is measured as one copy, its one pull-request description is the one to open.
                    if (Path.GetDirectoryName(patch.Path) is string parent && File.Exists(Path.Combine(parent, "groups", m.Group, FileName)))
                        sb.Append("its description, drafted over the one copy carrying all of them, is [`groups/").Append(m.Group).Append('/').Append(FileName)
                          .Append("`](../groups/").Append(m.Group).Append('/').Append(FileName).Append(").\n");
                    else sb.Append("see its UPSTREAM.md.\n");
                }
            }
            return sb.ToString();
        }
    }
}
