// The shadow of .NET's System.Security.Cryptography.CryptoStream: the [Replace] member gives its body to the
// runtime's member of the same signature; the fields only declare what the body uses.
//
// WriteByte's fast path stores the byte in the input buffer without asking whether the stream writes: on a stream
// in read mode WriteByte(1) succeeds silently (and puts the byte among the ciphertext not yet read), where Write
// and the Stream contract throw NotSupportedException. The fix asks first; a read-mode stream then takes the
// existing fallback, whose Write throws.
using StreamConformance.Patching;

namespace System.Security.Cryptography
{
    public abstract class CryptoStream : System.IO.Stream, IDisposable
    {
        private byte[] _inputBuffer;
        private int _inputBufferIndex;
        private int _inputBlockSize;
        private bool _canWrite;

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

            // Otherwise, the logic is complicated, so we simply fall back to the base
            // implementation that'll use Write.
            base.WriteByte(value);
        }
    }
}
