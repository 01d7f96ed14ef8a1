using System;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Checks;
using StreamConformance.Recipes;

namespace StreamConformance.Tests.Recipes
{
    [TestFixture]
    public sealed class GenericShapesTests
    {
        // MemoryStream() is filled with the content and rewound; the wrappers read it from their inner stream.
        [TestCase(typeof(MemoryStream), "new MemoryStream()", true)]
        [TestCase(typeof(BufferedStream), "new BufferedStream(Stream)", true)]
        [TestCase(typeof(UnseekableStream), "new UnseekableStream(Stream, leaveOpen: default)", false)]
        public void ShapeReadsContentAndTakesCanSeekFromTheInstance(Type type, string variant, bool canSeek)
        {
            var recipe = GenericShapes.For(type).Single();
            Assert.That(recipe.Variant, Is.EqualTo(variant));
            Assert.That(recipe.CanSeek, Is.EqualTo(canSeek));
            var content = CheckContext.Content(300);
            using var fixture = recipe.OpenRead(content)!;
            var read = new MemoryStream();
            fixture.Stream.CopyTo(read);
            Assert.That(read.ToArray(), Is.EqualTo(content));
        }

        [Test]
        public void APassThroughShapeIsJudgedOnItsBytes()
        {
            var recipe = GenericShapes.For(typeof(BufferedStream)).Single();
            Assert.That(recipe.TransformsContentReason, Is.Null);
            var result = CheckCatalog.Select("read-byte.values").Single().Run(recipe, new CheckContext { Quick = true }).Single();
            Assert.That(result.Outcome, Is.EqualTo(Results.Outcome.Pass), result.Message);
        }

        /// <summary>A decoder reached through a (Stream) shape is not a broken pass-through: its bytes are not compared.</summary>
        [Test]
        public void AShapeThatTransformsItsContentSkipsTheChecksThatCompareBytes()
        {
            var recipe = GenericShapes.For(typeof(InvertingStream)).Single();
            Assert.That(recipe.TransformsContentReason, Does.Contain("transforms its content").And.Contain("equal up to offset 0").And.Contain("nothing found undoes it"));
            foreach (var check in new[] { "read-byte.values", "seek.origins", "buffered.interleave", "edge.zero-length" })
            {
                var result = CheckCatalog.Select(check).Single().Run(recipe, new CheckContext { Quick = true }).Single();
                Assert.That(result.Outcome, Is.EqualTo(Results.Outcome.Skip), check + ": " + result.Message);
                Assert.That(result.Message, Does.StartWith("not judged as a pass-through stream"));
            }
            var disposal = CheckCatalog.Select("dispose.twice").Single().Run(recipe, new CheckContext { Quick = true }).Single();
            Assert.That(disposal.Outcome, Is.EqualTo(Results.Outcome.Pass), "checks that do not compare bytes still run: " + disposal.Message);
            var counts = CheckCatalog.Select("read.differential").Single().Run(recipe, new CheckContext { Quick = true }).Single();
            Assert.That(counts.Outcome, Is.EqualTo(Results.Outcome.Pass), counts.Message);
            Assert.That(counts.Message, Does.StartWith($"every read through {StreamReading.AllModes.Length} read modes and a random interleaving returned 0..count (a read that threw ended its pass); its bytes were not compared: "));
        }

        /// <summary>A transform's bytes are not compared, but a read that returns more than it was asked for is still flagged.</summary>
        [Test]
        public void ATransformThatReturnsMoreThanItWasAskedForFails()
        {
            var recipe = GenericShapes.For(typeof(WholeBlockInvertingStream)).Single();
            Assert.That(recipe.TransformsContentReason, Is.Not.Null);
            var result = CheckCatalog.Select("read.differential").Single().Run(recipe, new CheckContext { Quick = true }).Single();
            Assert.That(result.Outcome, Is.EqualTo(Results.Outcome.Fail), result.Message);
            Assert.That(result.Message, Does.Contain("Read(byte[], int, int) asked for 37 bytes returned 48; expected 0..37"));
            var refusing = CheckCatalog.Select("read.differential").Single().Run(GenericShapes.For(typeof(RefusingStream)).Single(), new CheckContext { Quick = true }).Single();
            Assert.That(refusing.Outcome, Is.EqualTo(Results.Outcome.Skip), "a transform that refuses its content is not judged on the throw: " + refusing.Message);
            Assert.That(refusing.Message, Does.StartWith("no read returned, so no count to judge: ReadByte() threw System.IO.InvalidDataException (Padding is invalid and cannot be removed.)"));
        }

