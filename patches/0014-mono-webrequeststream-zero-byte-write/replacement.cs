// The shadow of Mono 6.8's System.Net.WebRequestStream (HttpWebRequest.GetRequestStream): the [Replace] member gives
// its body to the runtime's WriteAsync, which every write goes through (Write waits on it, BeginWrite wraps it); the
// [Original] extern calls the runtime's own WriteAsync for every write of one byte or more. The shadow
// WebConnectionStream and WebOperation only declare what the body uses.
//
// With SendChunked, every write is framed as a chunk, and a zero-byte one as "0\r\n\r\n": the chunked body's
// terminator, after which the server reads nothing more of the request. The fix sends nothing for a zero-byte write,
// once the checks every write makes (arguments, cancellation, a closed or already written request) have passed.
using System.Threading;
using System.Threading.Tasks;
using StreamConformance.Patching;

namespace System.Net
{
    abstract class WebOperation
    {
        public extern BufferOffsetSize WriteBuffer { get; }
        internal extern void ThrowIfClosedOrDisposed(CancellationToken cancellationToken);
    }

    abstract class BufferOffsetSize
    {
    }

    abstract class WebConnectionStream : System.IO.Stream
    {
        internal extern WebOperation Operation { get; }
    }

    abstract class WebRequestStream : WebConnectionStream
    {
        [Replace]
        public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
        {
            if (count == 0 && buffer != null && offset >= 0 && offset <= buffer.Length && !cancellationToken.IsCancellationRequested)
            {
                Operation.ThrowIfClosedOrDisposed(cancellationToken);
                if (Operation.WriteBuffer != null)
                    throw new InvalidOperationException();
                return Task.CompletedTask;
            }
            return OriginalWriteAsync(buffer, offset, count, cancellationToken);
        }

        [Original("WriteAsync")]
        private extern Task OriginalWriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken);
    }
}
