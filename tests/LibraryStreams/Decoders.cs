using System;
using System.IO;

namespace LibraryStreams
{
    /// <summary>
    /// A decoder whose parameters come as a byte[] of properties, as LZMA's do: the constructor checks their length and
    /// first byte (below 225), which a zeroed buffer passes and most content does not. The factory takes defaults.
    /// Otherwise a plain read-only pass-through.
    /// </summary>
    public sealed class PropertiesStream : ByteStream
    {
        readonly Stream _inner;

        public PropertiesStream(byte[] properties, Stream inner)
        {
            if (properties == null || properties.Length < 5 || properties[0] >= 225) throw new InvalidDataException("invalid properties");
            _inner = inner;
        }

        public static PropertiesStream WithDefaults(Stream inner) => new PropertiesStream(new byte[5], inner);

        public override bool CanRead => !Disposed;
        public override bool CanWrite => false;

        public override int Read(byte[] buffer, int offset, int count)
        {
            Validate(buffer, offset, count);
            return _inner.Read(buffer, offset, count);
        }

        protected override void Dispose(bool disposing)
        {
            if (disposing && !Disposed) _inner.Dispose();
            base.Dispose(disposing);
        }
    }

    /// <summary>
    /// Length-prefixed frames, one type both ways as a codec wrapper is: Write frames each buffer (a 4-byte big-endian
    /// length, then the bytes), Read returns the frames' bytes and rejects input that is not frames with
    /// InvalidDataException, as a decoder must. CanRead and CanWrite are its inner stream's.
    /// </summary>
    public sealed class FrameCodecStream : ByteStream
    {
        const int MaxFrame = 1 << 20;
        readonly Stream _inner;
        readonly byte[] _header = new byte[4];
        int _left;

        public FrameCodecStream(Stream inner) => _inner = inner ?? throw new ArgumentNullException(nameof(inner));

        public override bool CanRead => !Disposed && _inner.CanRead;
        public override bool CanWrite => !Disposed && _inner.CanWrite;

        public override int Read(byte[] buffer, int offset, int count)
        {
            Validate(buffer, offset, count);
            if (!_inner.CanRead) throw new NotSupportedException();
            if (count == 0) return 0;
            while (_left == 0)
            {
                var got = FrameHeader.Fill(_inner, _header);
                if (got == 0) return 0;
                if (got < _header.Length) throw new InvalidDataException("truncated frame header");
                var length = FrameHeader.Number(_header, 0, _header.Length);
                if (length < 0 || length > MaxFrame) throw new InvalidDataException($"frame length {length} is not a frame's");
                _left = length;
            }
            var read = _inner.Read(buffer, offset, Math.Min(count, _left));
            if (read == 0) throw new InvalidDataException("truncated frame");
            _left -= read;
            return read;
        }

        public override void Write(byte[] buffer, int offset, int count)
        {
            Validate(buffer, offset, count);
            if (!_inner.CanWrite) throw new NotSupportedException();
            if (count == 0) return;
            FrameHeader.Write(_inner, _header, count);
            _inner.Write(buffer, offset, count);
        }

        public override void Flush()
        {
            base.Flush();
            _inner.Flush();
        }

        protected override void Dispose(bool disposing)
        {
            if (disposing && !Disposed) _inner.Dispose();
            base.Dispose(disposing);
        }
    }

    /// <summary>
    /// A read-only decoder with nothing in this library that encodes for it: its input must start with "CHK1" and a
    /// 4-byte length, and anything else is rejected with InvalidDataException, which is what a decoder must do with
    /// malformed input. Nothing a caller can make here gives it input it accepts.
    /// </summary>
    public sealed class CheckedInputStream : ByteStream
    {
        readonly Stream _inner;
        int _left = -1;

        public CheckedInputStream(Stream inner) => _inner = inner ?? throw new ArgumentNullException(nameof(inner));

        public override bool CanRead => !Disposed;
        public override bool CanWrite => false;

        public override int Read(byte[] buffer, int offset, int count)
        {
            Validate(buffer, offset, count);
            if (_left < 0)
            {
                var header = new byte[8];
                if (FrameHeader.Fill(_inner, header) < 8 || header[0] != 'C' || header[1] != 'H' || header[2] != 'K' || header[3] != '1')
                    throw new InvalidDataException("not a CHK1 stream");
                _left = FrameHeader.Number(header, 4, 4);
            }
            var read = _inner.Read(buffer, offset, Math.Min(count, _left));
            _left -= read;
            return read;
        }

        protected override void Dispose(bool disposing)
        {
            if (disposing && !Disposed) _inner.Dispose();
            base.Dispose(disposing);
        }
    }
}
