using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;

namespace StreamConformance.Sweep
{
    // One concept: a probe's silence as a hang is judged by it, and one measurement of it.

    /// <summary>
    /// How long a probe has been silent, as far as a hang goes: the wall time since its last event, less the time its
    /// threads stood ready to run with every CPU taken by other work (<see cref="ThreadTimes"/>). Under a build beside
    /// the sweep, a Mono probe's measuring thread ran 25 % of the wall time and waited for a CPU the other 75 %: a working
    /// step of 1.7 s took 7 s on the clock and was killed as a hang. A thread that is blocked (a real hang on a lock or a
    /// read) waits on no run queue, so its silence is charged in full; a thread that spins forever is charged at the share
    /// of the CPU it gets, and the wall clock still stops it at <see cref="SilenceLimit.Ceiling"/>.
    /// </summary>
    /// <remarks>
    /// The busiest-waiting thread's wait is what is taken off: it is the one that was ready to make progress. But only
    /// the part other processes caused: a probe whose own threads fill every core (NPOI's reader spinning forever on
    /// several pool threads) waits on itself, and the wall time less the CPU time its threads got, shared over the cores,
    /// bounds what is taken off. Without that bound, such a hang on two cores was killed after 35 s instead of 5. The
    /// threads are first read <see cref="FirstLook"/> into a silence, not at every event (a probe sends thousands), and
    /// the silence before that first look is charged in full. Where the system does not say (<see cref="ThreadTimes"/>
    /// is null), the silence is the wall time, as before.
    /// </remarks>
    public sealed class ProbeSilence
    {
        /// <summary>When the run queue is first read into a silence (at most half the limit): most silences end before it.</summary>
        public static readonly TimeSpan FirstLook = TimeSpan.FromMilliseconds(500);

        /// <summary>The shortest wait between two looks at the run queue.</summary>
        static readonly TimeSpan MinLook = TimeSpan.FromMilliseconds(50);

        readonly Func<TimeSpan> _now;
        readonly Func<IReadOnlyDictionary<int, ThreadTime>?> _threads;
        readonly int _cores;
        TimeSpan _since;
        bool _looked;
        TimeSpan _lookedAt;
        IReadOnlyDictionary<int, ThreadTime>? _first;

        /// <param name="now">A monotonic clock.</param>
        /// <param name="threads">The probe's threads' times, by thread id; null when unknown.</param>
        /// <param name="cores">The CPUs the probe's threads can share.</param>
        public ProbeSilence(Func<TimeSpan> now, Func<IReadOnlyDictionary<int, ThreadTime>?> threads, int cores)
        {
            _now = now;
            _threads = threads;
            _cores = Math.Max(1, cores);
            Restart();
        }

        /// <summary>The silence of process <paramref name="pid"/>, read through <paramref name="threads"/> (<see cref="ThreadTimes.Of"/> by default).</summary>
        public static ProbeSilence Of(int pid, Func<int, IReadOnlyDictionary<int, ThreadTime>?>? threads = null)
        {
            var clock = Stopwatch.StartNew();
            threads ??= ThreadTimes.Of;
            return new ProbeSilence(() => clock.Elapsed, () => threads(pid), Environment.ProcessorCount);
        }

        /// <summary>The last measurement.</summary>
        public SilenceSpan Last { get; private set; }

        /// <summary>The probe said something: a new silence starts.</summary>
        public void Restart()
        {
            _since = _now();
            _looked = false;
            _first = null;
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
                _first = _threads();
                return Last = new SilenceSpan(wall, TimeSpan.Zero);
            }
            var waited = TimeSpan.Zero;
            if (_first != null && _threads() is { } current)
            {
                long most = 0, ran = 0;
                foreach (var thread in current)
                {
                    // A thread started since the first look has run and waited only since then.
                    var before = _first.TryGetValue(thread.Key, out var t) ? t : default;
                    most = Math.Max(most, thread.Value.WaitedNanoseconds - before.WaitedNanoseconds);
                    ran += thread.Value.RanNanoseconds - before.RanNanoseconds;
                }
                // What other processes kept from it: the time since the first look less its threads' CPU time over the cores.
                var span = now - _lookedAt;
                var external = span - TimeSpan.FromTicks(ran / 100 / _cores);
                waited = Min(TimeSpan.FromTicks(most / 100), external > TimeSpan.Zero ? external : TimeSpan.Zero);
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
