using System;
using System.IO;
using System.Linq;
using System.Text;
using StreamConformance.Patching;
using StreamConformance.Reports;

namespace StreamConformance.Evidence
{
    /// <summary>
    /// <c>EVIDENCE.md</c>: reads as an upstream pull-request description. The problem, where it is, the diff, a
    /// before/after table per runtime (original, A/A, patched), conformance of the patched type, what the rewrite
    /// alone costs, the environment, and the one command that reproduces it.
    /// </summary>
    public static class EvidenceMarkdown
    {
        /// <summary>The ids of the patch folders beside <paramref name="patch"/> that declare its group (itself included).</summary>
        public static System.Collections.Generic.IReadOnlyList<string> GroupOf(PatchFolder patch) =>
            patch.Manifest.Group != null && Path.GetDirectoryName(patch.Path) is string parent
                ? PatchIndex.Of(parent).InGroup(patch.Manifest.Group)
                : new[] { patch.Manifest.Id };

        /// <summary>The repro program and what it printed on the original runtime and on the patched copy.</summary>
        static void Repro(StringBuilder sb, PatchFolder patch, EvidenceDocument doc)
        {
            var shown = doc.Runtimes.Where(r => r.Repro != null).ToList();
            var notRun = doc.Runtimes.Where(r => r.ProgramsNotRun != null).ToList();
            if (shown.Count == 0 && notRun.Count == 0) return;
            sb.Append("## Repro\n\n");
            foreach (var t in patch.Manifest.Targets.Where(t => t.Repro != null))
                sb.Append("`").Append(t.Repro).Append("`:\n\n```csharp\n").Append(File.ReadAllText(patch.FileOf(t.Repro!)).TrimEnd()).Append("\n```\n\n");
            foreach (var r in shown)
                foreach (var side in r.Repro!.Sides)
                {
                    sb.Append("On ").Append(side.Side == EvidenceRunner.Original ? "the original" : "the patched copy of").Append(' ').Append(r.Runtime).Append(' ').Append(r.Version)
                      .Append(side.Error != null ? ": " + side.Error : side.ExitCode != 0 ? $" (exit code {side.ExitCode})" : "").Append(":\n\n```\n").Append(side.Output).Append("\n```\n\n");
                }
            foreach (var r in notRun)
                sb.Append("On ").Append(r.Runtime).Append(' ').Append(r.Version).Append(", the repro and the upstream-style test were ").Append(r.ProgramsNotRun).Append(".\n\n");
        }

        /// <summary>The test that goes upstream with the fix, and what xUnit reported on each copy.</summary>
        static void UpstreamTests(StringBuilder sb, PatchFolder patch, EvidenceDocument doc)
        {
            var tested = doc.Runtimes.Where(r => r.UpstreamTest != null).ToList();
            if (tested.Count == 0) return;
            sb.Append("## The upstream-style test\n\n");
            foreach (var t in patch.Manifest.Targets.Where(t => t.Test != null))
            {
                sb.Append("`").Append(t.Test!.Source).Append("` (").Append(t.Test.Framework).Append("), written to join [`")
                  .Append(t.Test.Path).Append("`](").Append(t.Test.Url).Append("):\n\n```csharp\n")
                  .Append(File.ReadAllText(patch.FileOf(t.Test.Source)).TrimEnd()).Append("\n```\n\n");
                if (t.Test.Note != null) sb.Append(t.Test.Note).Append("\n\n");
            }
            sb.Append("| runtime | A/A copy | patched copy |\n|---|---|---|\n");
            foreach (var r in tested)
            {
                var test = r.UpstreamTest!;
                sb.Append("| ").Append(r.Runtime).Append(' ').Append(r.Version)
                  .Append(" | ").Append(Markup.MarkdownCell(test.SideOf(EvidenceRunner.Aa)?.Summary ?? "not run"))
                  .Append(" | ").Append(Markup.MarkdownCell(test.SideOf(EvidenceRunner.Patched)?.Summary ?? "not run")).Append(" |\n");
            }
            sb.Append('\n');
        }

