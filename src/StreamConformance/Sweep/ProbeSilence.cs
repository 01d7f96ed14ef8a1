using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;

namespace StreamConformance.Sweep
{
    // One concept: a probe's silence as a hang is judged by it, and one measurement of it.

    /// <summary>
    /// How long a probe has been silent, as far as a hang goes: the wall time since its last event, less the time its
    /// threads stood ready to run with every CPU taken by other work (<see cref="RunQueueWaits"/>). Under a build beside
    /// the sweep, a Mono probe's measuring thread ran 25 % of the wall time and waited for a CPU the other 75 %: a working
    /// step of 1.7 s took 7 s on the clock and was killed as a hang. A thread that is blocked (a real hang on a lock or a
    /// read) waits on no run queue, so its silence is charged in full; a thread that spins forever is charged at the share
    /// of the CPU it gets, and the wall clock still stops it at <see cref="SilenceLimit.Ceiling"/>.
    /// </summary>
    /// <remarks>
    /// The busiest-waiting thread's wait is what is taken off: it is the one that was ready to make progress. The run
    /// queue is first read <see cref="FirstLook"/> into a silence, not at every event (a probe sends thousands), and the
    /// silence before that first look is charged in full. Where the system does not say (<see cref="RunQueueWaits"/> is
    /// null), the silence is the wall time, as before.
    /// </remarks>
    public sealed class ProbeSilence
    {
        /// <summary>When the run queue is first read into a silence (at most half the limit): most silences end before it.</summary>
        public static readonly TimeSpan FirstLook = TimeSpan.FromMilliseconds(500);

        /// <summary>The shortest wait between two looks at the run queue.</summary>
        static readonly TimeSpan MinLook = TimeSpan.FromMilliseconds(50);

        readonly Func<TimeSpan> _now;
        readonly Func<IReadOnlyDictionary<int, long>?> _waits;
        TimeSpan _since;
        bool _looked;
        TimeSpan _lookedAt;
        IReadOnlyDictionary<int, long>? _firstWaits;

        /// <param name="now">A monotonic clock.</param>
        /// <param name="waits">The probe's threads' run-queue waits in nanoseconds, by thread id; null when unknown.</param>
        public ProbeSilence(Func<TimeSpan> now, Func<IReadOnlyDictionary<int, long>?> waits)
        {
            _now = now;
            _waits = waits;
            Restart();
        }

        /// <summary>The silence of process <paramref name="pid"/>, read through <paramref name="waits"/> (<see cref="RunQueueWaits.Of"/> by default).</summary>
        public static ProbeSilence Of(int pid, Func<int, IReadOnlyDictionary<int, long>?>? waits = null)
        {
            var clock = Stopwatch.StartNew();
            waits ??= RunQueueWaits.Of;
            return new ProbeSilence(() => clock.Elapsed, () => waits(pid));
        }

        /// <summary>The last measurement.</summary>
        public SilenceSpan Last { get; private set; }

        /// <summary>The probe said something: a new silence starts.</summary>
        public void Restart()
        {
            _since = _now();
            _looked = false;
            _firstWaits = null;
            Last = default;
        }

        /// <summary>How long to wait for the probe's next line before <see cref="Measure"/> is worth calling.</summary>
        public TimeSpan NextLook(TimeSpan limit)
        {
            if (!_looked) return Min(FirstLook, TimeSpan.FromTicks(limit.Ticks / 2));
            var left = Min(limit - Last.Charged, WallLimit(limit) - Last.Wall);
            return left > MinLook ? left : MinLook;
        }

        /// <summary>Measures the silence so far (and on the first call of a silence, notes the run queue it is charged from).</summary>
        public SilenceSpan Measure()
        {
            var now = _now();
            var wall = now - _since;
            if (!_looked)
            {
                _looked = true;
                _lookedAt = now;
                _firstWaits = _waits();
                return Last = new SilenceSpan(wall, TimeSpan.Zero);
            }
            var waited = TimeSpan.Zero;
            if (_firstWaits != null && _waits() is { } current)
            {
                long most = 0;
                foreach (var thread in current)
                {
                    // A thread started since the first look has waited only since then.
                    var before = _firstWaits.TryGetValue(thread.Key, out var w) ? w : 0;
                    most = Math.Max(most, thread.Value - before);
                }
                waited = Min(TimeSpan.FromTicks(most / 100), now - _lookedAt);
            }
            return Last = new SilenceSpan(wall, waited);
        }

        /// <summary>Whether the last measurement is past <paramref name="limit"/>: in the probe's own time, or on the wall clock past what any starvation may stretch it to.</summary>
        public bool Exceeds(TimeSpan limit) => Last.Charged >= limit || Last.Wall >= WallLimit(limit);

        /// <summary>However starved the probe, a silence ends at <see cref="SilenceLimit.Ceiling"/> on the clock (or at the limit, when that is longer).</summary>
        static TimeSpan WallLimit(TimeSpan limit) => limit > SilenceLimit.Ceiling ? limit : SilenceLimit.Ceiling;

        static TimeSpan Min(TimeSpan a, TimeSpan b) => a < b ? a : b;
    }

    /// <summary>One measurement of a probe's silence.</summary>
    public readonly struct SilenceSpan
    {
        public SilenceSpan(TimeSpan wall, TimeSpan waited)
        {
            Wall = wall;
            Waited = waited;
        }

        /// <summary>Since the probe's last event, on the clock.</summary>
        public TimeSpan Wall { get; }
        /// <summary>Of that, the time the probe's busiest-waiting thread stood ready with no CPU free.</summary>
        public TimeSpan Waited { get; }
        /// <summary>What the probe is charged with: the wall time less the wait.</summary>
        public TimeSpan Charged => Wall - Waited;

        /// <summary>The wait, in words, when it is worth saying ("16.2 s on the clock, 11.2 s of it waiting for a CPU"); empty otherwise.</summary>
        public string Words() => Waited < TimeSpan.FromMilliseconds(100) ? ""
            : string.Format(CultureInfo.InvariantCulture, "{0:0.#} s on the clock, {1:0.#} s of it waiting for a CPU", Wall.TotalSeconds, Waited.TotalSeconds);
    }
}
