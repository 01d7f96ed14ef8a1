using System;
using System.IO;
using System.Net;
using System.Net.Http;
using System.Net.Sockets;
using System.Text;
using System.Threading.Tasks;

class Program
{
    // A content that keeps the stream HttpClient gives it to write the body into.
    sealed class KeepingContent : HttpContent
    {
        public Stream? Stream;
        protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) { Stream = stream; return stream.WriteAsync(new byte[] { (byte)'a' }, 0, 1); }
        protected override bool TryComputeLength(out long length) { length = 1; return true; }
    }

    static async Task Main()
    {
        var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        Task server = Task.Run(async () =>
        {
            using Socket socket = await listener.AcceptSocketAsync();
            var received = new StringBuilder();
            var buffer = new byte[1024];
            while (received.ToString() is var text && (text.IndexOf("\r\n\r\n") is var end && (end < 0 || text.Length < end + 5)))
                received.Append(Encoding.ASCII.GetString(buffer, 0, await socket.ReceiveAsync(buffer, SocketFlags.None)));
            await socket.SendAsync(Encoding.ASCII.GetBytes("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"), SocketFlags.None);
        });

        var content = new KeepingContent();
        using var client = new HttpClient();
        using HttpResponseMessage response = await client.PostAsync($"http://{listener.LocalEndpoint}/", content);
        Task flush = content.Stream!.FlushAsync();
        Console.WriteLine($"response: {(int)response.StatusCode}; FlushAsync() on the request body stream afterwards returned {(flush == null ? "null" : "a Task (" + flush.Status + ")")}");
        await server;
        listener.Stop();
    }
}
