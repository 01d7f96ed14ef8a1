using System;
using System.IO;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// Hides seeking of an inner stream: CanSeek is false and Length, Position, Seek and SetLength throw
    /// NotSupportedException, so wrappers (BufferedStream, compressors, …) take their unseekable paths.
    /// </summary>
    public sealed class UnseekableStream : Stream
    {
        readonly Stream _inner;
        readonly bool _leaveOpen;

        public UnseekableStream(Stream inner, bool leaveOpen = false)
        {
            _inner = inner;
            _leaveOpen = leaveOpen;
        }

        public override bool CanRead => _inner.CanRead;
        public override bool CanWrite => _inner.CanWrite;
        public override bool CanSeek => false;
        public override long Length => throw new NotSupportedException("unseekable stream");
        public override long Position
        {
            get => throw new NotSupportedException("unseekable stream");
            set => throw new NotSupportedException("unseekable stream");
        }

        public override int Read(byte[] buffer, int offset, int count) => _inner.Read(buffer, offset, count);
        public override void Write(byte[] buffer, int offset, int count) => _inner.Write(buffer, offset, count);
        public override void Flush() => _inner.Flush();
        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException("unseekable stream");
        public override void SetLength(long value) => throw new NotSupportedException("unseekable stream");

        protected override void Dispose(bool disposing)
        {
            if (disposing && !_leaveOpen) _inner.Dispose();
            base.Dispose(disposing);
        }
    }
}
