using System;
using System.Diagnostics;
using System.IO;
using System.IO.Compression;
using System.Linq;
using System.Reflection;
using System.Threading;
using NUnit.Framework;
using StreamConformance.Checks;
using StreamConformance.Recipes;
using StreamConformance.Recipes.Synthesis;

namespace StreamConformance.Tests.Recipes.Synthesis
{
    [TestFixture]
    public sealed class SynthesisTests
    {
        static ParameterInfo Parameter(string method, int index) =>
            typeof(Signatures).GetMethod(method)!.GetParameters()[index];

        public static class Signatures
        {
            public static void Mode(CompressionMode mode, bool leaveOpen, int bufferSize, long offset, string path, string text, ReadOnlyMemory<byte> memory, IDisposable opaque) { }
            public static void Opaque(Stream inner, IDisposable opaque) { }
        }

        [Test]
        public void EachParameterKindGetsTheValuesACallerWouldPass()
        {
            var enumerator = ConstructionEnumerator.DefaultSources;
            string[] Labels(int i) => enumerator.Select(s => s.For(Parameter("Mode", i))).First(v => v.Count > 0).Select(a => a.Label).ToArray();
            Assert.That(Labels(0), Is.EquivalentTo(new[] { "Decompress", "Compress" }), "an enum: each value");
            Assert.That(Labels(1), Is.EqualTo(new[] { "false", "true" }));
            Assert.That(Labels(2), Does.Contain("length").And.Contain("4096"), "a size: the content's length or a small buffer");
            Assert.That(Labels(3), Is.EqualTo(new[] { "0" }), "an offset starts at 0");
            Assert.That(Labels(4), Is.EqualTo(new[] { "path" }));
            Assert.That(enumerator.All(s => s.For(Parameter("Mode", 5)).Count == 0), "a string that is no path is not guessed");
            Assert.That(Labels(6), Is.EqualTo(new[] { "ReadOnlyMemory<byte>" }));
            Assert.That(enumerator.All(s => s.For(Parameter("Mode", 7)).Count == 0), "an interface has no value a caller would pass");
        }

        [Test]
        public void AMethodWithAParameterNothingSuppliesSaysWhich()
        {
            var combinations = new ConstructionEnumerator().Combinations(typeof(Signatures).GetMethod("Opaque")!, out var unsupplied);
            Assert.That(combinations, Is.Empty);
            Assert.That(unsupplied, Does.Contain("parameter opaque (IDisposable)"));
        }

        [Test]
        public void CombinationsAreBounded()
        {
            var method = typeof(Wide).GetConstructors().Single();
            var combinations = new ConstructionEnumerator().Combinations(method, out var unsupplied);
            Assert.That(unsupplied, Is.Null);
            Assert.That(combinations.Count, Is.EqualTo(ConstructionEnumerator.MaxCombinations));
            Assert.That(combinations.Select(c => c.Label).Distinct().Count(), Is.EqualTo(combinations.Count));
        }

        public sealed class Wide : MemoryStream
        {
            public Wide(bool a, bool b, bool c, bool d, bool e, bool f) { }
        }

        [Test]
        public void APartnerIsFoundByOppositeWordsInItsName()
        {
            Assert.That(PartnerNames.For(typeof(DeflaterOutputStream)), Is.EqualTo(new[] { typeof(InflaterInputStream) }), "two words swapped at once");
            Assert.That(PartnerNames.For(typeof(InflaterInputStream)), Is.EqualTo(new[] { typeof(DeflaterOutputStream) }));
            Assert.That(PartnerNames.For(typeof(Wide)), Is.Empty);
        }

        public sealed class DeflaterOutputStream : MemoryStream { }
        public sealed class InflaterInputStream : MemoryStream { }

