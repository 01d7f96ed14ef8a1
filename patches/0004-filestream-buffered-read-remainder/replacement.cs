// The shadow of .NET's internal System.IO.Strategies.BufferedFileStreamStrategy (the buffer of every FileStream
// opened with a buffer): the [Replace] member gives its body to the runtime's ReadSpan; the fields and extern
// methods only declare what the body uses, and the shadow FileStreamStrategy stands for the runtime's internal base.
//
// A Read smaller than the buffer that finds fewer bytes buffered than it asks for copies them, then reads the rest
// directly from the file and drops the buffer: every later fill starts off the buffer's alignment, and each costs
// one more read (100-byte reads of 64 KiB: 33 pread instead of 18). The fix refills the buffer and serves the
// rest from it, as BufferedStream.ReadSpan does; a remainder of a buffer or more is still read directly.
using StreamConformance.Patching;

namespace System.IO.Strategies
{
    internal abstract class FileStreamStrategy : Stream
    {
    }

    internal abstract class BufferedFileStreamStrategy : FileStreamStrategy
    {
        private readonly FileStreamStrategy _strategy;
        private readonly int _bufferSize;
        private byte[] _buffer;
        private int _writePos;
        private int _readPos;
        private int _readLen;

        private extern void EnsureCanRead();
        private extern void FlushWrite();
        private extern void EnsureBufferAllocated();

        [Replace]
        private int ReadSpan(Span<byte> destination, ArraySegment<byte> arraySegment)
        {
            bool isBlocked = false;
            int n = _readLen - _readPos;
            // if the read buffer is empty, read into either user's array or our
            // buffer, depending on number of bytes user asked for and buffer size.
            if (n == 0)
            {
                EnsureCanRead();

                if (_writePos > 0)
                {
                    FlushWrite();
                }

                if (!_strategy.CanSeek || (destination.Length >= _bufferSize))
                {
                    n = arraySegment.Array != null
                        ? _strategy.Read(arraySegment.Array, arraySegment.Offset, arraySegment.Count)
                        : _strategy.Read(destination);

                    // Throw away read buffer.
                    _readPos = 0;
                    _readLen = 0;
                    return n;
                }

                EnsureBufferAllocated();
                n = _strategy.Read(_buffer, 0, _bufferSize);

                if (n == 0)
                {
                    return 0;
                }

                isBlocked = n < _bufferSize;
                _readPos = 0;
                _readLen = n;
            }
            // Now copy min of count or numBytesAvailable (i.e. near EOF) to array.
            if (n > destination.Length)
            {
                n = destination.Length;
            }
            new ReadOnlySpan<byte>(_buffer, _readPos, n).CopyTo(destination);
            _readPos += n;

            // If we are reading from a device with no clear EOF like a
            // serial port or a pipe, this will cause us to block incorrectly.
            if (_strategy.CanSeek)
            {
                // If we hit the end of the buffer and didn't have enough bytes, we must
                // read some more from the underlying stream.  However, if we got
                // fewer bytes from the underlying stream than we asked for (i.e. we're
                // probably blocked), don't ask for more bytes.
                if (n < destination.Length && !isBlocked)
                {
                    if (destination.Length - n < _bufferSize)
                    {
                        // Less than a buffer is missing: refill the buffer, as BufferedStream does, rather than
                        // reading the rest directly, which would misalign every later fill (one more read each).
                        _readLen = _strategy.Read(_buffer!, 0, _bufferSize);
                        _readPos = Math.Min(_readLen, destination.Length - n);
                        new ReadOnlySpan<byte>(_buffer, 0, _readPos).CopyTo(destination.Slice(n));
                        return n + _readPos;
                    }

                    int moreBytesRead = arraySegment.Array != null
                        ? _strategy.Read(arraySegment.Array, arraySegment.Offset + n, arraySegment.Count - n)
                        : _strategy.Read(destination.Slice(n));

                    n += moreBytesRead;
                    // We've just made our buffer inconsistent with our position
                    // pointer.  We must throw away the read buffer.
                    _readPos = 0;
                    _readLen = 0;
                }
            }

            return n;
        }
    }
}
