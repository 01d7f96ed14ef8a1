using System;
using System.IO;
using System.Runtime.InteropServices;
using System.Threading;

namespace FaultyStreams
{
    /// <summary>
    /// A readable, seekable in-memory stream over a (byte[]) constructor, so the generic (byte[]) shape builds
    /// every fault below; each subclass breaks one thing. Faults fire only once the stream has been read from
    /// (never in the constructor), so building succeeds and the fault lands inside a check.
    /// </summary>
    public abstract class FaultBase : Stream
    {
        readonly MemoryStream _inner;

        protected FaultBase(byte[] content) => _inner = new MemoryStream(content, writable: false);

        public override bool CanRead => _inner.CanRead;
        public override bool CanSeek => _inner.CanSeek;
        public override bool CanWrite => false;
        public override long Length => _inner.Length;
        public override long Position { get => _inner.Position; set => _inner.Position = value; }
        public override void Flush() { }
        public override int Read(byte[] buffer, int offset, int count) { Fault(); return _inner.Read(buffer, offset, count); }
        public override int ReadByte() { Fault(); return _inner.ReadByte(); }

        protected override void Dispose(bool disposing)
        {
            if (disposing) _inner.Dispose();
            base.Dispose(disposing);
        }
        public override long Seek(long offset, SeekOrigin origin) => _inner.Seek(offset, origin);
        public override void SetLength(long value) => throw new NotSupportedException();
        public override void Write(byte[] buffer, int offset, int count)
        {
            if (!_inner.CanRead) throw new ObjectDisposedException(GetType().Name);
            throw new NotSupportedException();
        }

        /// <summary>Called on every read.</summary>
        protected virtual void Fault() { }
    }

    /// <summary>Blocks forever in Read.</summary>
    public sealed class HangingStream : FaultBase
    {
        public HangingStream(byte[] content) : base(content) { }
        protected override void Fault() => Thread.Sleep(Timeout.Infinite);
    }

    /// <summary>Environment.FailFast on the first read.</summary>
    public sealed class FailFastStream : FaultBase
    {
        public FailFastStream(byte[] content) : base(content) { }
        protected override void Fault() => Environment.FailFast("FailFastStream: deliberate");
    }

    /// <summary>Environment.Exit(42) on the first read.</summary>
    public sealed class ExitingStream : FaultBase
    {
        public ExitingStream(byte[] content) : base(content) { }
        protected override void Fault() => Environment.Exit(42);
    }

    /// <summary>Unbounded recursion on the first read: a stack overflow, which no catch can stop.</summary>
    public sealed class StackOverflowStream : FaultBase
    {
        public StackOverflowStream(byte[] content) : base(content) { }
        protected override void Fault() => Recurse(0);
        static int Recurse(int depth) => Recurse(depth + 1) + depth;
    }

    /// <summary>Writes through a null pointer on the first read: an access violation (SIGSEGV).</summary>
    public sealed class AccessViolationStream : FaultBase
    {
        public AccessViolationStream(byte[] content) : base(content) { }
        protected override void Fault() => Marshal.WriteInt32(IntPtr.Zero, 42);
    }

    /// <summary>Throws from Dispose.</summary>
    public sealed class ThrowingDisposeStream : FaultBase
    {
        public ThrowingDisposeStream(byte[] content) : base(content) { }
        protected override void Dispose(bool disposing)
        {
            base.Dispose(disposing);
            if (disposing) throw new InvalidOperationException("ThrowingDisposeStream: deliberate");
        }
    }

    /// <summary>Throws from its finalizer (an unhandled exception on the finalizer thread ends the process).</summary>
    public sealed class ThrowingFinalizerStream : FaultBase
    {
        public ThrowingFinalizerStream(byte[] content) : base(content) { }
        protected override void Dispose(bool disposing)
        {
            base.Dispose(disposing);
            if (!disposing) throw new InvalidOperationException("ThrowingFinalizerStream: deliberate");
        }

        // Stream declares no finalizer: this one does, as streams that own native handles do.
        ~ThrowingFinalizerStream() => Dispose(false);

