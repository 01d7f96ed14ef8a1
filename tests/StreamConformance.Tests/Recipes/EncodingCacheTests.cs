using System.IO;
using System.IO.Compression;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Meters;
using StreamConformance.Recipes;

namespace StreamConformance.Tests.Recipes
{
    /// <summary>Equal bytes are encoded once; other bytes, or bytes changed after the call, never get an old encoding.</summary>
    public class EncodingCacheTests
    {
        static byte[] Content(int length, byte salt = 0)
        {
            var content = StreamContent.Of(length);
            content[length / 2] ^= salt;
            return content;
        }

        [Test]
        public void EqualBytesAreEncodedOnceAndOtherBytesAgain()
        {
            var encodings = 0;
            var cache = new EncodingCache(c => { encodings++; return c.Reverse().ToArray(); });
            var length = EncodingCache.SmallestCached;
            var first = cache.Encode(Content(length));
            Assert.That(cache.Encode(Content(length)), Is.SameAs(first), "a second array of the same bytes");
            Assert.That(encodings, Is.EqualTo(1));
            var other = cache.Encode(Content(length, salt: 1));
            Assert.That(other, Is.Not.SameAs(first));
            Assert.That(encodings, Is.EqualTo(2));
            // Two entries: the first is still there after the second (the allocation meter's small and large windows).
            Assert.That(cache.Encode(Content(length)), Is.SameAs(first));
            Assert.That(encodings, Is.EqualTo(2));
        }

        [Test]
        public void ACallersArrayChangedAfterTheCallGetsAFreshEncoding()
        {
            var encodings = 0;
            var cache = new EncodingCache(c => { encodings++; return (byte[])c.Clone(); });
            var content = Content(EncodingCache.SmallestCached);
            var first = cache.Encode(content);
            content[7] ^= 0xFF;
            var second = cache.Encode(content);
            Assert.That(encodings, Is.EqualTo(2));
            Assert.That(second, Is.EqualTo(content));
            Assert.That(first, Is.Not.EqualTo(content));
        }

        [Test]
        public void SmallContentIsEncodedEveryTime()
        {
            var encodings = 0;
            var cache = new EncodingCache(c => { encodings++; return c; });
            cache.Encode(Content(100));
            cache.Encode(Content(100));
            Assert.That(encodings, Is.EqualTo(2));
        }

        [Test]
        public void ADecompressorOverCachedContentReadsItsContent()
        {
            var recipe = new DeflateDecompressRecipe();
            var content = Content(EncodingCache.SmallestCached * 2);
            for (var i = 0; i < 2; i++)
            {
                using var fixture = recipe.OpenRead(content)!;
                var back = new MemoryStream();
                fixture.Stream.CopyTo(back);
                Assert.That(back.ToArray(), Is.EqualTo(content));
            }
        }

        [TestCase(1000, 11, 100, 13_000)]               // well under half the cap: what the rounds need
        [TestCase(6_600, 23, 100, 167_772)]             // over half: the whole cap, the same for every such session
        [TestCase(200_000, 11, 100, 2_600_000)]         // the rounds need more than the cap: never fewer than they need
        [TestCase(5_000, 11, 0, 65_000)]                // calls that move no bytes
        public void AnUnseekableSessionOverHalfTheCapHoldsTheWholeCap(int calls, int rounds, int bytesPerCall, int held) =>
            Assert.That(LatencyMeter.UnseekableCalls(calls, rounds, bytesPerCall), Is.EqualTo(held));
    }
}
