using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Probe;
using StreamConformance.Results;
using StreamConformance.Runtimes;
using StreamConformance.Sweep;

namespace StreamConformance.Tests.Isolation
{
    /// <summary>
    /// Fault injection: the real probe, in child processes of the runtime these tests run on, over streams
    /// that hang, crash the process in each way there is, throw from Dispose and finalizers and lie.
    /// Every type must be in the report, and the well-behaved one must come out clean.
    /// </summary>
    [TestFixture, NonParallelizable]
    public class IsolationTests
    {
        static readonly string[] Faulty =
        {
            "HangingStream", "FailFastStream", "ExitingStream", "StackOverflowStream", "AccessViolationStream", "ThrowingDisposeStream",
            "ThrowingFinalizerStream", "LyingCapabilitiesStream", "OutOfRangeReadStream", "HangingDisposeStream", "WellBehavedStream",
        };

        RunDocument _document = null!;
        string _assembly = null!;

        [OneTimeSetUp]
        public void SweepTheFaultyStreams()
        {
            var runtime = RepoPaths.OnMono ? RuntimeResolver.Resolve("mono") : RuntimeResolver.Resolve("dotnet");
            _assembly = RepoPaths.FaultyStreams(RepoPaths.OnMono ? "net472" : "net10.0");
            Assert.That(File.Exists(_assembly), _assembly);
            // Functional checks only: budgets measure cost, which says nothing about isolation.
            // Mono takes seconds to die of a stack overflow on a loaded machine (its crash handler runs first): a 3 s limit
            // reported StackOverflowStream as a timeout there, so Mono's probe gets 6 s before the watchdog calls it one.
            // One probe at a time: the well-behaved stream must come after every fault in the same line of processes
            // (two cores would take over the later types in a second probe).
            var options = new SweepOptions { CheckTimeout = TimeSpan.FromSeconds(RepoPaths.OnMono ? 6 : 3), Quick = true, Checks = "read*,write*,seek*,capabilities*,dispose*,edge*", Parallel = false };
            options.Runtimes.Add(runtime);
            var items = Faulty.Select(n => new ProbeItem { Type = "FaultyStreams." + n, AssemblyPath = _assembly }).ToList();
            var runner = new SweepRunner(options, (_, __) => new SweepTargets(items), new ProbeLocator(RepoPaths.ProbeRoot));
            _document = runner.Run();
        }

        IEnumerable<CheckResult> Of(string type) => _document.Results.Where(r => r.Type == "FaultyStreams." + type);

        [Test]
        public void EveryTypeIsInTheReport()
        {
            var run = _document.Runtimes.Single();
            Assert.That(run.Errors, Is.Empty);
            var accounted = run.Built.Keys.Concat(run.StaticOnly.Select(s => s.Type)).ToList();
            Assert.That(accounted, Is.EquivalentTo(Faulty.Select(n => "FaultyStreams." + n)));
            Assert.That(run.Coverage.Discovered, Is.EqualTo(Faulty.Length));
        }

        [TestCase("HangingStream", Outcome.Timeout)]
        [TestCase("HangingDisposeStream", Outcome.Timeout)]
        [TestCase("FailFastStream", Outcome.Crash)]
        [TestCase("ExitingStream", Outcome.Crash)]
        [TestCase("StackOverflowStream", Outcome.Crash)]
        public void FaultIsReportedWithItsOutcome(string type, Outcome expected)
        {
            var hit = Of(type).Where(r => r.Outcome == expected).ToList();
            Assert.That(hit, Is.Not.Empty, $"{type}: expected a {expected} result; got {string.Join("; ", Of(type).Select(r => r.Check + "=" + r.Outcome))}");
        }

        [Test]
        public void ExitCodeIsNamed()
        {
            var crash = Of("ExitingStream").First(r => r.Outcome == Outcome.Crash);
            Assert.That(crash.Message, Does.Contain("exit code 42"));
        }

        [TestCase("AccessViolationStream")]
        [TestCase("ThrowingDisposeStream")]
        [TestCase("ThrowingFinalizerStream")]
        [TestCase("LyingCapabilitiesStream")]
        [TestCase("OutOfRangeReadStream")]
        public void MisbehaviourIsAFinding(string type)
        {
            // How each surfaces depends on the runtime (Mono turns a SIGSEGV into NullReferenceException, .NET dies),
            // but it must be reported, and never as a clean pass.
            Assert.That(Of(type).Where(r => r.Outcome == Outcome.Fail || r.Outcome == Outcome.Error || r.Outcome == Outcome.Crash), Is.Not.Empty,
                string.Join("; ", Of(type).Select(r => r.Check + "=" + r.Outcome)));
        }

        [Test]
        public void TheSweepCarriesOnAfterEachFault()
        {
            // The well-behaved stream comes last, after every crash and hang: it was still checked, and cleanly.
            var clean = Of("WellBehavedStream").ToList();
            Assert.That(clean.Where(r => r.Outcome == Outcome.Pass), Is.Not.Empty);
            // Advisories (its base class's async wrappers throw NotSupported after Dispose) are not findings.
            Assert.That(clean.Where(r => r.Outcome != Outcome.Pass && r.Outcome != Outcome.Skip && r.Outcome != Outcome.Advisory), Is.Empty,
                string.Join("; ", clean.Select(r => r.Check + "=" + r.Outcome + " " + r.Message)));
            Assert.That(_document.Runtimes.Single().ProbeProcesses, Is.GreaterThan(1), "crashes must have restarted the probe");
        }

