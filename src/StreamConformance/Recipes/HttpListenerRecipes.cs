using System;
using System.IO;
using System.Net;
using System.Net.Sockets;
using System.Text;
using System.Threading;

namespace StreamConformance.Recipes
{
    // One concept: HttpListener's request and response body recipes, and the helper that closes their response.
    /// <summary>
    /// HttpListener's streams, reached as a server application does: the request body (<c>Request.InputStream</c>)
    /// sent by the client with a Content-Length or chunked, and the response body (<c>Response.OutputStream</c>).
    /// The types are internal and differ by runtime (.NET: HttpRequestStream, ChunkedInputStream, HttpResponseStream;
    /// Mono: RequestStream, ChunkedInputStream, ResponseStream), so each recipe declares its own per runtime.
    /// </summary>
    public abstract class HttpListenerRecipe : StreamRecipe
    {
        protected override bool ReachesDeclaredType => true;
        public override bool HasLivePeer => true;
        public override bool IsOsBacked => true;
        public override bool ReadsReadUntilSizeOrEof => false;
        public override bool WritesVisibleAfterFlush => false;
        public override int PreferredContentLength => 4096;
        // HTTP bodies, like HttpClient's: dotnet/runtime's conformance tests hold its HTTP response streams to no rule
        // after Dispose ("the HTTP response streams don't throw ObjectDisposedException upon disposal").
        public override bool MembersThrowAfterDispose => false;

        protected static byte[] Ascii(string s) => Encoding.ASCII.GetBytes(s);

        /// <summary>A listener on a free loopback port and an HttpClient, as a user's program starts them.</summary>
        protected const string ListenerSource =
            "var probe = new System.Net.Sockets.TcpListener(System.Net.IPAddress.Loopback, 0);\nprobe.Start();\n" +
            "var port = ((System.Net.IPEndPoint)probe.LocalEndpoint).Port;\nprobe.Stop();\n" +
            "var listener = new System.Net.HttpListener();\nlistener.Prefixes.Add($\"http://127.0.0.1:{port}/\");\nlistener.Start();\n" +
            "var client = new System.Net.Http.HttpClient();\n";
    }

    /// <summary>The request body as the listener hands it to the application, for a body of a known length or chunked.</summary>
    public abstract class HttpListenerRequestRecipe : HttpListenerRecipe
    {
        protected abstract bool Chunked { get; }

        public override string Variant => Chunked ? "request chunked" : "request content-length";

        public override StreamFixture? OpenRead(byte[] content)
        {
            using var build = new FixtureBuilder();
            var listener = build.Own(LoopbackListener.Start());
            var request = new MemoryStream();
            var head = $"POST /data HTTP/1.1\r\nHost: 127.0.0.1:{listener.Port}\r\nConnection: close\r\n" +
                       (Chunked ? "Transfer-Encoding: chunked\r\n" : $"Content-Length: {content.Length}\r\n") + "\r\n";
            request.Write(Ascii(head), 0, head.Length);
            if (Chunked)
            {
                // Uneven chunks, so reads rarely line up with chunk boundaries.
                var sizes = new[] { 1, 700, 333, 2048 };
                for (int i = 0, at = 0; at < content.Length; i++)
                {
                    var size = Math.Min(sizes[i % sizes.Length], content.Length - at);
                    var line = Ascii(size.ToString("x") + "\r\n");
                    request.Write(line, 0, line.Length);
                    request.Write(content, at, size);
                    request.Write(Ascii("\r\n"), 0, 2);
                    at += size;
                }
                request.Write(Ascii("0\r\n\r\n"), 0, 5);
            }
            else
            {
                request.Write(content, 0, content.Length);
            }
            var client = build.Own(new RawHttpClient(listener.Port, request.ToArray()));
            var context = listener.Next();
            var closing = build.Own(new Closing(context.Response));
            return build.Fixture(context.Request.InputStream, null, closing, client, listener);
        }

        // HttpClient sends a body of unknown length (an unseekable stream's) chunked, and a byte array's with its length.
        public override string? ReproSource(StreamAccess access) => access != StreamAccess.Read ? null :
            ListenerSource +
            (Chunked ? "var body = new System.Net.Http.StreamContent(new Unseekable(new MemoryStream(content, false)));\n"
                     : "var body = new System.Net.Http.ByteArrayContent(content);\n") +
            "var sent = client.PostAsync($\"http://127.0.0.1:{port}/data\", body);\n" +
            "var context = listener.GetContext();\nvar stream = context.Request.InputStream;";
    }

    public sealed class HttpListenerRequestContentLengthRecipe : HttpListenerRequestRecipe
    {
        public override string TypeName => DeclaredName.Of("System.Net.HttpRequestStream", mono: "System.Net.RequestStream");
        protected override bool Chunked => false;
    }

    public sealed class HttpListenerRequestChunkedRecipe : HttpListenerRequestRecipe
    {
        public override string TypeName => "System.Net.ChunkedInputStream";
        protected override bool Chunked => true;
    }

    /// <summary>The response body the application writes, sent chunked; the read-back is what the client received, decoded.</summary>
    public sealed class HttpListenerResponseRecipe : HttpListenerRecipe
    {
        public override string Variant => "response chunked";
        public override string TypeName => DeclaredName.Of("System.Net.HttpResponseStream", mono: "System.Net.ResponseStream");

        public override StreamFixture? OpenWrite()
        {
            using var build = new FixtureBuilder();
            var listener = build.Own(LoopbackListener.Start());
            var client = build.Own(new RawHttpClient(listener.Port, Ascii($"GET /data HTTP/1.1\r\nHost: 127.0.0.1:{listener.Port}\r\nConnection: close\r\n\r\n")));
            var context = listener.Next();
            var response = context.Response;
            var closing = build.Own(new Closing(response));
            response.SendChunked = true;
            response.ContentType = "application/octet-stream";
            var stream = response.OutputStream;
            return build.Fixture(stream, () =>
            {
                // The body is complete once the response is closed; the client then sees the end.
                try { response.Close(); }
                catch (Exception) { }
                return client.Body();
            }, closing, client, listener);
        }

        public override string? ReproSource(StreamAccess access) => access != StreamAccess.Write ? null :
            ListenerSource +
            "var received = client.GetByteArrayAsync($\"http://127.0.0.1:{port}/data\");\n" +
            "var context = listener.GetContext();\ncontext.Response.SendChunked = true;\nvar stream = context.Response.OutputStream;";

        // The body is complete once the response is closed; the client then has it all.
        public override string? ReproStore(StreamAccess access) => access != StreamAccess.Write ? null :
            "((Func<byte[]>)(() => { try { context.Response.Close(); } catch (Exception) { } return received.GetAwaiter().GetResult(); }))()";
    }

    /// <summary>Closes a listener response when its fixture ends (answering a request whose body was read, or ending one written).</summary>
    sealed class Closing : IDisposable
    {
        readonly HttpListenerResponse _response;
        public Closing(HttpListenerResponse response) => _response = response;

        public void Dispose()
        {
            try { _response.Close(); }
            catch (Exception) { }
        }
    }
}