        // Close without suppressing finalization: every instance, disposed or not, reaches its finalizer.
        public override void Close() => Dispose(true);
    }

    /// <summary>Says CanRead and CanWrite but throws NotSupportedException from Write.</summary>
    public sealed class LyingCapabilitiesStream : FaultBase
    {
        public LyingCapabilitiesStream(byte[] content) : base(content) { }
        public override bool CanWrite => true;
    }

    /// <summary>Read returns more than it was asked for, and negative values.</summary>
    public sealed class OutOfRangeReadStream : FaultBase
    {
        int _calls;
        public OutOfRangeReadStream(byte[] content) : base(content) { }
        public override int Read(byte[] buffer, int offset, int count) => ++_calls % 2 == 0 ? -5 : count + 10;
    }

    /// <summary>Blocks forever in Dispose.</summary>
    public sealed class HangingDisposeStream : FaultBase
    {
        public HangingDisposeStream(byte[] content) : base(content) { }
        protected override void Dispose(bool disposing)
        {
            if (disposing) Thread.Sleep(Timeout.Infinite);
            base.Dispose(disposing);
        }
    }

    /// <summary>
    /// Slow but working: every instance takes 1.5 s to open (a handshake over a slow link), then behaves. Its checks
    /// stay silent longer than a short check timeout, yet it must never be reported as hung.
    /// </summary>
    public sealed class SlowToOpenStream : FaultBase
    {
        public const int OpenMilliseconds = 1500;
        public SlowToOpenStream(byte[] content) : base(content) => Thread.Sleep(OpenMilliseconds);
    }

    /// <summary>
    /// Slow but working: the first ReadByte at the end of the content in a process takes 2.5 s (the next part of a file
    /// fetched on first touch, then cached), then every call behaves. On a clock alone, a shorter check timeout calls it
    /// hung; a probe starved of CPU looks the same from outside. Only ReadByte at the end is slow, so that building the
    /// type (its trials read with Read) is not.
    /// </summary>
    public sealed class SlowFirstReadStream : FaultBase
    {
        public const int FirstReadMilliseconds = 2500;
        static int s_touched;
        public SlowFirstReadStream(byte[] content) : base(content) { }
        public override int ReadByte()
        {
            if (Position >= Length && Interlocked.Exchange(ref s_touched, 1) == 0) Thread.Sleep(FirstReadMilliseconds);
            return base.ReadByte();
        }
    }

    /// <summary>
    /// Hangs once on the machine, then works: a ReadByte at the end of the content blocks forever when the file named
    /// by the environment variable FAULTYSTREAMS_HANG_ONCE does not exist yet (and creates it first); every call after
    /// that, in this process or a fresh one, behaves. A stall that does not come back, as a machine's can be: not the
    /// stream's hang. Only ReadByte at the end stalls, so that building the type (its trials read with Read) does not.
    /// </summary>
    public sealed class HangOnceStream : FaultBase
    {
        public HangOnceStream(byte[] content) : base(content) { }
        public override int ReadByte()
        {
            var marker = Environment.GetEnvironmentVariable("FAULTYSTREAMS_HANG_ONCE");
            if (Position >= Length && !string.IsNullOrEmpty(marker) && !File.Exists(marker))
            {
                File.WriteAllText(marker, "hung once");
                Thread.Sleep(Timeout.Infinite);
            }
            return base.ReadByte();
        }
    }

    /// <summary>
    /// Reads ahead: ReadByte fills a 16-byte buffer, and Seek from Current forgets it, moving from where the inner
    /// stream is rather than from Position. Only a sequence shows it (a ReadByte, then Seek(n, Current)); each call
    /// alone behaves, as a buffered stream's bug does.
    /// </summary>
    public sealed class ReadAheadSeekStream : FaultBase
    {
        readonly byte[] _ahead = new byte[16];
        int _next, _end;

        public ReadAheadSeekStream(byte[] content) : base(content) { }

        public override long Position { get => base.Position - (_end - _next); set { Forget(); base.Position = value; } }

