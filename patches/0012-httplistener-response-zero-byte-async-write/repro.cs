using System;
using System.Net;
using System.Net.Http;
using System.Net.Sockets;
using System.Text;
using System.Threading.Tasks;

class Program
{
    static async Task Main()
    {
        int port;
        using (var probe = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp))
        {
            probe.Bind(new IPEndPoint(IPAddress.Loopback, 0));
            port = ((IPEndPoint)probe.LocalEndPoint!).Port;
        }
        string url = $"http://127.0.0.1:{port}/";
        using var listener = new HttpListener();
        listener.Prefixes.Add(url);
        listener.Start();
        using var client = new HttpClient();
        Task<string> received = client.GetStringAsync(url);

        HttpListenerContext context = await listener.GetContextAsync();
        context.Response.SendChunked = true;
        byte[] body = Encoding.ASCII.GetBytes("hello from HttpListener");
        using (var output = context.Response.OutputStream)
        {
            await output.WriteAsync(body, 0, 5);
            await output.WriteAsync(body, 5, 0); // a zero-byte write
            await output.WriteAsync(body, 5, body.Length - 5);
        }
        context.Response.Close();
        Console.WriteLine($"the client received: \"{await received}\"");
    }
}
