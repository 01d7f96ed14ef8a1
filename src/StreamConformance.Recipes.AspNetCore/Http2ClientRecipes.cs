using System;
using System.IO;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using StreamConformance.Recipes;

namespace StreamConformance.Recipes.AspNetCore
{
    // One concept: HttpClient's HTTP/2 streams over Kestrel's h2c port, one recipe each, and the helpers they use.

    /// <summary>
    /// HttpClient's HTTP/2 streams (System.Net.Http), the client side of an exchange with the shared Kestrel's h2c port
    /// (HttpVersion.Version20, RequestVersionExact: prior knowledge, no TLS). Here the stream under test is the client's;
    /// the server only feeds or echoes. Knobs of an HTTP body, as dotnet/runtime's conformance tests hold HttpClient's
    /// response streams ("the HTTP response streams don't throw ObjectDisposedException upon disposal").
    /// </summary>
    static class Http2Exchanges
    {
        public static HttpRequestMessage Request(KestrelLoopback server, HttpMethod method, string key, HttpContent? content)
        {
            var request = new HttpRequestMessage(method, $"http://127.0.0.1:{server.Http2Port}/?x={key}") { Content = content };
            request.Version = HttpVersion.Version20;
            request.VersionPolicy = HttpVersionPolicy.RequestVersionExact;
            return request;
        }

        /// <summary>
        /// Writes the content and ends the response in the background: HTTP/2 flow control holds a large write until the
        /// client reads, and the client reads only once the exchange has handed over.
        /// </summary>
        public static void Feed(HttpContext context, Stream body, byte[] content) =>
            _ = Task.Run(async () =>
            {
                try
                {
                    await body.WriteAsync(content);
                    await context.Response.CompleteAsync();
                }
                catch (Exception) { } // the client left before the end (a check that reads part): its reset ends this
            });