        /// <summary>Refuses any content (a decryptor over bytes that are no ciphertext).</summary>
        public sealed class RefusingStream : ReadOnlyTestStream
        {
            public RefusingStream(Stream inner) { }
            public override int Read(byte[] buffer, int offset, int count) => throw new InvalidDataException("Padding is invalid and cannot be removed.");
        }

        /// <summary>Inverts its source in whole 16-byte blocks, and reports the whole block read whatever was asked (as AWS's EncryptStream).</summary>
        public sealed class WholeBlockInvertingStream : ReadOnlyTestStream
        {
            readonly Stream _inner;
            public WholeBlockInvertingStream(Stream inner) => _inner = inner;
            public override bool CanRead => _inner.CanRead;
            public override int Read(byte[] buffer, int offset, int count)
            {
                var block = new byte[(count + 15) / 16 * 16];
                var n = _inner.Read(block, 0, block.Length);
                for (var i = 0; i < n && offset + i < buffer.Length; i++) buffer[offset + i] = (byte)~block[i];
                return n;
            }
            protected override void Dispose(bool disposing) { if (disposing) _inner.Dispose(); base.Dispose(disposing); }
        }

        /// <summary>A type not visible outside its assembly is not built by reflection with guessed arguments: it waits for a recipe.</summary>
        [Test]
        public void ATypeThatIsNotPublicGetsNoShapeAndSaysWhy()
        {
            Assert.That(typeof(HiddenWrapper).IsVisible, Is.False);
            Assert.That(GenericShapes.For(typeof(HiddenWrapper)), Is.Empty);
            Assert.That(GenericShapes.WhyNone(typeof(HiddenWrapper)), Does.StartWith("not public, and no public method of its assembly returns it"));
            Assert.That(GenericShapes.For(typeof(InvertingStream)), Is.Not.Empty, "a public type with the same constructor still gets one");
        }

        /// <summary>
        /// A public type only a property hands out, on an object made from that very type (BinarySerializer's BoundedStream,
        /// through AsyncBinaryReader.InputStream), says so rather than that nothing public returns it.
        /// </summary>
        [Test]
        public void ATypeOnlyAPropertyHandsOutNamesIt()
        {
            Assert.That(GenericShapes.For(typeof(WindowStream)), Is.Empty);
            Assert.That(GenericShapes.WhyNone(typeof(WindowStream)),
                Is.EqualTo("no public constructor; WindowReader.Window hands it out, on a WindowReader no caller makes without arguments"));
        }

        /// <summary>A window of a stream, made only inside its library.</summary>
        public sealed class WindowStream : MemoryStream
        {
            internal WindowStream() { }
        }

        /// <summary>Reads through a window it is given, and hands it out.</summary>
        public sealed class WindowReader
        {
            public WindowReader(WindowStream window) => Window = window;
            public WindowStream Window { get; }
        }

        /// <summary>A read-only type built over a writable stream is no write fixture: checks would write to what says it cannot.</summary>
        [Test]
        public void AReadOnlyTypeOpensNoWriteFixture()
        {
            var recipe = GenericShapes.For(typeof(InvertingStream)).Single();
            Assert.That(recipe.OpenWrite(), Is.Null);
            using var writable = GenericShapes.For(typeof(BufferedStream)).Single().OpenWrite();
            Assert.That(writable, Is.Not.Null);
        }

        sealed class HiddenWrapper : MemoryStream
        {
            public HiddenWrapper(Stream inner) : base(new byte[16]) { }
        }

        /// <summary>Reads its source with every bit inverted: a stand-in for a decoder.</summary>
        public sealed class InvertingStream : ReadOnlyTestStream
        {
            readonly Stream _inner;
            public InvertingStream(Stream inner) => _inner = inner;
            public override bool CanRead => _inner.CanRead;
            public override int Read(byte[] buffer, int offset, int count)
            {
                var n = _inner.Read(buffer, offset, count);
                for (var i = offset; i < offset + n; i++) buffer[i] = (byte)~buffer[i];
                return n;
            }
            protected override void Dispose(bool disposing) { if (disposing) _inner.Dispose(); base.Dispose(disposing); }
        }

        [Test]
        public void AbstractTypesHaveNoShape()
        {
            Assert.That(GenericShapes.For(typeof(Stream)), Is.Empty);
            Assert.That(GenericShapes.WhyNone(typeof(Stream)), Is.EqualTo("abstract"));
        }
    }
}
