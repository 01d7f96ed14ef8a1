#if NET
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using NUnit.Framework;
using StreamConformance.Findings;
using StreamConformance.Probe;
using StreamConformance.Results;
using StreamConformance.Runtimes;
using StreamConformance.Sweep;
using StreamConformance.Tests.Isolation;

namespace StreamConformance.Tests.Runtimes
{
    /// <summary>
    /// The WebAssembly probe under Node on the 10.0 pack: the probe built for the pack (on first use: about a minute),
    /// the runtime's streams and the test streams swept through it. Skipped, with the reason, without the packs or Node.
    /// </summary>
    [TestFixture, NonParallelizable]
    public class WasmProbeTests
    {
        RuntimeTarget _target = null!;
        RunDocument _runtimeStreams = null!;

        internal static RuntimeTarget Runnable(string spec)
        {
            if (WasmRuntimePacks.FindPrivateRoot() == null)
                Assert.Ignore($"no {WasmRuntimePacks.PrivateRootRelative} (./build.sh runtimes restores the WebAssembly runtime packs there)");
            RuntimeTarget target;
            try { target = RuntimeResolver.Resolve(spec); }
            catch (InputException e) { Assert.Ignore($"runtime '{spec}' is not available here: {e.Message}"); throw; }
            if (!target.CanRunProbe) Assert.Ignore("no node on PATH (./build.sh installs nodejs): the WebAssembly probe cannot run");
            return target;
        }

        static RunDocument Sweep(RuntimeTarget target, IEnumerable<ProbeItem> items, string? checks = null, bool quick = true)
        {
            var options = new SweepOptions { Quick = quick, Checks = checks, CheckTimeout = TimeSpan.FromSeconds(10) };
            options.Runtimes.Add(target);
            var list = items.ToList();
            return new SweepRunner(options, (_, __) => new SweepTargets(list), new ProbeLocator(RepoPaths.ProbeRoot)).Run();
        }

        static string All(RunDocument d) => string.Join("; ", d.Results.Where(r => r.Outcome != Outcome.Pass).Select(r => $"{r.Type} {r.Variant} {r.Check} {r.Outcome} {r.Message}"));

        [OneTimeSetUp]
        public void SweepTheIssuesStreams()
        {
            _target = Runnable("wasm-10.0");
            _runtimeStreams = Sweep(_target, new[] { "System.IO.MemoryStream", "System.IO.BufferedStream", "System.IO.UnmanagedMemoryStream" }
                .Select(t => new ProbeItem { Type = t, AssemblyName = "System.Private.CoreLib" }));
        }

        [Test]
        public void TheProbeRunsOnThePackTheTargetNames()
        {
            var run = _runtimeStreams.Runtimes.Single();
            Assert.That(run.Errors, Is.Empty);
            Assert.That(run.Runtime.Flavor, Is.EqualTo("wasm"));
            Assert.That(run.Runtime.Version, Is.EqualTo(_target.Version), "the pack's version, not the SDK's own");
            Assert.That(_runtimeStreams.Results.Select(r => r.Runtime).Distinct(), Is.EqualTo(new[] { "wasm-10.0" }));
            Assert.That(File.Exists(Path.Combine(WasmProbeBuild.FindCheckout()!, WasmProbeBuild.CacheRelative, _target.Version, WasmProbeBuild.EntryName)));
        }

        /// <summary>
        /// Every fault kind the other runtimes survive is survived under Node, each costing one probe, and the correct
        /// stream after them is judged in a fresh probe: its asynchronous reads, which this one thread cannot wait for,
        /// are skips with that reason, not timeouts.
        /// </summary>
        [Test]
        public void HangCrashExitAndStackOverflowAreSurvivedAndTheNextStreamIsJudged()
        {
            var assembly = RepoPaths.FaultyStreams("net10.0");
            var types = new[] { "HangingStream", "FailFastStream", "ExitingStream", "StackOverflowStream", "WellBehavedStream" };
            var document = Sweep(_target, types.Select(t => new ProbeItem { Type = "FaultyStreams." + t, AssemblyPath = assembly }), "budget.*|read.*");
            string OutcomeOf(string type) => string.Join(",", document.Results.Where(r => r.Type == "FaultyStreams." + type).Select(r => r.Outcome).Distinct());
            Assert.That(OutcomeOf("HangingStream"), Is.EqualTo("Timeout"), All(document));
            Assert.That(OutcomeOf("FailFastStream"), Is.EqualTo("Crash"), All(document));
            Assert.That(OutcomeOf("ExitingStream"), Is.EqualTo("Crash"), All(document));
            Assert.That(OutcomeOf("StackOverflowStream"), Is.EqualTo("Crash"), All(document));
            var wellBehaved = document.Results.Where(r => r.Type == "FaultyStreams.WellBehavedStream").ToList();
            Assert.That(wellBehaved.Where(r => r.Outcome != Outcome.Pass && r.Outcome != Outcome.Skip && r.Outcome != Outcome.Advisory), Is.Empty, All(document));
            Assert.That(wellBehaved.Single(r => r.Check == "budget.alloc.read-async-array-100").Message, Does.Contain("one thread cannot wait"));
        }

