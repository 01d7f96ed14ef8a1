// The shadow of .NET's internal System.IO.Strategies.BufferedFileStreamStrategy (the buffer of every FileStream
// opened with one): the [Replace] member gives its body to the runtime's WriteByte, the fast path; the fields and the
// extern method only declare what the body uses, and the shadow FileStreamStrategy stands for the runtime's internal base.
//
// The fast path stores a byte only while the buffer holds fewer than _bufferSize - 1 bytes, and the slow path writes
// the buffer out whenever it holds anything: the file is written in pieces one byte short of the buffer (65536 bytes by
// WriteByte with a 4096-byte buffer: 17 pwrite64 instead of 16). The fix lets the fast path fill the buffer. The slow
// path, unchanged, then sees an empty or a full buffer: it writes a full one out before storing the byte, so a write
// that throws leaves the buffer full and the byte unstored, and the next WriteByte takes the slow path again.
using StreamConformance.Patching;

namespace System.IO.Strategies
{
    internal abstract class FileStreamStrategy : Stream
    {
    }

    internal abstract class BufferedFileStreamStrategy : FileStreamStrategy
    {
        private readonly int _bufferSize;
        private byte[] _buffer;
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
