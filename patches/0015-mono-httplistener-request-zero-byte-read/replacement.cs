// The shadow of Mono 6.8's System.Net.RequestStream (HttpListenerRequest.InputStream): the [Replace] members give their
// bodies to the runtime's Read and BeginRead (ReadAsync goes through BeginRead); the [Original] externs call the
// runtime's own bodies for every read of one byte or more, and for arguments they reject. The shadow
// HttpStreamAsyncResult only declares what the bodies use.
//
// A zero-byte read serves nothing from the request's buffer and goes on to read the connection, where nothing more
// comes while the client waits for the response: it blocks with the body unread. The fix answers a valid zero-byte
// read with 0 at once (BeginRead: an HttpStreamAsyncResult completed with 0, which EndRead already returns).
using StreamConformance.Patching;

namespace System.Net
{
    class HttpStreamAsyncResult : IAsyncResult
    {
        internal byte[] Buffer;
        internal int Offset;
        internal int Count;
        internal AsyncCallback Callback;
        internal object State;
        internal int SynchRead;

        public extern HttpStreamAsyncResult();
        public extern void Complete();

        public extern object AsyncState { get; }
        public extern System.Threading.WaitHandle AsyncWaitHandle { get; }
        public extern bool CompletedSynchronously { get; }
        public extern bool IsCompleted { get; }
    }

    abstract class RequestStream : System.IO.Stream
    {
        bool disposed;

        [Replace]
        public override int Read(byte[] buffer, int offset, int count)
        {
            if (count == 0 && !disposed && buffer != null && offset >= 0 && offset <= buffer.Length)
                return 0;
            return OriginalRead(buffer, offset, count);
        }

        [Original("Read")]
        private extern int OriginalRead(byte[] buffer, int offset, int count);

        [Replace]
        public override IAsyncResult BeginRead(byte[] buffer, int offset, int count, AsyncCallback cback, object state)
        {
            if (count == 0 && !disposed && buffer != null && offset >= 0 && offset <= buffer.Length)
            {
                HttpStreamAsyncResult ares = new HttpStreamAsyncResult();
                ares.Buffer = buffer;
                ares.Offset = offset;
                ares.Count = count;
                ares.Callback = cback;
                ares.State = state;
                ares.SynchRead = 0;
                ares.Complete();
                return ares;
            }
            return OriginalBeginRead(buffer, offset, count, cback, state);
        }

        [Original("BeginRead")]
        private extern IAsyncResult OriginalBeginRead(byte[] buffer, int offset, int count, AsyncCallback cback, object state);
    }
}