        [Test]
        public void AThrowingFinalizerIsBlamedOnItsOwnType()
        {
            // Swept in an order where the type right after it is the well-behaved one (the inventory's order), in one probe.
            var runtime = RepoPaths.OnMono ? RuntimeResolver.Resolve("mono") : RuntimeResolver.Resolve("dotnet");
            var options = new SweepOptions { CheckTimeout = TimeSpan.FromSeconds(3), Quick = true, Checks = "read-byte.*", Parallel = false };
            options.Runtimes.Add(runtime);
            var items = new[] { "ThrowingFinalizerStream", "WellBehavedStream" }
                .Select(n => new ProbeItem { Type = "FaultyStreams." + n, AssemblyPath = _assembly }).ToList();
            var document = new SweepRunner(options, (_, __) => new SweepTargets(items), new ProbeLocator(RepoPaths.ProbeRoot)).Run();
            var crashes = document.Results.Where(r => r.Outcome == Outcome.Crash).ToList();
            Assert.That(crashes.Select(r => r.Type).Distinct(), Is.EqualTo(new[] { "FaultyStreams.ThrowingFinalizerStream" }),
                string.Join("; ", document.Results.Select(r => $"{r.Type} {r.Check} {r.Outcome}")));
            Assert.That(document.Results.Where(r => r.Type == "FaultyStreams.WellBehavedStream").Select(r => r.Outcome), Is.All.EqualTo(Outcome.Pass));
        }

        [Test]
        public void ASlowButWorkingStreamIsGivenTheTimeItsOpenTakesAndAHangIsStillCaught()
        {
            // Each check opens fresh streams, and one open alone outlasts the 1 s check timeout: before the limit
            // followed the probe's own figures, every check of this stream was a timeout.
            var runtime = RepoPaths.OnMono ? RuntimeResolver.Resolve("mono") : RuntimeResolver.Resolve("dotnet");
            var options = new SweepOptions { CheckTimeout = TimeSpan.FromSeconds(1), Quick = true, Checks = "read-byte.values" };
            options.Runtimes.Add(runtime);
            var items = new[] { "SlowToOpenStream", "HangingStream" }
                .Select(n => new ProbeItem { Type = "FaultyStreams." + n, AssemblyPath = _assembly }).ToList();
            var document = new SweepRunner(options, (_, __) => new SweepTargets(items), new ProbeLocator(RepoPaths.ProbeRoot)).Run();
            string All() => string.Join("; ", document.Results.Select(r => $"{r.Type} {r.Check} {r.Outcome} {r.Message}"));

            var slow = document.Results.Where(r => r.Type == "FaultyStreams.SlowToOpenStream").ToList();
            Assert.That(document.Runtimes.Single().Built.Keys, Does.Contain("FaultyStreams.SlowToOpenStream"), All());
            Assert.That(slow, Is.Not.Empty, All());
            Assert.That(slow.Select(r => r.Outcome), Is.All.EqualTo(Outcome.Pass), All());

            var hang = document.Results.Where(r => r.Type == "FaultyStreams.HangingStream" && r.Outcome == Outcome.Timeout).ToList();
            Assert.That(hang, Is.Not.Empty, All());
            Assert.That(hang[0].Message, Does.Contain("per check"), "the timeout says which limit it met");
        }

        /// <summary>
        /// A compressor that hands its blocks to a worker on the thread pool opens at once and spends its time in Flush and
        /// Dispose, waiting for the worker: the pilot's first write, Flush and Dispose give the figure its checks' limit
        /// follows, so it is not a timeout, while a stream that hangs beside it still is.
        /// </summary>
        [Test]
        public void AStreamThatWorksOnAnotherThreadIsGivenTheTimeItsFirstWriteTakes()
        {
            var runtime = RepoPaths.OnMono ? RuntimeResolver.Resolve("mono") : RuntimeResolver.Resolve("dotnet");
            var options = new SweepOptions { CheckTimeout = TimeSpan.FromSeconds(1), Quick = true, Checks = "write-byte.round-trip,dispose.twice,read-byte.values" };
            options.Runtimes.Add(runtime);
            var items = new[] { "BackgroundCompressorStream", "HangingStream" }
                .Select(n => new ProbeItem { Type = "FaultyStreams." + n, AssemblyPath = _assembly }).ToList();
            var document = new SweepRunner(options, (_, __) => new SweepTargets(items), new ProbeLocator(RepoPaths.ProbeRoot)).Run();
            string All() => string.Join("; ", document.Results.Select(r => $"{r.Type} {r.Check} {r.Outcome} {r.Message}"));

            var background = document.Results.Where(r => r.Type == "FaultyStreams.BackgroundCompressorStream").ToList();
            Assert.That(document.Runtimes.Single().Built.Keys, Does.Contain("FaultyStreams.BackgroundCompressorStream"), All());
            Assert.That(background.Single(r => r.Check == "write-byte.round-trip").Outcome, Is.EqualTo(Outcome.Pass), All());
            Assert.That(background.Select(r => r.Outcome), Has.None.EqualTo(Outcome.Timeout), All());
            Assert.That(document.Results.Where(r => r.Type == "FaultyStreams.HangingStream" && r.Outcome == Outcome.Timeout), Is.Not.Empty, All());
        }

        [Test]
        public void NoScratchFolderIsLeftBehind()
        {
            var leftovers = Directory.GetDirectories(Path.GetTempPath(), "streamconf-*")
                .Where(d => Directory.GetCreationTimeUtc(d) >= _document.StartedAt.UtcDateTime.AddSeconds(-1)
                            && d.Contains("-" + System.Diagnostics.Process.GetCurrentProcess().Id + "-"));
            Assert.That(leftovers, Is.Empty);
        }
    }
}