        /// <summary>
        /// A type with a mode is built in each, and judged through the round trip as dotnet/runtime's suite judges
        /// compression streams: the reader reads what the writer made of the content, the writer is read back by the reader.
        /// </summary>
        [Test]
        public void ACompressorAndItsDecompressorAreOnePairJudgedByTheRoundTrip()
        {
            var recipe = GenericShapes.For(typeof(XorModeStream)).Single();
            Assert.That(recipe.Variant, Is.EqualTo("read new XorModeStream(Stream, Decompress) over new XorModeStream(Stream, Compress)'s output; "
                                                   + "write new XorModeStream(Stream, Compress), read back by new XorModeStream(Stream, Decompress)"));
            Assert.That(recipe.TransformsContentReason, Is.Null);
            Assert.That(recipe.WritesVisibleAfterFlush, Is.False);
            var content = CheckContext.Content(1000);
            using (var reader = recipe.OpenRead(content)!)
            {
                Assert.That(reader.Stream.CanWrite, Is.False, "the reader is the decompressing side");
                var back = new MemoryStream();
                reader.Stream.CopyTo(back);
                Assert.That(back.ToArray(), Is.EqualTo(content));
            }
            using (var writer = recipe.OpenWrite()!)
            {
                Assert.That(writer.Stream.CanRead, Is.False, "the writer is the compressing side");
                writer.Stream.Write(content, 0, content.Length);
                writer.Stream.Dispose();
                Assert.That(writer.ReadBack(), Is.EqualTo(content));
            }
            foreach (var check in new[] { "read-byte.values", "read.differential", "write-byte.round-trip" })
            {
                var result = CheckCatalog.Select(check).Single().Run(recipe, new CheckContext { Quick = true }).Single();
                Assert.That(result.Outcome, Is.EqualTo(Results.Outcome.Pass), check + ": " + result.Message);
            }
        }

        /// <summary>
        /// The runtime's own types keep the shapes the default sweep always used (streams, content, flags): their other
        /// parameters select states whose rules a hand-written recipe states.
        /// </summary>
        [Test]
        public void ARuntimeTypeIsBuiltOnlyBySharesOfStreamsContentAndFlags()
        {
            Assert.That(GenericShapes.For(typeof(DeflateStream)), Is.Empty);
            Assert.That(GenericShapes.WhyNone(typeof(DeflateStream)), Does.Contain("parameter mode (CompressionMode)").Or.Contain("no value a caller would pass"));
        }

        /// <summary>Compress writes each byte XORed with 0x5A into its inner stream; Decompress reads them back.</summary>
        public sealed class XorModeStream : Stream
        {
            readonly Stream _inner;
            readonly CompressionMode _mode;
            public XorModeStream(Stream inner, CompressionMode mode)
            {
                _inner = inner;
                _mode = mode;
            }
            public override bool CanRead => _mode == CompressionMode.Decompress;
            public override bool CanSeek => false;
            public override bool CanWrite => _mode == CompressionMode.Compress;
            public override long Length => throw new NotSupportedException();
            public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }
            public override void Flush() => _inner.Flush();
            public override int Read(byte[] buffer, int offset, int count)
            {
                if (!CanRead) throw new NotSupportedException();
                var n = _inner.Read(buffer, offset, count);
                for (var i = offset; i < offset + n; i++) buffer[i] ^= 0x5A;
                return n;
            }
            public override void Write(byte[] buffer, int offset, int count)
            {
                if (!CanWrite) throw new NotSupportedException();
                var coded = new byte[count];
                for (var i = 0; i < count; i++) coded[i] = (byte)(buffer[offset + i] ^ 0x5A);
                _inner.Write(coded, 0, count);
            }
            public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
            public override void SetLength(long value) => throw new NotSupportedException();
            protected override void Dispose(bool disposing) { if (disposing) _inner.Dispose(); base.Dispose(disposing); }
        }

        /// <summary>A stream whose write waits for a reader nobody runs is found out by a bounded trial, never a hang.</summary>
        [Test]
        public void AWriteThatBlocksWithoutAReaderIsNoWriteFixture()
        {
            var clock = Stopwatch.StartNew();
            Assert.That(GenericShapes.For(typeof(LonelyPipe)), Is.Empty);
            Assert.That(GenericShapes.WhyNone(typeof(LonelyPipe)), Does.Contain("a write blocks while nobody reads"));
            Assert.That(clock.Elapsed, Is.LessThan(TimeSpan.FromSeconds(60)), "bounded (a generous bound: this is no timing assertion)");
        }

