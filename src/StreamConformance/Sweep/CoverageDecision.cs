using System;
using System.Collections.Generic;
using System.Linq;
using StreamConformance.Probe;
using StreamConformance.Results;

namespace StreamConformance.Sweep
{
    /// <summary>
    /// A runtime's coverage, decided once from what its probes reported: each type the probe built (with how, and the
    /// types inside its instances), each it declared static-only (with why), each that reported neither (its probe
    /// died or hung while building it, or never reached it) and, among the static-only, those found inside a built
    /// type's instances: covered through it.
    /// </summary>
    static class CoverageDecision
    {
        public static void Apply(RuntimeRun run, IReadOnlyList<ProbeItem> items, IEnumerable<ProbeTrace> traces, IReadOnlyList<CheckResult> results, string runtime)
        {
            var inner = new Dictionary<string, List<string>>(StringComparer.Ordinal);
            foreach (var trace in traces)
            {
                foreach (var built in trace.Built)
                {
                    run.Built[built.Type] = built.Variants;
                    if (built.How != null) (run.BuiltHow ??= new SortedDictionary<string, List<string>>(StringComparer.Ordinal))[built.Type] = built.How;
                    if (built.Inner != null) inner[built.Type] = built.Inner;
                }
                run.StaticOnly.AddRange(trace.StaticOnly.Select(s => new StaticOnlyType { Type = s.Type, Reason = s.Reason }));
            }
            // A type that neither built nor was declared static-only took its probe down while being built.
            var accounted = new HashSet<string>(run.Built.Keys.Concat(run.StaticOnly.Select(s => s.Type)));
            foreach (var item in items.Where(i => !accounted.Contains(i.Type)))
            {
                var crash = results.LastOrDefault(r => r.Runtime == runtime && r.Type == item.Type && (r.Outcome == Outcome.Crash || r.Outcome == Outcome.Timeout));
                run.StaticOnly.Add(new StaticOnlyType { Type = item.Type, Reason = crash != null ? $"{crash.Outcome.ToString().ToLowerInvariant()} while building: {crash.Message}" : "not reached (run cancelled or probe failed)" });
            }
            // A type found inside a built type's instances is covered through it, not static-only.
            foreach (var s in run.StaticOnly.ToList())
            {
                var through = inner.Where(kv => kv.Value.Contains(s.Type)).Select(kv => kv.Key).OrderBy(t => t, StringComparer.Ordinal).ToList();
                if (through.Count == 0) continue;
                run.StaticOnly.Remove(s);
                run.CoveredThrough.Add(new CoveredType { Type = s.Type, Through = through, Reason = s.Reason });
            }
            run.Coverage.Built = run.Built.Count;
            run.Coverage.CoveredThrough = run.CoveredThrough.Count;
            run.Coverage.StaticOnly = run.StaticOnly.Count;
        }
    }
}
