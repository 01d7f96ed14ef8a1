using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using StreamConformance.Patching;
using StreamConformance.Runtimes;

namespace StreamConformance.Evidence
{
    /// <summary>
    /// A group's <c>UPSTREAM.md</c> (<c>patches/groups/NAME/</c>): the one pull-request description for the patches that
    /// go upstream together. Title, then per patch what breaks for whom, its repro with the output on the original and
    /// on the one copy carrying every patch, and the rule it breaks; the versions measured; every diff; every test with
    /// its A/A → patched result on that copy; related tracker items. Drafted from each patch's <c>issue</c> entry and
    /// the group's evidence (not from each patch measured alone), so the figures are those of the change as merged.
    /// </summary>
    public static class GroupUpstreamMarkdown
    {
        public static string Render(PatchSet set, EvidenceDocument doc)
        {
            var missing = set.Patches.Where(p => p.Manifest.Issue == null).Select(p => p.Manifest.Id).ToList();
            if (missing.Count > 0)
                throw new InputException($"--upstream: patch {string.Join(" and ", missing)} of group {set.Group} has no \"issue\" entry in its patch.json to draft the pull request from");
            var sb = new StringBuilder();
            sb.Append("<!-- drafted by `streamconf patch report --upstream` from the group's patch.json files and its evidence.json; edit those, not this file -->\n\n");
            sb.Append("# Pull request: ").Append(string.Join("; ", set.Patches.Select(p => p.Manifest.Issue!.PrTitle))).Append("\n\n");
            sb.Append("This pull request makes ").Append(set.Patches.Count).Append(" changes to `")
              .Append(string.Join("`, `", set.Patches.SelectMany(p => p.Manifest.Targets).Select(t => t.Type.Substring(t.Type.LastIndexOf('.') + 1)).Distinct()))
              .Append("`, each with its test:\n\n");
            foreach (var p in set.Patches)
                sb.Append("- ").Append(p.Manifest.Sentence ?? p.Manifest.Title).Append(" Fixes #ISSUE.\n");
            sb.Append('\n');

            var runtimes = doc.Runtimes;
            sb.Append("## What breaks\n\n");
            foreach (var p in set.Patches)
            {
                var m = p.Manifest;
                sb.Append("### ").Append(m.Issue!.Title).Append("\n\n").Append(m.Issue.Impact).Append("\n\n");
                var repro = m.Targets.FirstOrDefault(t => t.Repro != null);
                if (repro != null)
                {
                    sb.Append("```csharp\n").Append(File.ReadAllText(p.FileOf(repro.Repro!)).TrimEnd()).Append("\n```\n\n");
                    foreach (var r in runtimes)
                    {
                        var shown = Member(r, m.Id)?.Repro;
                        if (shown?.SideOf(EvidenceRunner.Original) is ReproSide before)
                            sb.Append("On ").Append(r.Version).Append(":\n\n```\n").Append(before.Error ?? before.Output).Append("\n```\n\n");
                        if (shown?.SideOf(EvidenceRunner.Patched) is ReproSide after)
                            sb.Append("With this pull request (a copy of ").Append(r.Version).Append(" carrying every change below):\n\n```\n").Append(after.Error ?? after.Output).Append("\n```\n\n");
                    }
                }
                sb.Append("The rule: ").Append(m.Issue.Rule).Append("\n\n");
            }

            sb.Append("## Versions\n\n");
            foreach (var r in runtimes)
                foreach (var p in set.Patches)
                {
                    var member = Member(r, p.Manifest.Id);
                    var test = member?.UpstreamTest?.SideOf(EvidenceRunner.Aa);
                    var shown = member?.Repro == null ? null : member.Repro.ShowsTheFault ? "the repro prints the fault" : "the repro prints the same before and after";
                    var tested = test == null ? null : test.Failed ? "its test fails" : test.Passed ? "its test passes" : "its test did not run";
                    var affected = member?.Repro?.ShowsTheFault == true || test?.Failed == true ? "affected" : "not shown affected";
                    sb.Append("- ").Append(r.Flavor == RuntimeFlavor.Mono.Key() ? "Mono " : ".NET ").Append(r.Version).Append(", ").Append(p.Manifest.Id).Append(": ").Append(affected)
                      .Append(shown != null || tested != null ? " (" + string.Join("; ", new[] { shown, tested }.Where(x => x != null)) + ")" : "").Append('\n');
                }
            sb.Append('\n');

            sb.Append("## Changes\n\n");
            foreach (var p in set.Patches)
                foreach (var t in p.Manifest.Targets)
                {
                    sb.Append("```diff\n").Append(File.ReadAllText(p.FileOf(t.Upstream.Diff)).TrimEnd()).Append("\n```\n\n");
                    if (t.Upstream.Note != null) sb.Append(t.Upstream.Note).Append("\n\n");
                }

            sb.Append("## Tests\n\n");
            foreach (var p in set.Patches)
                foreach (var t in p.Manifest.Targets.Where(t => t.Test != null))
                {
                    sb.Append("Added to [`").Append(t.Test!.Path).Append("`](").Append(t.Test.Url).Append("):\n\n```csharp\n")
                      .Append(File.ReadAllText(p.FileOf(t.Test.Source)).TrimEnd()).Append("\n```\n\n");
                    if (t.Test.Note != null) sb.Append(t.Test.Note).Append("\n\n");
                    foreach (var r in runtimes)
                    {
                        var test = Member(r, p.Manifest.Id)?.UpstreamTest;
                        sb.Append("- ").Append(r.Version).Append(": before these changes ").Append(test?.SideOf(EvidenceRunner.Aa)?.Summary ?? "not run")
                          .Append("; with them ").Append(test?.SideOf(EvidenceRunner.Patched)?.Summary ?? "not run").Append('\n');
                    }
                    sb.Append('\n');
                }

            // One line per tracker item: two patches may cite the same one in their own words. A patch of this group named
            // as related ("patch 0018: …") is part of this pull request, not an item to link.
            var members = set.Patches.Select(p => "patch " + p.Manifest.Id).ToList();
            var related = set.Patches.SelectMany(p => p.Manifest.Issue!.Related)
                .Where(r => !members.Any(m => r.StartsWith(m, System.StringComparison.Ordinal)))
                .GroupBy(r => r.Split(' ')[0]).Select(g => g.First()).ToList();
            if (related.Count > 0)
            {
                sb.Append("## Related\n\n");
                foreach (var item in related) sb.Append("- ").Append(item).Append('\n');
                sb.Append('\n');
            }
            return sb.ToString().TrimEnd('\n') + "\n";
        }

        static MemberEvidence? Member(RuntimeEvidence r, string patch) =>
            (r.Members ?? new List<MemberEvidence>()).FirstOrDefault(m => m.Patch == patch);
    }
}
