using System;
using System.Collections.Generic;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using StreamConformance.Recipes;

namespace StreamConformance.Tests.StreamChecks
{
    /// <summary>
    /// Streams that each break one rule, and the checks that must flag them. Each is a <see cref="TestStream"/>
    /// with one member overridden.
    /// </summary>
    public static class BrokenStreams
    {
        /// <summary>A broken recipe and the checks that must report Fail for it.</summary>
        public sealed class Case
        {
            public Case(TestRecipe recipe, params string[] mustFail)
            {
                Recipe = recipe;
                MustFail = mustFail;
            }

            public TestRecipe Recipe { get; }
            public string[] MustFail { get; }
            public override string ToString() => Recipe.Label;
        }

        static TestRecipe Over(string name, Func<byte[], bool, bool, bool, TestStream> make, bool seek = true, bool fullReads = true)
        {
            var recipe = TestRecipe.Over(name, make, seek: seek);
            recipe.FullReads = fullReads;
            return recipe;
        }

        public static IEnumerable<Case> All()
        {
            yield return new Case(Over("signed-read-byte", (c, r, w, s) => new SignedReadByte(c, r, w, s)), "read-byte.values", "read.differential");
            yield return new Case(Over("read-byte-never-ends", (c, r, w, s) => new ReadByteNeverEnds(c, r, w, s)), "read-byte.values", "read.differential");
            yield return new Case(Over("end-not-sticky", (c, r, w, s) => new EndNotSticky(c, r, w, s), seek: false), "read-byte.values", "read.differential");
            yield return new Case(Over("never-ends", (c, r, w, s) => new NeverEnds(c, r, w, s), seek: false), "read.differential", "buffered.interleave");
            yield return new Case(Over("span-read-off-by-one", (c, r, w, s) => new SpanReadOffByOne(c, r, w, s)), "read.differential");
            yield return new Case(Over("read-returns-more", (c, r, w, s) => new ReadReturnsMore(c, r, w, s)), "read.differential");
            yield return new Case(Over("short-reads", (c, r, w, s) => new ShortReads(c, r, w, s), seek: false), "read.differential", "buffered.interleave");
            yield return new Case(Over("write-byte-drops-every-100th", (c, r, w, s) => new WriteByteDropsEvery100th(c, r, w, s)), "write-byte.round-trip", "buffered.interleave");
            yield return new Case(Over("write-reorders", (c, r, w, s) => new WriteReorders(c, r, w, s)), "write-byte.round-trip", "buffered.interleave", "edge.zero-length");
            yield return new Case(Over("not-visible-after-flush", (c, r, w, s) => new NotVisibleAfterFlush(c, r, w, s)), "write-byte.round-trip");
            yield return new Case(Over("seek-current-from-start", (c, r, w, s) => new SeekCurrentFromStart(c, r, w, s)), "seek.origins", "seek.random-walk", "buffered.interleave");
            yield return new Case(Over("negative-seek-clamps", (c, r, w, s) => new NegativeSeekClamps(c, r, w, s)), "seek.origins");
            yield return new Case(Over("negative-seek-throws-but-moves", (c, r, w, s) => new NegativeSeekThrowsButMoves(c, r, w, s)), "seek.origins");
            yield return new Case(Over("negative-position-accepted", (c, r, w, s) => new NegativePositionAccepted(c, r, w, s)), "seek.origins");
            yield return new Case(Over("gap-not-cleared", (c, r, w, s) => new GapNotCleared(c, r, w, s)), "seek.gap-zeroed");
            yield return new Case(Over("stale-read-buffer", (c, r, w, s) => new StaleReadBuffer(c, r, w, s), fullReads: false), "buffered.interleave");
            yield return new Case(Over("write-on-read-only-ignored", (c, r, w, s) => new WriteOnReadOnlyIgnored(c, r, w, s)), "capabilities.unsupported");
            yield return new Case(Over("position-on-unseekable", (c, r, w, s) => new PositionOnUnseekable(c, r, w, s), seek: false), "capabilities.unsupported");
            yield return new Case(Over("can-seek-but-seek-throws", (c, r, w, s) => new CanSeekButSeekThrows(c, r, w, s), seek: true), "capabilities.unsupported");
            yield return new Case(Over("alive-after-dispose", (c, r, w, s) => new AliveAfterDispose(c, r, w, s)), "dispose.members-throw");
            yield return new Case(Over("capabilities-after-dispose", (c, r, w, s) => new CapabilitiesAfterDispose(c, r, w, s)), "dispose.members-throw");
            yield return new Case(Over("capabilities-throw-after-dispose", (c, r, w, s) => new CapabilitiesThrowAfterDispose(c, r, w, s)), "dispose.members-throw");
            yield return new Case(Over("invalid-operation-after-dispose", (c, r, w, s) => new InvalidOperationAfterDispose(c, r, w, s)), "dispose.members-throw");
            yield return new Case(Over("read-after-dispose-waits", (c, r, w, s) => new ReadAfterDisposeWaits(c, r, w, s)), "dispose.members-throw");
            yield return new Case(Over("dispose-twice-throws", (c, r, w, s) => new DisposeTwiceThrows(c, r, w, s)), "dispose.twice");
            yield return new Case(Over("zero-read-throws", (c, r, w, s) => new ZeroReadThrows(c, r, w, s)), "edge.zero-length");
            yield return new Case(Over("zero-read-blocks", (c, r, w, s) => new ZeroReadBlocks(c, r, w, s)), "edge.zero-length");
            yield return new Case(Over("zero-write-writes", (c, r, w, s) => new ZeroWriteWrites(c, r, w, s)), "edge.zero-length");
            yield return new Case(Over("flush-throws-when-read-only", (c, r, w, s) => new FlushThrowsWhenReadOnly(c, r, w, s)), "edge.flush-read-only");
            yield return new Case(Over("no-argument-validation", (c, r, w, s) => new NoArgumentValidation(c, r, w, s)), "edge.argument-validation");
            yield return new Case(Over("refused-write-hangs-dispose", (c, r, w, s) => new RefusedWriteHangsDispose(c, r, w, s)), "edge.argument-validation");
        }

