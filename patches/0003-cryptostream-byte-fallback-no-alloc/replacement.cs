// The shadow of .NET's System.Security.Cryptography.CryptoStream: the [Replace] members give their bodies to the
// runtime's members of the same signature; the fields only declare what the bodies use.
//
// ReadByte and WriteByte serve most bytes from the buffers but fall back to the base Stream.ReadByte/WriteByte,
// which allocate a byte[1] per call, whenever the output buffer holds one byte or less (read) or the byte completes
// an input block (write): about twice per block. The fallback now calls Read/Write with a one-byte span over a
// local: Stream.Read(Span)/Write(ReadOnlySpan) rent from ArrayPool and call the same Read/Write(byte[], …).
using StreamConformance.Patching;

namespace System.Security.Cryptography
{
    public abstract class CryptoStream : System.IO.Stream, IDisposable
    {
        private byte[] _inputBuffer;
        private int _inputBufferIndex;
        private int _inputBlockSize;
        private byte[] _outputBuffer;
        private int _outputBufferIndex;

        [Replace]
        public override int ReadByte()
        {
            // If we have enough bytes in the buffer such that reading 1 will still leave bytes
            // in the buffer, then take the faster path of simply returning the first byte.
            if (_outputBufferIndex > 1)
            {
                byte b = _outputBuffer[0];
                Buffer.BlockCopy(_outputBuffer, 1, _outputBuffer, 0, _outputBufferIndex - 1);
                _outputBufferIndex -= 1;
                return b;
            }

            // Otherwise, fall back to the more robust path of calling Read, with a one-byte span
            // rather than the base Stream.ReadByte's new byte[1] per call.
            byte oneByte = 0;
            return Read(new Span<byte>(ref oneByte)) != 0 ? oneByte : -1;
        }

        [Replace]
        public override void WriteByte(byte value)
        {
            // If there's room in the input buffer such that even with this byte we wouldn't
            // complete a block, simply add the byte to the input buffer.
            if (_inputBufferIndex + 1 < _inputBlockSize)
            {
                _inputBuffer![_inputBufferIndex++] = value;
                return;
            }

            // Otherwise, the logic is complicated, so we simply fall back to Write, with a
            // one-byte span rather than the base Stream.WriteByte's new byte[1] per call.
            Write(new ReadOnlySpan<byte>(in value));
        }
    }
}
