using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using StreamConformance.Findings;
using StreamConformance.Results;

namespace StreamConformance.Reports
{
    /// <summary>
    /// One finding as the text of an upstream issue: title, what and where, expected against measured for every
    /// recipe that shows it, the runtime it was seen on, and the command that shows it again.
    /// </summary>
    public static class FindingIssue
    {
        /// <summary>A candidate runtime patch that fixes a finding, as the issue text names it.</summary>
        public sealed class CandidateFix
        {
            public CandidateFix(string folder, string status, string title, string diff, string upstream, string? evidence)
            {
                Folder = folder;
                Status = status;
                Title = title;
                Diff = diff;
                Upstream = upstream;
                Evidence = evidence;
            }

            /// <summary>patches/NNNN-slug</summary>
            public string Folder { get; }
            public string Status { get; }
            public string Title { get; }
            public string Diff { get; }
            /// <summary>repository:path at its commit or tag</summary>
            public string Upstream { get; }
            /// <summary>The saved evidence's headline (EVIDENCE.md), or null before any was taken.</summary>
            public string? Evidence { get; }
        }

        /// <param name="fixes">The candidate runtime patches that fix the finding (none: no section).</param>
        public static string Render(Finding f, RunDocument document, IReadOnlyList<CandidateFix>? fixes = null)
        {
            var runtime = document.Runtimes.FirstOrDefault(r => r.Runtime.Name == f.Runtime)?.Runtime;
            var sb = new StringBuilder();
            sb.Append("# ").Append(f.Title).Append("\n\n");
            sb.Append("Finding `").Append(f.Id).Append("` (").Append(f.Class.ToString().ToLowerInvariant()).Append(") of `streamconf`")
              .Append(runtime != null ? $" on {runtime.Flavor} {runtime.Version}" : "").Append(".\n\n");
            if (f.ExpectedBecause != null)
                sb.Append(f.Class == FindingClass.Advisory ? "Advisory by the type's owners' rule: " : "Marked as expected: ").Append(f.ExpectedBecause).Append("\n\n");

            sb.Append("## What and where\n\n");
            sb.Append("- type: `").Append(f.Type).Append("`\n");
            sb.Append("- ").Append(Member(f.Cause)).Append('\n');
            sb.Append("- ").Append(f.Class == FindingClass.Advisory && f.ExpectedBecause != null
                ? "advisory: outside dotnet/runtime's conformance rule, within the rule the type's owners hold (above)"
                : ClassMeaning(f.Class)).Append("\n\n");

            sb.Append("## Expected and measured\n\n");
            sb.Append("| recipe | check | outcome | what the check saw |\n|---|---|---|---|\n");
            foreach (var r in f.Results)
                sb.Append("| ").Append(Markup.MarkdownCell(r.Variant)).Append(" | ").Append(r.Check).Append(" | ").Append(r.Outcome.ToString().ToLowerInvariant())
                  .Append(" | ").Append(Markup.MarkdownCell(r.Message)).Append(" |\n");
            var metrics = f.Results.Where(r => r.Metrics != null).ToList();
            if (metrics.Count > 0)
            {
                sb.Append("\nFigures:\n\n");
                foreach (var r in metrics) sb.Append("- ").Append(Markup.MarkdownCell(r.Variant)).Append(": ").Append(ResultSummary.Metrics(r)).Append('\n');
            }

            if (f.IlEvidence != null)
            {
                sb.Append("\nWhat the IL of the member shows (the inventory, read with Mono.Cecil), beside the figure measured:\n\n");
                foreach (var line in f.IlEvidence) sb.Append("- `").Append(line).Append("`\n");
            }

            if (fixes != null && fixes.Count > 0)
            {
                // A maintainer filing the issue can attach the diff and its measured before/after.
                sb.Append("\n## Candidate fix\n\n");
                foreach (var fix in fixes)
                {
                    sb.Append("- `").Append(fix.Folder).Append("` (").Append(fix.Status).Append("): ").Append(fix.Title).Append('\n');
                    sb.Append("  - diff `").Append(fix.Diff).Append("` against `").Append(fix.Upstream).Append("`\n");
                    sb.Append("  - evidence: ").Append(fix.Evidence ?? "none taken yet (`streamconf patch evidence " + fix.Folder + "`)").Append('\n');
                }
            }

            sb.Append("\n## Minimal repro\n\n");
            var program = FindingRepro.For(f, out var noRepro, document.Results);
            if (program != null) sb.Append("```csharp\n").Append(program).Append("```\n");
            else sb.Append("No self-contained program: ").Append(noRepro).Append(". The sweep command below shows it again.\n");

            sb.Append("\n## Environment\n\n");
            if (runtime != null) sb.Append("- runtime: ").Append(runtime.Name).Append(" (").Append(runtime.Flavor).Append(' ').Append(runtime.Version).Append(") at `").Append(runtime.Path).Append("`\n");
            sb.Append("- streamconf ").Append(document.ToolVersion).Append(", run of ").Append(document.StartedAt.ToString("yyyy-MM-dd HH:mm 'UTC'", CultureInfo.InvariantCulture)).Append('\n');

            sb.Append("\n## Reproduce\n\n```\n");
            var checks = string.Join("|", f.Results.Select(r => r.Check.Contains("[") ? r.Check.Substring(0, r.Check.IndexOf('[')) + "*" : r.Check).Distinct());
            var runtimeArg = runtime == null || runtime.Name == "dotnet" || runtime.Name == "mono" ? f.Runtime : runtime.Path;
            sb.Append("./build.sh run sweep --runtime ").Append(runtimeArg);
            foreach (var assembly in AssembliesOf(f.Type, document)) sb.Append(" --assembly '").Append(assembly).Append('\'');
            sb.Append(" --filter '").Append(f.Type).Append("' --checks '").Append(checks).Append("'\n```\n");
            return sb.ToString();
        }

