// The shadow of .NET's internal System.IO.Compression.SubReadStream (ZipArchiveEntry.Open on an archive opened for
// reading, for an entry stored without compression; compressed entries read through a DeflateStream over it): the
// [Replace] member gives its body to the runtime's Flush; the extern only declares what it uses.
//
// Flush on this read-only stream throws NotSupportedException ("writing not supported"), and so does FlushAsync, which
// it does not override. Stream.Flush's documentation and dotnet/runtime's conformance tests hold flushing a read-only
// stream to be valid and to do nothing: code that flushes whatever stream it was given (a CryptoStream being disposed,
// a copy helper) fails on a zip entry. The fix keeps the disposed check and does nothing else.
using StreamConformance.Patching;

namespace System.IO.Compression
{
    internal abstract class SubReadStream : Stream
    {
        private extern void ThrowIfDisposed();

        [Replace]
        public override void Flush()
        {
            ThrowIfDisposed();
        }
    }
}