        /// <summary>Accepts 1 KiB, then every write waits until disposal.</summary>
        public sealed class LonelyPipe : Stream
        {
            readonly ManualResetEventSlim _closed = new ManualResetEventSlim();
            long _written;
            public override bool CanRead => false;
            public override bool CanSeek => false;
            public override bool CanWrite => !_closed.IsSet;
            public override long Length => throw new NotSupportedException();
            public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }
            public override void Flush() { }
            public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();
            public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
            public override void SetLength(long value) => throw new NotSupportedException();
            public override void Write(byte[] buffer, int offset, int count)
            {
                if (_closed.IsSet) throw new ObjectDisposedException(nameof(LonelyPipe));
                _written += count;
                if (_written > 1024) _closed.Wait();
            }
            protected override void Dispose(bool disposing)
            {
                _closed.Set();
                base.Dispose(disposing);
            }
        }

        /// <summary>
        /// An interface a library defines (BouncyCastle's IDigest) is given the first implementation of its assembly a caller
        /// makes without arguments; a stream that takes its source through SetBaseStream after a constructor without one
        /// (SharpCompress's Xz filters) gets it there. Both then pass the byte checks.
        /// </summary>
        [Test]
        public void AnInterfaceGetsALibraryImplementationAndASetterGetsTheSource()
        {
            var summed = GenericShapes.For(typeof(SummingStream)).Single();
            Assert.That(summed.Variant, Is.EqualTo("new SummingStream(Stream, ByteSum)"));
            Assert.That(summed.ReproSource(StreamAccess.Read), Does.Contain("new StreamConformance.Tests.Recipes.Synthesis.SynthesisTests.ByteSum()"));
            var filter = GenericShapes.For(typeof(BaseSetStream)).Single();
            Assert.That(filter.Variant, Is.EqualTo("read new BaseSetStream() then SetBaseStream(Stream)"));
            Assert.That(filter.ReproSource(StreamAccess.Read), Does.Contain("s.SetBaseStream(new MemoryStream(content, writable: false)); return s;"));
            foreach (var recipe in new[] { summed, filter })
                foreach (var result in CheckCatalog.Select("read-byte.values,read.differential").SelectMany(c => c.Run(recipe, new CheckContext())))
                    Assert.That(result.Outcome, Is.EqualTo(StreamConformance.Results.Outcome.Pass), recipe.Variant + ": " + result.Message);
            Assert.That(ObjectArguments.Implementations(typeof(IDisposable)), Is.Empty, "the runtime's interfaces: nothing says which implementation a caller means");
        }

        public interface IByteSum
        {
            void Add(byte[] buffer, int offset, int count);
        }

        public sealed class ByteSum : IByteSum
        {
            public long Total { get; private set; }
            public void Add(byte[] buffer, int offset, int count)
            {
                for (var i = offset; i < offset + count; i++) Total += buffer[i];
            }
        }

        /// <summary>Reads and writes through to its inner stream, summing the bytes.</summary>
        public sealed class SummingStream : Stream
        {
            readonly Stream _inner;
            readonly IByteSum _sum;
            public SummingStream(Stream inner, IByteSum sum) { _inner = inner; _sum = sum; }
            public override bool CanRead => _inner.CanRead;
            public override bool CanSeek => false;
            public override bool CanWrite => _inner.CanWrite;
            public override long Length => throw new NotSupportedException();
            public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }
            public override void Flush() => _inner.Flush();
            public override int Read(byte[] buffer, int offset, int count)
            {
                var n = _inner.Read(buffer, offset, count);
                _sum.Add(buffer, offset, n);
                return n;
            }
            public override void Write(byte[] buffer, int offset, int count)
            {
                _inner.Write(buffer, offset, count);
                _sum.Add(buffer, offset, count);
            }
            public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
            public override void SetLength(long value) => throw new NotSupportedException();
            protected override void Dispose(bool disposing)
            {
                if (disposing) _inner.Dispose();
                base.Dispose(disposing);
            }
        }

        /// <summary>A read-only stream built empty that reads the stream SetBaseStream gives it (as SharpCompress's BlockFilter).</summary>
        public sealed class BaseSetStream : Stream
        {
            Stream? _base;
            public void SetBaseStream(Stream stream) => _base = stream;
            Stream Base => _base ?? throw new InvalidOperationException("no base stream");
            public override bool CanRead => Base.CanRead;
            public override bool CanSeek => false;
            public override bool CanWrite => false;
            public override long Length => throw new NotSupportedException();
            public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }
            public override void Flush() { }
            public override int Read(byte[] buffer, int offset, int count) => Base.Read(buffer, offset, count);
            public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
            public override void SetLength(long value) => throw new NotSupportedException();
            public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
            protected override void Dispose(bool disposing)
            {
                if (disposing) _base?.Dispose();
                base.Dispose(disposing);
            }
        }
    }
}