        [Test]
        public void SystemCallFiguresAreSkipsThatSayWhyNothingCanBeCounted()
        {
            var document = Sweep(_target, new[] { new ProbeItem { Type = "System.IO.FileStream", AssemblyName = "System.Private.CoreLib" } }, "syscalls.file.*");
            Assert.That(document.Results, Is.Not.Empty);
            Assert.That(document.Results.Select(r => r.Outcome).Distinct(), Is.EqualTo(new[] { Outcome.Skip }), All(document));
            Assert.That(document.Results.Select(r => r.Message), Has.All.Contains("no system calls to count on WebAssembly"));
        }

        /// <summary>
        /// The debug levels the probe built for <paramref name="version"/> starts its runtime with: its boot config, a file of
        /// its own up to 9.0 (blazor.boot.json), written into dotnet.js from 10.0.
        /// </summary>
        static List<string> BootDebugLevels(string version)
        {
            var framework = Path.Combine(WasmProbeBuild.FindCheckout()!, WasmProbeBuild.CacheRelative, version, "wwwroot", "_framework");
            var config = new[] { "blazor.boot.json", "dotnet.js" }.Select(f => Path.Combine(framework, f)).First(File.Exists);
            return Regex.Matches(File.ReadAllText(config), "\"debugLevel\":\\s*(-?\\d+)").Select(m => m.Groups[1].Value).ToList();
        }

        /// <summary>
        /// The probe is built without debugging: a build says debugLevel -1 unless told, and the 9.0 pack's runtime takes it
        /// as it is and runs the interpreter with every optimization and the jiterpreter off (docs/wasm.md).
        /// </summary>
        /// <summary>
        /// The probe sees emscripten's file system, not the host's: its claims go through Node, so the host can take the
        /// types it has not started, and it stops where the taken ones begin.
        /// </summary>
        [Test]
        public void TheProbeStopsAtTheTypesTheHostTookThroughNodesFiles()
        {
            var directory = Path.Combine(Path.GetTempPath(), "streamconf-wasm-claims-" + Guid.NewGuid().ToString("N"));
            var claims = new ItemClaims(Path.Combine(directory, "claims"));
            Directory.CreateDirectory(claims.Directory);
            try
            {
                Assert.That(claims.TakeTail(1, 2), Is.EqualTo(1));
                var request = new ProbeRequest
                {
                    Runtime = _target.Name, Quick = true, Checks = "read-byte.values", ClaimDirectory = claims.Directory,
                    TempDirectory = Path.Combine(directory, "tmp"),
                    Items = { new ProbeItem { Type = "System.IO.MemoryStream", AssemblyName = "System.Private.CoreLib" }, new ProbeItem { Type = "System.IO.BufferedStream", AssemblyName = "System.Private.CoreLib" } },
                };
                var trace = new ProbeTrace();
                new ProbeLauncher(new ProbeLocator(RepoPaths.ProbeRoot), TimeSpan.FromSeconds(30)).Run(_target, request, directory, trace);
                Assert.That(trace.Completed, Is.True, trace.LastEnd);
                Assert.That(trace.Results.Select(r => r.Type).Distinct(), Is.EqualTo(new[] { "System.IO.MemoryStream" }));
                Assert.That(File.ReadAllText(Path.Combine(claims.Directory, "0")), Is.EqualTo("probe"), "claimed in the host's files, through Node");
            }
            finally
            {
                Directory.Delete(directory, recursive: true);
            }
        }

        [Test]
        public void TheProbeIsBuiltWithoutDebugging() =>
            Assert.That(BootDebugLevels(_target.Version), Is.EqualTo(new[] { "0" }));

