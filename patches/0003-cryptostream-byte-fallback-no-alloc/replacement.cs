// The shadow of .NET's System.Security.Cryptography.CryptoStream: the [Replace] members give their bodies to the
// runtime's members of the same signature; the fields, the extern ReadAsyncCore/WriteAsyncCore and the shadow SR
// only declare what the bodies use (they map onto the assembly's own private methods and its resource strings).
//
// ReadByte and WriteByte serve most bytes from the buffers but fall back to the base Stream.ReadByte/WriteByte,
// which allocate a byte[1] per call, whenever the output buffer holds one byte or less (read) or the byte completes
// an input block (write): about twice per block. A one-byte span instead would go through the base
// Read(Span)/Write(ReadOnlySpan) (CryptoStream overrides neither), which rent from ArrayPool<byte>.Shared and return
// the array with the plaintext byte still in it. So the fallbacks use the stream's own buffers and private cores:
// - ReadByte: refill an empty output buffer with a zero-length ReadAsyncCore, which transforms the next block (or
//   the final one at the end of the input) into _outputBuffer and returns 0 without handing anything back; take the
//   first byte, shift the rest down and zero the freed byte, as ReadAsyncCore does; -1 if the buffer is still empty.
// - WriteByte: a byte that completes a block goes into _inputBuffer and a zero-length WriteAsyncCore transforms and
//   writes the full block, as Write would after copying the byte in. It also carries 0002's _canWrite check: a
//   stream that does not write (and the full block a failed write leaves behind) takes the base fallback, whose
//   Write throws NotSupportedException (or retries that block) as before.
using System.Diagnostics;
using System.Threading;
using System.Threading.Tasks;
using StreamConformance.Patching;

namespace System
{
    internal static class SR
    {
        internal static extern string NotSupported_UnreadableStream { get; }
    }
}

namespace System.Security.Cryptography
{
    public abstract class CryptoStream : System.IO.Stream, IDisposable
    {
        private byte[] _inputBuffer;
        private int _inputBufferIndex;
        private int _inputBlockSize;
        private byte[] _outputBuffer;
        private int _outputBufferIndex;
        private bool _canWrite;

        private extern ValueTask<int> ReadAsyncCore(Memory<byte> buffer, CancellationToken cancellationToken, bool useAsync);
        private extern ValueTask WriteAsyncCore(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken, bool useAsync);

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

            // Otherwise, take the byte from the output buffer as well, refilling it first if it's empty:
            // a zero-length read transforms the next block (or the final one) into the output buffer
            // without handing anything back. This avoids both the allocation of the base Stream.ReadByte
            // and the pooled array of the base Read(Span<byte>), which would go back to the pool holding
            // plaintext.
            if (!CanRead)
                throw new NotSupportedException(SR.NotSupported_UnreadableStream);

            if (_outputBufferIndex == 0)
            {
                ValueTask<int> completedValueTask = ReadAsyncCore(Memory<byte>.Empty, default(CancellationToken), useAsync: false);
                Debug.Assert(completedValueTask.IsCompleted);
                completedValueTask.GetAwaiter().GetResult();

                if (_outputBufferIndex == 0)
                {
                    return -1;
                }
            }

            Debug.Assert(_outputBuffer != null);
            byte first = _outputBuffer[0];
            _outputBufferIndex -= 1;
            _outputBuffer.AsSpan(1, _outputBufferIndex).CopyTo(_outputBuffer);
            CryptographicOperations.ZeroMemory(_outputBuffer.AsSpan(_outputBufferIndex, 1));
            return first;
        }

        [Replace]
        public override void WriteByte(byte value)
        {
            // If the stream writes and there's room in the input buffer such that even with this byte
            // we wouldn't complete a block, simply add the byte to the input buffer.
            if (_canWrite && _inputBufferIndex + 1 < _inputBlockSize)
            {
                _inputBuffer![_inputBufferIndex++] = value;
                return;
            }

            // If the byte completes a block, add it to the input buffer and let a zero-length write
            // transform and write out the full block. This avoids both the allocation of the base
            // Stream.WriteByte and the pooled array of the base Write(ReadOnlySpan<byte>), which would
            // go back to the pool holding plaintext.
            if (_canWrite && _inputBufferIndex + 1 == _inputBlockSize)
            {
                _inputBuffer![_inputBufferIndex++] = value;
                WriteAsyncCore(ReadOnlyMemory<byte>.Empty, default, useAsync: false).AsTask().GetAwaiter().GetResult();
                return;
            }

            // Otherwise (the stream doesn't write, or a failed write left a full block behind), the logic
            // is complicated, so we simply fall back to the base implementation that'll use Write.
            base.WriteByte(value);
        }
    }
}
