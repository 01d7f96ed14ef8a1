using System.Collections.Generic;
using System.Linq;
using StreamConformance.Findings;
using StreamConformance.Reports;

namespace StreamConformance.Compare
{
    /// <summary>
    /// Findings compared by id (runtime × type × cause, the same in every run): new in the candidate, fixed in it,
    /// unchanged; a candidate finding on a runtime paired under another name (<see cref="RuntimePairing"/>) is compared
    /// with the baseline's finding of the same type and cause on its pair. With several runs per side, a finding is new only when every candidate run has it and no baseline
    /// run does (fixed the other way round); one that comes and goes among a side's own runs is unsettled, not a change.
    /// </summary>
    public sealed class FindingComparison
    {
        /// <summary>The findings each run's analysis holds, compared; nothing is worked out again.</summary>
        public FindingComparison(IReadOnlyList<RunAnalysis> baseline, IReadOnlyList<RunAnalysis> candidate, RuntimePairing? runtimes = null)
        {
            runtimes ??= RuntimePairing.Of(baseline.Select(a => a.Document), candidate.Select(a => a.Document));
            var before = baseline.Select(a => a.Findings.GroupBy(f => f.Id).ToDictionary(g => g.Key, g => g.First())).ToList();
            // Keyed by the id the finding has on the baseline's runtime; the finding shown keeps its own id and runtime.
            var after = candidate.Select(a => a.Findings.GroupBy(f => FindingBuilder.IdOf(runtimes.BaselineNameOf(f.Runtime), f.Type, f.Cause))
                .ToDictionary(g => g.Key, g => g.First())).ToList();
            foreach (var id in before.Concat(after).SelectMany(d => d.Keys).Distinct())
            {
                int was = before.Count(d => d.ContainsKey(id)), now = after.Count(d => d.ContainsKey(id));
                var finding = (after.FirstOrDefault(d => d.ContainsKey(id)) ?? before.First(d => d.ContainsKey(id)))[id];
                if (was == 0 && now == after.Count) New.Add(finding);
                else if (was == before.Count && now == 0) Fixed.Add(finding);
                else if (was == before.Count && now == after.Count) Unchanged.Add(finding);
                else Unsettled.Add(finding);
            }
            foreach (var list in new[] { New, Fixed, Unchanged, Unsettled }) list.Sort(ByRuntimeThenRank);
        }

        public List<Finding> New { get; } = new List<Finding>();
        public List<Finding> Fixed { get; } = new List<Finding>();
        public List<Finding> Unchanged { get; } = new List<Finding>();
        /// <summary>In some runs of a side and not others (a latency verdict near its ceiling): not called new or fixed.</summary>
        public List<Finding> Unsettled { get; } = new List<Finding>();

        /// <summary>A new finding of a class that fails a run (contract, harness, cost) is a regression.</summary>
        public bool HasNewFailure => New.Any(f => f.FailsTheRun);

        static int ByRuntimeThenRank(Finding a, Finding b)
        {
            var byRuntime = string.CompareOrdinal(a.Runtime, b.Runtime);
            if (byRuntime != 0) return byRuntime;
            var byClass = a.Class.CompareTo(b.Class);
            return byClass != 0 ? byClass : b.Severity.CompareTo(a.Severity);
        }
    }
}
