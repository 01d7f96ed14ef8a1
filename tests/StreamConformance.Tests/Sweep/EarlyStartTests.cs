using System;
using System.Linq;
using System.Threading;
using NUnit.Framework;
using StreamConformance.Probe;
using StreamConformance.Runtimes;
using StreamConformance.Sweep;
using StreamConformance.Tests.Isolation;

namespace StreamConformance.Tests.Sweep
{
    /// <summary>
    /// Side by side, a runtime whose inventory is read starts its probes without waiting for the other runtime's
    /// inventory: the real probe, two runtimes (the one these tests run on, under two names), the second one's
    /// inventory held until the first one's probe has reported.
    /// </summary>
    [TestFixture, NonParallelizable]
    public class EarlyStartTests
    {
        [Test]
        public void ARuntimeStartsItsProbesWhileAnotherStillReadsItsInventory()
        {
            var runtime = RepoPaths.OnMono ? RuntimeResolver.Resolve("mono") : RuntimeResolver.Resolve("dotnet");
            var assembly = RepoPaths.FaultyStreams(RepoPaths.OnMono ? "net472" : "net10.0");
            var options = new SweepOptions { Quick = true, Checks = "read-byte.values", Parallel = true };
            options.Runtimes.Add(runtime.WithName("first"));
            options.Runtimes.Add(runtime.WithName("held"));
            var firstReported = new ManualResetEventSlim();
            var heldWaited = false;
            SweepTargets Discover(RuntimeTarget target, SweepOptions _)
            {
                // Released by the first runtime's probe; before, both inventories were read before any probe started,
                // so this waited the whole minute.
                if (target.Name == "held") heldWaited = firstReported.Wait(TimeSpan.FromSeconds(60));
                return new SweepTargets(new[] { new ProbeItem { Type = "FaultyStreams.WellBehavedStream", AssemblyPath = assembly } }.ToList());
            }
            var runner = new SweepRunner(options, Discover, new ProbeLocator(RepoPaths.ProbeRoot));
            runner.Progress += (target, _) => { if (target.Name == "first") firstReported.Set(); };
            var document = runner.Run();
            Assert.That(heldWaited, Is.True, "the first runtime's probe reported while the other's inventory was still being read");
            Assert.That(document.Runtimes.Select(r => r.Runtime.Name), Is.EqualTo(new[] { "first", "held" }));
            Assert.That(document.Results.Where(r => r.Type == "FaultyStreams.WellBehavedStream").Select(r => r.Runtime).Distinct(), Is.EquivalentTo(new[] { "first", "held" }));
        }
    }
}
