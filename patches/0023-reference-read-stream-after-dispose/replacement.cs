// The shadow of ASP.NET Core's internal Microsoft.AspNetCore.Http.ReferenceReadStream (what IFormFile.OpenReadStream
// returns: a window over the buffered request body): the [Replace] members give their bodies to the runtime's; the
// fields and the extern ThrowIfDisposed only declare what the bodies use.
//
// Dispose sets _disposed, and Read, ReadAsync and the Position setter check it, but CanRead is the constant true,
// CanSeek the inner stream's, and Length and the Position getter answer. The upstream diff makes CanRead and CanSeek
// false once disposed and has Length and the Position getter throw ObjectDisposedException, as these bodies do.
using System.IO;
using StreamConformance.Patching;

namespace Microsoft.AspNetCore.Http
{
    internal abstract class ReferenceReadStream : Stream
    {
        private readonly Stream _inner;
        private readonly long _length;
        private long _position;
        private bool _disposed;

        private extern void ThrowIfDisposed();

        [Replace]
        public override bool CanRead => !_disposed;

        [Replace]
        public override bool CanSeek => !_disposed && _inner.CanSeek;

        [Replace]
        public override long Length
        {
            get
            {
                ThrowIfDisposed();
                return _length;
            }
        }

        [Replace]
        public override long Position
        {
            get
            {
                ThrowIfDisposed();
                return _position;
            }
        }
    }
}
