using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace StreamConformance.Tests.StreamChecks
{
    /// <summary>
    /// A small, correct in-memory stream with switchable capabilities. The broken streams derive from it and break
    /// exactly one rule each, so a check that flags one of them flags that rule and nothing else.
    /// </summary>
    public class TestStream : Stream
    {
        protected byte[] Data;
        protected int Size;
        protected long Pos;
        readonly bool _canRead, _canWrite, _canSeek;
        protected bool Disposed;

        public TestStream(byte[] content, bool canRead = true, bool canWrite = false, bool canSeek = true)
        {
            Data = (byte[])content.Clone();
            Size = content.Length;
            _canRead = canRead;
            _canWrite = canWrite;
            _canSeek = canSeek;
        }

        /// <summary>The bytes stored so far (what a read-back sees).</summary>
        public virtual byte[] Stored
        {
            get
            {
                var copy = new byte[Size];
                Array.Copy(Data, copy, Size);
                return copy;
            }
        }

        public override bool CanRead => !Disposed && _canRead;
        public override bool CanWrite => !Disposed && _canWrite;
        public override bool CanSeek => !Disposed && _canSeek;

        public override long Length
        {
            get
            {
                RequireSeek();
                return Size;
            }
        }

        public override long Position
        {
            get
            {
                RequireSeek();
                return Pos;
            }
            set
            {
                RequireSeek();
                if (value < 0) throw new ArgumentOutOfRangeException(nameof(value), "position must not be negative");
                Pos = value;
            }
        }

        public override int Read(byte[] buffer, int offset, int count)
        {
            ValidateArguments(buffer, offset, count);
            RequireRead();
            var n = (int)Math.Max(0, Math.Min(count, Size - Pos));
            if (n > 0) Array.Copy(Data, Pos, buffer, offset, n);
            Pos += n;
            return n;
        }

        public override void Write(byte[] buffer, int offset, int count)
        {
            ValidateArguments(buffer, offset, count);
            RequireWrite();
            var end = Pos + count;
            if (end > Data.Length) Array.Resize(ref Data, (int)Math.Max(end, Data.Length * 2L));
            if (Pos > Size) Array.Clear(Data, Size, (int)(Pos - Size));
            Array.Copy(buffer, offset, Data, Pos, count);
            Pos = end;
            if (end > Size) Size = (int)end;
        }

        public override long Seek(long offset, SeekOrigin origin)
        {
            RequireSeek();
            var target = origin switch
            {
                SeekOrigin.Begin => offset,
                SeekOrigin.Current => Pos + offset,
                SeekOrigin.End => Size + offset,
                _ => throw new ArgumentException("unknown origin", nameof(origin)),
            };
            if (target < 0) throw new IOException("seek before the beginning");
            Pos = target;
            return Pos;
        }

        public override void SetLength(long value)
        {
            RequireSeek();
            RequireWrite();
            if (value > Data.Length) Array.Resize(ref Data, (int)value);
            if (value > Size) Array.Clear(Data, Size, (int)(value - Size));
            Size = (int)value;
        }

        public override void Flush()
        {
            // Nothing is buffered: Flush has nothing to do, even when disposed or read-only.
        }

        // The base class's async and APM wrappers test CanRead/CanWrite first, which makes a disposed stream throw
        // NotSupportedException; a stream that is strict about disposal checks for it before delegating.
        public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
        {
            RequireOpen();
            return base.ReadAsync(buffer, offset, count, cancellationToken);
        }

        public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
        {
            RequireOpen();
            return base.WriteAsync(buffer, offset, count, cancellationToken);
        }

        public override IAsyncResult BeginRead(byte[] buffer, int offset, int count, AsyncCallback? callback, object? state)
        {
            RequireOpen();
            return base.BeginRead(buffer, offset, count, callback, state);
        }

        public override IAsyncResult BeginWrite(byte[] buffer, int offset, int count, AsyncCallback? callback, object? state)
        {
            RequireOpen();
            return base.BeginWrite(buffer, offset, count, callback, state);
        }

        protected override void Dispose(bool disposing)
        {
            Disposed = true;
            base.Dispose(disposing);
        }

        protected static void ValidateArguments(byte[] buffer, int offset, int count)
        {
            if (buffer == null) throw new ArgumentNullException(nameof(buffer));
            if (offset < 0) throw new ArgumentOutOfRangeException(nameof(offset));
            if (count < 0) throw new ArgumentOutOfRangeException(nameof(count));
            if (buffer.Length - offset < count) throw new ArgumentException("offset and count exceed the buffer");
        }

        protected void RequireOpen()
        {
            if (Disposed) throw new ObjectDisposedException(GetType().Name);
        }

        protected void RequireRead()
        {
            RequireOpen();
            if (!_canRead) throw new NotSupportedException("not readable");
        }

        protected void RequireWrite()
        {
            RequireOpen();
            if (!_canWrite) throw new NotSupportedException("not writable");
        }

        protected void RequireSeek()
        {
            RequireOpen();
            if (!_canSeek) throw new NotSupportedException("not seekable");
        }
    }
}
