using System;
using System.Net;
using System.Net.Sockets;
using System.Threading.Tasks;

namespace StreamConformance.Recipes
{
    /// <summary>A connected TCP socket pair on 127.0.0.1, both ends with send and receive timeouts.</summary>
    static class Loopback
    {
        public static void Connect(out Socket accepted, out Socket connected)
        {
            var listener = new TcpListener(IPAddress.Loopback, 0);
            listener.Start(1);
            try
            {
                using var build = new FixtureBuilder();
                connected = build.Own(new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp));
                connected.Connect((IPEndPoint)listener.LocalEndpoint);
                accepted = listener.AcceptSocket();
                build.HandOver();
            }
            finally
            {
                listener.Stop();
            }
            foreach (var socket in new[] { accepted, connected })
            {
                socket.NoDelay = true;
                socket.ReceiveTimeout = socket.SendTimeout = (int)RecipeEnvironment.HelperTimeout.TotalMilliseconds;
            }
        }

        /// <summary>
        /// The repro's loopback connection: statements declaring <c>accepted</c> and <c>connected</c> sockets, then
        /// <c>peer</c>, a NetworkStream over the connecting end that writes the content and closes (read) or drains (write)
        /// on its own thread; the caller declares <c>stream</c> over <c>accepted</c>.
        /// </summary>
        public static string Source(StreamAccess access) =>
            "var listener = new System.Net.Sockets.TcpListener(System.Net.IPAddress.Loopback, 0);\nlistener.Start(1);\n" +
            "var connected = new System.Net.Sockets.Socket(System.Net.Sockets.AddressFamily.InterNetwork, System.Net.Sockets.SocketType.Stream, System.Net.Sockets.ProtocolType.Tcp);\n" +
            "connected.Connect((System.Net.IPEndPoint)listener.LocalEndpoint);\nvar accepted = listener.AcceptSocket();\nlistener.Stop();\n" +
            "var peer = new System.Net.Sockets.NetworkStream(connected, true);\n" + PipeSource.Peer("peer", access);

        /// <summary>Runs both sides of a handshake at once, bounded; rethrows the first failure.</summary>
        public static void Handshake(Action server, Action client)
        {
            var serverTask = Task.Run(server);
            try
            {
                client();
            }
            finally
            {
                if (!serverTask.Wait(RecipeEnvironment.HelperTimeout)) throw new TimeoutException("the server side of the handshake did not finish");
            }
        }
    }
}
