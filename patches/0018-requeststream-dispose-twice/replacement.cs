// The shadow of .NET's internal System.Net.RequestStream (HttpWebRequest.GetRequestStream with
// AllowWriteStreamBuffering false: it writes straight into the stream HttpClient hands to the request's content):
// the [Replace] members give their bodies to the runtime's Dispose(bool) and DisposeAsync; the [Original] extern
// calls the runtime's own DisposeAsync body, an async method a replacement cannot be written as.
//
// Every Dispose and DisposeAsync flushes the inner stream and completes the request, not only the first; once the
// first has completed it, HttpClient detaches the inner stream, and a DisposeAsync after that awaits the null Task
// its FlushAsync then returns (NullReferenceException). Calls after the first now do nothing but the base class's
// own disposal, as IDisposable asks. The runtime's DisposeAsync sets _disposed before its first await, and its
// base.DisposeAsync() ends in Dispose(true), which finds _disposed set and no longer flushes a second time.
using System.Threading.Tasks;
using StreamConformance.Patching;

namespace System.Net
{
    internal abstract class RequestStream : System.IO.Stream
    {
        private bool _disposed;
        private System.IO.Stream _internalStream;

        public extern void Complete();

        [Replace]
        protected override void Dispose(bool disposing)
        {
            if (disposing && !_disposed)
            {
                _disposed = true;
                _internalStream.Flush();
                Complete();
            }
            base.Dispose(disposing);
        }

        [Replace]
        public override ValueTask DisposeAsync()
        {
            if (_disposed)
                return base.DisposeAsync();
            return OriginalDisposeAsync();
        }

        [Original("DisposeAsync")]
        private extern ValueTask OriginalDisposeAsync();
    }
}
