using System;
using System.IO;
using System.Net;
using System.Net.Http;
using System.Net.Sockets;
using System.Text;
using System.Threading;

namespace StreamConformance.Recipes
{
    /// <summary>How the loopback server delimits the response body.</summary>
    public enum HttpFraming
    {
        ContentLength,
        Chunked,
        ConnectionClose,
    }

    /// <summary>
    /// A one-shot HTTP/1.1 server on 127.0.0.1: accepts one connection, answers one GET with the body, then
    /// shuts its side down and waits for the client to close. Every wait is bounded by the helper timeout.
    /// </summary>
    sealed class LoopbackHttpServer : IDisposable
    {
        readonly TcpListener _listener;
        readonly Thread _thread;
        readonly byte[] _body;
        readonly HttpFraming _framing;
        readonly ManualResetEventSlim _sent = new ManualResetEventSlim();
        Socket? _connection;

        public LoopbackHttpServer(byte[] body, HttpFraming framing)
        {
            _body = body;
            _framing = framing;
            _listener = new TcpListener(IPAddress.Loopback, 0);
            _listener.Start(1);
            Url = new Uri($"http://127.0.0.1:{((IPEndPoint)_listener.LocalEndpoint).Port}/data.bin");
            _thread = new Thread(Serve) { IsBackground = true, Name = "streamconf-http" };
            _thread.Start();
        }

        public Uri Url { get; }

        /// <summary>
        /// Waits until the whole body is in the connection (bounded by the helper timeout). A body that fits the
        /// loopback socket buffers is then served from memory, so what a read costs no longer depends on whether the
        /// server thread ran before the reader (on Mono 6.8 a read that outruns the server waits on the socket and
        /// allocates ~600 B more per call, which made the figure 0 B in one run and 574 B in the next).
        /// </summary>
        public bool WaitUntilSent() => _sent.Wait(RecipeEnvironment.HelperTimeout);

        /// <summary>Bodies up to this size fit the receive window of a fresh loopback connection (tcp_rmem's default 128 KiB, half of it advertised).</summary>
        public const int FitsSocketBuffers = 64 * 1024;

        void Serve()
        {
            try
            {
                var socket = _listener.AcceptSocket();
                _connection = socket;
                _listener.Stop();
                socket.ReceiveTimeout = socket.SendTimeout = (int)RecipeEnvironment.HelperTimeout.TotalMilliseconds;
                using var stream = new NetworkStream(socket, true);
                SkipRequest(stream);
                var head = new StringBuilder("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n");
                head.Append(_framing switch
                {
                    HttpFraming.ContentLength => $"Content-Length: {_body.Length}\r\n",
                    HttpFraming.Chunked => "Transfer-Encoding: chunked\r\n",
                    _ => "Connection: close\r\n",
                });
                head.Append("\r\n");
                var headBytes = Encoding.ASCII.GetBytes(head.ToString());
                stream.Write(headBytes, 0, headBytes.Length);
                if (_framing == HttpFraming.Chunked) WriteChunked(stream, _body);
                else stream.Write(_body, 0, _body.Length);
                stream.Flush();
                _sent.Set();
                // One response per connection, whatever the framing: the client sees the end of the connection
                // right after the body. A keep-alive connection held open would leave a client that reads from
                // it after disposing the response (Mono's chunked stream does) blocked until a timeout.
                socket.Shutdown(SocketShutdown.Send);
                // Drain until the client drops the connection, so closing never resets data still in flight.
                var sink = new byte[4096];
                while (stream.Read(sink, 0, sink.Length) > 0) { }
            }
            catch (Exception) { } // the client went away or the fixture stopped us
        }

        /// <summary>Reads the request head (a GET has no body), bounded.</summary>
        static void SkipRequest(Stream stream)
        {
            var matched = 0;
            for (var total = 0; total < 65536; total++)
            {
                var b = stream.ReadByte();
                if (b < 0) throw new EndOfStreamException("the client closed before finishing its request");
                matched = b == (matched % 2 == 0 ? '\r' : '\n') ? matched + 1 : (b == '\r' ? 1 : 0);
                if (matched == 4) return;
            }
            throw new InvalidDataException("request head over 64 KiB");
        }

        internal static void WriteChunked(Stream stream, byte[] body)
        {
            // Uneven chunk sizes, so a reader's buffer rarely lines up with a chunk boundary.
            var sizes = new[] { 1, 700, 333, 2048 };
            var offset = 0;
            for (var i = 0; offset < body.Length; i++)
            {
                var size = Math.Min(sizes[i % sizes.Length], body.Length - offset);
                var line = Encoding.ASCII.GetBytes(size.ToString("x") + "\r\n");
                stream.Write(line, 0, line.Length);
                stream.Write(body, offset, size);
                stream.Write(new byte[] { (byte)'\r', (byte)'\n' }, 0, 2);
                offset += size;
            }
            var last = Encoding.ASCII.GetBytes("0\r\n\r\n");
            stream.Write(last, 0, last.Length);
        }

        public void Dispose()
        {
            try { _listener.Stop(); }
            catch (Exception) { }
            if (!_thread.Join(RecipeEnvironment.HelperTimeout))
            {
                try { _connection?.Dispose(); }
                catch (Exception) { }
                _thread.Join(RecipeEnvironment.HelperTimeout);
            }
        }
    }

    /// <summary>
    /// HttpClient's response content stream (HttpCompletionOption.ResponseHeadersRead) for one body framing.
    /// The stream types are internal (HttpConnection's, one per framing, on .NET and Mono 6.8 alike): each recipe declares its own.
    /// </summary>
    public abstract class HttpResponseStreamRecipe : StreamRecipe
    {
        protected override bool ReachesDeclaredType => true;

        protected abstract HttpFraming Framing { get; }
        public override bool HasLivePeer => true;
        public override string Variant => "http-response " + Framing switch
        {
            HttpFraming.ContentLength => "content-length",
            HttpFraming.Chunked => "chunked",
            _ => "connection-close",
        };
        public override bool ReadsReadUntilSizeOrEof => false;
        public override bool IsOsBacked => true;
        public override int PreferredContentLength => 4096;
        // dotnet/runtime's ResponseStreamConformanceTests skip the disposal rule: "the HTTP response streams don't
        // throw ObjectDisposedException upon disposal".
        public override bool MembersThrowAfterDispose => false;

        public override StreamFixture? OpenRead(byte[] content)
        {
            using var build = new FixtureBuilder();
            var server = build.Own(new LoopbackHttpServer(content, Framing));
            var client = build.Own(new HttpClient(new HttpClientHandler { UseProxy = false, AllowAutoRedirect = false })
            {
                Timeout = RecipeEnvironment.HelperTimeout,
            });
            var response = build.Own(client.GetAsync(server.Url, HttpCompletionOption.ResponseHeadersRead).GetAwaiter().GetResult());
            response.EnsureSuccessStatusCode();
            var stream = response.Content.ReadAsStreamAsync().GetAwaiter().GetResult();
            if (content.Length <= LoopbackHttpServer.FitsSocketBuffers) server.WaitUntilSent();
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
