using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// Hides seeking of an inner stream: CanSeek is false and Length, Position, Seek and SetLength throw
    /// NotSupportedException, so wrappers (BufferedStream, compressors, …) take their unseekable paths.
    /// Every read and write goes straight to the inner stream's own override (its span and async paths too,
    /// not Stream's defaults over them): what a meter sees beyond the inner MemoryStream's cost is the wrapper's.
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
        public override int Read(Span<byte> buffer) => _inner.Read(buffer);
        public override int ReadByte() => _inner.ReadByte();
        public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            _inner.ReadAsync(buffer, offset, count, cancellationToken);
        public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
            _inner.ReadAsync(buffer, cancellationToken);
        public override void Write(byte[] buffer, int offset, int count) => _inner.Write(buffer, offset, count);
        public override void Write(ReadOnlySpan<byte> buffer) => _inner.Write(buffer);
        public override void WriteByte(byte value) => _inner.WriteByte(value);
        public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            _inner.WriteAsync(buffer, offset, count, cancellationToken);
        public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default) =>
            _inner.WriteAsync(buffer, cancellationToken);
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
