using System;
using System.IO;
using System.Threading.Tasks;

// Streams that exist only to be inventoried: the Discovery tests read this assembly's own file with Cecil
// and check what the inventory says about each. They are never run. Each one shows one shape the
// inventory must (or must not) flag.
namespace StreamConformance.Tests.Discovery.Synthetic
{
    /// <summary>The abstract members, done without allocating or blocking, so only what a subclass adds shows up.</summary>
    public abstract class QuietStream : Stream
    {
        protected long Pos;
        public override bool CanRead => true;
        public override bool CanSeek => true;
        public override bool CanWrite => true;
        public override long Length => 0;
        public override long Position { get => Pos; set => Pos = value; }
        public override void Flush() { }
        public override int Read(byte[] buffer, int offset, int count) => 0;
        public override long Seek(long offset, SeekOrigin origin) => Pos = offset;
        public override void SetLength(long value) { }
        public override void Write(byte[] buffer, int offset, int count) { }
    }

    /// <summary>ReadByte allocates a one-byte array per call: allocates-per-call.</summary>
    public class AllocatingReadByteStream : QuietStream
    {
        public override int ReadByte()
        {
            var one = new byte[1];
            return Read(one, 0, 1) == 0 ? -1 : one[0];
        }
    }

    /// <summary>ReadByte reads from a buffer it already holds; its only newobj is an exception that is thrown at once.</summary>
    public sealed class BufferReadByteStream : QuietStream
    {
        readonly byte[] _data = { 1, 2, 3 };
        bool _disposed;

        public override int ReadByte()
        {
            if (_disposed) throw new ObjectDisposedException(nameof(BufferReadByteStream));
            return Pos < _data.Length ? _data[Pos++] : -1;
        }

        public override void WriteByte(byte value) => Pos++;

        public override int Read(Span<byte> buffer) => 0;

        public override void Write(ReadOnlySpan<byte> buffer) { }

        protected override void Dispose(bool disposing)
        {
            _disposed = true;
            base.Dispose(disposing);
        }
    }

    /// <summary>Read blocks on a task's Result: sync-over-async.</summary>
    public sealed class BlockingReadStream : QuietStream
    {
        public override int Read(byte[] buffer, int offset, int count) => Task.FromResult(0).Result;

        public override void Flush() => Task.Delay(0).Wait();
    }

    /// <summary>ReadByte hands over to a field whose declared type is a known Stream subclass of this assembly.</summary>
    public sealed class DelegatingReadByteStream : QuietStream
    {
        readonly AllocatingReadByteStream _inner = new AllocatingReadByteStream();

        public override int ReadByte() => _inner.ReadByte();
    }

    /// <summary>Same hand-over through a field declared as plain Stream: the implementation is unknown, so not followed.</summary>
    public sealed class OpaqueDelegatingStream : QuietStream
    {
        readonly Stream _inner = new AllocatingReadByteStream();

        public override int ReadByte() => _inner.ReadByte();
    }

    /// <summary>An abstract stream whose ReadByte allocates; subclasses may override it.</summary>
    public abstract class AbstractAllocatingStream : QuietStream
    {
        public override int ReadByte()
        {
            var one = new byte[1];
            return Read(one, 0, 1) == 0 ? -1 : one[0];
        }
    }

    /// <summary>Hand-over through a field of an abstract type: what runs depends on the subclass, so not followed.</summary>
    public sealed class AbstractFieldDelegatingStream : QuietStream
    {
        readonly AbstractAllocatingStream? _inner = null;

        public override int ReadByte() => _inner!.ReadByte();
    }

    /// <summary>Builds an exception without throwing it (a faulted task): a failure path, not a per-call allocation.</summary>
    public sealed class FaultedTaskReadByteStream : QuietStream
    {
        Task? _fault;

        public override int ReadByte()
        {
            _fault = Task.FromException(new IOException("no data"));
            return -1;
        }

        public Task? Fault => _fault;
    }

    /// <summary>A "new virtual" ReadByte starts another slot: the Stream.ReadByte slot is still Stream's.</summary>
    public class HidingReadByteStream : QuietStream
    {
        public new virtual int ReadByte() => 0;
    }

    /// <summary>Overrides the hiding slot, not Stream's.</summary>
    public sealed class OverridesHidingSlotStream : HidingReadByteStream
    {
        public override int ReadByte() => 1;
    }

    /// <summary>Visibility and naming: nested and generic types.</summary>
    public static class Holder
    {
        public sealed class NestedPublicStream : QuietStream { }

        sealed class NestedPrivateStream : QuietStream { }

        internal static Stream MakePrivate() => new NestedPrivateStream();
    }

    public sealed class GenericStream<T> : QuietStream { }

    public abstract class AbstractMiddleStream : QuietStream
    {
        public override int ReadByte() => -1;
    }

    public sealed class LeafOfMiddleStream : AbstractMiddleStream { }
}
