using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Checks;
using StreamConformance.Probe;
using StreamConformance.Runtimes;
using StreamConformance.Sweep;

namespace StreamConformance.Tests.Sweep
{
    /// <summary>
    /// How a core that ran out of work takes over the types a running probe has not started: each item goes to exactly
    /// one side, the probe stops where the taken tail begins, and nothing is run twice or lost.
    /// </summary>
    [TestFixture]
    public sealed class ItemClaimsTests
    {
        string _directory = null!;

        [SetUp]
        public void CreateFolder()
        {
            _directory = Path.Combine(Path.GetTempPath(), "streamconf-claims-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(_directory);
        }

        [TearDown]
        public void RemoveFolder() => Directory.Delete(_directory, recursive: true);

        [Test]
        public void TheHostTakesTheTailDownToWhatTheProbeHasAndTheProbeStopsThere()
        {
            var claims = new ItemClaims(_directory);
            Assert.That(claims.ClaimForProbe(0), Is.True);
            Assert.That(claims.ClaimForProbe(1), Is.True);
            Assert.That(claims.TakeTail(1, 6), Is.EqualTo(2), "items 5, 4, 3 and 2 taken; 1 is the probe's");
            Assert.That(claims.ClaimForProbe(2), Is.False);
            Assert.That(Enumerable.Range(0, 6).Select(claims.TakenByHost), Is.EqualTo(new[] { false, false, true, true, true, true }));
        }

        [Test]
        public void NothingIsTakenOnceTheProbeHasTheLastItem()
        {
            var claims = new ItemClaims(_directory);
            for (var i = 0; i < 3; i++) Assert.That(claims.ClaimForProbe(i), Is.True);
            Assert.That(claims.TakeTail(0, 3), Is.EqualTo(3));
            Assert.That(claims.TakenByHost(2), Is.False);
        }

        [Test]
        public void AProbeStartedAfterACrashRunsTheItemItsPredecessorClaimed()
        {
            var claims = new ItemClaims(_directory);
            Assert.That(claims.ClaimForProbe(0), Is.True);
            Assert.That(new ItemClaims(_directory).ClaimForProbe(0), Is.True, "the same chunk's next process");
            Assert.That(claims.TakeTail(0, 1), Is.EqualTo(1), "the host cannot take it either");
        }

        [Test]
        public void AClaimWhoseMarkIsNotWrittenYetIsNotTheProbes()
        {
            // What the probe reads in the instant between the host creating a claim and writing its mark.
            File.WriteAllText(Path.Combine(_directory, "4"), "");
            var claims = new ItemClaims(_directory);
            Assert.That(claims.ClaimForProbe(4), Is.False);
            Assert.That(claims.TakenByHost(4), Is.True);
        }

        [Test]
        public void TheProbeStopsAtTheFirstTakenItemAndSaysDone()
        {
            var claims = new ItemClaims(_directory);
            Assert.That(claims.TakeTail(1, 2), Is.EqualTo(1));
            Assert.That(TypesTheProbeRuns(claimOffset: 0), Is.EqualTo(new[] { "System.IO.MemoryStream" }));
            Assert.That(claims.TakenByHost(0), Is.False, "the probe claimed what it ran");
        }

        [Test]
        public void AResumedProbeNamesItsClaimsByTheirPlaceInTheChunk()
        {
            // A probe resumed at the chunk's third item: its first item is claim 2, and claim 3 was taken.
            Assert.That(new ItemClaims(_directory).TakeTail(3, 4), Is.EqualTo(3));
            Assert.That(TypesTheProbeRuns(claimOffset: 2), Is.EqualTo(new[] { "System.IO.MemoryStream" }));
            Assert.That(File.ReadAllText(Path.Combine(_directory, "2")), Is.EqualTo("probe"));
        }

        /// <summary>The types a probe in this process announces for a request of MemoryStream then BufferedStream under these claims; it must end with done.</summary>
        List<string> TypesTheProbeRuns(int claimOffset)
        {
            var events = new List<ProbeEvent>();
            var request = new ProbeRequest
            {
                Runtime = "test",
                ClaimDirectory = _directory,
                ClaimOffset = claimOffset,
                Items =
                {
                    new ProbeItem { Type = "System.IO.MemoryStream", AssemblyName = typeof(MemoryStream).Assembly.FullName },
                    new ProbeItem { Type = "System.IO.BufferedStream", AssemblyName = typeof(BufferedStream).Assembly.FullName },
                },
            };
            new ProbeRunner(request, events.Add, CheckCatalog.Select("read-byte.values")).Run();
            Assert.That(events.Last(), Is.InstanceOf<DoneEvent>());
            return events.OfType<TypeEvent>().Select(e => e.Type).ToList();
        }

        static ProbeItem[] Items(int n) => Enumerable.Range(0, n).Select(i => new ProbeItem { Type = "T" + i }).ToArray();

        RuntimeWork Work(RuntimeFlavor flavor, bool handsOver = true) =>
            new RuntimeWork(new RuntimeTarget("test", flavor, "0", "", new string[0], null)) { WorkDirectory = _directory, HandsOver = handsOver };

        [Test]
        public void WithNothingQueuedAFreeCoreTakesTheLaterHalfOfWhatTheBusiestProbeHasNotStarted()
        {
            var work = Work(RuntimeFlavor.CoreClr);
            foreach (var chunk in GuidedChunks.Split(Items(6), split: false)) work.Chunks.Enqueue(chunk);
            var works = new[] { work };
            var first = GuidedChunks.Next(works, 0)!;
            Assert.That(first.Items.Count, Is.EqualTo(6));
            Assert.That(first.Unstarted, Is.EqualTo(5), "a probe still starting is on its first item");
            first.Trace.StartProcess();
            first.Trace.Observe(new TypeEvent { Type = "T1" });
            Assert.That(first.Unstarted, Is.EqualTo(4));

            var taken = GuidedChunks.Next(works, 0)!;
            Assert.That(taken.Items.Select(i => i.Type), Is.EqualTo(new[] { "T4", "T5" }));
            Assert.That(first.Unstarted, Is.EqualTo(2), "T2 and T3 stay with the first probe");
            Assert.That(first.Claims!.ClaimForProbe(4), Is.False, "the first probe stops before T4");
            Assert.That(taken.Directory, Is.Not.EqualTo(first.Directory));

            // The second probe's own tail can be taken in turn; the last item a probe is on cannot.
            taken.Trace.StartProcess();
            taken.Trace.Observe(new TypeEvent { Type = "T4" });
            Assert.That(GuidedChunks.Next(works, 0)!.Items.Select(i => i.Type), Is.EqualTo(new[] { "T3" }), "the busiest: T2 and T3 unstarted");
            Assert.That(GuidedChunks.Next(works, 0)!.Items.Select(i => i.Type), Is.EqualTo(new[] { "T2" }), "one unstarted each: the earlier chunk's");
            Assert.That(GuidedChunks.Next(works, 0)!.Items.Select(i => i.Type), Is.EqualTo(new[] { "T5" }));
            Assert.That(GuidedChunks.Next(works, 0), Is.Null, "every probe is on its last item, or is starting with its only one");
        }

        [Test]
        public void NothingIsTakenWhenTheSweepRunsOneProbeAtATime()
        {
            foreach (var work in new[] { Work(RuntimeFlavor.Wasm, handsOver: false), Work(RuntimeFlavor.CoreClr, handsOver: false) })
            {
                work.Chunks.Enqueue(Items(6).ToList());
                var works = new[] { work };
                Assert.That(GuidedChunks.Next(works, 0)!.Claims, Is.Null);
                Assert.That(GuidedChunks.Next(works, 0), Is.Null);
            }
        }

        [Test]
        public void AFinishedChunkIsNoLongerOneToTakeFrom()
        {
            var work = Work(RuntimeFlavor.Mono);
            work.Chunks.Enqueue(Items(4).ToList());
            var works = new[] { work };
            var chunk = GuidedChunks.Next(works, 0)!;
            work.EndChunk(chunk, null);
            Assert.That(GuidedChunks.Next(works, 0), Is.Null);
        }
    }
}
