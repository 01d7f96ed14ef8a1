using System;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Checks;
using StreamConformance.Recipes;
using StreamConformance.Recipes.Synthesis;
using StreamConformance.Results;

namespace StreamConformance.Tests.Recipes.Synthesis
{
    /// <summary>
    /// Stores of fixed size, built by synthesis: a window onto its inner stream (LibObjectFile's SubStream) and a store
    /// over a caller's buffer (DotNext's MemorySegmentStream). Each refuses a write past its end by design, as MemoryStream
    /// over a byte[] does; the checks must keep their writes inside it and find nothing, and a window made as long as an
    /// empty sink is no write fixture.
    /// </summary>
    [TestFixture]
    public sealed class FixedSizeTests
    {
        const string Checks = "read-byte.values,read.differential,write-byte.round-trip,buffered.interleave,seek.origins,seek.random-walk,capabilities.unsupported,edge.zero-length";

        static void PassesOrSkips(StreamRecipe recipe)
        {
            foreach (var result in CheckCatalog.Select(Checks).SelectMany(c => c.Run(recipe, new CheckContext { Quick = true })))
                Assert.That(result.Outcome, Is.AnyOf(Outcome.Pass, Outcome.Skip), recipe.Variant + ": " + result.Check + ": " + result.Message);
        }

        [Test]
        public void AWindowOntoItsInnerStreamIsReadAndWrittenInsideItsLength()
        {
            var recipe = GenericShapes.For(typeof(WindowStream)).Single();
            Assert.That(recipe.Variant, Is.EqualTo("read new WindowStream(Stream, 0, length)"), "no write role over a window of the empty sink's length 0");
            Assert.That(recipe.NoWriterReason, Does.StartWith("new WindowStream(Stream, 0, 0): a first Write of 16 bytes through it threw InvalidOperationException").And.Contain("no room"));
            PassesOrSkips(recipe);
            var skipped = CheckCatalog.Select("write-byte.round-trip").SelectMany(c => c.Run(recipe, new CheckContext { Quick = true })).Single();
            Assert.That(skipped.Message, Does.Contain(recipe.NoWriterReason), "the write checks say why they have no fixture");
        }

        [Test]
        public void ASizedWrapperThatRefusesWritesWithRoomKeepsItsWriterAndItsFinding()
        {
            // As AWS's PartialWrapperStream: CanWrite is its inner stream's, and Write throws NotSupportedException.
            var recipe = GenericShapes.For(typeof(LimitedReadStream)).Single();
            Assert.That(recipe.NoWriterReason, Is.Null);
            Assert.That(recipe.OpenWrite(), Is.Not.Null);
            var failed = CheckCatalog.Select("capabilities.unsupported").SelectMany(c => c.Run(recipe, new CheckContext { Quick = true })).Where(r => r.Outcome == Outcome.Fail);
            Assert.That(failed.Select(r => r.Message), Has.Some.Contains("WriteByte(1) threw System.NotSupportedException"));
        }

        [Test]
        public void AStoreOverACallersBufferIsWrittenInsideIt()
        {
            var recipe = GenericShapes.For(typeof(BufferStore)).Single();
            Assert.That(recipe.CanGrow, Is.False);
            PassesOrSkips(recipe);
        }

        [Test]
        public void AStoreThatGrowsIsNotTakenForAFixedOne()
        {
            var recipe = GenericShapes.For(typeof(GrowingStore)).Single();
            Assert.That(recipe.CanGrow, Is.True);
            PassesOrSkips(recipe);
        }

        [Test]
        public void AStoreThatRefusesEveryWriteIsStillJudged()
        {
            // Not a fixed size: it says CanWrite and takes no byte anywhere. The checks must say so, on its write fixture too.
            var recipe = GenericShapes.For(typeof(RefusingStore)).Single();
            Assert.That(recipe.CanGrow, Is.True);
            Assert.That(recipe.OpenWrite(), Is.Not.Null, "its writer is kept: its writes are the checks' to judge");
            var results = CheckCatalog.Select(Checks).SelectMany(c => c.Run(recipe, new CheckContext { Quick = true })).ToList();
            Assert.That(results.Where(r => r.Outcome == Outcome.Fail).Select(r => r.Message), Has.Some.Contains("refused"),
                string.Join("\n", results.Select(r => $"{r.Check} {r.Outcome} {r.Message}")));
        }

        static void Validate(byte[] buffer, int offset, int count)
        {
            if (buffer == null) throw new ArgumentNullException(nameof(buffer));
            if (offset < 0 || offset > buffer.Length) throw new ArgumentOutOfRangeException(nameof(offset));
            if (count < 0 || count > buffer.Length - offset) throw new ArgumentOutOfRangeException(nameof(count));
        }

        /// <summary>
        /// What the fixed stores below share: a position anywhere from 0 on, a fixed length, reads up to it, writes refused
        /// past it with <see cref="Full"/>, and every member refused after Dispose.
        /// </summary>
        public abstract class FixedStore : Stream
        {
            long _position;
            bool _disposed;

            protected abstract long Size { get; }
            protected abstract int ReadAt(long position, byte[] buffer, int offset, int count);
            protected abstract void WriteAt(long position, byte[] buffer, int offset, int count);
            protected abstract Exception Full();

            public override bool CanSeek => !_disposed;
            public override long Length { get { Open(); return Size; } }
            public override long Position
            {
                get { Open(); return _position; }
                set { if (value < 0) throw new ArgumentOutOfRangeException(nameof(value)); Seek(value, SeekOrigin.Begin); }
            }

