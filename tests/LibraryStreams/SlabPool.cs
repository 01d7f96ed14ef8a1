using System;
using System.IO;

namespace LibraryStreams
{
    /// <summary>A manager that hands out pooled memory streams: the stream type is internal, reachable only through GetStream().</summary>
    public sealed class SlabPool
    {
        public Stream GetStream() => new SlabStream();
    }

    /// <summary>A seekable, growable in-memory stream (MemoryStream underneath), reachable only through <see cref="SlabPool"/>.</summary>
    sealed class SlabStream : Stream
    {
        readonly MemoryStream _store = new MemoryStream();
        bool _disposed;

        MemoryStream Store => _disposed ? throw new ObjectDisposedException(nameof(SlabStream)) : _store;
        public override bool CanRead => !_disposed;
        public override bool CanWrite => !_disposed;
        public override bool CanSeek => !_disposed;
        public override long Length => Store.Length;
        public override long Position { get => Store.Position; set => Store.Position = value; }
        public override void Flush() => _ = Store;
        public override int Read(byte[] buffer, int offset, int count) => Store.Read(buffer, offset, count);
        public override void Write(byte[] buffer, int offset, int count) => Store.Write(buffer, offset, count);
        public override long Seek(long offset, SeekOrigin origin) => Store.Seek(offset, origin);
        public override void SetLength(long value) => Store.SetLength(value);
        public byte[] ToArray() => Store.ToArray();

        protected override void Dispose(bool disposing)
        {
            _disposed = true;
            base.Dispose(disposing);
        }
    }
}

namespace LibraryStreams
{
    /// <summary>Internal, and no public method hands it out: not built (guessed constructor arguments give states no caller sees).</summary>
    sealed class OrphanStream : MemoryStream
    {
        public OrphanStream() { }
    }
}
