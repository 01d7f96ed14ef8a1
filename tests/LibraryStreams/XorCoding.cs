using System;
using System.IO;

namespace LibraryStreams
{
    /// <summary>A write-only encoder: every byte written reaches the inner stream XORed with a running key, so nothing passes through unchanged.</summary>
    public sealed class XorEncoderStream : ByteStream
    {
        readonly Stream _inner;
        readonly bool _leaveOpen;
        byte _key = 0x5A;

        public XorEncoderStream(Stream inner, bool leaveOpen)
        {
            if (!inner.CanWrite) throw new ArgumentException("the inner stream must be writable", nameof(inner));
            _inner = inner;
            _leaveOpen = leaveOpen;
        }

        public override bool CanRead => false;
        public override bool CanWrite => !Disposed;

        public override void Write(byte[] buffer, int offset, int count)
        {
            Validate(buffer, offset, count);
            var coded = new byte[count];
            for (var i = 0; i < count; i++) coded[i] = (byte)(buffer[offset + i] ^ _key++);
            _inner.Write(coded, 0, count);
        }

        public override void Flush()
        {
            base.Flush();
            _inner.Flush();
        }

        protected override void Dispose(bool disposing)
        {
            if (disposing && !Disposed && !_leaveOpen) _inner.Dispose();
            base.Dispose(disposing);
        }
    }

    /// <summary>The read-only inverse of <see cref="XorEncoderStream"/>.</summary>
    public sealed class XorDecoderStream : ByteStream
    {
        readonly Stream _inner;
        byte _key = 0x5A;

        public XorDecoderStream(Stream inner)
        {
            if (!inner.CanRead) throw new ArgumentException("the inner stream must be readable", nameof(inner));
            _inner = inner;
        }

        public override bool CanRead => !Disposed;
        public override bool CanWrite => false;

        public override int Read(byte[] buffer, int offset, int count)
        {
            Validate(buffer, offset, count);
            var n = _inner.Read(buffer, offset, count);
            for (var i = 0; i < n; i++) buffer[offset + i] = (byte)(buffer[offset + i] ^ _key++);
            return n;
        }

        protected override void Dispose(bool disposing)
        {
            if (disposing && !Disposed) _inner.Dispose();
            base.Dispose(disposing);
        }
    }

    public enum Direction { Decode, Encode }

    /// <summary>One type, two modes (as DeflateStream): Encode writes each byte plus one, Decode reads each byte minus one.</summary>
    public sealed class ShiftStream : ByteStream
    {
        readonly Stream _inner;
        readonly Direction _direction;

        public ShiftStream(Stream inner, Direction direction)
        {
            _inner = inner;
            _direction = direction;
        }

        public override bool CanRead => !Disposed && _direction == Direction.Decode;
        public override bool CanWrite => !Disposed && _direction == Direction.Encode;

        public override int Read(byte[] buffer, int offset, int count)
        {
            Validate(buffer, offset, count);
            if (_direction != Direction.Decode) throw new NotSupportedException();
            var n = _inner.Read(buffer, offset, count);
            for (var i = 0; i < n; i++) buffer[offset + i]--;
            return n;
        }

        public override void Write(byte[] buffer, int offset, int count)
        {
            Validate(buffer, offset, count);
            if (_direction != Direction.Encode) throw new NotSupportedException();
            var coded = new byte[count];
            for (var i = 0; i < count; i++) coded[i] = (byte)(buffer[offset + i] + 1);
            _inner.Write(coded, 0, count);
        }

        protected override void Dispose(bool disposing)
        {
            if (disposing && !Disposed) _inner.Dispose();
            base.Dispose(disposing);
        }
    }
}