            public override int Read(byte[] buffer, int offset, int count)
            {
                Validate(buffer, offset, count);
                Open();
                if (!CanRead) throw new NotSupportedException();
                var n = (int)Math.Max(0, Math.Min(count, Size - _position));
                if (n == 0) return 0;
                n = ReadAt(_position, buffer, offset, n);
                _position += n;
                return n;
            }

            public override void Write(byte[] buffer, int offset, int count)
            {
                Validate(buffer, offset, count);
                Open();
                if (!CanWrite) throw new NotSupportedException();
                if (_position + count > Size) throw Full();
                WriteAt(_position, buffer, offset, count);
                _position += count;
            }

            public override long Seek(long offset, SeekOrigin origin)
            {
                Open();
                var target = origin == SeekOrigin.Begin ? offset : origin == SeekOrigin.Current ? _position + offset : Size + offset;
                if (target < 0) throw new IOException("An attempt was made to move the position before the beginning of the stream.");
                return _position = target;
            }

            public override void SetLength(long value) { Open(); throw new NotSupportedException("The length is fixed."); }
            public override void Flush() => Open();
            protected bool Disposed => _disposed;
            protected void Open() { if (_disposed) throw new ObjectDisposedException(GetType().Name); }

            protected override void Dispose(bool disposing)
            {
                _disposed = true;
                base.Dispose(disposing);
            }
        }

        /// <summary>A window of <c>length</c> bytes at <c>position</c> of a seekable inner stream; writes outside it are refused.</summary>
        public sealed class WindowStream : FixedStore
        {
            readonly Stream _inner;
            readonly long _start;
            readonly long _length;

            public WindowStream(Stream inner, long position, long length)
            {
                _inner = inner ?? throw new ArgumentNullException(nameof(inner));
                if (!inner.CanSeek) throw new ArgumentException("The inner stream must seek.", nameof(inner));
                if (position < 0 || length < 0 || position + length > inner.Length) throw new ArgumentOutOfRangeException(nameof(length));
                _start = position;
                _length = length;
            }

            public override bool CanRead => !Disposed && _inner.CanRead;
            public override bool CanWrite => !Disposed && _inner.CanWrite;
            protected override long Size => _length;
            protected override Exception Full() => new InvalidOperationException("Cannot write outside of this window");

            protected override int ReadAt(long position, byte[] buffer, int offset, int count)
            {
                _inner.Position = _start + position;
                return _inner.Read(buffer, offset, count);
            }

            protected override void WriteAt(long position, byte[] buffer, int offset, int count)
            {
                _inner.Position = _start + position;
                _inner.Write(buffer, offset, count);
            }
        }

        /// <summary>A window from the stream's position, clamped to its end (LibObjectFile's ReadAsSubStream): over an empty stream, of length 0.</summary>
        public static class Windows
        {
            public static WindowStream Slice(Stream stream, long length)
            {
                var start = stream.Position;
                return new WindowStream(stream, start, Math.Max(0, Math.Min(length, stream.Length - start)));
            }
        }

        /// <summary>Reads at most <c>length</c> bytes of its inner stream; says it writes when its inner stream does, and never does.</summary>
        public sealed class LimitedReadStream : Stream
        {
            readonly Stream _inner;
            long _left;

            public LimitedReadStream(Stream inner, long length)
            {
                _inner = inner ?? throw new ArgumentNullException(nameof(inner));
                _left = length;
            }

            public override bool CanRead => _inner.CanRead;
            public override bool CanWrite => _inner.CanWrite;
            public override bool CanSeek => false;
            public override long Length => throw new NotSupportedException();
            public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

            public override int Read(byte[] buffer, int offset, int count)
            {
                Validate(buffer, offset, count);
                var n = _inner.Read(buffer, offset, (int)Math.Min(count, _left));
                _left -= n;
                return n;
            }

            public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
            public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
            public override void SetLength(long value) => throw new NotSupportedException();
            public override void Flush() { }
        }

        /// <summary>A store over a caller's buffer: as long as the buffer, and full at its end.</summary>
        public class BufferStore : FixedStore
        {
            readonly byte[] _buffer;

            public BufferStore(byte[] buffer) => _buffer = buffer ?? throw new ArgumentNullException(nameof(buffer));

            public override bool CanRead => !Disposed;
            public override bool CanWrite => !Disposed;
            protected override long Size => _buffer.Length;
            protected override Exception Full() => new IOException("The internal buffer is full");

            protected override int ReadAt(long position, byte[] buffer, int offset, int count)
            {
                Array.Copy(_buffer, position, buffer, offset, count);
                return count;
            }

            protected override void WriteAt(long position, byte[] buffer, int offset, int count) => Array.Copy(buffer, offset, _buffer, position, count);
        }

        /// <summary>Says it writes and refuses every write, inside its length too: a defect, not a fixed size.</summary>
        public sealed class RefusingStore : BufferStore
        {
            public RefusingStore(byte[] buffer) : base(buffer) { }
            public override void Write(byte[] buffer, int offset, int count)
            {
                Validate(buffer, offset, count);
                Open();
                throw new IOException("refused");
            }
        }

        /// <summary>A MemoryStream by another name: it grows.</summary>
        public sealed class GrowingStore : MemoryStream
        {
            public GrowingStore() { }
        }
    }
}
