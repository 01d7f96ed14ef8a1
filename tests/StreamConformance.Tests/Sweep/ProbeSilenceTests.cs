using System;
using System.Collections.Generic;
using System.Threading;
using NUnit.Framework;
using StreamConformance.Sweep;

namespace StreamConformance.Tests.Sweep
{
    /// <summary>The silence a probe is charged with: exact figures from a scripted clock and run queue.</summary>
    public class ProbeSilenceTests
    {
        static readonly TimeSpan Limit = TimeSpan.FromSeconds(5);

        TimeSpan _now;
        Dictionary<int, ThreadTime>? _threads;

        [SetUp]
        public void AtZeroWithNothingWaited()
        {
            _now = TimeSpan.Zero;
            _threads = new Dictionary<int, ThreadTime>();
        }

        /// <summary>On two cores, as this machine.</summary>
        ProbeSilence Silence() => new ProbeSilence(() => _now, () => _threads == null ? null : new Dictionary<int, ThreadTime>(_threads), cores: 2);

        void At(double seconds) => _now = TimeSpan.FromSeconds(seconds);
        void Waited(int thread, double seconds) => _threads![thread] = new ThreadTime(Ran(thread), (long)(seconds * 1e9));
        void Ran(int thread, double seconds) => _threads![thread] = new ThreadTime((long)(seconds * 1e9), _threads.TryGetValue(thread, out var t) ? t.WaitedNanoseconds : 0);
        long Ran(int thread) => _threads!.TryGetValue(thread, out var t) ? t.RanNanoseconds : 0;

        [Test]
        public void ABlockedProbeIsChargedTheWholeSilence()
        {
            var silence = Silence();
            Assert.That(silence.NextLook(Limit), Is.EqualTo(ProbeSilence.FirstLook));
            At(0.5);
            silence.Measure();
            Assert.That(silence.NextLook(Limit), Is.EqualTo(TimeSpan.FromSeconds(4.5)));
            At(5);
            silence.Measure();
            Assert.That(silence.Last.Charged, Is.EqualTo(TimeSpan.FromSeconds(5)));
            Assert.That(silence.Exceeds(Limit), Is.True);
            Assert.That(silence.Last.Words(), Is.Empty, "nothing waited: the message stays as it was");
        }

        [Test]
        public void TheBusiestWaitingThreadsWaitIsNotCharged()
        {
            Waited(1, 10);
            Waited(2, 3);
            var silence = Silence();
            At(0.5);
            silence.Measure();
            At(7.5);
            Waited(1, 10 + 5.25); // the measuring thread ran a quarter of the 7 s
            Waited(2, 3 + 1);
            silence.Measure();
            Assert.That(silence.Last.Waited, Is.EqualTo(TimeSpan.FromSeconds(5.25)));
            Assert.That(silence.Last.Charged, Is.EqualTo(TimeSpan.FromSeconds(2.25)));
            Assert.That(silence.Exceeds(Limit), Is.False, "7.5 s on the clock, 2.25 s of its own");
            Assert.That(silence.NextLook(Limit), Is.EqualTo(TimeSpan.FromSeconds(2.75)));
            Assert.That(silence.Last.Words(), Is.EqualTo("7.5 s on the clock, 5.3 s of it waiting for a CPU"));
        }

        [Test]
        public void AThreadStartedSinceTheFirstLookCountsItsWholeWaitAndOneThatEndedNothing()
        {
            Waited(1, 2);
            var silence = Silence();
            At(0.5);
            silence.Measure();
            _threads!.Remove(1);
            Waited(7, 1.5);
            At(3);
            silence.Measure();
            Assert.That(silence.Last.Waited, Is.EqualTo(TimeSpan.FromSeconds(1.5)));
        }

        [Test]
        public void AWaitIsNeverMoreThanTheTimeSinceTheFirstLook()
        {
            var silence = Silence();
            At(0.5);
            silence.Measure();
            At(1.5);
            Waited(3, 60); // a thread started since: its whole life's wait cannot all lie in this silence
            silence.Measure();
            Assert.That(silence.Last.Waited, Is.EqualTo(TimeSpan.FromSeconds(1)));
            Assert.That(silence.Last.Charged, Is.EqualTo(TimeSpan.FromSeconds(0.5)), "the silence before the first look is charged in full");
        }