        public override int ReadByte()
        {
            if (_next == _end)
            {
                _next = 0;
                _end = base.Read(_ahead, 0, _ahead.Length);
                if (_end <= 0) { _end = 0; return -1; }
            }
            return _ahead[_next++];
        }

        public override int Read(byte[] buffer, int offset, int count)
        {
            if (_next == _end) return base.Read(buffer, offset, count);
            var n = Math.Min(count, _end - _next);
            Buffer.BlockCopy(_ahead, _next, buffer, offset, n);
            _next += n;
            return n;
        }

        public override long Seek(long offset, SeekOrigin origin)
        {
            // The fault: the read-ahead is dropped without moving back by what was left of it.
            Forget();
            return base.Seek(offset, origin);
        }

        void Forget() => _next = _end = 0;
    }

    /// <summary>A well-behaved stream beside the faulty ones: it must come out with no finding.</summary>
    public sealed class WellBehavedStream : FaultBase
    {
        public WellBehavedStream(byte[] content) : base(content) { }
    }
}

namespace FaultyStreams
{
    /// <summary>
    /// Well-behaved unless the environment variable FAULTYSTREAMS_PLANT plants a cost (tools/compare-accuracy.sh
    /// sets it for the "after" side of the same build): <c>slower</c> makes ReadByte read its byte twice (seek back
    /// one, read again: about twice the work per call), <c>allocates</c> makes Read(byte[], int, int) allocate one
    /// 32-byte object per call (two longs behind a 16-byte header on 64-bit CoreCLR and Mono), which the meters see
    /// through Read(Span) and ReadAsync (Stream's own implementations call Read(byte[])). Both, comma-separated.
    /// </summary>
    public sealed class PlantedCostStream : FaultBase
    {
        readonly bool _slower, _allocates;
        /// <summary>Where the planted allocation goes: a static, so that no escape analysis can keep it on the stack.</summary>
        public static object? LastPayload;

        public PlantedCostStream(byte[] content) : base(content)
        {
            var plant = Environment.GetEnvironmentVariable("FAULTYSTREAMS_PLANT") ?? "";
            _slower = plant.Contains("slower");
            _allocates = plant.Contains("allocates");
        }

        public override int ReadByte()
        {
            if (_slower && base.ReadByte() >= 0) Position--;
            return base.ReadByte();
        }


        public override int Read(byte[] buffer, int offset, int count)
        {
            if (_allocates) LastPayload = new Payload();
            return base.Read(buffer, offset, count);
        }

        sealed class Payload
        {
#pragma warning disable CS0649 // never written: only their size matters
            public long A, B;
#pragma warning restore CS0649
        }
    }

    /// <summary>
    /// A planted slowdown smaller than <see cref="PlantedCostStream"/>'s 2×: with FAULTYSTREAMS_PLANT containing "spin",
    /// every fourth ReadByte also reads a byte through a second stream of this kind over the same content: a quarter more
    /// of the call's own work, about 1.3× as the latency meter reads it (tools/compare-accuracy.sh: the slowdown compare
    /// must see with 3 runs per side).
    /// </summary>
    /// <remarks>
    /// The call's own work, not a spin: a spin calibrated once per process on a loop shaped like the meter's came out
    /// anywhere from 1.07× to 1.5× as the meter read it (a short dependent loop runs beside the call's other work on an
    /// out-of-order core, by an amount that moved between processes), and compare could not tell 1.16× from the unplanted
    /// figure's own ±8 %. Four processes each way, this plant: 1.30× on .NET and 1.35× on Mono by the medians, every planted
    /// figure above every unplanted one (docs/compare.md).
    /// </remarks>
    public sealed class PlantedSlowdownStream : FaultBase
    {
        readonly Stream? _shadow;
        int _countdown = 4;

        public PlantedSlowdownStream(byte[] content) : base(content)
        {
            if ((Environment.GetEnvironmentVariable("FAULTYSTREAMS_PLANT") ?? "").Contains("spin"))
                _shadow = new Shadow(content.Length > 0 ? content : new byte[1]);
        }

