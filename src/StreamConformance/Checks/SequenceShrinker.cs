using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Text.RegularExpressions;
using StreamConformance.Results;

namespace StreamConformance.Checks
{
    /// <summary>
    /// Delta debugging (Zeller's ddmin, as property-based testing tools shrink a failing case) of a failing sequence of
    /// calls: drop chunks of it, re-run what is left on a fresh stream, keep the shorter sequence whenever it still fails
    /// the same way, with finer chunks until no single call can go. Bounded in re-runs and time, so a check that found
    /// a fault is never turned into a timeout by its shrinking.
    /// </summary>
    static class SequenceShrinker
    {
        public const int MaxReplays = 64;
        /// <summary>Longer sequences are not kept: no program of that length shows anything a reader could follow.</summary>
        public const int MaxKeptSteps = 64;
        static readonly TimeSpan MaxTime = TimeSpan.FromSeconds(1);

        /// <summary>
        /// One re-run: the steps run on a fresh stream, returning the steps as they ran (cut at the failing one, with what
        /// was expected of each) and the violation, or a null violation when it passed.
        /// </summary>
        public delegate (List<ReproStep> Ran, string? Violation) Replay(IReadOnlyList<ReproStep> steps);

        /// <summary>
        /// The shortest failing sequence found from <paramref name="failing"/>, which failed with <paramref name="violation"/>.
        /// Without a re-run that fails the same way (a stream whose fault depends on more than the calls), the steps as
        /// the check ran them; null when even the shortest is longer than <see cref="MaxKeptSteps"/>.
        /// </summary>
        public static ReproTrace? Shrink(string access, int contentLength, List<ReproStep> failing, string violation, Replay replay,
            Func<ReproStep, bool>? keep = null)
        {
            var target = Signature(violation);
            var current = failing;
            var seen = violation;
            var replays = 0;
            var clock = Stopwatch.StartNew();
            bool Budget() => replays < MaxReplays && clock.Elapsed < MaxTime;
            bool StillFails(List<ReproStep> candidate)
            {
                replays++;
                (List<ReproStep> Ran, string? Violation) run;
                try { run = replay(candidate); }
                catch (Exception) { return false; }
                if (run.Violation == null || Signature(run.Violation) != target) return false;
                current = run.Ran;
                seen = run.Violation;
                return true;
            }

            // A first re-run of the whole sequence: it fixes each step's expectation as a fresh stream sees it.
            if (StillFails(new List<ReproStep>(failing)))
            {
                var chunks = 2;
                while (Budget())
                {
                    // Only the steps that may go are cut into chunks; the others (a final Flush and read-back) stay.
                    var removable = new List<int>();
                    for (var i = 0; i < current.Count; i++)
                        if (keep == null || !keep(current[i])) removable.Add(i);
                    if (removable.Count == 0) break;
                    chunks = Math.Min(chunks, removable.Count);
                    var size = (removable.Count + chunks - 1) / chunks;
                    var reduced = false;
                    // The complement of each chunk: the sequence without it.
                    for (var start = 0; start < removable.Count && Budget(); start += size)
                    {
                        var dropped = new HashSet<int>();
                        for (var k = start; k < Math.Min(start + size, removable.Count); k++) dropped.Add(removable[k]);
                        var candidate = new List<ReproStep>(current.Count);
                        for (var i = 0; i < current.Count; i++)
                            if (!dropped.Contains(i)) candidate.Add(current[i]);
                        if (candidate.Count == 0 || !StillFails(candidate)) continue;
                        chunks = Math.Max(chunks - 1, 2);
                        reduced = true;
                        break;
                    }
                    if (reduced) continue;
                    if (size == 1) break;
                    chunks = Math.Min(chunks * 2, removable.Count);
                }
            }
            if (current.Count > MaxKeptSteps) return null;
            return new ReproTrace { Access = access, ContentLength = contentLength, ShrunkFrom = failing.Count, Replays = replays, Violation = seen, Steps = current };
        }

        /// <summary>
        /// What makes two failures the same: the violation's words with its numbers, bytes and the recent-operations
        /// suffix taken out ("Seek(#, Begin) from position # … returned #; expected #").
        /// </summary>
        public static string Signature(string violation)
        {
            var text = Regex.Replace(violation, @" \(operation \d+; last: .*\)$", "");
            text = Regex.Replace(text, @"0x[0-9A-Fa-f]+", "0x#");
            return Regex.Replace(text, @"-?\d+", "#");
        }
    }
}
