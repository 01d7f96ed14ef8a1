using System;
using System.IO;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Net.Sockets;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using StreamConformance.Recipes;

namespace StreamConformance.Recipes.AspNetCore
{
    // One concept: Kestrel's own body and upgrade streams, one recipe each, and how they drive the shared server.

    /// <summary>How recipes drive the shared Kestrel server: an HTTP exchange through HttpClient, or a raw loopback socket.</summary>
    static class KestrelExchanges
    {
        /// <summary>
        /// Sends a request to <paramref name="path"/> ("{key}" in it becomes the exchange's key) on the shared server and returns the stream <paramref name="pick"/>
        /// takes from its HttpContext; the request is held open until the fixture ends. For a writable stream the read-back
        /// is the response body the client received, through <paramref name="decode"/>.
        /// </summary>
        public static StreamFixture Open(string path, HttpMethod method, HttpContent? content, Func<HttpContext, Task<Stream>> pick,
            Action<HttpRequestMessage>? configure = null, Func<HttpResponseMessage, byte[], byte[]>? decode = null, bool http2 = false)
        {
            var server = KestrelLoopback.Shared;
            var key = server.NewKey();
            using var build = new FixtureBuilder();
            var exchange = server.Register(key, pick);
            var finish = build.Own(new Finish(exchange));
            var port = http2 ? server.Http2Port : server.HttpPort;
            var request = new HttpRequestMessage(method, $"http://127.0.0.1:{port}{path.Replace("{key}", key)}?x={key}") { Content = content };
            if (http2)
            {
                request.Version = HttpVersion.Version20;
                request.VersionPolicy = HttpVersionPolicy.RequestVersionExact;
            }
            configure?.Invoke(request);
            finish.Response = Task.Run(async () =>
            {
                using var message = await server.Client.SendAsync(request, HttpCompletionOption.ResponseContentRead).ConfigureAwait(false);
                var body = await message.Content.ReadAsByteArrayAsync().ConfigureAwait(false);
                return decode != null ? decode(message, body) : body;
            });
            var stream = exchange.Await(finish.Response);
            return build.Fixture(stream, decode != null || method == HttpMethod.Get || method == HttpMethod.Connect ? finish.Body : null);
        }

        /// <summary>Ends the server's side of an exchange, then waits (bounded) for the client to have the whole response.</summary>
        sealed class Finish : IDisposable
        {
            readonly Exchange _exchange;

            public Finish(Exchange exchange) => _exchange = exchange;

            /// <summary>The request, once sent (null while the fixture is still being built).</summary>
            public Task<byte[]>? Response { get; set; }

            public byte[] Body()
            {
                _exchange.Release();
                if (!Response!.Wait(RecipeEnvironment.HelperTimeout))
                    throw new TimeoutException($"the response did not end within {RecipeEnvironment.HelperTimeout.TotalSeconds} s");
                return Response.Result;
            }

            public void Dispose()
            {
                _exchange.Release();
                try { Response?.Wait(RecipeEnvironment.HelperTimeout); }
                catch (Exception) { } // a request whose body was left unread may end in a reset: nothing to report here
                _exchange.Dispose();
            }
        }

        /// <summary>A request body sent in uneven chunks (Transfer-Encoding: chunked), so reads rarely meet chunk boundaries.</summary>
        public sealed class ChunkedContent : HttpContent
        {
            static readonly int[] Sizes = { 1, 700, 333, 2048 };
            readonly byte[] _content;

            public ChunkedContent(byte[] content, string mediaType)
            {
                _content = content;
                Headers.ContentType = new MediaTypeHeaderValue(mediaType);
            }

            protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context)
            {
                for (int i = 0, at = 0; at < _content.Length; i++)
                {
                    var size = Math.Min(Sizes[i % Sizes.Length], _content.Length - at);
                    await stream.WriteAsync(_content.AsMemory(at, size)).ConfigureAwait(false);
                    await stream.FlushAsync().ConfigureAwait(false);
                    at += size;
                }
            }

            protected override bool TryComputeLength(out long length)
            {
                length = 0;
                return false;
            }
        }

        public static HttpContent Body(byte[] content, bool chunked, string mediaType = "application/octet-stream")
        {
            if (chunked) return new ChunkedContent(content, mediaType);
            var fixedLength = new ByteArrayContent(content);
            fixedLength.Headers.ContentType = new MediaTypeHeaderValue(mediaType);
            return fixedLength;
        }