        public static string Render(PatchFolder patch, EvidenceDocument doc)
        {
            var m = patch.Manifest;
            var sb = new StringBuilder();
            sb.Append("# ").Append(m.Id).Append(": ").Append(m.Title).Append("\n\n");
            // The first screen: what a user sees, the status, and the verdict per runtime; then the repro, the test and the diff.
            if (m.Sentence != null) sb.Append(m.Sentence).Append("\n\n");
            // The folder's status is today's (fixed-upstream is learned after measuring); a rejection is the evidence's own.
            sb.Append("Status: **").Append(doc.Status == "rejected" ? doc.Status : m.Status).Append("**");
            if (m.FixedBy != null) sb.Append(", fixed by ").Append(m.FixedBy);
            if (m.Group != null)
            {
                var others = GroupOf(patch).Where(id => id != m.Id).ToList();
                sb.Append("; goes as one pull request").Append(others.Count > 0 ? " with " + string.Join(" and ", others) : "").Append(" (group `").Append(m.Group).Append("`)");
                // The group measured as one copy, when its evidence was written (patch evidence over the group's folders).
                if (Path.GetDirectoryName(patch.Path) is string parent && File.Exists(Path.Combine(parent, "groups", m.Group, PatchFolder.EvidenceJson)))
                    sb.Append(", measured together in one copy: [`groups/").Append(m.Group).Append("/EVIDENCE.md`](../groups/").Append(m.Group).Append("/EVIDENCE.md)");
            }
            foreach (var t in m.Targets.Where(t => t.Upstream.Checked != null))
                sb.Append("; ").Append(t.Runtime).Append(" diff checked against ").Append(t.Upstream.Repository).Append('@').Append(t.Upstream.ShortRef).Append(" on ").Append(t.Upstream.Checked);
            sb.Append(".\n\n");
            foreach (var r in doc.Runtimes) sb.Append("- ").Append(r.Runtime).Append(' ').Append(r.Version).Append(": ").Append(r.Verdict).Append('\n');
            sb.Append('\n');
            if (m.Headline != null) sb.Append("Headline (`").Append(m.Headline).Append("`): ").Append(doc.Headline).Append("\n\n");
            if (!string.IsNullOrEmpty(m.StatusReason)) sb.Append("Status note: ").Append(m.StatusReason).Append("\n\n");
            sb.Append("<!-- generated by `streamconf patch evidence`; edit patch.json and the replacement, not this file -->\n\n");

            Repro(sb, patch, doc);
            UpstreamTests(sb, patch, doc);
            sb.Append("## The diff\n\n");
            foreach (var t in m.Targets)
            {
                sb.Append("`").Append(t.Upstream.Diff).Append("` (").Append(t.Upstream.Repository).Append(" at ").Append(t.Upstream.ShortRef).Append("):\n\n");
                sb.Append("```diff\n").Append(File.ReadAllText(patch.FileOf(t.Upstream.Diff)).TrimEnd()).Append("\n```\n\n");
                if (t.Upstream.Note != null) sb.Append(t.Upstream.Note).Append("\n\n");
            }

            sb.Append("## Problem\n\n").Append(m.Problem).Append("\n\nMotivated by: ").Append(m.Motivation).Append(".\n\n");

            sb.Append("## Where\n\n");
            foreach (var t in m.Targets)
            {
                sb.Append("- **").Append(t.Runtime).Append("**: `").Append(t.Type).Append("` in ").Append(t.Assembly)
                  .Append(" — members ").Append(string.Join(", ", t.Members.Select(x => "`" + x + "`")))
                  .Append("; upstream [`").Append(t.Upstream.Repository).Append(':').Append(t.Upstream.Path).Append("`](").Append(t.Upstream.Url)
                  .Append(") at `").Append(t.Upstream.Ref).Append("`; replacement `").Append(t.Source).Append('`');
                if (t.Measure != null) sb.Append("; measured through `").Append(t.Measure).Append("` (the stream type the evidence sweeps)");
                sb.Append('\n');
            }
            sb.Append('\n');

            sb.Append("## Before and after\n\n");
            sb.Append("Each side is ").Append(doc.RunsPerSide).Append(" probe process(es)").Append(doc.Quick ? " in quick mode" : "")
              .Append(", in rotating order. **original**: the installed runtime (ReadyToRun where it ships so); **A/A**: the same assemblies read and written back by the weaver with no change (IL-only, JIT from the first call): the fair *before*; **patched**: the replacement woven in. ")
              .Append("A figure is the median over the side's processes, with the range its processes' confidence intervals span. ")
              .Append("*patched vs A/A* applies `streamconf compare`'s rules: bytes (when the meter calls them exact) and syscalls change on any difference; times and ratios only beyond the threshold and when the two spreads part.\n\n");
            foreach (var r in doc.Runtimes)
            {
                sb.Append("### ").Append(r.Runtime).Append(' ').Append(r.Version).Append(" (").Append(r.Flavor).Append(")\n\n");
                sb.Append("Verdict: **").Append(r.Verdict).Append("**\n\n");
                sb.Append("| side | runtime | rewritten assembly as loaded by every process | proven |\n|---|---|---|---|\n");
                foreach (var c in r.Copies)
                {
                    sb.Append("| ").Append(Side(c.Side)).Append(" | `").Append(Markup.MarkdownCell(c.Location)).Append("`")
                      .Append(c.Side == EvidenceRunner.Original ? "" : c.Reused ? " (cached)" : $" (written in {c.BuildSeconds:0.#} s)")
                      .Append(" | ").Append(Markup.MarkdownCell(string.Join("; ", c.Loaded)))
                      .Append(" | ").Append(c.Proven ? "yes" : "**no**").Append(" |\n");
                }
                sb.Append('\n');
                if (r.Replaced.Count > 0) sb.Append("Replaced: ").Append(string.Join(", ", r.Replaced.Select(x => "`" + x + "`"))).Append(".\n\n");

                var key = r.Figures.Where(f => f.Type != m.Control && (f.Change != "" || f.Check == m.HeadlineCheck)).ToList();
                var types = "`" + string.Join("`, `", r.Figures.Where(f => f.Type != m.Control).Select(f => f.Type).Distinct()) + "`";
                if (key.Count > 0)
                {
                    sb.Append("Figures of ").Append(types).Append(" that changed from A/A to patched")
                      .Append(m.Headline != null ? ", and every variant of the headline check `" + m.HeadlineCheck + "`" : "").Append(":\n\n");
                    FigureTable(sb, key);
                }
                else sb.Append("No figure of ").Append(types).Append(" changed from A/A to patched.\n\n");
                // A conformance check measures no figure: its verdicts are the headline, and belong here, not only in the folded list.
                if (m.Headline != null && !key.Any(f => f.Check == m.HeadlineCheck))
                {
                    var verdicts = r.PatchEffect.Where(e => e.Contains(" " + m.HeadlineCheck + ":", StringComparison.Ordinal)).ToList();
                    if (verdicts.Count == 0) sb.Append("The headline check `").Append(m.HeadlineCheck).Append("` measures no figure, and none of its verdicts changed from A/A to patched.\n\n");
                    else Bullets(sb, "The headline check `" + m.HeadlineCheck + "` measures no figure; its verdicts that changed from A/A to patched", verdicts);
                }
                sb.Append(r.Figures.Count - key.Count).Append(" other figures (").Append(r.Figures.Count(f => f.Type == m.Control)).Append(" of them the control's) are in the full table:\n\n");
                sb.Append("<details><summary>every figure, original / A/A / patched</summary>\n\n");
                FigureTable(sb, r.Figures);
                sb.Append("</details>\n\n");
                if (r.JitCost != null) sb.Append("What the A/A copy costs against the original (the rewrite alone, not the patch): ").Append(r.JitCost).Append("\n\n");
                sb.Append("Conformance of the patched type (first process of each side, checks other than budgets and syscalls): ");
                sb.Append(string.Join("; ", r.Conformance.Select(kv => $"{Side(kv.Key)} {kv.Value.Pass} pass, {kv.Value.Fail} fail, {kv.Value.Other} other")));
                sb.Append(". Introduced by the patch (pass on A/A, fail on patched in every process): ")
                  .Append(r.IntroducedFailures.Count == 0 ? "none" : string.Join(", ", r.IntroducedFailures.Select(x => "`" + x + "`")));
                sb.Append(". Fixed: ").Append(r.FixedFailures.Count == 0 ? "none" : string.Join(", ", r.FixedFailures.Select(x => "`" + x + "`"))).Append(".\n\n");

                sb.Append("Control `").Append(m.Control).Append("`: ")
                  .Append(r.ControlChanges.Count == 0 ? "no figure or verdict changed between A/A and patched." : "changed — " + string.Join("; ", r.ControlChanges))
                  .Append("\n\n");
                Bullets(sb, "Everything that changed from A/A to patched", r.PatchEffect, folded: true);
                Bullets(sb, "What the rewrite alone changed, original → A/A (not the patch's effect)", r.RewriteEffect, folded: true);
                if (r.Errors.Count > 0) Bullets(sb, "Errors", r.Errors);
                sb.Append("Measured in ").Append(r.Seconds.ToString("0.#", System.Globalization.CultureInfo.InvariantCulture)).Append(" s.\n\n");
            }

            sb.Append("## Environment\n\n");
            sb.Append("- machine: ").Append(doc.Machine).Append('\n');
            sb.Append("- streamconf ").Append(doc.ToolVersion).Append(", ").Append(doc.GeneratedAt.ToString("yyyy-MM-dd HH:mm 'UTC'", System.Globalization.CultureInfo.InvariantCulture)).Append('\n');
            foreach (var r in doc.Runtimes) sb.Append("- ").Append(r.Runtime).Append(": ").Append(r.Flavor).Append(' ').Append(r.Version).Append(" at `").Append(r.Original).Append("`\n");
            sb.Append("\n## Reproduce\n\n```\n").Append(doc.Command).Append("\n```\n");
            return sb.ToString();
        }

