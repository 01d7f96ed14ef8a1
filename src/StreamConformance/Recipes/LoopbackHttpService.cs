using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.IO;
using System.Net;
using System.Net.Sockets;
using System.Text;
using System.Threading;

namespace StreamConformance.Recipes
{
    // One concept: the shared server and the words its recipes speak to it in (a framing, an answer, an exchange).

    /// <summary>How the loopback server delimits the response body.</summary>
    public enum HttpFraming
    {
        ContentLength,
        Chunked,
        ConnectionClose,
    }

    /// <summary>What the shared loopback server answers on one exchange's path.</summary>
    sealed class HttpAnswer
    {
        /// <summary>Status line after "HTTP/1.1 ", e.g. "200 OK".</summary>
        public string Status = "200 OK";
        /// <summary>Extra header lines, each ending in CRLF.</summary>
        public string Headers = "";
        public byte[] Body = new byte[0];
        public HttpFraming Framing = HttpFraming.ContentLength;
        /// <summary>No body at all (a 204 or a HEAD answer): no framing header either.</summary>
        public bool NoBody;
        /// <summary>
        /// Answer 101 and keep the connection as a raw byte pipe: with <see cref="Body"/> non-null the server writes it
        /// and ends its side; with <see cref="RecordAfterUpgrade"/> it records what the client sends until the client ends.
        /// </summary>
        public bool Upgrade;
        public bool RecordAfterUpgrade;
        /// <summary>
        /// Write the head, then the body only once <see cref="HttpExchange.ReleaseBody"/> is called: the client holds its
        /// response before any of the body arrives, as with a body that is slow to come, so its stream reads the body
        /// from the socket, never from what arrived with the headers (which of the two it is otherwise is a race).
        /// </summary>
        public bool BodyOnRelease;
    }

    /// <summary>
    /// One request/response on the shared server: registered under a path of its own, so concurrent fixtures (and
    /// concurrent runs, each on its own ephemeral port) never see each other's requests. Records the request body
    /// (decoded from Content-Length or chunked framing; what arrived when the client gave up early) or, after an
    /// upgrade, the raw bytes the client sent.
    /// </summary>
    sealed class HttpExchange : IDisposable
    {
        readonly LoopbackHttpService _service;
        readonly ManualResetEvent _done = new ManualResetEvent(false);
        readonly ManualResetEvent _release = new ManualResetEvent(false);
        readonly ManualResetEvent _sent = new ManualResetEvent(false);
        Socket? _socket;

        internal HttpExchange(LoopbackHttpService service, string path, HttpAnswer answer)
        {
            _service = service;
            Path = path;
            Answer = answer;
            Url = new Uri($"http://127.0.0.1:{service.Port}{path}");
        }

        public string Path { get; }
        public Uri Url { get; }
        public HttpAnswer Answer { get; }
        public string RequestHead { get; private set; } = "";
        byte[] _received = new byte[0];

        internal void Attach(Socket socket) => _socket = socket;

        internal void Complete(string head, byte[] received)
        {
            RequestHead = head;
            _received = received;
            _done.Set();
        }

        /// <summary>The request body (or upgraded bytes) once the server has it all, waiting at most the helper timeout.</summary>
        public byte[] Received()
        {
            if (!_done.WaitOne(RecipeEnvironment.HelperTimeout))
                throw new TimeoutException($"the loopback server did not receive the whole request on {Path}");
            return _received;
        }

        /// <summary>Bodies up to this size fit the receive window of a fresh loopback connection (tcp_rmem's default 128 KiB, half of it advertised).</summary>
        public const int FitsSocketBuffers = 64 * 1024;

        /// <summary>
        /// Waits until the whole answer is in the connection (bounded by the helper timeout). A body that fits the
        /// loopback socket buffers (<see cref="FitsSocketBuffers"/>) is then served from memory, so what a read costs no
        /// longer depends on whether the server thread ran before the reader (on Mono 6.8 a read that outruns the server
        /// waits on the socket and allocates ~600 B more per call, which made the figure 0 B in one run and 574 B in the next).
        /// </summary>
        public bool WaitUntilSent() => _sent.WaitOne(RecipeEnvironment.HelperTimeout);

        internal void Sent() => _sent.Set();

        /// <summary>Lets the server write a <see cref="HttpAnswer.BodyOnRelease"/> body.</summary>
        public void ReleaseBody() => _release.Set();

        /// <summary>The server's side: waits for <see cref="ReleaseBody"/>, at most the helper timeout.</summary>
        internal bool WaitForRelease() => _release.WaitOne(RecipeEnvironment.HelperTimeout);

        public void Dispose()
        {
            _release.Set();
            _service.Remove(Path);
            // A connection the client never ended (a fixture abandoned mid-request) must not keep a server thread.
            if (!_done.WaitOne(0))
            {
                try { _socket?.Dispose(); }
                catch (Exception) { }
            }
        }
    }

