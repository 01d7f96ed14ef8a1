// The shadow of .NET's System.IO.BufferedStream (System.Private.CoreLib): the [Replace] member gives its body to the
// runtime's WriteByte, the fast path; the fields and the extern method only declare what the body uses.
//
// The fast path stores a byte only while the buffer holds fewer than _bufferSize - 1 bytes, so the slow path sees
// _bufferSize - 1 and writes the buffer out one byte short of full before storing the byte: 65536 bytes by
// WriteByte through a 4096-byte buffer cost 17 writes (16 of 4095 bytes and one of 16) instead of 16 of 4096.
// The fix lets the fast path fill the buffer; the byte after a full buffer takes the slow path, which writes the
// buffer out first and then stores the byte in the empty buffer. A write that throws there leaves the buffer full
// and the byte unstored, and the next WriteByte takes the slow path again (the fast path needs room), so nothing is
// stored past the buffer. With the fast path fixed, the slow path is reached only with _writePos 0 or _bufferSize,
// where its own test (_writePos >= _bufferSize - 1) is _writePos >= _bufferSize for every buffer size above 1; it is
// left to the runtime, so each version keeps its own write-out (8.0 and 9.0 call FlushWrite, which also flushes the
// underlying stream; 10.0 writes the buffer without that flush). The upstream diff changes that test too.
using StreamConformance.Patching;

namespace System.IO
{
    public abstract class BufferedStream : Stream
    {
        private byte[] _buffer;
        private readonly int _bufferSize;
        private int _writePos;

        private extern void WriteByteSlow(byte value);

        [Replace]
        public override void WriteByte(byte value)
        {
            if (_writePos > 0 && _writePos < _bufferSize)
            {
                _buffer[_writePos++] = value;
            }
            else
            {
                WriteByteSlow(value);
            }
        }
    }
}
