using System.Net.Http;
using System.Net.Http.Headers;
using System.Threading;
using System.Threading.Tasks;

namespace StreamConformance.Recipes
{
    // One concept: the request body stream, its two types one per framing.

    /// <summary>
    /// HttpClient's request content streams (HttpConnection+ContentLengthWriteStream, +ChunkedEncodingWriteStream):
    /// the stream a custom HttpContent's SerializeToStreamAsync receives when HttpClient POSTs it to the shared
    /// loopback server. Flush sends what was written, so the read-back is what the server received by then: it cancels
    /// the request, which drops the connection without flushing anything more (ending the body normally would flush
    /// and hide a Flush that sent nothing). The fixture flushes once at open so the server has the request head before
    /// any check runs. With a known length the content declares more than any check writes (an unknown amount), so
    /// the stream must refuse bytes past it. dotnet/runtime holds its HTTP streams to no rule after Dispose (as for the
    /// response streams), and these report CanWrite true for life, by design: both advisory here.
    /// </summary>
    public abstract class HttpRequestContentRecipe : LoopbackHttpBodyRecipe
    {
        /// <summary>Declared Content-Length: far past what any check or meter writes.</summary>
        const long DeclaredLength = 1L << 30;

        protected abstract bool KnownLength { get; }

        public override string Variant => KnownLength ? "request-content content-length" : "request-content chunked";
        public override string TypeName => KnownLength ? "System.Net.Http.HttpConnection+ContentLengthWriteStream" : "System.Net.Http.HttpConnection+ChunkedEncodingWriteStream";
        public override bool CansReturnFalseAfterDispose => false;
        // A request body ends when SerializeToStreamAsync returns, not at Dispose: disposing the stream tears the
        // connection down unflushed (dotnet/runtime's HttpContentStream calls that misuse), so it is read back after
        // Flush, before Dispose, and nothing is compared after it.
        public override bool ReadBackBeforeDispose => true;

        public override StreamFixture? OpenWrite()
        {
            var exchange = LoopbackHttpService.Shared.Register(new HttpAnswer());
            // No client timeout: a meter may keep the stream longer; the fixture's end bounds the request.
            var client = NewClient();
            client.Timeout = Timeout.InfiniteTimeSpan;
            var content = new HandOverContent(KnownLength ? DeclaredLength : (long?)null);
            content.Headers.ContentType = new MediaTypeHeaderValue("application/octet-stream");
            var request = new HttpRequestMessage(HttpMethod.Post, exchange.Url) { Content = content };
            if (!KnownLength) request.Headers.TransferEncodingChunked = true;
            var cancel = new CancellationTokenSource();
            var send = Task.Run(() => client.SendAsync(request, cancel.Token));
            using var build = new FixtureBuilder();
            build.Own(new PendingRequest(content, send, request, client, exchange, cancel));
            var stream = content.WaitForStream(send);
            stream.Flush();
            return build.Fixture(stream, () =>
            {
                cancel.Cancel();
                return exchange.Received();
            });
        }

        /// <summary>
        /// The stream exists only inside SerializeToStreamAsync: the program's HandOver content hands it out, POSTed by
        /// HttpClient to a server written out, chunked or with a declared length far past what is written.
        /// </summary>
        public override string? ReproSource(StreamAccess access) => access != StreamAccess.Write ? null :
            ReproServer.Answering("200 OK") +
            "var handOver = new HandOver();\n" +
            (KnownLength ? "handOver.Headers.ContentLength = 1L << 30;\n" : "") +
            "var request = new System.Net.Http.HttpRequestMessage(System.Net.Http.HttpMethod.Post, \"http://127.0.0.1:\" + port + \"/\") { Content = handOver };\n" +
            (KnownLength ? "" : "request.Headers.TransferEncodingChunked = true;\n") +
            "var sending = new System.Net.Http.HttpClient().SendAsync(request);\n" +
            "var stream = handOver.Given.Task.GetAwaiter().GetResult();";
    }

    public sealed class HttpRequestContentLengthRecipe : HttpRequestContentRecipe
    {
        protected override bool KnownLength => true;
    }

    public sealed class HttpRequestChunkedRecipe : HttpRequestContentRecipe
    {
        protected override bool KnownLength => false;
    }
}