        // ---- Reading ----

        /// <summary>ReadByte returns the byte as a signed value: 0x80..0xFF come out negative.</summary>
        sealed class SignedReadByte : TestStream
        {
            public SignedReadByte(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }
            public override int ReadByte()
            {
                var b = new byte[1];
                return Read(b, 0, 1) == 0 ? -1 : (sbyte)b[0];
            }
        }

        /// <summary>ReadByte returns 0 at the end instead of -1, forever.</summary>
        public sealed class ReadByteNeverEnds : TestStream
        {
            public ReadByteNeverEnds(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }
            public override int ReadByte()
            {
                var b = new byte[1];
                return Read(b, 0, 1) == 0 ? 0 : b[0];
            }
        }

        /// <summary>Reports the end once, then starts over from the beginning.</summary>
        sealed class EndNotSticky : TestStream
        {
            public EndNotSticky(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }
            public override int Read(byte[] buffer, int offset, int count)
            {
                var n = base.Read(buffer, offset, count);
                if (n == 0 && count > 0) Pos = 0;
                return n;
            }
        }

        /// <summary>Loops over its content without ever reporting the end.</summary>
        sealed class NeverEnds : TestStream
        {
            public NeverEnds(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }
            public override int Read(byte[] buffer, int offset, int count)
            {
                if (Size > 0 && Pos >= Size) Pos = 0;
                return base.Read(buffer, offset, count);
            }
        }

