using System;
using System.IO;

namespace LibraryStreams
{
    /// <summary>
    /// An archive writer (as SharpZipLib's TarOutputStream): CanRead and CanWrite repeat its sink's, and Dispose writes a
    /// trailer. Over a read-only source it would claim to read and fail at Dispose: it is only ever a writer.
    /// </summary>
    public sealed class ArchiveWriterStream : ByteStream
    {
        readonly Stream _sink;

        public ArchiveWriterStream(Stream sink) => _sink = sink;

        public override bool CanRead => !Disposed && _sink.CanRead;
        public override bool CanWrite => !Disposed && _sink.CanWrite;

        public override int Read(byte[] buffer, int offset, int count)
        {
            Validate(buffer, offset, count);
            return _sink.Read(buffer, offset, count);
        }

        public override void Write(byte[] buffer, int offset, int count)
        {
            Validate(buffer, offset, count);
            _sink.Write(buffer, offset, count);
        }

        protected override void Dispose(bool disposing)
        {
            if (disposing && !Disposed)
            {
                _sink.Write(new byte[] { 0, 0, 0, 0 }, 0, 4);
                _sink.Dispose();
            }
            base.Dispose(disposing);
        }
    }

    /// <summary>Hands out a generic stream type, closed over byte: reachable only through this extension method.</summary>
    public static class SegmentStreams
    {
        public static Stream AsStream(this ArraySegment<byte> segment) => new SegmentStream<byte>(segment);
    }

    /// <summary>A read-only window on a segment (a MemoryStream underneath), generic as CommunityToolkit's MemoryStream&lt;T&gt;.</summary>
    sealed class SegmentStream<T> : MemoryStream where T : struct
    {
        public SegmentStream(ArraySegment<byte> segment) : base(segment.Array!, segment.Offset, segment.Count, writable: false) { }
    }
}
