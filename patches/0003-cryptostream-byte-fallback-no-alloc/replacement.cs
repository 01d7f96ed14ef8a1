// The shadow of .NET's System.Security.Cryptography.CryptoStream: the [Replace] member gives its body to the
// runtime's member of the same signature; the fields, the extern ReadAsyncCore and the shadow SR only declare what
// the body uses (they map onto the assembly's own private method and its resource strings).
//
// ReadByte serves most bytes from the output buffer but falls back to the base Stream.ReadByte, which allocates a
// byte[1] per call, whenever the output buffer holds one byte or less: about twice per block. A one-byte span
// instead would go through the base Read(Span<byte>) (CryptoStream does not override it), which rents from
// ArrayPool<byte>.Shared and returns the array with the plaintext byte still in it. So the fallback stays in the
// stream's own buffer: a zero-length ReadAsyncCore (what Read(buffer, 0, 0) already does) transforms the next block,
// or the final one at the end of the input, into _outputBuffer and hands nothing back; ReadByte then takes the first
// byte, shifts the rest down and zeroes the freed byte, as ReadAsyncCore does; -1 if the buffer is still empty.
// WriteByte is left to patch 0002 (one patch per member; the two go upstream as one pull request).
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
        private byte[] _outputBuffer;
        private int _outputBufferIndex;

        private extern ValueTask<int> ReadAsyncCore(Memory<byte> buffer, CancellationToken cancellationToken, bool useAsync);

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
            // without handing anything back, as Read(buffer, 0, 0) does. This avoids both the allocation
            // of the base Stream.ReadByte and the pooled array of the base Read(Span<byte>), which would
            // go back to the pool holding plaintext.
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
    }
}