        /// <summary>Read(Span) drops the first byte it should return and returns one byte of the next call early.</summary>
        sealed class SpanReadOffByOne : TestStream
        {
            public SpanReadOffByOne(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }
            public override int Read(Span<byte> buffer)
            {
                var n = (int)Math.Max(0, Math.Min(buffer.Length, Size - Pos - 1));
                if (n > 0) new ReadOnlySpan<byte>(Data, (int)Pos + 1, n).CopyTo(buffer);
                Pos += n + 1;
                return n;
            }
        }

        /// <summary>Read claims one byte more than asked when more is left.</summary>
        sealed class ReadReturnsMore : TestStream
        {
            public ReadReturnsMore(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }
            public override int Read(byte[] buffer, int offset, int count)
            {
                var n = base.Read(buffer, offset, count);
                if (n == count && count > 1 && Pos < Size) { Pos++; return n + 1; }
                return n;
            }
        }

        /// <summary>
        /// Not broken: a read-write stream whose peer has already closed its end, so every write fails with an
        /// IOException (as a TLS stream's does once its peer shut down). The capability is true and honoured.
        /// </summary>
        public sealed class PeerClosedForWrites : TestStream
        {
            public PeerClosedForWrites(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }
            public override void Write(byte[] buffer, int offset, int count)
            {
                if (!CanWrite) base.Write(buffer, offset, count); // NotSupportedException, as it should
                throw new IOException("the peer has shut down");
            }

            public override void WriteByte(byte value)
            {
                if (!CanWrite) base.WriteByte(value);
                throw new IOException("the peer has shut down");
            }
        }

        /// <summary>Reads at most 7 bytes per call while its recipe says reads fill the request.</summary>
        public sealed class ShortReads : TestStream
        {
            public ShortReads(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }
            public override int Read(byte[] buffer, int offset, int count) => base.Read(buffer, offset, Math.Min(count, 7));
        }

        // ---- Writing ----

        /// <summary>WriteByte silently drops every 100th byte.</summary>
        sealed class WriteByteDropsEvery100th : TestStream
        {
            int _calls;
            public WriteByteDropsEvery100th(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }
            public override void WriteByte(byte value)
            {
                if (++_calls % 100 == 0) return;
                base.WriteByte(value);
            }
        }

        /// <summary>Write of two or more bytes swaps the first two.</summary>
        sealed class WriteReorders : TestStream
        {
            public WriteReorders(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }
            public override void Write(byte[] buffer, int offset, int count)
            {
                if (count >= 2 && buffer[offset] != buffer[offset + 1])
                {
                    var copy = new byte[count];
                    Array.Copy(buffer, offset, copy, 0, count);
                    (copy[0], copy[1]) = (copy[1], copy[0]);
                    base.Write(copy, 0, count);
                    return;
                }
                base.Write(buffer, offset, count);
            }
        }

        /// <summary>Keeps written bytes to itself until Dispose, although its recipe says Flush makes them visible.</summary>
        sealed class NotVisibleAfterFlush : TestStream
        {
            bool _complete;
            public NotVisibleAfterFlush(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }
            public override byte[] Stored => _complete ? base.Stored : Array.Empty<byte>();
            protected override void Dispose(bool disposing)
            {
                _complete = true;
                base.Dispose(disposing);
            }
        }

        // ---- Seeking ----

        /// <summary>Seek(Current) counts from the beginning.</summary>
        sealed class SeekCurrentFromStart : TestStream
        {
            public SeekCurrentFromStart(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }
            public override long Seek(long offset, SeekOrigin origin) =>
                base.Seek(offset, origin == SeekOrigin.Current ? SeekOrigin.Begin : origin);
        }

        /// <summary>A negative target is clamped to 0 instead of refused.</summary>
        sealed class NegativeSeekClamps : TestStream
        {
            public NegativeSeekClamps(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }
            public override long Seek(long offset, SeekOrigin origin)
            {
                try { return base.Seek(offset, origin); }
                catch (IOException) { return Pos = 0; }
            }
        }