        /// <summary>A loopback socket bound to its own ephemeral port (the key the server finds its exchange by), connected to <paramref name="port"/>.</summary>
        public static Socket Connect(int port, out string key)
        {
            using var build = new FixtureBuilder();
            var socket = build.Own(new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp) { NoDelay = true });
            socket.ReceiveTimeout = socket.SendTimeout = (int)RecipeEnvironment.HelperTimeout.TotalMilliseconds;
            socket.Bind(new IPEndPoint(IPAddress.Loopback, 0));
            key = "port" + ((IPEndPoint)socket.LocalEndPoint!).Port;
            build.HandOver();
            return socket;
        }

        /// <summary>Reads an HTTP response head byte by byte (nothing after it is taken), returning its text.</summary>
        public static string ReadHead(Stream stream)
        {
            var head = new StringBuilder();
            while (!head.ToString().EndsWith("\r\n\r\n", StringComparison.Ordinal))
            {
                var b = stream.ReadByte();
                if (b < 0) throw new IOException("the connection closed inside the response head: " + head);
                head.Append((char)b);
                if (head.Length > 16384) throw new InvalidDataException("response head over 16 kB");
            }
            return head.ToString();
        }
    }

    /// <summary>Kestrel's request body (HttpRequestStream) as HttpContext.Request.Body, for a body with a Content-Length or chunked.</summary>
    public abstract class KestrelRequestBodyRecipe : HttpBodyRecipe
    {
        public override string TypeName => "Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Http.HttpRequestStream";
        protected abstract bool Chunked { get; }
        public override string Variant => Chunked ? "request chunked" : "request content-length";

        public override StreamFixture? OpenRead(byte[] content) =>
            Checked(KestrelExchanges.Open("/", HttpMethod.Post, KestrelExchanges.Body(content, Chunked), context => Task.FromResult(context.Request.Body)));

        public override string? ReproSource(StreamAccess access) => access != StreamAccess.Read ? null :
            KestrelRepro.Source("", "", KestrelRepro.RequestBody, Chunked ? KestrelRepro.PostChunked : KestrelRepro.Post);
    }

    public sealed class KestrelRequestBodyContentLengthRecipe : KestrelRequestBodyRecipe
    {
        protected override bool Chunked => false;
    }

    public sealed class KestrelRequestBodyChunkedRecipe : KestrelRequestBodyRecipe
    {
        protected override bool Chunked => true;
    }

    /// <summary>Kestrel's response body (HttpResponseStream) as HttpContext.Response.Body; the read-back is the body HttpClient received.</summary>
    public sealed class KestrelResponseBodyRecipe : HttpBodyRecipe
    {
        public override string TypeName => "Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Http.HttpResponseStream";
        public override string Variant => "response chunked";

        public override StreamFixture? OpenWrite() =>
            Checked(KestrelExchanges.Open("/", HttpMethod.Get, null, context => Task.FromResult(context.Response.Body)));

        public override string? ReproSource(StreamAccess access) => access != StreamAccess.Write ? null :
            KestrelRepro.Source("", "", KestrelRepro.ResponseBody, KestrelRepro.Get);

        public override string? ReproStore(StreamAccess access) => access != StreamAccess.Write ? null : KestrelRepro.Received;
    }

    /// <summary>
    /// The response body of a request that asked for an upgrade (Connection: Upgrade) which the application did not accept:
    /// Kestrel hands out a WrappingStream that would switch to a throwing stream on upgrade; here it passes writes to the
    /// HttpResponseStream. Sent from a raw socket (HttpClient sends no Upgrade header); the read-back is the chunked body, decoded.
    /// </summary>
    public sealed class KestrelUpgradeableResponseRecipe : HttpBodyRecipe
    {
        public override string TypeName => "Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Infrastructure.WrappingStream";
        public override string Variant => "response of an upgradeable request";

        public override StreamFixture? OpenWrite()
        {
            var server = KestrelLoopback.Shared;
            var key = server.NewKey();
            using var build = new FixtureBuilder();
            var exchange = build.Own(server.Register(key, context => Task.FromResult(context.Response.Body)));
            var client = build.Own(new RawHttpClient(server.HttpPort, Encoding.ASCII.GetBytes(
                $"GET /?x={key} HTTP/1.1\r\nHost: 127.0.0.1:{server.HttpPort}\r\nConnection: Upgrade, close\r\nUpgrade: streamconf\r\n\r\n")));
            var stream = exchange.Await(null);
            return Checked(build.Fixture(stream, () =>
            {
                exchange.Release();
                return client.Body();
            }, client, exchange));
        }
    }

    /// <summary>
    /// The stream IHttpUpgradeFeature.UpgradeAsync returns (HttpUpgradeStream): after the 101 response, the raw connection in
    /// both directions. The peer is the client's socket past the response head; knobs of a connected stream.
    /// </summary>
    public sealed class KestrelUpgradeStreamRecipe : HttpBodyRecipe
    {
        public override string TypeName => "Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Http.HttpUpgradeStream";
        public override string Variant => "IHttpUpgradeFeature.UpgradeAsync";
        // An upgraded connection keeps the HTTP body knobs: dotnet/runtime's Http1RawResponseStreamConformanceTests (HttpClient's
        // side of a 101 upgrade) also skips Disposed_ThrowsObjectDisposedException for it.

        public override StreamFixture? OpenRead(byte[] content)
        {
            var (stream, peer, exchange) = Open();
            return Checked(new StreamFixture(stream, null, new Feeder(peer, content), exchange));
        }

        public override StreamFixture? OpenWrite()
        {
            var (stream, peer, exchange) = Open();
            // The stream is duplex, and the harness reads it after Dispose (a rule the official suite skips for HTTP raw
            // streams): with no data in flight such a read waits forever, and the peer cannot end its side instead, since
            // Kestrel closes an upgraded connection on the client's FIN and drops what the application still writes. So the
            // peer sends a few bytes first, which those reads return. Disposed in reverse: the exchange first (the server
            // closes the connection), then the drainer sees the end.
            var drainer = new Drainer(peer, first: () => peer.Write(new byte[PendingForReads], 0, PendingForReads));
            return Checked(new StreamFixture(stream, () =>
            {
                exchange.Release();
                return drainer.Received();
            }, drainer, exchange));
        }

        const int PendingForReads = 256;

        static (Stream Stream, Stream Peer, Exchange Exchange) Open()
        {
            var server = KestrelLoopback.Shared;
            using var build = new FixtureBuilder();
            var socket = build.Own(KestrelExchanges.Connect(server.HttpPort, out var key));
            var exchange = build.Own(server.Register(key.Replace("port", "u"), async context => await context.Features.Get<IHttpUpgradeFeature>()!.UpgradeAsync()));
            socket.Connect(new IPEndPoint(IPAddress.Loopback, server.HttpPort));
            var peer = new NetworkStream(socket, ownsSocket: true);
            var head = Encoding.ASCII.GetBytes($"GET /?x={exchange.Key} HTTP/1.1\r\nHost: 127.0.0.1:{server.HttpPort}\r\nConnection: Upgrade\r\nUpgrade: streamconf\r\n\r\n");
            peer.Write(head, 0, head.Length);
            var stream = exchange.Await(null);
            var response = KestrelExchanges.ReadHead(peer);
            if (!response.StartsWith("HTTP/1.1 101", StringComparison.Ordinal))
                throw new InvalidDataException("the upgrade was not accepted: " + response.Split('\r')[0]);
            build.HandOver();
            return (stream, peer, exchange);
        }
    }

    /// <summary>
    /// The response body of an HTTP/2 extended CONNECT (RFC 8441, how WebSockets run over HTTP/2) that the application refuses
    /// with an error status and a body: Kestrel hands out StatusCheckWriteStream, which lets writes through only for a status of
    /// 300 or more (a 2xx CONNECT response has no body). Sent by HttpClient over h2c with prior knowledge (Headers.Protocol).
    /// </summary>
    public sealed class KestrelExtendedConnectResponseRecipe : HttpBodyRecipe
    {
        public override string TypeName => "Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Infrastructure.StatusCheckWriteStream";
        public override string Variant => "refused HTTP/2 extended CONNECT";

        public override StreamFixture? OpenWrite() =>
            Checked(KestrelExchanges.Open("/", HttpMethod.Connect, null, context =>
            {
                context.Response.StatusCode = StatusCodes.Status400BadRequest;
                context.Response.ContentType = "application/octet-stream";
                return Task.FromResult(context.Response.Body);
            }, request => request.Headers.Protocol = "streamconf", http2: true));
    }
}
