// The shadow of Mono 6.8's System.IO.BufferedStream (corefx's, compiled into mscorlib): the [Replace] member gives
// its body to the runtime's WriteByte; the fields and extern methods only declare what the body uses.
//
// WriteByte writes the buffer out when it holds _bufferSize - 1 bytes, before storing the byte, so a run of
// WriteByte calls reaches the underlying stream in pieces one byte short of the buffer: 65536 bytes through a
// 4096-byte buffer cost 17 writes (16 of 4095 bytes and one of 16) instead of 16 of 4096. The fix stores the byte
// first and writes the buffer out once it is full; the invariant _writePos < _bufferSize after the call still holds.
using StreamConformance.Patching;

namespace System.IO
{
    public abstract class BufferedStream : Stream
    {
        private byte[] _buffer;
        private int _bufferSize;
        private int _writePos;

        private extern void EnsureNotClosed();
        private extern void EnsureCanWrite();
        private extern void ClearReadBufferBeforeWrite();
        private extern void EnsureBufferAllocated();
        private extern void FlushWrite();

        [Replace]
        public override void WriteByte(byte value)
        {
            EnsureNotClosed();

            if (_writePos == 0)
            {
                EnsureCanWrite();
                ClearReadBufferBeforeWrite();
                EnsureBufferAllocated();
            }

            _buffer[_writePos++] = value;

            // Write the buffer out once it is full, not one byte short of full: every write then carries a whole buffer.
            // We should not be flushing here, but only writing to the underlying stream, but previous version flushed, so we keep this.
            if (_writePos == _bufferSize)
                FlushWrite();
        }
    }
}
