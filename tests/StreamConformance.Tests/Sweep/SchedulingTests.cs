using System.Linq;
using NUnit.Framework;
using StreamConformance.Probe;
using StreamConformance.Sweep;

namespace StreamConformance.Tests.Sweep
{
    /// <summary>How a sweep cuts a runtime's types into chunks for probes that share the machine's cores.</summary>
    [TestFixture]
    public sealed class SchedulingTests
    {
        static ProbeItem[] Items(int n) => Enumerable.Range(0, n).Select(i => new ProbeItem { Type = "T" + i }).ToArray();

        [Test]
        public void ChunksHalveWhatIsLeftDownToAFewTypesAndKeepTheOrder()
        {
            var chunks = GuidedChunks.Split(Items(124), split: true);
            Assert.That(chunks.Select(c => c.Count), Is.EqualTo(new[] { 62, 31, 16, 8, 7 }));
            Assert.That(chunks.SelectMany(c => c).Select(i => i.Type), Is.EqualTo(Items(124).Select(i => i.Type)), "every type once, in the inventory's order");
        }

        [Test]
        public void OneChunkWhenNotSplitOrWhenFew()
        {
            Assert.That(GuidedChunks.Split(Items(124), split: false).Select(c => c.Count), Is.EqualTo(new[] { 124 }));
            Assert.That(GuidedChunks.Split(Items(12), split: true).Select(c => c.Count), Is.EqualTo(new[] { 12 }));
            Assert.That(GuidedChunks.Split(Items(13), split: true).Select(c => c.Count), Is.EqualTo(new[] { 7, 6 }));
            Assert.That(GuidedChunks.Split(Items(0), split: true), Is.Empty);
        }

        [Test]
        public void AQuickSweepStartsOneProbePerRuntimeAndADefaultOneHalves()
        {
            Assert.That(GuidedChunks.For(Items(124), secondCore: true, quick: true).Select(c => c.Count), Is.EqualTo(new[] { 124 }));
            Assert.That(GuidedChunks.For(Items(124), secondCore: true, quick: false).Select(c => c.Count), Is.EqualTo(new[] { 62, 31, 16, 8, 7 }));
            Assert.That(GuidedChunks.For(Items(124), secondCore: false, quick: false).Select(c => c.Count), Is.EqualTo(new[] { 124 }));
        }
    }
}