        static void FigureTable(StringBuilder sb, System.Collections.Generic.IEnumerable<FigureRow> rows)
        {
            sb.Append("| type | variant | check | figure | original | A/A | patched | patched vs A/A |\n|---|---|---|---|---:|---:|---:|---|\n");
            foreach (var f in rows)
            {
                sb.Append("| `").Append(Markup.MarkdownCell(f.Type)).Append("` | ").Append(Markup.MarkdownCell(f.Variant)).Append(" | ").Append(f.Check)
                  .Append(" | ").Append(f.Metric).Append(f.Exact ? " (exact)" : "")
                  .Append(" | ").Append(Cell(f.Original, f.Metric, f.Operations)).Append(" | ").Append(Cell(f.Aa, f.Metric, f.Operations)).Append(" | ").Append(Cell(f.Patched, f.Metric, f.Operations))
                  .Append(" | ").Append(f.Change == "" ? "" : "**" + f.Change + "**").Append(" |\n");
            }
            sb.Append('\n');
        }

        static void Bullets(StringBuilder sb, string heading, System.Collections.Generic.List<string> items, bool folded = false)
        {
            if (items.Count == 0) { sb.Append(heading).Append(": none.\n\n"); return; }
            if (folded) sb.Append("<details><summary>").Append(heading).Append(" (").Append(items.Count).Append(")</summary>\n\n");
            else sb.Append(heading).Append(":\n\n");
            foreach (var i in items) sb.Append("- ").Append(Markup.MarkdownCell(i)).Append('\n');
            sb.Append('\n');
            if (folded) sb.Append("</details>\n\n");
        }

        static string Side(string side) => side == EvidenceRunner.Aa ? "A/A" : side;

        /// <param name="operations">A syscall cell's operations: its figures are calls per operation, shown as calls of the
        /// cell (17, not 0.0003 rounded to 0).</param>
        static string Cell(Figure? f, string metric, double? operations)
        {
            if (f == null) return "–";
            if (operations is double ops && ops > 0)
            {
                string Calls(double perOperation) => ResultSummary.Format(Math.Round(perOperation * ops, 2));
                var range = f.Low < f.High ? $" ({Calls(f.Low)}–{Calls(f.High)})" : "";
                return Markup.MarkdownCell($"{Calls(f.Value)} calls{range} {string.Join("/", f.Outcomes)}");
            }
            var value = EvidenceRunner.Format(f.Value, metric);
            var spread = f.Low < f.High ? $" ({ResultSummary.Format(f.Low)}–{ResultSummary.Format(f.High)})" : "";
            var verdict = f.Outcomes.Count == 1 ? " " + f.Outcomes[0] : " " + string.Join("/", f.Outcomes);
            return Markup.MarkdownCell(value + spread + verdict);
        }
    }
}
