using System;
using System.IO;

namespace LibraryStreams
{
    /// <summary>How a <see cref="FramedStream"/> cuts its frames: an interface, so nothing outside the library guesses one.</summary>
    public interface IFrameCodec
    {
        int MaxFrame { get; }
    }

    public sealed class LengthPrefixCodec : IFrameCodec
    {
        public int MaxFrame => 4096;
    }

    /// <summary>
    /// Frames over an inner stream: each write becomes frames of a 2-byte length and the bytes; a read gives the frames'
    /// bytes back. Built only with a codec, so only the library's own recipe (Testing/FramedStreamRecipes) builds it.
    /// </summary>
    public sealed class FramedStream : ByteStream
    {
        readonly Stream _inner;
        readonly IFrameCodec _codec;
        readonly byte[] _header = new byte[2];
        int _left;

        public FramedStream(Stream inner, IFrameCodec codec)
        {
            _inner = inner;
            _codec = codec ?? throw new ArgumentNullException(nameof(codec));
        }

        public override bool CanRead => !Disposed && _inner.CanRead;
        public override bool CanWrite => !Disposed && _inner.CanWrite;

        public override int Read(byte[] buffer, int offset, int count)
        {
            Validate(buffer, offset, count);
            if (!_inner.CanRead) throw new NotSupportedException();
            if (count == 0) return 0;
            if (_left == 0)
            {
                var got = FrameHeader.Fill(_inner, _header);
                if (got == 0) return 0;
                if (got < _header.Length) throw new EndOfStreamException("a frame header was cut short");
                _left = FrameHeader.Number(_header, 0, _header.Length);
                if (_left == 0) return 0;
            }
            var n = _inner.Read(buffer, offset, Math.Min(count, _left));
            if (n == 0) throw new EndOfStreamException("a frame was cut short");
            _left -= n;
            return n;
        }

        public override void Write(byte[] buffer, int offset, int count)
        {
            Validate(buffer, offset, count);
            if (!_inner.CanWrite) throw new NotSupportedException();
            while (count > 0)
            {
                var frame = Math.Min(count, _codec.MaxFrame);
                FrameHeader.Write(_inner, _header, frame);
                _inner.Write(buffer, offset, frame);
                offset += frame;
                count -= frame;
            }
        }

        public override void Flush()
        {
            base.Flush();
            if (_inner.CanWrite) _inner.Flush();
        }

        protected override void Dispose(bool disposing)
        {
            if (disposing && !Disposed) _inner.Dispose();
            base.Dispose(disposing);
        }

        /// <summary>The frames of <paramref name="content"/>, as a write would produce them.</summary>
        public static byte[] Frame(byte[] content)
        {
            var sink = new MemoryStream();
            using (var framed = new FramedStream(sink, new LengthPrefixCodec())) framed.Write(content, 0, content.Length);
            return sink.ToArray();
        }

        /// <summary>The bytes inside <paramref name="frames"/>.</summary>
        public static byte[] Unframe(byte[] frames)
        {
            var result = new MemoryStream();
            using (var framed = new FramedStream(new MemoryStream(frames, false), new LengthPrefixCodec())) framed.CopyTo(result);
            return result.ToArray();
        }
    }
}