        /// <summary>A negative target throws, but only after moving Position to 0.</summary>
        sealed class NegativeSeekThrowsButMoves : TestStream
        {
            public NegativeSeekThrowsButMoves(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }
            public override long Seek(long offset, SeekOrigin origin)
            {
                try { return base.Seek(offset, origin); }
                catch (IOException)
                {
                    Pos = 0;
                    throw;
                }
            }
        }

        /// <summary>Position = -1 is stored instead of refused.</summary>
        sealed class NegativePositionAccepted : TestStream
        {
            public NegativePositionAccepted(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }
            public override long Position
            {
                get => base.Position;
                set => Pos = value;
            }
        }

        /// <summary>Serves reads from a 32-byte cache that writes do not invalidate.</summary>
        /// <summary>Neither a write past the end nor SetLength's growth clears what the array held past the end.</summary>
        sealed class GapNotCleared : TestStream
        {
            public GapNotCleared(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }

            public override void Write(byte[] buffer, int offset, int count)
            {
                ValidateArguments(buffer, offset, count);
                RequireWrite();
                var end = Pos + count;
                if (end > Data.Length) Array.Resize(ref Data, (int)Math.Max(end, Data.Length * 2L));
                Array.Copy(buffer, offset, Data, Pos, count);
                Pos = end;
                if (end > Size) Size = (int)end;
            }

            public override void SetLength(long value)
            {
                RequireSeek();
                RequireWrite();
                if (value > Data.Length) Array.Resize(ref Data, (int)value);
                Size = (int)value;
            }
        }

        sealed class StaleReadBuffer : TestStream
        {
            readonly byte[] _cache = new byte[32];
            long _cacheStart = -1;
            int _cacheLength;

            public StaleReadBuffer(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }

            public override int Read(byte[] buffer, int offset, int count)
            {
                ValidateArguments(buffer, offset, count);
                RequireRead();
                if (_cacheStart < 0 || Pos < _cacheStart || Pos >= _cacheStart + _cacheLength)
                {
                    _cacheStart = Pos;
                    _cacheLength = (int)Math.Max(0, Math.Min(_cache.Length, Size - Pos));
                    if (_cacheLength > 0) Array.Copy(Data, Pos, _cache, 0, _cacheLength);
                    if (_cacheLength == 0) { _cacheStart = -1; return 0; }
                }
                var n = (int)Math.Min(count, _cacheStart + _cacheLength - Pos);
                Array.Copy(_cache, Pos - _cacheStart, buffer, offset, n);
                Pos += n;
                return n;
            }
        }

        // ---- Capabilities ----

        /// <summary>A read-only stream whose writes do nothing instead of throwing NotSupportedException.</summary>
        sealed class WriteOnReadOnlyIgnored : TestStream
        {
            public WriteOnReadOnlyIgnored(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }
            public override void Write(byte[] buffer, int offset, int count)
            {
                if (!CanWrite) return;
                base.Write(buffer, offset, count);
            }
        }

        /// <summary>Unseekable, but Position answers 0 instead of throwing NotSupportedException.</summary>
        public sealed class PositionOnUnseekable : TestStream
        {
            public PositionOnUnseekable(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }
            public override long Position
            {
                get => CanSeek ? base.Position : 0;
                set => base.Position = value;
            }
        }

        /// <summary>Says CanSeek but every Seek throws NotSupportedException.</summary>
        sealed class CanSeekButSeekThrows : TestStream
        {
            public CanSeekButSeekThrows(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }
            public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException("no seeking after all");
        }

        // ---- Disposal ----

        /// <summary>Keeps working after Dispose (CanRead and friends report false, but nothing throws).</summary>
        public sealed class AliveAfterDispose : TestStream
        {
            public AliveAfterDispose(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }
            protected override void Dispose(bool disposing)
            {
                // Forgets to mark itself disposed for the members, but reports closed capabilities.
                base.Dispose(disposing);
                Disposed = false;
                _closed = true;
            }
            bool _closed;
            public override bool CanRead => !_closed && base.CanRead;
            public override bool CanWrite => !_closed && base.CanWrite;
            public override bool CanSeek => !_closed && base.CanSeek;
        }

