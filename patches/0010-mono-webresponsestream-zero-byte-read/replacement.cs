// The shadow of Mono 6.8's System.Net.WebResponseStream (HttpWebResponse.GetResponseStream): the [Replace] member
// gives its body to the runtime's ReadAsync, which every read of the stream goes through (Read and ReadAsync(Memory)
// call it); the [Original] extern calls the runtime's own ReadAsync, an async method a replacement cannot be.
//
// A zero-byte read asks for nothing, but ReadAsync passes it down to the connection, gets 0 back and takes that 0 for
// the end of the body: the stream reports its end and the rest of the body is lost (when the body was not all read
// with the headers). The fix answers a valid zero-byte read with 0 at once, before any read state is touched, as
// dotnet/runtime's conformance tests allow ("blocks until data is available or nops"); every other call, including
// one with bad arguments or a cancelled token, takes the original path and its exceptions.
using System.Threading;
using System.Threading.Tasks;
using StreamConformance.Patching;

namespace System.Net
{
    abstract class WebConnectionStream : System.IO.Stream
    {
    }

    abstract class WebResponseStream : WebConnectionStream
    {
        [Replace]
        public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
        {
            if (count == 0 && buffer != null && offset >= 0 && offset <= buffer.Length && !cancellationToken.IsCancellationRequested)
                return Task.FromResult(0);
            return OriginalReadAsync(buffer, offset, count, cancellationToken);
        }

        [Original("ReadAsync")]
        private extern Task<int> OriginalReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken);
    }
}
