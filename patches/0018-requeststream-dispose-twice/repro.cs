using System;
using System.IO;
using System.Net;
using System.Net.Sockets;
using System.Text;
using System.Threading.Tasks;

class Program
{
    static async Task Main()
    {
        // A loopback server that reads one chunked request and answers 200.
        var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        Task server = Task.Run(async () =>
        {
            using Socket socket = await listener.AcceptSocketAsync();
            var received = new StringBuilder();
            var buffer = new byte[1024];
            while (!received.ToString().Contains("\r\n0\r\n\r\n"))
                received.Append(Encoding.ASCII.GetString(buffer, 0, await socket.ReceiveAsync(buffer, SocketFlags.None)));
            await socket.SendAsync(Encoding.ASCII.GetBytes("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"), SocketFlags.None);
        });

#pragma warning disable SYSLIB0014 // HttpWebRequest is obsolete, and still shipped and used
        HttpWebRequest request = WebRequest.CreateHttp($"http://{listener.LocalEndpoint}/");
#pragma warning restore SYSLIB0014
        request.Method = "POST";
        request.SendChunked = true;
        request.AllowWriteStreamBuffering = false;
        Stream body = await request.GetRequestStreamAsync();
        await body.WriteAsync(new byte[] { (byte)'a' });
        body.Dispose();
        using WebResponse response = await request.GetResponseAsync();
        Console.WriteLine($"response: {(int)((HttpWebResponse)response).StatusCode}");

        try { await body.DisposeAsync(); Console.WriteLine("DisposeAsync after Dispose: no exception"); }
        catch (Exception e) { Console.WriteLine($"DisposeAsync after Dispose: {e.GetType().Name}"); }
        await server;
        listener.Stop();
    }
}
