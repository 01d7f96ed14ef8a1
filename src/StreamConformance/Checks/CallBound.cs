using System;
using System.Diagnostics;

namespace StreamConformance.Checks
{
    /// <summary>
    /// How long a check waits for one call it runs bounded (a zero-byte read, a misuse, a call on a disposed stream) before
    /// it names the call as one that never returned: generous for any single call, and for a stream slow to open, four
    /// times what opening it took. Below the host's own limit for the check, so the check, not a killed probe, says which call.
    /// </summary>
    static class CallBound
    {
        static readonly TimeSpan Minimum = TimeSpan.FromSeconds(2);

        public static TimeSpan After(Stopwatch opening) => TimeSpan.FromTicks(Math.Max(Minimum.Ticks, 4 * opening.Elapsed.Ticks));
    }
}