        public override int ReadByte()
        {
            if (_shadow != null && --_countdown == 0)
            {
                _countdown = 4;
                // At the shadow's end it starts over: the extra read never becomes a cheaper end-of-stream check.
                if (_shadow.ReadByte() < 0) _shadow.Position = 0;
            }
            return base.ReadByte();
        }

        protected override void Dispose(bool disposing)
        {
            if (disposing) _shadow?.Dispose();
            base.Dispose(disposing);
        }

        /// <summary>The same path as this stream's own ReadByte (FaultBase's, over a MemoryStream), with nothing planted.</summary>
        sealed class Shadow : FaultBase
        {
            public Shadow(byte[] content) : base(content) { }
        }
    }

    /// <summary>
    /// A user's wrapper over the stream it is given whose ReadByte spins 20 µs before forwarding: about 10,000× a
    /// MemoryStream call, inside an unbuffered stream's latency ceiling, and thousands of times what it wraps (budget
    /// ratioToInner, docs/budgets.md). Not in the isolation tests' list: it is swept by name.
    /// </summary>
    public sealed class SpinningWrapperStream : Stream
    {
        readonly Stream _inner;

        public SpinningWrapperStream(Stream inner) => _inner = inner;

        public override int ReadByte()
        {
            var until = System.Diagnostics.Stopwatch.GetTimestamp() + System.Diagnostics.Stopwatch.Frequency / 50_000;
            while (System.Diagnostics.Stopwatch.GetTimestamp() < until) { }
            return _inner.ReadByte();
        }

        public override bool CanRead => _inner.CanRead;
        public override bool CanSeek => _inner.CanSeek;
        public override bool CanWrite => _inner.CanWrite;
        public override long Length => _inner.Length;
        public override long Position { get => _inner.Position; set => _inner.Position = value; }
        public override void Flush() => _inner.Flush();
        public override int Read(byte[] buffer, int offset, int count) => _inner.Read(buffer, offset, count);
        public override long Seek(long offset, SeekOrigin origin) => _inner.Seek(offset, origin);
        public override void SetLength(long value) => _inner.SetLength(value);
        public override void Write(byte[] buffer, int offset, int count) => _inner.Write(buffer, offset, count);

        protected override void Dispose(bool disposing)
        {
            if (disposing) _inner.Dispose();
            base.Dispose(disposing);
        }
    }
}

namespace FaultyStreams
{
    /// <summary>
    /// Slow but working, as a compressor that hands its blocks to other threads is: writes are buffered, the first one
    /// starts a worker on the thread pool that needs <see cref="WorkMilliseconds"/> before it takes blocks (a codec
    /// warming up), and Flush and Dispose wait for it to write what is pending into the sink. Opening it is instant: the
    /// time goes where the pilot's first write, Flush and Dispose see it. It must never be reported as hung.
    /// </summary>
    public sealed class BackgroundCompressorStream : Stream
    {
        public const int WorkMilliseconds = 1500;
        readonly Stream _sink;
        readonly MemoryStream _pending = new MemoryStream();
        System.Threading.Tasks.Task? _worker;
        bool _disposed;

        public BackgroundCompressorStream(Stream sink) => _sink = sink ?? throw new ArgumentNullException(nameof(sink));

        public override bool CanRead => false;
        public override bool CanSeek => false;
        public override bool CanWrite => !_disposed;
        public override long Length => throw new NotSupportedException();
        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }
        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();
        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count)
        {
            if (buffer == null) throw new ArgumentNullException(nameof(buffer));
            if (offset < 0 || count < 0 || offset > buffer.Length - count) throw new ArgumentOutOfRangeException(nameof(count));
            if (_disposed) throw new ObjectDisposedException(nameof(BackgroundCompressorStream));
            _worker ??= System.Threading.Tasks.Task.Run(() => Thread.Sleep(WorkMilliseconds));
            _pending.Write(buffer, offset, count);
        }

        public override void Flush()
        {
            if (_disposed) throw new ObjectDisposedException(nameof(BackgroundCompressorStream));
            Drain();
        }

        void Drain()
        {
            if (_worker == null) return;
            _worker.Wait();
            _sink.Write(_pending.GetBuffer(), 0, (int)_pending.Length);
            _pending.SetLength(0);
            _sink.Flush();
        }

        protected override void Dispose(bool disposing)
        {
            if (disposing && !_disposed)
            {
                Drain();
                _disposed = true;
                _sink.Dispose();
            }
            base.Dispose(disposing);
        }
    }
}

