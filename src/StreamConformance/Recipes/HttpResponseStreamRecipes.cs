using System.Net;
using System.Net.Http;

namespace StreamConformance.Recipes
{
    // One concept: the response content stream of one GET, its three types one per framing.

    /// <summary>
    /// HttpClient's response content stream (HttpCompletionOption.ResponseHeadersRead) for one body framing, served by
    /// the shared loopback server. The stream types are internal (HttpConnection's, one per framing, on .NET and Mono 6.8
    /// alike): each recipe declares its own.
    /// </summary>
    public abstract class HttpResponseStreamRecipe : LoopbackHttpBodyRecipe
    {
        protected abstract HttpFraming Framing { get; }
        public override string Variant => "http-response " + Framing switch
        {
            HttpFraming.ContentLength => "content-length",
            HttpFraming.Chunked => "chunked",
            _ => "connection-close",
        };
        public override bool ReadsReadUntilSizeOrEof => false;
        public override int PreferredContentLength => 4096;
        // dotnet/runtime's ResponseStreamConformanceTests skip the disposal rule: "the HTTP response streams don't
        // throw ObjectDisposedException upon disposal" (MembersThrowAfterDispose is false for every loopback body).

        public override StreamFixture? OpenRead(byte[] content)
        {
            using var build = new FixtureBuilder();
            var exchange = build.Own(LoopbackHttpService.Shared.Register(new HttpAnswer
            {
                Headers = "Content-Type: application/octet-stream\r\n",
                Body = content,
                Framing = Framing,
            }));
            var client = build.Own(NewClient());
            var response = build.Own(client.GetAsync(exchange.Url, HttpCompletionOption.ResponseHeadersRead).GetAwaiter().GetResult());
            response.EnsureSuccessStatusCode();
            var stream = response.Content.ReadAsStreamAsync().GetAwaiter().GetResult();
            if (content.Length <= HttpExchange.FitsSocketBuffers) exchange.WaitUntilSent();
            return build.Fixture(stream);
        }
    }

    public sealed class HttpResponseContentLengthRecipe : HttpResponseStreamRecipe
    {
        protected override HttpFraming Framing => HttpFraming.ContentLength;
        public override string TypeName => "System.Net.Http.HttpConnection+ContentLengthReadStream";
    }

    public sealed class HttpResponseChunkedRecipe : HttpResponseStreamRecipe
    {
        protected override HttpFraming Framing => HttpFraming.Chunked;
        public override string TypeName => "System.Net.Http.HttpConnection+ChunkedEncodingReadStream";
    }

    public sealed class HttpResponseConnectionCloseRecipe : HttpResponseStreamRecipe
    {
        protected override HttpFraming Framing => HttpFraming.ConnectionClose;
        public override string TypeName => "System.Net.Http.HttpConnection+ConnectionCloseReadStream";
    }
}