        /// <summary>
        /// The 8.0 pack runs too (its probe needs a placeholder boot file under SDK 10), and finds what .NET 8 has on
        /// CoreCLR: MemoryStream(byte[], int, int).Seek returns the index into the array, fixed in .NET 9.
        /// </summary>
        [Test]
        public void The80PackRunsAndFindsNet8sMemoryStreamSeekFault()
        {
            var target = Runnable("wasm-8.0");
            var document = Sweep(target, new[] { new ProbeItem { Type = "System.IO.MemoryStream", AssemblyName = "System.Private.CoreLib" } }, "seek.origins");
            var run = document.Runtimes.Single();
            Assert.That(run.Errors, Is.Empty);
            Assert.That(run.Runtime.Version, Does.StartWith("8.0."));
            var failing = document.Results.Where(r => r.Outcome == Outcome.Fail).ToList();
            Assert.That(failing.Select(r => r.Variant), Is.EqualTo(new[] { "(byte[], int, int)" }), All(document));
            Assert.That(failing[0].Message, Does.Contain("Seek(10, Begin) from position 0").And.Contain("returned 26; expected 10"));
            Assert.That(_runtimeStreams.Results.Single(r => r.Check == "seek.origins" && r.Variant == "(byte[], int, int)").Outcome,
                Is.EqualTo(Outcome.Pass), "fixed in the 10.0 pack");
            Assert.That(BootDebugLevels(run.Runtime.Version), Is.EqualTo(new[] { "0" }), "blazor.boot.json of the 8.0 probe");
        }

        /// <summary>
        /// The browser build of System.Net.Http reads and writes through JavaScript's fetch, which Node has, but only
        /// asynchronously on Node's event loop: its two streams are static-only with what was tried, not "no public
        /// method returns it".
        /// </summary>
        [Test]
        public void HttpClientsFetchStreamsSayWhyTheProbeCannotReachThem()
        {
            var document = Sweep(_target, new[] { "System.Net.Http.BrowserHttpReadStream", "System.Net.Http.BrowserHttpWriteStream" }
                .Select(t => new ProbeItem { Type = t, AssemblyName = "System.Net.Http" }));
            var run = document.Runtimes.Single();
            Assert.That(run.Built, Is.Empty, All(document));
            var reasons = run.StaticOnly.ToDictionary(s => s.Type, s => s.Reason);
            Assert.That(reasons.Keys, Is.EquivalentTo(new[] { "System.Net.Http.BrowserHttpReadStream", "System.Net.Http.BrowserHttpWriteStream" }));
            Assert.That(reasons["System.Net.Http.BrowserHttpReadStream"], Does.Contain("Synchronous reads are not supported").And.Contain("event loop"));
            Assert.That(reasons["System.Net.Http.BrowserHttpWriteStream"], Does.Contain("WebAssemblyEnableStreamingRequest"));
        }

        [Test]
        public void MemoryBufferedAndUnmanagedMemoryStreamHaveNoContractFinding()
        {
            var run = _runtimeStreams.Runtimes.Single();
            Assert.That(run.Built.Keys, Is.EquivalentTo(new[] { "System.IO.MemoryStream", "System.IO.BufferedStream", "System.IO.UnmanagedMemoryStream" }), All(_runtimeStreams));
            var findings = FindingBuilder.Build(_runtimeStreams, ExpectationSet.Default);
            Assert.That(findings.Where(f => f.Class == FindingClass.Contract || f.Class == FindingClass.Harness).Select(f => f.Title), Is.Empty, All(_runtimeStreams));
            Assert.That(_runtimeStreams.Results.Where(r => r.Outcome == Outcome.Crash || r.Outcome == Outcome.Timeout || r.Outcome == Outcome.Error), Is.Empty, All(_runtimeStreams));
            Assert.That(_runtimeStreams.Results.Count(r => r.Outcome == Outcome.Pass), Is.GreaterThan(300));
        }

