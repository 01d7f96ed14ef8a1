// The shadow of .NET's internal System.Net.Http.HttpConnection.HttpContentWriteStream (the body stream HttpClient
// hands to HttpContent.SerializeToStreamAsync on an HTTP/1.1 connection): the [Replace] member gives its body to the
// runtime's FlushAsync; the shadow HttpContentStream and HttpConnection only declare what the body uses.
//
// Once the request body is sent, the stream is detached from its connection, and FlushAsync then returns null
// instead of a Task: whoever awaits it gets a NullReferenceException (HttpWebRequest's RequestStream does, in
// DisposeAsync after Dispose). Flush, its synchronous twin, does nothing in that state; FlushAsync now returns a
// completed Task.
using System.Threading;
using System.Threading.Tasks;
using StreamConformance.Patching;

namespace System.Net.Http
{
    internal abstract class HttpContentStream : System.IO.Stream
    {
        protected HttpConnection _connection;
    }

    internal abstract class HttpConnection
    {
        private extern ValueTask FlushAsync(bool async);

        private abstract class HttpContentWriteStream : HttpContentStream
        {
            [Replace]
            public override Task FlushAsync(CancellationToken ignored)
            {
                HttpConnection connection = _connection;
                return connection is not null ?
                    connection.FlushAsync(async: true).AsTask() :
                    Task.CompletedTask;
            }
        }
    }
}
