// Licensed to the .NET Foundation under one or more agreements.
// The .NET Foundation licenses this file to you under the MIT license.

using System.IO;
using System.Net.Sockets;
using System.Text;
using System.Threading.Tasks;

using Xunit;

namespace System.Net.Tests
{
    public class RequestStreamTest
    {
        [Fact]
        public async Task DisposeAsync_AfterDispose_WriteBufferingDisabled_DoesNotThrow()
        {
            using var listener = new TcpListener(IPAddress.Loopback, 0);
            listener.Start();

            Task serverTask = Task.Run(async () =>
            {
                using Socket socket = await listener.AcceptSocketAsync();
                var received = new StringBuilder();
                var buffer = new byte[1024];
                int headersEnd;
                while ((headersEnd = received.ToString().IndexOf("\r\n\r\n", StringComparison.Ordinal)) < 0 ||
                    received.ToString().IndexOf("0\r\n\r\n", headersEnd + 4, StringComparison.Ordinal) < 0)
                {
                    int read = await socket.ReceiveAsync(buffer, SocketFlags.None);
                    Assert.NotEqual(0, read);
                    received.Append(Encoding.ASCII.GetString(buffer, 0, read));
                }
                await socket.SendAsync(Encoding.ASCII.GetBytes("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"), SocketFlags.None);
            });

            HttpWebRequest request = WebRequest.CreateHttp($"http://{listener.LocalEndpoint}/");
            request.Method = "POST";
            request.SendChunked = true;
            request.AllowWriteStreamBuffering = false;

            Stream requestStream = await request.GetRequestStreamAsync();
            await requestStream.WriteAsync(new byte[] { (byte)'a' });
            requestStream.Dispose();

            using (WebResponse response = await request.GetResponseAsync())
            {
                // The first Dispose completed the request and the body has been sent: a second dispose does nothing.
                await requestStream.DisposeAsync();
                requestStream.Dispose();
            }

            await serverTask;
        }
    }
}