        [Test]
        public void AProbeStarvedForeverStillEndsAtTheCeiling()
        {
            var silence = Silence();
            At(0.5);
            silence.Measure();
            var seconds = SilenceLimit.Ceiling.TotalSeconds;
            At(seconds);
            Waited(1, seconds - 0.5);
            silence.Measure();
            Assert.That(silence.Last.Charged, Is.EqualTo(TimeSpan.FromSeconds(0.5)));
            Assert.That(silence.Exceeds(Limit), Is.True, "a spinning stream on a saturated machine is still a timeout");
        }

        [Test]
        public void WhereTheSystemDoesNotSayTheSilenceIsTheClocks()
        {
            _threads = null;
            var silence = Silence();
            At(0.5);
            silence.Measure();
            At(5);
            silence.Measure();
            Assert.That(silence.Last.Waited, Is.EqualTo(TimeSpan.Zero));
            Assert.That(silence.Exceeds(Limit), Is.True);
        }

        [Test]
        public void AnEventStartsANewSilence()
        {
            var silence = Silence();
            At(0.5);
            silence.Measure();
            At(4);
            silence.Restart();
            Assert.That(silence.NextLook(TimeSpan.FromMilliseconds(600)), Is.EqualTo(TimeSpan.FromMilliseconds(300)), "a short limit is looked at in its first half");
            At(8.5);
            silence.Measure();
            Assert.That(silence.Last.Wall, Is.EqualTo(TimeSpan.FromSeconds(4.5)));
            Assert.That(silence.Exceeds(Limit), Is.False);
        }

        /// <summary>NPOI's reader spinning forever on several pool threads: they wait on each other, not on the machine.</summary>
        [Test]
        public void AProbeWhoseOwnThreadsFillEveryCoreIsChargedItsWait()
        {
            var silence = Silence();
            At(0.5);
            silence.Measure();
            At(5.5);
            foreach (var thread in new[] { 1, 2, 3, 4 })
            {
                Ran(thread, 2.5); // four spinning threads share the two cores for the 5 s
                Waited(thread, 2.5);
            }
            silence.Measure();
            Assert.That(silence.Last.Waited, Is.EqualTo(TimeSpan.Zero));
            Assert.That(silence.Exceeds(Limit), Is.True, "a hang is a hang, whoever it keeps from a CPU");

            _threads!.Clear();
            silence.Restart();
            At(6);
            silence.Measure();
            At(11);
            Ran(1, 2.5); // one spinner beside other processes: half of one core was other work's
            Waited(1, 2.5);
            silence.Measure();
            Assert.That(silence.Last.Waited, Is.EqualTo(TimeSpan.FromSeconds(2.5)), "bounded by 5 s less 2.5 s of CPU over two cores: 3.75 s");
        }

        [Test]
        public void ASchedstatLineGivesItsTimeOnACpuAndOnTheRunQueue()
        {
            var time = ThreadTimes.Parse("914293 5123 2\n")!.Value;
            Assert.That(time.RanNanoseconds, Is.EqualTo(914293));
            Assert.That(time.WaitedNanoseconds, Is.EqualTo(5123));
            Assert.That(ThreadTimes.Parse("914293"), Is.Null);
            Assert.That(ThreadTimes.Parse("a b c"), Is.Null);
        }

        /// <summary>Four busy threads on fewer cores must queue: the waits read from this process show it (Linux only).</summary>
        [Test]
        public void ThisProcessesBusyThreadsAreSeenWaiting()
        {
            var pid = System.Diagnostics.Process.GetCurrentProcess().Id;
            var before = ThreadTimes.Of(pid);
            if (before == null) Assert.Ignore("this system gives no per-thread scheduler statistics");
            Assert.That(before!.Keys, Does.Contain(pid), "the main thread's id is the process's");
            var busy = 2 * Environment.ProcessorCount;
            var stop = 0;
            var threads = new List<Thread>();
            for (var i = 0; i < busy; i++)
            {
                var t = new Thread(() => { while (Volatile.Read(ref stop) == 0) { } });
                t.Start();
                threads.Add(t);
            }
            // Read while they still spin: a thread that has ended is gone from the listing.
            Thread.Sleep(300);
            var during = ThreadTimes.Of(pid)!;
            Volatile.Write(ref stop, 1);
            threads.ForEach(t => t.Join());
            long most = 0;
            foreach (var thread in during) most = Math.Max(most, thread.Value.WaitedNanoseconds - (before.TryGetValue(thread.Key, out var w) ? w.WaitedNanoseconds : 0));
            Assert.That(most, Is.GreaterThan(0), $"{busy} busy threads on {Environment.ProcessorCount} cores");
        }
    }
}
