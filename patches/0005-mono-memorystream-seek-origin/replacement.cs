// The shadow of Mono 6.8's System.IO.MemoryStream (corefx's, compiled into mscorlib): the [Replace] member gives its
// body to the runtime's Seek; the fields and extern method only declare what the body uses. Mono's mscorlib holds the
// resource strings as literals, so the body does too.
//
// Seek returns _position, the index into the array, where the contract (and Position) gives the position in the
// stream: on new MemoryStream(buffer, 16, 4096), Seek(10, Begin) returns 26 while Position is 10. The fix returns
// _position - _origin, as dotnet/runtime#88572 (2023) does.
using StreamConformance.Patching;

namespace System.IO
{
    public abstract class MemoryStream : Stream
    {
        private int _origin;
        private int _position;
        private int _length;

        private extern void EnsureNotClosed();

        [Replace]
        public override long Seek(long offset, SeekOrigin loc)
        {
            EnsureNotClosed();

            if (offset > int.MaxValue)
                throw new ArgumentOutOfRangeException("offset", "Stream length must be non-negative and less than 2^31 - 1 - origin.");

            switch (loc)
            {
                case SeekOrigin.Begin:
                    {
                        int tempPosition = unchecked(_origin + (int)offset);
                        if (offset < 0 || tempPosition < _origin)
                            throw new IOException("An attempt was made to move the position before the beginning of the stream.");
                        _position = tempPosition;
                        break;
                    }
                case SeekOrigin.Current:
                    {
                        int tempPosition = unchecked(_position + (int)offset);
                        if (unchecked(_position + offset) < _origin || tempPosition < _origin)
                            throw new IOException("An attempt was made to move the position before the beginning of the stream.");
                        _position = tempPosition;
                        break;
                    }
                case SeekOrigin.End:
                    {
                        int tempPosition = unchecked(_length + (int)offset);
                        if (unchecked(_length + offset) < _origin || tempPosition < _origin)
                            throw new IOException("An attempt was made to move the position before the beginning of the stream.");
                        _position = tempPosition;
                        break;
                    }
                default:
                    throw new ArgumentException("Invalid seek origin.");
            }

            return _position - _origin;
        }
    }
}