        /// <summary>The response's content stream, headers read, body not; the response and the exchange end with the fixture.</summary>
        public static StreamFixture OpenResponse(Func<HttpContext, Task<Stream>> serve, HttpMethod method, Action<HttpRequestMessage>? configure)
        {
            var server = KestrelLoopback.Shared;
            var key = server.NewKey();
            using var build = new FixtureBuilder();
            var exchange = build.Own(server.Register(key, serve));
            var request = Request(server, method, key, null);
            configure?.Invoke(request);
            var send = Task.Run(() => server.Client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead));
            exchange.Await(send);
            if (!send.Wait(RecipeEnvironment.HelperTimeout))
                throw new TimeoutException($"no HTTP/2 response head within {RecipeEnvironment.HelperTimeout.TotalSeconds} s");
            var response = build.Own(send.Result);
            if (response.Version != HttpVersion.Version20) throw new InvalidOperationException("the response came over HTTP/" + response.Version);
            if (!response.IsSuccessStatusCode) throw new InvalidOperationException("the server answered " + (int)response.StatusCode);
            var stream = response.Content.ReadAsStream();
            return build.Fixture(stream, null, response, exchange);
        }
    }

    /// <summary>
    /// Http2Connection+Http2Stream+Http2ReadStream: the content stream of an HTTP/2 response read with ResponseHeadersRead.
    /// The server writes the content and completes the response, so the stream ends where the content does.
    /// </summary>
    public sealed class Http2ResponseReadStreamRecipe : HttpBodyRecipe
    {
        public override string TypeName => "System.Net.Http.Http2Connection+Http2Stream+Http2ReadStream";
        public override string Variant => "HTTP/2 response content (h2c, Kestrel)";

        // Declines empty content: HttpClient hands out EmptyReadStream for a response that ends with its headers.
        public override StreamFixture? OpenRead(byte[] content) => content.Length == 0 ? null :
            Checked(Http2Exchanges.OpenResponse(context =>
            {
                context.Response.ContentType = "application/octet-stream";
                Http2Exchanges.Feed(context, context.Response.Body, content);
                return Task.FromResult(Stream.Null);
            }, HttpMethod.Get, null));
    }

    /// <summary>
    /// Http2Connection+Http2Stream+Http2WriteStream: the stream a custom HttpContent's SerializeToStreamAsync receives for
    /// an HTTP/2 POST. The server reads the whole request body and echoes it as the response; the read-back ends the
    /// content (SerializeToStreamAsync returns, HttpClient ends the HTTP/2 stream) and is the echoed body.
    /// </summary>
    public sealed class Http2RequestWriteStreamRecipe : HttpBodyRecipe
    {
        public override string TypeName => "System.Net.Http.Http2Connection+Http2Stream+Http2WriteStream";
        public override string Variant => "HTTP/2 request content (h2c, Kestrel)";

        public override StreamFixture? OpenWrite()
        {
            var server = KestrelLoopback.Shared;
            var key = server.NewKey();
            var exchange = server.Register(key, async context =>
            {
                var received = new MemoryStream();
                await context.Request.Body.CopyToAsync(received);
                context.Response.ContentType = "application/octet-stream";
                await context.Response.Body.WriteAsync(received.ToArray());
                await context.Response.CompleteAsync();
                return Stream.Null;
            });
            var content = new HandOverContent();
            var send = Task.Run(async () =>
            {
                using var request = Http2Exchanges.Request(server, HttpMethod.Post, key, content);
                using var response = await server.Client.SendAsync(request, HttpCompletionOption.ResponseContentRead).ConfigureAwait(false);
                if (response.Version != HttpVersion.Version20) throw new InvalidOperationException("the response came over HTTP/" + response.Version);
                return await response.Content.ReadAsByteArrayAsync().ConfigureAwait(false);
            });
            using var build = new FixtureBuilder();
            var finish = build.Own(new Finish(content, send, exchange));
            var stream = content.WaitForStream(send);
            return Checked(build.Fixture(stream, finish.Body));
        }

        sealed class Finish : IDisposable
        {
            readonly HandOverContent _content;
            readonly Task<byte[]> _send;
            readonly Exchange _exchange;

            public Finish(HandOverContent content, Task<byte[]> send, Exchange exchange)
            {
                _content = content;
                _send = send;
                _exchange = exchange;
            }

            public byte[] Body()
            {
                _content.Release();
                if (!_send.Wait(RecipeEnvironment.HelperTimeout))
                    throw new TimeoutException($"the echo did not end within {RecipeEnvironment.HelperTimeout.TotalSeconds} s");
                return _send.Result;
            }

            public void Dispose()
            {
                _content.Release();
                try { _send.Wait(RecipeEnvironment.HelperTimeout); }
                catch (Exception) { } // a request whose stream was disposed mid-body may end in a reset: nothing to report here
                _exchange.Dispose();
            }
        }
    }

    /// <summary>
    /// Http2Connection+Http2Stream+Http2ReadWriteStream: the content stream of an accepted HTTP/2 extended CONNECT (RFC 8441;
    /// Headers.Protocol), Kestrel's IHttpExtendedConnectFeature.AcceptAsync on the server, which writes the content into the
    /// tunnel and ends its side. Checked as a reader only (below).
    /// </summary>
    public sealed class Http2ExtendedConnectStreamRecipe : HttpBodyRecipe
    {
        public override string TypeName => "System.Net.Http.Http2Connection+Http2Stream+Http2ReadWriteStream";
        public override string Variant => "accepted HTTP/2 extended CONNECT (h2c, Kestrel)";

        static void Configure(HttpRequestMessage request) => request.Headers.Protocol = "streamconf";

        static async Task<Stream> Accept(HttpContext context)
        {
            var connect = context.Features.Get<IHttpExtendedConnectFeature>();
            if (connect == null || !connect.IsExtendedConnect) throw new InvalidOperationException("the request is not an extended CONNECT");
            return await connect.AcceptAsync();
        }

        public override StreamFixture? OpenRead(byte[] content) =>
            Checked(Http2Exchanges.OpenResponse(async context =>
            {
                Http2Exchanges.Feed(context, await Accept(context), content);
                return Stream.Null;
            }, HttpMethod.Connect, Configure));

        // No writer: the client cannot end its side of the tunnel. Http2ReadWriteStream has no half-close, and its Dispose
        // resets the HTTP/2 stream (RST_STREAM) while the server still reads, so the server never learns where what was
        // written ends and the read-back would be a guess.
    }

    /// <summary>An HttpContent that hands the stream SerializeToStreamAsync receives to the fixture and ends the body when released.</summary>
    sealed class HandOverContent : HttpContent
    {
        readonly TaskCompletionSource<Stream> _given = new TaskCompletionSource<Stream>(TaskCreationOptions.RunContinuationsAsynchronously);
        readonly TaskCompletionSource<bool> _release = new TaskCompletionSource<bool>(TaskCreationOptions.RunContinuationsAsynchronously);

        public HandOverContent() => Headers.ContentType = new MediaTypeHeaderValue("application/octet-stream");

        protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context)
        {
            _given.TrySetResult(stream);
            return _release.Task;
        }

        protected override bool TryComputeLength(out long length)
        {
            length = 0;
            return false;
        }

        public Stream WaitForStream(Task operation)
        {
            Task.WaitAny(new Task[] { _given.Task, operation }, RecipeEnvironment.HelperTimeout);
            if (_given.Task.IsCompleted) return _given.Task.Result;
            if (operation.IsFaulted) throw new IOException("the request ended before its content was asked for: " + operation.Exception!.GetBaseException().Message);
            throw new TimeoutException("SerializeToStreamAsync was not called");
        }

        public void Release() => _release.TrySetResult(true);
    }
}
