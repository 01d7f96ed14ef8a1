using System;
using System.Collections.Generic;
using System.IO;
using System.Threading;

namespace LibraryStreams
{
    /// <summary>A bounded in-memory byte queue: a write waits while it is full, a read waits while it is empty and not completed.</summary>
    sealed class BoundedBuffer
    {
        public const int Capacity = 65536;
        readonly Queue<byte> _bytes = new Queue<byte>();
        bool _completed;

        public void Write(byte[] buffer, int offset, int count)
        {
            lock (_bytes)
            {
                for (var i = 0; i < count; i++)
                {
                    while (_bytes.Count >= Capacity && !_completed) Monitor.Wait(_bytes);
                    if (_completed) throw new IOException("the pipe is closed");
                    _bytes.Enqueue(buffer[offset + i]);
                    Monitor.PulseAll(_bytes);
                }
            }
        }

        public int Read(byte[] buffer, int offset, int count)
        {
            lock (_bytes)
            {
                while (_bytes.Count == 0 && !_completed) Monitor.Wait(_bytes);
                var n = 0;
                while (n < count && _bytes.Count > 0) buffer[offset + n++] = _bytes.Dequeue();
                Monitor.PulseAll(_bytes);
                return n;
            }
        }

        public void Complete()
        {
            lock (_bytes)
            {
                _completed = true;
                Monitor.PulseAll(_bytes);
            }
        }
    }

    /// <summary>Connected in-memory pipes: each end reads what the other wrote; a write waits while the other end has 64 KiB unread.</summary>
    public static class DuplexPipe
    {
        public static (Stream, Stream) CreatePair()
        {
            var ab = new BoundedBuffer();
            var ba = new BoundedBuffer();
            return (new PipeEnd(ba, ab), new PipeEnd(ab, ba));
        }
    }

    /// <summary>One end of a <see cref="DuplexPipe"/>; disposing it ends the other end's reads.</summary>
    public sealed class PipeEnd : ByteStream
    {
        readonly BoundedBuffer _inbound;
        readonly BoundedBuffer _outbound;

        internal PipeEnd(BoundedBuffer inbound, BoundedBuffer outbound)
        {
            _inbound = inbound;
            _outbound = outbound;
        }

        public override bool CanRead => !Disposed;
        public override bool CanWrite => !Disposed;

        public override int Read(byte[] buffer, int offset, int count)
        {
            Validate(buffer, offset, count);
            return count == 0 ? 0 : _inbound.Read(buffer, offset, count);
        }

        public override void Write(byte[] buffer, int offset, int count)
        {
            Validate(buffer, offset, count);
            _outbound.Write(buffer, offset, count);
        }

        protected override void Dispose(bool disposing)
        {
            if (disposing && !Disposed)
            {
                _outbound.Complete();
                _inbound.Complete();
            }
            base.Dispose(disposing);
        }
    }

    /// <summary>
    /// A pipe onto itself (as Nerdbank's SimplexStream): what is written is read back from the same object, and a
    /// write waits while 64 KiB are unread. No public method hands out a peer.
    /// </summary>
    public sealed class LoopbackPipeStream : ByteStream
    {
        readonly BoundedBuffer _buffer = new BoundedBuffer();

        public override bool CanRead => !Disposed;
        public override bool CanWrite => !Disposed;

        public override int Read(byte[] buffer, int offset, int count)
        {
            Validate(buffer, offset, count);
            return count == 0 ? 0 : _buffer.Read(buffer, offset, count);
        }

        public override void Write(byte[] buffer, int offset, int count)
        {
            Validate(buffer, offset, count);
            _buffer.Write(buffer, offset, count);
        }

        public void CompleteWriting() => _buffer.Complete();

        protected override void Dispose(bool disposing)
        {
            if (disposing) _buffer.Complete();
            base.Dispose(disposing);
        }
    }
}
