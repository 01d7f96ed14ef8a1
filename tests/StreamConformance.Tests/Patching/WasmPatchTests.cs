#if NET
using System;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Probe;
using StreamConformance.Results;
using StreamConformance.Runtimes;
using StreamConformance.Sweep;
using StreamConformance.Patching;
using StreamConformance.Tests.Isolation;
using StreamConformance.Tests.Runtimes;

namespace StreamConformance.Tests.Patching
{
    /// <summary>
    /// A patch woven into a copy of the WebAssembly pack, whose probe is built against the copy: the guard 0001 (the 2010
    /// BufferedStream.ReadByte that allocates a byte[1] per call) measures a byte[1] per call on the patched copy and
    /// nothing on the A/A copy, each side proves it ran the CoreLib written for it, and the pack itself is unchanged.
    /// Two probe builds (about 25 s each): skipped, with the reason, without the packs or Node.
    /// </summary>
    [TestFixture, NonParallelizable]
    public class WasmPatchTests
    {
        RuntimeTarget _original = null!, _patched = null!, _aa = null!;
        RunDocument _patchedRun = null!, _aaRun = null!;
        RuntimeFingerprint _before = null!;
        string _work = null!;

        [OneTimeSetUp]
        public void WeaveAndSweepBothCopies()
        {
            _original = WasmProbeTests.Runnable("wasm-10.0");
            _before = RuntimeFingerprint.Take(new[] { _original });
            _work = Path.Combine(Path.GetTempPath(), "streamconf-wasm-patch-" + Guid.NewGuid().ToString("N").Substring(0, 8));
            var guard = PatchFolder.Load(GuardCopy.Folder);
            _patched = PatchApplier.Apply(guard, _original, Path.Combine(_work, "patched"), RuntimeCopyManifest.Patched);
            _aa = PatchApplier.Apply(guard, _original, Path.Combine(_work, "aa"), RuntimeCopyManifest.RoundTrip);
            _patchedRun = Sweep(_patched);
            _aaRun = Sweep(_aa);
        }

        [OneTimeTearDown]
        public void RemoveTheCopiesAndTheirProbes()
        {
            foreach (var copy in new[] { _patched, _aa }.Where(c => c != null)) WasmProbeBuild.Forget(copy);
            if (_work != null && Directory.Exists(_work)) Directory.Delete(_work, recursive: true);
        }

        static RunDocument Sweep(RuntimeTarget copy)
        {
            var options = new SweepOptions { Quick = true, Checks = "budget.alloc.read-byte", CheckTimeout = TimeSpan.FromSeconds(10) };
            options.Runtimes.Add(copy);
            var items = new[] { new ProbeItem { Type = "System.IO.BufferedStream", AssemblyName = "System.Private.CoreLib" } }.ToList();
            return new SweepRunner(options, (_, __) => new SweepTargets(items), new ProbeLocator(RepoPaths.ProbeRoot)).Run();
        }

        static CheckResult[] ReadByte(RunDocument run)
        {
            var results = run.Results.Where(r => r.Type == "System.IO.BufferedStream" && r.Check == "budget.alloc.read-byte").ToArray();
            Assert.That(results, Is.Not.Empty, string.Join("; ", run.Results.Select(r => $"{r.Check} {r.Outcome} {r.Message}")));
            return results;
        }

        [Test]
        public void ThePatchedCopyAllocatesAByteArrayOfOnePerReadByte()
        {
            foreach (var r in ReadByte(_patchedRun))
            {
                Assert.That(r.Outcome, Is.EqualTo(Outcome.Fail), r.Variant + ": " + r.Message);
                // A byte[1] with 4-byte pointers: the same 24 B a Stream subclass that inherits ReadByte allocates here.
                Assert.That(r.Metrics!["bytesPerCall"], Is.EqualTo(24), r.Variant + ": " + r.Message);
            }
        }

        [Test]
        public void TheRoundTripCopyReadsFromTheBufferWithoutAllocating()
        {
            foreach (var r in ReadByte(_aaRun))
            {
                Assert.That(r.Outcome, Is.EqualTo(Outcome.Pass), r.Variant + ": " + r.Message);
                Assert.That(r.Metrics!["bytesPerCall"], Is.EqualTo(0), r.Variant + ": " + r.Message);
            }
        }

        [Test]
        public void EachCopyRanTheCoreLibWrittenForIt()
        {
            foreach (var (copy, run) in new[] { (_patched, _patchedRun), (_aa, _aaRun) })
            {
                var written = copy.Copy!.Assemblies.Single(a => a.Name == "System.Private.CoreLib");
                var loaded = run.Runtimes.Single().Runtime.LoadedAssemblies!.Single(a => a.Name == "System.Private.CoreLib");
                Assert.That(loaded.Mvid, Is.EqualTo(written.Mvid), copy.Location);
                Assert.That(File.Exists(written.Paths[0]) && new FileInfo(written.Paths[0]).LinkTarget == null, "the rewritten CoreLib is a real file of the copy");
            }
            Assert.That(_patched.Copy!.Assemblies[0].Mvid, Is.Not.EqualTo(_aa.Copy!.Assemblies[0].Mvid));
        }

        [Test]
        public void ThePackItselfIsUnchanged()
        {
            var after = RuntimeFingerprint.Take(new[] { _original });
            Assert.That(after.Files, Is.EqualTo(_before.Files));
            // Every other file of the copy is a link to the pack's own.
            var library = Path.Combine(_patched.Location, "lib");
            var linked = Directory.EnumerateFiles(library, "*.dll", SearchOption.AllDirectories).ToList();
            Assert.That(linked, Is.Not.Empty);
            Assert.That(linked.All(f => new FileInfo(f).LinkTarget != null), "the class library of the copy links to the pack");
        }
    }
}
#endif