    /// <summary>
    /// A loopback HTTP/1.1 server shared by every recipe of a process: started on first use on 127.0.0.1 and an
    /// ephemeral port, one thread per connection, one exchange per connection. Every answer says Connection: close and
    /// ends the server's side after the body, so the client sees the end of the connection at once (a keep-alive
    /// connection held open would leave a client that reads from it after disposing the response, as Mono's chunked
    /// stream does, blocked until a timeout). It speaks just what the recipes need: Content-Length and chunked
    /// request bodies, Expect: 100-continue, 101 upgrades. Every socket wait is bounded by the helper timeout; the
    /// listener stops when the process exits. If it cannot start, <see cref="UnavailableReason"/> says why.
    /// </summary>
    sealed class LoopbackHttpService
    {
        static readonly Lazy<(LoopbackHttpService? Service, string? Failure)> s_shared =
            new Lazy<(LoopbackHttpService?, string?)>(Start, LazyThreadSafetyMode.ExecutionAndPublication);

        readonly TcpListener _listener;
        readonly ConcurrentDictionary<string, HttpExchange> _exchanges = new ConcurrentDictionary<string, HttpExchange>(StringComparer.Ordinal);
        int _next;

        LoopbackHttpService(TcpListener listener)
        {
            _listener = listener;
            Port = ((IPEndPoint)listener.LocalEndpoint).Port;
        }

        public int Port { get; }

        /// <summary>Why the shared server is not running, or null.</summary>
        public static string? UnavailableReason => s_shared.Value.Failure;

        public static LoopbackHttpService Shared =>
            s_shared.Value.Service ?? throw new InvalidOperationException("the loopback HTTP server did not start: " + s_shared.Value.Failure);

        static (LoopbackHttpService?, string?) Start()
        {
            try
            {
                var listener = new TcpListener(IPAddress.Loopback, 0);
                listener.Start(64);
                var service = new LoopbackHttpService(listener);
                new Thread(service.AcceptLoop) { IsBackground = true, Name = "streamconf-http-service" }.Start();
                AppDomain.CurrentDomain.ProcessExit += (sender, e) =>
                {
                    try { listener.Stop(); }
                    catch (Exception) { }
                };
                return (service, null);
            }
            catch (Exception e)
            {
                return (null, $"{e.GetType().Name}: {e.Message}");
            }
        }

        /// <summary>A new exchange on a path of its own.</summary>
        public HttpExchange Register(HttpAnswer answer)
        {
            var path = "/streamconf/" + Interlocked.Increment(ref _next);
            var exchange = new HttpExchange(this, path, answer);
            _exchanges[path] = exchange;
            return exchange;
        }

        internal void Remove(string path) => _exchanges.TryRemove(path, out _);

        void AcceptLoop()
        {
            while (true)
            {
                Socket socket;
                try { socket = _listener.AcceptSocket(); }
                catch (Exception) { return; } // stopped
                new Thread(() => Serve(socket)) { IsBackground = true, Name = "streamconf-http-connection" }.Start();
            }
        }

