// The shadow of .NET's internal System.Net.HttpResponseStream (HttpListenerResponse.OutputStream, the managed
// listener of Linux and macOS): the [Replace] members give their bodies to the runtime's BeginWriteCore and
// EndWriteCore, which every asynchronous write goes through (BeginWrite, WriteAsync of an array or a memory); the
// [Original] externs call the runtime's own bodies for every other write. The shadow HttpStreamAsyncResult only
// declares what the bodies use.
//
// A zero-byte asynchronous write on a chunked response frames a chunk of size 0, "0\r\n" and, after the write, "\r\n":
// the chunked body's terminator. The client stops reading there and every byte written after it is lost (the
// synchronous Write returns early on a zero size). The fix completes a zero-byte write at once, as a write on a
// closed stream already is, and its end does nothing.
using System.Threading;
using StreamConformance.Patching;

namespace System.Net
{
    internal sealed class HttpStreamAsyncResult : IAsyncResult
    {
        internal AsyncCallback _callback;
        internal object _state;

        internal extern HttpStreamAsyncResult(object parent);
        public extern void Complete();

        public extern object AsyncState { get; }
        public extern WaitHandle AsyncWaitHandle { get; }
        public extern bool CompletedSynchronously { get; }
        public extern bool IsCompleted { get; }
    }

    internal abstract class HttpResponseStream : System.IO.Stream
    {
        private bool _closed;

        [Replace]
        private IAsyncResult BeginWriteCore(byte[] buffer, int offset, int size, AsyncCallback cback, object state)
        {
            if (_closed || size == 0)
            {
                HttpStreamAsyncResult ares = new HttpStreamAsyncResult(this);
                ares._callback = cback;
                ares._state = state;
                ares.Complete();
                return ares;
            }
            return OriginalBeginWriteCore(buffer, offset, size, cback, state);
        }

        [Original("BeginWriteCore")]
        private extern IAsyncResult OriginalBeginWriteCore(byte[] buffer, int offset, int size, AsyncCallback cback, object state);

        [Replace]
        private void EndWriteCore(IAsyncResult asyncResult)
        {
            if (_closed || asyncResult is HttpStreamAsyncResult)
                return;
            OriginalEndWriteCore(asyncResult);
        }

        [Original("EndWriteCore")]
        private extern void OriginalEndWriteCore(IAsyncResult asyncResult);
    }
}
