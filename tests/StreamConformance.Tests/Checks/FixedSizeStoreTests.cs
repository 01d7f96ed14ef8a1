using System.Linq;
using NUnit.Framework;
using StreamConformance.Checks;
using StreamConformance.Recipes;
using StreamConformance.Results;

namespace StreamConformance.Tests.StreamChecks
{
    /// <summary>
    /// Fixed-size stores (CanGrow false) rightly refuse writes past their capacity: the model keeps its writes
    /// inside them, so the runtime's own fixed streams pass, while a write that is lost inside the store still fails.
    /// </summary>
    public class FixedSizeStoreTests
    {
        static StreamRecipe BuiltIn(string type, string variant) =>
            RecipeCatalog.BuiltIn.Single(r => r.TypeName == type && r.Variant == variant);

        [TestCase("System.IO.MemoryStream", "(byte[]) fixed")]
        [TestCase("System.IO.MemoryMappedFiles.MemoryMappedViewStream", "file-backed")]
        public void RuntimeFixedStoresPassTheInterleaving(string type, string variant)
        {
            var recipe = BuiltIn(type, variant);
            Assert.That(recipe.CanGrow, Is.False);
            var result = new BufferedInterleaveCheck().Run(recipe, new CheckContext { Quick = true }).Single();
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), result.Message);
        }

        /// <summary>
        /// A real finding on Mono 6.8: MemoryStream(byte[], index, count).Seek returns the position counted from
        /// the array's start (index + position) instead of from the stream's; .NET 10 returns the stream position.
        /// </summary>
        [Test]
        public void WindowedMemoryStreamSeekReturnsTheStreamPosition()
        {
            var result = new BufferedInterleaveCheck().Run(BuiltIn("System.IO.MemoryStream", "(byte[], int, int)"), new CheckContext { Quick = true }).Single();
            if (Isolation.RepoPaths.OnMono)
            {
                Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
                Assert.That(result.Message, Does.Match(@"Seek\(\d+, Begin\) from position \d+ \(length \d+\) returned \d+; expected"));
            }
            else
            {
                Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), result.Message);
            }
        }

        [Test]
        public void ALostWriteInsideAFixedStoreStillFails()
        {
            var result = new BufferedInterleaveCheck().Run(new DroppingFixedRecipe(), new CheckContext { Quick = true }).Single();
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
        }

        /// <summary>A fixed MemoryStream whose WriteByte silently does nothing.</summary>
        [NotInCatalog]
        sealed class DroppingFixedRecipe : StreamRecipe
        {
            public override string TypeName => "Test.DroppingFixedStream";
            public override bool CanSeek => true;
            public override bool CanGrow => false;

            public override StreamFixture? OpenReadWrite(byte[] initial)
            {
                var store = (byte[])initial.Clone();
                return new StreamFixture(new DroppingStream(store), () => store);
            }

            sealed class DroppingStream : System.IO.MemoryStream
            {
                public DroppingStream(byte[] store) : base(store, writable: true) { }
                public override void WriteByte(byte value) => Position++;
            }
        }
    }
}