        /// <summary>
        /// The --assembly a user's type was swept from, as the run was given it: the one whose file is named after the
        /// assembly that holds the type, else every one the run was given (a folder); none for the runtime's own types.
        /// Without it the command sweeps the runtime and never meets the type.
        /// </summary>
        static IEnumerable<string> AssembliesOf(string type, RunDocument document)
        {
            if (!document.Options.TryGetValue("assemblies", out var given) || string.IsNullOrEmpty(given)) return new string[0];
            var paths = given.Split(';');
            var holder = document.Runtimes.Where(r => r.Assemblies != null).SelectMany(r => r.Assemblies!).FirstOrDefault(a => a.Value.Contains(type)).Key;
            var named = paths.Where(p => holder != null && System.IO.Path.GetFileNameWithoutExtension(p) == holder).ToList();
            return named.Count > 0 ? named : paths;
        }

        static string Member(string cause)
        {
            foreach (var prefix in new[] { "budget.alloc.", "budget.latency." })
                if (cause.StartsWith(prefix, System.StringComparison.Ordinal))
                {
                    var op = Meters.StreamOperations.Find(cause.Substring(prefix.Length));
                    return "member: `" + (op?.Title ?? cause.Substring(prefix.Length)) + "`" + (prefix == "budget.alloc." ? " (bytes allocated per call)" : " (time per call against MemoryStream's)");
                }
            if (cause.StartsWith("returns:", System.StringComparison.Ordinal))
                return "member: `" + cause.Substring("returns:".Length) + "` (returns a value other than the contract's)";
            return "check: `" + cause + "`";
        }

        static string ClassMeaning(FindingClass c) => c switch
        {
            FindingClass.Contract => "contract: breaks what dotnet/runtime's own conformance tests require of a Stream",
            FindingClass.Cost => "cost: over the harness's budget for this operation (docs/budgets.md says how each default was chosen)",
            FindingClass.Harness => "harness: the harness could not run the check on this stream; not a verdict on the type",
            FindingClass.Advisory => "advisory: within the official conformance rule, outside the harness's stricter one",
            _ => "expected: by-design behaviour",
        };
    }
}
