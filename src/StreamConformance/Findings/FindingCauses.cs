using System;
using System.Collections.Generic;
using System.Linq;

namespace StreamConformance.Findings
{
    // One concept: a library's findings grouped by cause, and the cause each group is.

    /// <summary>One cause shared by several types' findings: "19 types: members work after Dispose".</summary>
    public sealed class FindingCause
    {
        public FindingCause(FindingClass @class, string cause, string what, IReadOnlyList<Finding> findings)
        {
            Class = @class;
            Cause = cause;
            What = what;
            Findings = findings;
        }

        public FindingClass Class { get; }
        /// <summary>The check (or check family) behind the findings.</summary>
        public string Cause { get; }
        /// <summary>The cause in an author's words.</summary>
        public string What { get; }
        public IReadOnlyList<Finding> Findings { get; }
        public int Types => Findings.Select(f => f.Type).Distinct().Count();

        public override string ToString() => $"{Types} type{(Types == 1 ? "" : "s")}: {What}";
    }

    /// <summary>
    /// A library's findings grouped by cause across its types, so its author sees a few causes instead of a line per type:
    /// the findings that fail a run, by class and by the check that shows them, in the rank the findings have (class, then
    /// what a contract cause costs a user: data leaked or wrong before a wrong value before a wrong exception), the cause
    /// of most types first among equals.
    /// </summary>
    public static class FindingCauses
    {
        /// <summary>From this many findings on, a library's findings are also shown by cause.</summary>
        public const int Threshold = 10;

        static readonly Dictionary<string, string> Words = new Dictionary<string, string>(StringComparer.Ordinal)
        {
            ["dispose.members-throw"] = "members work, or throw another exception, after Dispose",
            ["dispose.twice"] = "a second Dispose (or Close, DisposeAsync) throws",
            ["edge.argument-validation"] = "Read or Write does not validate its arguments",
            ["edge.zero-length"] = "zero-byte reads or writes are not no-ops",
            ["edge.flush-read-only"] = "Flush on a read-only stream throws",
            ["capabilities.unsupported"] = "CanRead, CanWrite or CanSeek disagree with what the members do",
            ["read-byte.values"] = "ReadByte returns wrong values",
            ["read.differential"] = "read modes disagree on the bytes",
            ["write-byte.round-trip"] = "written bytes do not come back",
            ["buffered.interleave"] = "interleaved reads, writes and seeks disagree with a model",
            ["seek.origins"] = "Seek or Position answer wrongly",
            ["seek.random-walk"] = "Seek or Position answer wrongly",
            ["seek.gap-zeroed"] = "a gap written past the end holds old bytes (pooled memory not cleared)",
            [GapNotLeaked] = "a write past the end, or the gap it leaves, is answered wrongly",
        };

        /// <summary>The cause of a seek.gap-zeroed finding that shows no leak (a position that never moves past the end).</summary>
        const string GapNotLeaked = "seek.gap-zeroed:no-leak";

        public static IReadOnlyList<FindingCause> Of(IEnumerable<Finding> findings) =>
            // Checks that say the same thing in an author's words (seek.origins, seek.random-walk) are one cause.
            findings.Where(f => f.FailsTheRun)
                .GroupBy(f => (f.Class, What: WhatOf(f.Class, KeyOf(f))))
                .Select(g => new FindingCause(g.Key.Class, KeyOf(g.First()), g.Key.What, g.ToList()))
                // In the findings' own rank: by class, a contract cause by the worst its findings cost a user (a leak
                // first, a wrong exception last), and only then the cause most types share.
                .OrderBy(c => c.Class).ThenBy(c => c.Class == FindingClass.Contract ? c.Findings.Min(f => ImpactOf.Finding(f.Results)) : Impact.Leak)
                .ThenByDescending(c => c.Types).ThenBy(c => c.What, StringComparer.Ordinal)
                .ToList();

        // A cost finding's cause names the meter and operation (budget.alloc.read-byte): one group per meter.
        static string KeyOf(Finding f) => f.Class == FindingClass.Cost && f.Cause.StartsWith("budget.", StringComparison.Ordinal)
            ? string.Join(".", f.Cause.Split('.').Take(2))
            : f.Cause.StartsWith("timeout:", StringComparison.Ordinal) ? "timeout"
            // A hang the check bounded itself is the cause, not the rest of what that check saw.
            : f.Class == FindingClass.Contract && ImpactOf.Finding(f.Results) == Impact.Hang ? "hang"
            : f.Cause == "seek.gap-zeroed" && ImpactOf.Finding(f.Results) != Impact.Leak ? GapNotLeaked : f.Cause;

        /// <summary>Whether a check's findings are named in an author's words (every contract check's are: a test).</summary>
        internal static bool HasWordsFor(string check) => Words.ContainsKey(check);

        static string WhatOf(FindingClass c, string key)
        {
            if (Words.TryGetValue(key, out var words)) return words;
            if (key == "timeout") return "a call never returns (the check timed out)";
            if (key == "hang") return "a call never returns (the check stopped waiting for it)";
            if (key == "budget.alloc") return "allocates more per call than its budget";
            if (key == "budget.latency") return "slower per call than its budget";
            return c == FindingClass.Harness ? "the harness could not run " + key : key;
        }
    }
}