        void Serve(Socket socket)
        {
            HttpExchange? exchange = null;
            try
            {
                socket.ReceiveTimeout = socket.SendTimeout = (int)RecipeEnvironment.HelperTimeout.TotalMilliseconds;
                using var stream = new NetworkStream(socket, true);
                var head = ReadHead(stream);
                var lines = head.Split(new[] { "\r\n" }, StringSplitOptions.None);
                var requestLine = lines[0].Split(' ');
                var path = requestLine.Length > 1 ? requestLine[1].Split('?')[0] : "";
                var headers = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
                foreach (var line in lines)
                {
                    var colon = line.IndexOf(':');
                    if (colon > 0) headers[line.Substring(0, colon).Trim()] = line.Substring(colon + 1).Trim();
                }
                if (!_exchanges.TryGetValue(path, out exchange))
                {
                    WriteAscii(stream, "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
                    return;
                }
                exchange.Attach(socket);
                var answer = exchange.Answer;
                if (headers.TryGetValue("Expect", out var expect) && expect.Equals("100-continue", StringComparison.OrdinalIgnoreCase))
                    WriteAscii(stream, "HTTP/1.1 100 Continue\r\n\r\n");

                if (answer.Upgrade)
                {
                    WriteAscii(stream, "HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: streamconf\r\n\r\n");
                    if (answer.RecordAfterUpgrade)
                    {
                        exchange.Complete(head, ReadToEnd(stream));
                        return;
                    }
                    stream.Write(answer.Body, 0, answer.Body.Length);
                    stream.Flush();
                    socket.Shutdown(SocketShutdown.Send);
                    exchange.Complete(head, new byte[0]);
                    ReadToEnd(stream);
                    return;
                }

                byte[] body;
                if (headers.TryGetValue("Transfer-Encoding", out var te) && te.IndexOf("chunked", StringComparison.OrdinalIgnoreCase) >= 0)
                    body = ReadChunked(stream);
                else if (headers.TryGetValue("Content-Length", out var cl) && long.TryParse(cl, out var length))
                    body = ReadUpTo(stream, length);
                else
                    body = new byte[0];
                exchange.Complete(head, body);

                var response = new StringBuilder($"HTTP/1.1 {answer.Status}\r\n{answer.Headers}Connection: close\r\n");
                if (!answer.NoBody)
                    response.Append(answer.Framing switch
                    {
                        HttpFraming.ContentLength => $"Content-Length: {answer.Body.Length}\r\n",
                        HttpFraming.Chunked => "Transfer-Encoding: chunked\r\n",
                        _ => "",
                    });
                response.Append("\r\n");
                WriteAscii(stream, response.ToString());
                var isHead = requestLine[0].Equals("HEAD", StringComparison.OrdinalIgnoreCase);
                if (!answer.NoBody && !isHead)
                {
                    if (answer.BodyOnRelease && !exchange.WaitForRelease()) return;
                    if (answer.Framing == HttpFraming.Chunked) WriteChunked(stream, answer.Body);
                    else stream.Write(answer.Body, 0, answer.Body.Length);
                }
                stream.Flush();
                exchange.Sent();
                socket.Shutdown(SocketShutdown.Send);
                // Until the client drops the connection, so closing never resets data still in flight.
                ReadToEnd(stream);
            }
            catch (Exception)
            {
                // The client went away or the exchange was disposed: what arrived is what was sent.
                try { socket.Dispose(); }
                catch (Exception) { }
            }
        }

        static void WriteChunked(Stream stream, byte[] body)
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

        static void WriteAscii(Stream stream, string text)
        {
            var bytes = Encoding.ASCII.GetBytes(text);
            stream.Write(bytes, 0, bytes.Length);
            stream.Flush();
        }

        /// <summary>The request head, without its final blank line; read a byte at a time so nothing after it is taken.</summary>
        static string ReadHead(Stream stream)
        {
            var head = new StringBuilder();
            var matched = 0;
            while (head.Length < 65536)
            {
                var b = stream.ReadByte();
                if (b < 0) throw new EndOfStreamException("the client closed before finishing its request head");
                head.Append((char)b);
                matched = b == (matched % 2 == 0 ? '\r' : '\n') ? matched + 1 : (b == '\r' ? 1 : 0);
                if (matched == 4) return head.ToString(0, head.Length - 4);
            }
            throw new InvalidDataException("request head over 64 KiB");
        }

        static byte[] ReadToEnd(Stream stream)
        {
            var result = new MemoryStream();
            var buffer = new byte[16384];
            int n;
            try
            {
                while ((n = stream.Read(buffer, 0, buffer.Length)) > 0) result.Write(buffer, 0, n);
            }
            catch (IOException) { } // a reset after the last byte: what arrived is the record
            return result.ToArray();
        }

        /// <summary>Up to <paramref name="length"/> bytes: fewer when the client ends early (it declared more than it wrote).</summary>
        static byte[] ReadUpTo(Stream stream, long length)
        {
            var result = new MemoryStream();
            var buffer = new byte[16384];
            try
            {
                while (result.Length < length)
                {
                    var n = stream.Read(buffer, 0, (int)Math.Min(buffer.Length, length - result.Length));
                    if (n == 0) break;
                    result.Write(buffer, 0, n);
                }
            }
            catch (IOException) { }
            return result.ToArray();
        }

        /// <summary>The decoded body; what was decoded so far when the client ends inside it (it disposed the request stream).</summary>
        static byte[] ReadChunked(Stream stream)
        {
            var result = new MemoryStream();
            try
            {
                while (true)
                {
                    var line = ReadLine(stream);
                    var size = Convert.ToInt64(line.Split(';')[0].Trim(), 16);
                    if (size == 0)
                    {
                        while (ReadLine(stream).Length > 0) { } // trailers
                        return result.ToArray();
                    }
                    var chunk = ReadUpTo(stream, size);
                    result.Write(chunk, 0, chunk.Length);
                    if (chunk.Length < size) return result.ToArray();
                    ReadLine(stream);
                }
            }
            catch (IOException) { return result.ToArray(); } // EndOfStreamException too
        }

        static string ReadLine(Stream stream)
        {
            var line = new StringBuilder();
            while (line.Length < 8192)
            {
                var b = stream.ReadByte();
                if (b < 0) throw new EndOfStreamException("connection ended inside chunked framing");
                if (b == '\n') return line.ToString().TrimEnd('\r');
                line.Append((char)b);
            }
            throw new InvalidDataException("chunk line over 8 KiB");
        }
    }
}