        /// <summary>Throws ObjectDisposedException after Dispose but still reports CanRead/CanWrite/CanSeek as true.</summary>
        public sealed class CapabilitiesAfterDispose : TestStream
        {
            readonly bool _r, _w, _s;
            public CapabilitiesAfterDispose(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { (_r, _w, _s) = (r, w, s); }
            public override bool CanRead => _r;
            public override bool CanWrite => _w;
            public override bool CanSeek => _s;
        }

        /// <summary>Its capabilities throw ObjectDisposedException after Dispose, as MongoDB.Bson's BsonStreamAdapter's do.</summary>
        public sealed class CapabilitiesThrowAfterDispose : TestStream
        {
            public CapabilitiesThrowAfterDispose(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }
            public override bool CanRead => Disposed ? throw new ObjectDisposedException(nameof(CapabilitiesThrowAfterDispose)) : base.CanRead;
            public override bool CanWrite => Disposed ? throw new ObjectDisposedException(nameof(CapabilitiesThrowAfterDispose)) : base.CanWrite;
            public override bool CanSeek => Disposed ? throw new ObjectDisposedException(nameof(CapabilitiesThrowAfterDispose)) : base.CanSeek;
        }

        /// <summary>Throws InvalidOperationException after Dispose: accepted only by the lenient setting.</summary>
        public sealed class InvalidOperationAfterDispose : TestStream
        {
            public InvalidOperationAfterDispose(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }
            void Check() { if (Disposed) throw new InvalidOperationException("closed"); }
            public override int Read(byte[] buffer, int offset, int count) { Check(); return base.Read(buffer, offset, count); }
            public override void Write(byte[] buffer, int offset, int count) { Check(); base.Write(buffer, offset, count); }
            public override long Seek(long offset, SeekOrigin origin) { Check(); return base.Seek(offset, origin); }
            public override long Length { get { Check(); return base.Length; } }
            public override long Position { get { Check(); return base.Position; } set { Check(); base.Position = value; } }
            public override void SetLength(long value) { Check(); base.SetLength(value); }
        }

        /// <summary>The second Dispose throws.</summary>
        sealed class DisposeTwiceThrows : TestStream
        {
            public DisposeTwiceThrows(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }
            protected override void Dispose(bool disposing)
            {
                if (Disposed) throw new ObjectDisposedException(nameof(DisposeTwiceThrows), "disposed twice");
                base.Dispose(disposing);
            }
        }

        // ---- Edges ----

        /// <summary>A zero-byte read throws instead of returning 0.</summary>
        sealed class ZeroReadThrows : TestStream
        {
            public ZeroReadThrows(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }
            public override int Read(byte[] buffer, int offset, int count)
            {
                if (count == 0) throw new ArgumentOutOfRangeException(nameof(count), "count must be positive");
                return base.Read(buffer, offset, count);
            }
            public override int Read(Span<byte> buffer)
            {
                if (buffer.Length == 0) throw new ArgumentOutOfRangeException(nameof(buffer), "buffer must not be empty");
                return base.Read(buffer);
            }
        }

        /// <summary>A zero-byte read waits for more data although the content is unread (until the stream is disposed), as Mono's HttpListener RequestStream does.</summary>
        sealed class ZeroReadBlocks : TestStream
        {
            readonly ManualResetEventSlim _disposed = new ManualResetEventSlim();
            public ZeroReadBlocks(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }
            public override int Read(byte[] buffer, int offset, int count)
            {
                if (count == 0) { _disposed.Wait(); throw new ObjectDisposedException(nameof(ZeroReadBlocks)); }
                return base.Read(buffer, offset, count);
            }
            public override int Read(Span<byte> buffer)
            {
                if (buffer.Length == 0) { _disposed.Wait(); throw new ObjectDisposedException(nameof(ZeroReadBlocks)); }
                return base.Read(buffer);
            }
            protected override void Dispose(bool disposing)
            {
                _disposed.Set();
                base.Dispose(disposing);
            }
        }

