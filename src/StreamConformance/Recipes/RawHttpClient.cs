using System;
using System.IO;
using System.Net;
using System.Net.Sockets;
using System.Text;
using System.Threading;

namespace StreamConformance.Recipes
{
    /// <summary>A raw HTTP/1.1 client on its own thread: sends one request, then reads the whole response until the server closes.</summary>
    sealed class RawHttpClient : IDisposable
    {
        readonly Thread _thread;
        readonly MemoryStream _response = new MemoryStream();
        Socket? _socket;

        public RawHttpClient(int port, byte[] request)
        {
            _thread = new Thread(() =>
            {
                try
                {
                    var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
                    _socket = socket;
                    socket.ReceiveTimeout = socket.SendTimeout = (int)RecipeEnvironment.HelperTimeout.TotalMilliseconds;
                    socket.Connect(new IPEndPoint(IPAddress.Loopback, port));
                    using var stream = new NetworkStream(socket, true);
                    stream.Write(request, 0, request.Length);
                    var buffer = new byte[16384];
                    int n;
                    while ((n = stream.Read(buffer, 0, buffer.Length)) > 0)
                        lock (_response) _response.Write(buffer, 0, n);
                }
                catch (Exception) { } // the server went away: what arrived is the response
            }) { IsBackground = true, Name = "streamconf-http-client" };
            _thread.Start();
        }

        /// <summary>The response body, after waiting (bounded) for the server to finish; chunked framing decoded.</summary>
        public byte[] Body()
        {
            _thread.Join(RecipeEnvironment.HelperTimeout);
            byte[] all;
            lock (_response) all = _response.ToArray();
            var headEnd = IndexOf(all, Encoding.ASCII.GetBytes("\r\n\r\n"));
            if (headEnd < 0) throw new InvalidDataException("no complete HTTP response head arrived");
            var head = Encoding.ASCII.GetString(all, 0, headEnd);
            var body = new byte[all.Length - headEnd - 4];
            Array.Copy(all, headEnd + 4, body, 0, body.Length);
            return head.IndexOf("transfer-encoding: chunked", StringComparison.OrdinalIgnoreCase) >= 0 ? Dechunk(body) : body;
        }

        static int IndexOf(byte[] data, byte[] pattern)
        {
            for (var i = 0; i + pattern.Length <= data.Length; i++)
            {
                var j = 0;
                while (j < pattern.Length && data[i + j] == pattern[j]) j++;
                if (j == pattern.Length) return i;
            }
            return -1;
        }

        static byte[] Dechunk(byte[] body)
        {
            var result = new MemoryStream();
            var at = 0;
            while (true)
            {
                var lineEnd = IndexOf(Slice(body, at), new[] { (byte)'\r', (byte)'\n' });
                if (lineEnd < 0) throw new InvalidDataException($"chunked body cut at offset {at}");
                var sizeText = Encoding.ASCII.GetString(body, at, lineEnd).Split(';')[0].Trim();
                var size = Convert.ToInt32(sizeText, 16);
                at += lineEnd + 2;
                if (size == 0) return result.ToArray();
                if (at + size > body.Length) throw new InvalidDataException($"chunk of {size} bytes cut at offset {at}");
                result.Write(body, at, size);
                at += size + 2;
            }
        }

        static byte[] Slice(byte[] data, int from)
        {
            var result = new byte[Math.Max(0, data.Length - from)];
            Array.Copy(data, from, result, 0, result.Length);
            return result;
        }

        public void Dispose()
        {
            if (!_thread.Join(RecipeEnvironment.HelperTimeout))
            {
                try { _socket?.Dispose(); }
                catch (Exception) { }
                _thread.Join(RecipeEnvironment.HelperTimeout);
            }
        }
    }
}
