// The shadow of Mono 6.8's System.Net.ResponseStream (HttpListenerResponse.OutputStream): the [Replace] members give
// their bodies to the runtime's BeginWrite and EndWrite, which every asynchronous write goes through (WriteAsync
// included); the [Original] externs call the runtime's own bodies for every other write. The shadow
// HttpStreamAsyncResult only declares what the bodies use.
//
// A zero-byte asynchronous write on a chunked response frames a chunk of size 0, "0\r\n" and, after the write, "\r\n":
// the chunked body's terminator, after which the client reads nothing more (the synchronous Write returns early on a
// zero count). The same fault as .NET's managed listener (0012), from the same original code. The fix completes a
// zero-byte write at once with an HttpStreamAsyncResult, and EndWrite returns for such a result.
using StreamConformance.Patching;

namespace System.Net
{
    class HttpStreamAsyncResult : IAsyncResult
    {
        internal AsyncCallback Callback;
        internal object State;

        public extern HttpStreamAsyncResult();
        public extern void Complete();

        public extern object AsyncState { get; }
        public extern System.Threading.WaitHandle AsyncWaitHandle { get; }
        public extern bool CompletedSynchronously { get; }
        public extern bool IsCompleted { get; }
    }

    abstract class ResponseStream : System.IO.Stream
    {
        bool disposed;

        [Replace]
        public override IAsyncResult BeginWrite(byte[] buffer, int offset, int count, AsyncCallback cback, object state)
        {
            if (disposed)
                throw new ObjectDisposedException(GetType().ToString());
            if (count == 0)
            {
                HttpStreamAsyncResult ares = new HttpStreamAsyncResult();
                ares.Callback = cback;
                ares.State = state;
                ares.Complete();
                return ares;
            }
            return OriginalBeginWrite(buffer, offset, count, cback, state);
        }

        [Original("BeginWrite")]
        private extern IAsyncResult OriginalBeginWrite(byte[] buffer, int offset, int count, AsyncCallback cback, object state);

        [Replace]
        public override void EndWrite(IAsyncResult ares)
        {
            if (disposed)
                throw new ObjectDisposedException(GetType().ToString());
            if (ares is HttpStreamAsyncResult)
                return;
            OriginalEndWrite(ares);
        }

        [Original("EndWrite")]
        private extern void OriginalEndWrite(IAsyncResult ares);
    }
}
