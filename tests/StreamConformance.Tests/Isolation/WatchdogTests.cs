using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Probe;
using StreamConformance.Results;
using StreamConformance.Runtimes;
using StreamConformance.Sweep;

namespace StreamConformance.Tests.Isolation
{
    /// <summary>
    /// The watchdog charges a probe only its own time, and reports a hang only when the step hangs again in a fresh probe:
    /// the real probe under a check timeout of 1 s (1.5 s on Mono, whose fresh probe compiles a check slower), over a
    /// stream whose first read takes 2.5 s with the run queue told (a stand-in for a loaded machine) or unknown (the
    /// clock alone), and over streams that hang once or always.
    /// </summary>
    [TestFixture, NonParallelizable]
    public class WatchdogTests
    {
        static readonly TimeSpan Limit = TimeSpan.FromMilliseconds(RepoPaths.OnMono ? 1500 : 1000);

        static ProbeTrace Run(Func<int, IReadOnlyDictionary<int, ThreadTime>?> threadTimes, params string[] types)
        {
            var target = RepoPaths.OnMono ? RuntimeResolver.Resolve("mono") : RuntimeResolver.Resolve("dotnet");
            var assembly = RepoPaths.FaultyStreams(RepoPaths.OnMono ? "net472" : "net10.0");
            using var scratch = new ScratchDirectory();
            var request = new ProbeRequest { Runtime = target.Name, Quick = true, Checks = "read-byte.values", TempDirectory = scratch.Path };
            foreach (var type in types) request.Items.Add(new ProbeItem { Type = "FaultyStreams." + type, AssemblyPath = assembly });
            var trace = new ProbeTrace();
            new ProbeLauncher(new ProbeLocator(RepoPaths.ProbeRoot), Limit) { ThreadTimes = threadTimes }.Run(target, request, scratch.Path, trace);
            return trace;
        }

        static string All(ProbeTrace trace) => string.Join("; ", trace.Results.Select(r => $"{r.Type} {r.Check} {r.Outcome} {r.Message}"));

        static IEnumerable<Outcome> Of(ProbeTrace trace, string type) => trace.Results.Where(r => r.Type == "FaultyStreams." + type).Select(r => r.Outcome);

        [Test]
        public void OnTheClockAloneASlowFirstReadIsCalledHung()
        {
            var trace = Run(_ => null, "SlowFirstReadStream");
            Assert.That(Of(trace, "SlowFirstReadStream"), Does.Contain(Outcome.Timeout), All(trace));
        }

        [Test]
        public void AProbeThatWaitedForACpuIsNotChargedTheWaitAndABlockedHangStillTimesOut()
        {
            // The probe's main thread has waited for a CPU 90 % of the time since the test began, as under a build on two
            // cores: the 2.5 s read is charged about 0.7 s (the first look at the run queue comes 0.5 s into a silence).
            var clock = Stopwatch.StartNew();
            var trace = Run(pid => new Dictionary<int, ThreadTime> { [pid] = new ThreadTime(0, clock.Elapsed.Ticks * 90L) }, "SlowFirstReadStream", "HangingStream");

            Assert.That(Of(trace, "SlowFirstReadStream"), Is.Not.Empty.And.All.EqualTo(Outcome.Pass), All(trace));
            var hang = trace.Results.Where(r => r.Type == "FaultyStreams.HangingStream" && r.Outcome == Outcome.Timeout).ToList();
            Assert.That(hang, Is.Not.Empty, All(trace));
            Assert.That(hang[0].Message, Does.Contain("waiting for a CPU"), "the timeout says how long the clock ran and why");
        }

        [Test]
        public void AHangIsReportedWhenItHappensAgainInAFreshProbeAndAStallThatDoesNotComeBackIsNot()
        {
            var marker = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "streamconf-hang-once-" + Guid.NewGuid().ToString("N"));
            Environment.SetEnvironmentVariable("FAULTYSTREAMS_HANG_ONCE", marker);
            try
            {
                var trace = Run(_ => null, "HangOnceStream", "HangingStream");
                Assert.That(System.IO.File.Exists(marker), Is.True, "the stream hung once: " + All(trace));
                Assert.That(Of(trace, "HangOnceStream"), Is.Not.Empty.And.All.EqualTo(Outcome.Pass), All(trace));
                var hang = trace.Results.Single(r => r.Type == "FaultyStreams.HangingStream" && r.Outcome == Outcome.Timeout);
                Assert.That(hang.Message, Does.EndWith("it hung again in a fresh probe"));
                Assert.That(trace.Processes, Is.EqualTo(4), "one probe per hang, and one to finish the request: " + All(trace));
            }
            finally
            {
                Environment.SetEnvironmentVariable("FAULTYSTREAMS_HANG_ONCE", null);
                System.IO.File.Delete(marker);
            }
        }
    }
}
