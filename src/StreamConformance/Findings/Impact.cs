using System.Collections.Generic;
using System.Linq;
using System.Text.RegularExpressions;
using StreamConformance.Results;

namespace StreamConformance.Findings
{
    // One concept: what a contract finding costs a user, and how it is read from the finding's results.

    /// <summary>What a contract finding costs a user, worst first: the order findings are ranked in (docs/findings.md, "Ranked").</summary>
    public enum Impact
    {
        /// <summary>
        /// Data leaked: bytes the stream was never given read back from it (a gap past the end holding what pooled memory
        /// held before, another stream's bytes among them); first, since a library's author must hear of it first.
        /// </summary>
        Leak,
        /// <summary>Data lost or wrong: bytes read or stored other than those written (a gap filled with other bytes, a write of the wrong slice), a read that ends early or goes on past the end.</summary>
        Data,
        /// <summary>The process goes down.</summary>
        Crash,
        /// <summary>A call never returns.</summary>
        Hang,
        /// <summary>A member returns a wrong value or state, or a call that must work throws.</summary>
        Value,
        /// <summary>
        /// A misuse answered with another exception than the contract's, or with none: a correct program never sees it.
        /// Every result of dispose.members-throw is one (a member used after Dispose), unless Dispose itself threw.
        /// </summary>
        Exception,
    }

    /// <summary>Reads a finding's impact from its results: the worst any of them shows.</summary>
    public static class ImpactOf
    {
        public static Impact Finding(IEnumerable<CheckResult> results) => results.Select(Result).DefaultIfEmpty(Impact.Value).Min();

        public static Impact Result(CheckResult r)
        {
            if (r.Outcome == Outcome.Crash) return Impact.Crash;
            if (r.Outcome == Outcome.Timeout) return Impact.Hang;
            var message = r.Message;
            if (Leak.IsMatch(message)) return Impact.Leak;
            if (Data.Any(p => p.IsMatch(message))) return Impact.Data;
            if (BoundedHang.IsMatch(message)) return Impact.Hang;
            // Every call dispose.members-throw judges is made on a disposed stream: a misuse however it is answered (a
            // capability still true, a member that works, another exception), unless Dispose itself threw.
            if (r.Check == AfterDispose && !message.Contains(DisposeThrew)) return Impact.Exception;
            if (Value.Any(p => p.IsMatch(message))) return Impact.Value;
            return WrongException.IsMatch(message) ? Impact.Exception : Impact.Value;
        }

        /// <summary>The check whose calls are all made after Dispose (<see cref="Checks.DisposeMembersThrowCheck"/>).</summary>
        const string AfterDispose = "dispose.members-throw";

        /// <summary>What that check says when Dispose itself failed (Expect.Call's words), which a correct program meets.</summary>
        const string DisposeThrew = "Dispose() threw";

        /// <summary>What a check that runs a call bounded says when it never returned (edge.zero-length, edge.argument-validation): a hang the check caught itself.</summary>
        static readonly Regex BoundedHang = new Regex(@" had not returned after [\d.]+ s", RegexOptions.CultureInvariant);

        /// <summary>What seek.gap-zeroed says when a gap holds old bytes.</summary>
        static readonly Regex Leak = new Regex(@"\d+ of \d+ gap bytes are not zero", RegexOptions.CultureInvariant);

        /// <summary>What the byte-comparing checks say when the bytes differ (Describe.Difference, the model's reads, ReadByte's values, reads past the end).</summary>
        static readonly Regex[] Data =
        {
            new Regex(@"first difference at offset \d+", RegexOptions.CultureInvariant),
            new Regex(@"expected \d+ bytes, got \d+", RegexOptions.CultureInvariant),
            new Regex(@"the store differs|differs from the model", RegexOptions.CultureInvariant),
            new Regex(@"byte \d+ is 0x[0-9A-F]{2}; expected 0x[0-9A-F]{2}", RegexOptions.CultureInvariant),
            new Regex(@"ReadByte\(\) (at (offset|position) \d+ returned -?\d+|returned -1 at offset \d+); expected \d+", RegexOptions.CultureInvariant),
            new Regex(@"returned \d+ more byte\(s\); expected the end", RegexOptions.CultureInvariant),
        };

        /// <summary>A wrong value or state, or an exception from a call that must work (a check's "unexpected …", "… although the capability is true").</summary>
        static readonly Regex[] Value =
        {
            new Regex(@"returned -?\d+; expected -?\d+", RegexOptions.CultureInvariant),
            new Regex(@"\bis -?\d+( after [^;]*)?; expected", RegexOptions.CultureInvariant),
            new Regex(@"\bCan(Read|Write|Seek) is (true|false)", RegexOptions.CultureInvariant),
            new Regex(@"although the capability is true|\bunexpected [A-Z]", RegexOptions.CultureInvariant),
        };

        /// <summary>The contract named an exception and another (or none) came.</summary>
        static readonly Regex WrongException = new Regex(@"expected (success or )?[A-Za-z.]*Exception", RegexOptions.CultureInvariant);
    }
}