        /// <summary>
        /// After Dispose a read waits for data that can no longer come (as FSharpx.Async's CircularStream, a queue whose
        /// Dispose does nothing): for a minute, which is a hang to the check, and ends so that no test leaves a thread behind for long.
        /// </summary>
        public sealed class ReadAfterDisposeWaits : TestStream
        {
            public static readonly TimeSpan Wait = TimeSpan.FromMinutes(1);
            bool _disposed;

            public ReadAfterDisposeWaits(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }

            public override bool CanRead => _disposed || base.CanRead;
            public override int ReadByte()
            {
                if (_disposed) System.Threading.Thread.Sleep(Wait);
                return base.ReadByte();
            }
            public override int Read(byte[] buffer, int offset, int count)
            {
                if (_disposed) System.Threading.Thread.Sleep(Wait);
                return base.Read(buffer, offset, count);
            }
            protected override void Dispose(bool disposing)
            {
                _disposed = true;
                base.Dispose(disposing);
            }
        }

        /// <summary>A zero-byte write stores a zero byte.</summary>
        sealed class ZeroWriteWrites : TestStream
        {
            public ZeroWriteWrites(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }
            public override void Write(byte[] buffer, int offset, int count)
            {
                if (count == 0) { base.Write(new byte[1], 0, 1); return; }
                base.Write(buffer, offset, count);
            }
        }

        /// <summary>Flush on a read-only stream throws NotSupportedException.</summary>
        sealed class FlushThrowsWhenReadOnly : TestStream
        {
            public FlushThrowsWhenReadOnly(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }
            public override void Flush()
            {
                if (!CanWrite) throw new NotSupportedException("nothing to flush on a read-only stream");
            }
            public override Task FlushAsync(CancellationToken cancellationToken)
            {
                Flush();
                return Task.CompletedTask;
            }
        }

        /// <summary>Trusts its arguments: whatever Array.Copy or the position arithmetic does with them happens.</summary>
        /// <summary>
        /// Refuses bad arguments with the right exceptions, but only after counting a block it never queues, so Dispose
        /// waits for that block (as DotNetZip 1.16.0's ParallelDeflateOutputStream does): for a minute, which is a hang to
        /// the check, and ends so that no test leaves a thread behind for long.
        /// </summary>
        public sealed class RefusedWriteHangsDispose : TestStream
        {
            public static readonly TimeSpan Hang = TimeSpan.FromMinutes(1);
            int _pending;

            public RefusedWriteHangsDispose(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }

            public override void Write(byte[] buffer, int offset, int count)
            {
                if (count != 0) _pending++;
                base.Write(buffer, offset, count);
                if (count != 0) _pending--;
            }

            protected override void Dispose(bool disposing)
            {
                if (disposing && _pending > 0) System.Threading.Thread.Sleep(Hang);
                base.Dispose(disposing);
            }
        }

        sealed class NoArgumentValidation : TestStream
        {
            public NoArgumentValidation(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }
            public override int Read(byte[] buffer, int offset, int count)
            {
                RequireRead();
                var n = (int)Math.Max(0, Math.Min(count, Size - Pos));
                for (var i = 0; i < n; i++) buffer[offset + i] = Data[Pos + i];
                Pos += n;
                return n;
            }
            public override void Write(byte[] buffer, int offset, int count)
            {
                RequireWrite();
                for (var i = 0; i < count; i++) base.Write(new[] { buffer[offset + i] }, 0, 1);
            }
        }
    }
}
