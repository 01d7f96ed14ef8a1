using System;
using System.Collections.Generic;
using System.Linq;
using StreamConformance.Results;

namespace StreamConformance.Compare
{
    /// <summary>
    /// Which baseline runtime each candidate runtime is compared with. A runtime named alike on both sides is itself.
    /// A servicing update is the same runtime under another name (<c>wasm-10.0.11</c> before, <c>wasm-10.0.15</c>
    /// after; <c>dotnet-9.0</c> and <c>dotnet</c>): a name found on one side only pairs with the one such name of the
    /// same flavour on the other side. Where a flavour leaves more than one unmatched name on a side, which goes with
    /// which cannot be told, and none of them pairs (their results are on one side only, as before).
    /// </summary>
    public sealed class RuntimePairing
    {
        readonly Dictionary<string, string> _baselineOf = new Dictionary<string, string>(StringComparer.Ordinal);

        RuntimePairing()
        {
        }

        /// <summary>The runtimes paired under different names, each as (baseline name, candidate name), by baseline name.</summary>
        public IReadOnlyList<(string Baseline, string Candidate)> Renamed =>
            _baselineOf.Select(kv => (Baseline: kv.Value, Candidate: kv.Key)).OrderBy(p => p.Baseline, StringComparer.Ordinal).ToList();

        /// <summary>The baseline's name for a candidate runtime: its own unless it was paired under another.</summary>
        public string BaselineNameOf(string candidateRuntime) =>
            _baselineOf.TryGetValue(candidateRuntime, out var name) ? name : candidateRuntime;

        public static RuntimePairing Of(IEnumerable<RunDocument> baseline, IEnumerable<RunDocument> candidate)
        {
            var pairing = new RuntimePairing();
            var before = Flavours(baseline);
            var after = Flavours(candidate);
            foreach (var flavour in before.Values.Where(f => f.Length > 0).Distinct(StringComparer.OrdinalIgnoreCase))
            {
                var onlyBefore = before.Where(kv => SameFlavour(kv.Value, flavour) && !after.ContainsKey(kv.Key)).Select(kv => kv.Key).ToList();
                var onlyAfter = after.Where(kv => SameFlavour(kv.Value, flavour) && !before.ContainsKey(kv.Key)).Select(kv => kv.Key).ToList();
                if (onlyBefore.Count == 1 && onlyAfter.Count == 1) pairing._baselineOf[onlyAfter[0]] = onlyBefore[0];
            }
            return pairing;
        }

        /// <summary>Every runtime a side's runs name, with its flavour ("" where no run describes it: it pairs by name only).</summary>
        static Dictionary<string, string> Flavours(IEnumerable<RunDocument> runs)
        {
            var flavours = new Dictionary<string, string>(StringComparer.Ordinal);
            foreach (var run in runs)
            {
                foreach (var r in run.Runtimes) flavours[r.Runtime.Name] = r.Runtime.Flavor ?? "";
                foreach (var result in run.Results)
                    if (!flavours.ContainsKey(result.Runtime)) flavours[result.Runtime] = "";
            }
            return flavours;
        }

        static bool SameFlavour(string a, string b) => string.Equals(a, b, StringComparison.OrdinalIgnoreCase);
    }
}