        [Test]
        public void WhatThePlatformCannotDoIsASkipWithItsReasonNeverAFailure()
        {
            // BufferedStream's APM calls wait on a monitor; the platform has none, whatever the stream.
            var platform = _runtimeStreams.Results.Where(r => r.Message.Contains("PlatformNotSupportedException")).ToList();
            Assert.That(platform.Where(r => r.Outcome != Outcome.Skip), Is.Empty);
            var skipped = _runtimeStreams.Results.Where(r => r.Outcome == Outcome.Skip && r.Message.StartsWith("the runtime cannot make the call (WebAssembly", StringComparison.Ordinal)).ToList();
            Assert.That(skipped.Select(r => r.Type).Distinct(), Does.Contain("System.IO.BufferedStream"));
            Assert.That(skipped.Select(r => r.Message), Has.Some.Contains("Cannot wait on monitors on this runtime"));
        }

        /// <summary>
        /// The write round trip is judged through the synchronous writes on this one thread (Stream's own WriteAsync and
        /// BeginWrite wait on a monitor): MemoryStream passes it, and SqlBytes.Stream's Write that ignores offset and count
        /// (a regression of .NET 9, patch 0011) fails it in the 10.0 pack as on CoreCLR.
        /// </summary>
        [Test]
        public void WritesAreJudgedThroughTheSynchronousCalls()
        {
            var memory = _runtimeStreams.Results.Where(r => r.Type == "System.IO.MemoryStream" && r.Check == "write-byte.round-trip").ToList();
            Assert.That(memory, Is.Not.Empty);
            // Read-only recipes skip it (no writable stream); none skips for want of the platform.
            Assert.That(memory.Where(r => r.Outcome != Outcome.Skip).Select(r => r.Outcome), Is.Not.Empty.And.All.EqualTo(Outcome.Pass), All(_runtimeStreams));
            Assert.That(memory.Where(r => r.Message.Contains("WebAssembly")), Is.Empty, All(_runtimeStreams));
            var document = Sweep(_target, new[] { new ProbeItem { Type = "System.Data.SqlTypes.StreamOnSqlBytes", AssemblyName = "System.Data.Common" } }, "write-byte.round-trip");
            var sqlBytes = document.Results.Where(r => r.Check == "write-byte.round-trip").ToList();
            Assert.That(sqlBytes, Is.Not.Empty, All(document));
            Assert.That(sqlBytes.Select(r => r.Outcome), Has.Some.EqualTo(Outcome.Fail), All(document));
        }

        [Test]
        public void Seed002AStreamThatInheritsReadByteAllocatesAByteArrayOfOne()
        {
            // LibraryStreams.XorDecoderStream inherits Stream.ReadByte: a byte[1] per call, 24 B with WebAssembly's 4-byte
            // pointers (an 8-byte header, a 4-byte length, the byte, rounded to 8), 32 B on CoreCLR x64.
            var assembly = RepoPaths.LibraryStreams("net10.0");
            Assert.That(File.Exists(assembly), assembly);
            var document = Sweep(_target, new[] { new ProbeItem { Type = "LibraryStreams.XorDecoderStream", AssemblyPath = assembly } }, "budget.alloc.read-byte");
            var result = document.Results.Single(r => r.Check == "budget.alloc.read-byte");
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Metrics!["bytesPerCall"], Is.EqualTo(24));
            Assert.That(result.Message, Is.EqualTo("ReadByte allocates 24 B/call, budget 16 B (default for unbuffered streams)"));
        }

        [Test]
        public void ABrokenTestStreamIsFlaggedAndACorrectOnePassed()
        {
            var assembly = RepoPaths.FaultyStreams("net10.0");
            Assert.That(File.Exists(assembly), assembly);
            var document = Sweep(_target, new[] { "LyingCapabilitiesStream", "OutOfRangeReadStream", "WellBehavedStream" }
                .Select(n => new ProbeItem { Type = "FaultyStreams." + n, AssemblyPath = assembly }), "read*,write*,seek*,capabilities*,dispose*,edge*");
            IEnumerable<CheckResult> Of(string type) => document.Results.Where(r => r.Type == "FaultyStreams." + type);
            foreach (var broken in new[] { "LyingCapabilitiesStream", "OutOfRangeReadStream" })
                Assert.That(Of(broken).Where(r => r.Outcome == Outcome.Fail), Is.Not.Empty, broken + ": " + All(document));
            var clean = Of("WellBehavedStream").ToList();
            Assert.That(clean.Where(r => r.Outcome == Outcome.Pass), Is.Not.Empty, All(document));
            Assert.That(clean.Where(r => r.Outcome != Outcome.Pass && r.Outcome != Outcome.Skip && r.Outcome != Outcome.Advisory), Is.Empty, All(document));
        }
    }
}
#endif