namespace FaultyStreams
{
    /// <summary>
    /// A pooled memory stream, as Microsoft.IO.RecyclableMemoryStream 4.0.1 is: built empty, it takes a buffer from a
    /// process-wide pool and hands it back at Dispose, and clears neither. A gap left by seeking past the end and
    /// writing, or by SetLength's shrink, then reads back what the buffer held before: another stream's bytes.
    /// </summary>
    public sealed class PooledGapStream : Stream
    {
        static readonly System.Collections.Generic.Stack<byte[]> s_pool = new System.Collections.Generic.Stack<byte[]>();
        byte[]? _buffer;
        int _length, _position;

        public PooledGapStream()
        {
            lock (s_pool) _buffer = s_pool.Count > 0 ? s_pool.Pop() : new byte[4096];
        }

        byte[] Buffer => _buffer ?? throw new ObjectDisposedException(nameof(PooledGapStream));

        public override bool CanRead => _buffer != null;
        public override bool CanSeek => _buffer != null;
        public override bool CanWrite => _buffer != null;
        public override long Length { get { _ = Buffer; return _length; } }
        public override long Position
        {
            get { _ = Buffer; return _position; }
            set
            {
                if (value < 0) throw new ArgumentOutOfRangeException(nameof(value));
                _ = Buffer;
                _position = (int)value;
            }
        }

        public override void Flush() { }

        public override int Read(byte[] buffer, int offset, int count)
        {
            if (buffer == null) throw new ArgumentNullException(nameof(buffer));
            if (offset < 0 || count < 0 || offset > buffer.Length - count) throw new ArgumentOutOfRangeException(nameof(count));
            var n = Math.Max(0, Math.Min(count, _length - _position));
            if (n == 0) return 0;
            System.Buffer.BlockCopy(Buffer, _position, buffer, offset, n);
            _position += n;
            return n;
        }

        public override long Seek(long offset, SeekOrigin origin)
        {
            var target = origin == SeekOrigin.Begin ? offset : origin == SeekOrigin.Current ? _position + offset : _length + offset;
            if (target < 0) throw new IOException("An attempt was made to move the position before the beginning of the stream.");
            _ = Buffer;
            return _position = (int)target;
        }

        /// <summary>The fault: a shrink only moves the end, so the bytes past it are still there when the end grows back.</summary>
        public override void SetLength(long value)
        {
            if (value < 0) throw new ArgumentOutOfRangeException(nameof(value));
            Reserve((int)value);
            _length = (int)value;
            if (_position > _length) _position = _length;
        }

        /// <summary>The fault: writing past the end leaves the gap as the pooled buffer had it.</summary>
        public override void Write(byte[] buffer, int offset, int count)
        {
            if (buffer == null) throw new ArgumentNullException(nameof(buffer));
            if (offset < 0 || count < 0 || offset > buffer.Length - count) throw new ArgumentOutOfRangeException(nameof(count));
            Reserve(_position + count);
            System.Buffer.BlockCopy(buffer, offset, Buffer, _position, count);
            _position += count;
            if (_position > _length) _length = _position;
        }

        public byte[] ToArray()
        {
            var copy = new byte[_length];
            System.Buffer.BlockCopy(Buffer, 0, copy, 0, _length);
            return copy;
        }

        void Reserve(int length)
        {
            if (length <= Buffer.Length) return;
            var larger = new byte[Math.Max(length, Buffer.Length * 2)];
            System.Buffer.BlockCopy(Buffer, 0, larger, 0, _length);
            _buffer = larger;
        }

        protected override void Dispose(bool disposing)
        {
            if (disposing && _buffer != null)
            {
                lock (s_pool) s_pool.Push(_buffer);
                _buffer = null;
            }
            base.Dispose(disposing);
        }
    }
}
