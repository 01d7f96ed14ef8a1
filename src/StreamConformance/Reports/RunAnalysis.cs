using System;
using System.Collections.Generic;
using System.Linq;
using StreamConformance.Findings;
using StreamConformance.Reports.Matrix;
using StreamConformance.Results;

namespace StreamConformance.Reports
{
    // One concept: a run's analysis and its coverage rows, the one table it works out itself.
    /// <summary>
    /// What one run says, worked out once: its findings (the one definition, <see cref="FindingBuilder"/>, with the
    /// run's expectations), the coverage rows, the per-assembly table, the per-call cost and syscall tables and the
    /// runtime matrix. The console, JSON, Markdown, HTML, compare, merge, `report --finding` and patch evidence render
    /// it; none of them works out a finding or a table of its own, so every output of one run lists the same findings
    /// in the same order.
    /// </summary>
    public sealed class RunAnalysis
    {
        RunAnalysis(RunDocument document, ExpectationSet expectations, IReadOnlyList<Finding> findings)
        {
            Document = document;
            Expectations = expectations;
            Findings = findings;
            Coverage = document.Runtimes.Select(r => new CoverageRow(r, document.Results)).ToList();
            ByAssembly = AssemblyTable.From(document, findings);
            OfUserAssemblies = AssemblyTable.OfUserAssemblies(document);
            Cost = CostTable.From(document);
            Syscalls = SyscallTable.From(document);
            Matrix = RuntimeMatrix.From(document, Syscalls);
            Warnings = document.Results.Where(r => r.RecipeWarnings != null).SelectMany(r => r.RecipeWarnings!).Distinct().OrderBy(w => w, StringComparer.Ordinal).ToList();
        }

        /// <summary>The run's analysis; <paramref name="expectations"/> default to the shipped ones.</summary>
        public static RunAnalysis Of(RunDocument document, ExpectationSet? expectations = null)
        {
            var set = expectations ?? ExpectationSet.Default;
            return new RunAnalysis(document, set, FindingBuilder.Build(document, set));
        }

        public RunDocument Document { get; }

        /// <summary>What a library stated that the run could not apply (a recipe class's <c>Expected</c> entry that is no rule), once each.</summary>
        public IReadOnlyList<string> Warnings { get; }

        /// <summary>Which behaviour the findings took as by design.</summary>
        public ExpectationSet Expectations { get; }

        /// <summary>Every finding, ranked (docs/findings.md, "Ranked"): the order every output lists them in.</summary>
        public IReadOnlyList<Finding> Findings { get; }

        /// <summary>A row per runtime: coverage, outcomes counted, wall time and errors.</summary>
        public IReadOnlyList<CoverageRow> Coverage { get; }

        public IReadOnlyList<AssemblyRow> ByAssembly { get; }

        /// <summary>The run was of a user's assemblies: the per-assembly table is shown by default.</summary>
        public bool OfUserAssemblies { get; }

        public CostTable Cost { get; }
        public SyscallTable Syscalls { get; }
        public RuntimeMatrix Matrix { get; }

        /// <summary>The finding of that id (any case), or null.</summary>
        public Finding? FindingOf(string id) =>
            Findings.FirstOrDefault(f => string.Equals(f.Id, id, StringComparison.OrdinalIgnoreCase));

        /// <summary>Findings counted by class, in class order: "6 contract, 7 cost, 18 advisory".</summary>
        public string CountsByClass() =>
            string.Join(", ", Findings.GroupBy(f => f.Class).OrderBy(g => g.Key).Select(g => $"{g.Count()} {g.Key.ToString().ToLowerInvariant()}"));

        /// <summary>Whether the run fails (exit code 1): a contract, harness or cost finding, or a runtime that reported errors.</summary>
        public bool Fails => Findings.Any(f => f.FailsTheRun) || Document.Runtimes.Any(r => r.Errors.Count > 0);
    }

    /// <summary>One runtime of a run: what was found and built, and its results counted by outcome.</summary>
    public sealed class CoverageRow
    {
        internal CoverageRow(RuntimeRun run, IEnumerable<CheckResult> results)
        {
            Run = run;
            Outcomes = ResultSummary.Count(results, run.Runtime.Name);
        }

        public RuntimeRun Run { get; }
        public string Runtime => Run.Runtime.Name;
        /// <summary>"coreclr 10.0.12".</summary>
        public string Version => (Run.Runtime.Flavor + " " + Run.Runtime.Version).Trim();
        public Coverage Coverage => Run.Coverage;
        public IReadOnlyDictionary<Outcome, int> Outcomes { get; }
        public int Count(Outcome outcome) => Outcomes.Get(outcome);
        public double Seconds => Run.WallSeconds;
        public IReadOnlyList<string> Errors => Run.Errors;
    }
}
