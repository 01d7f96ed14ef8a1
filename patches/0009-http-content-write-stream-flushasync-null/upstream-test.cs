// Licensed to the .NET Foundation under one or more agreements.
// The .NET Foundation licenses this file to you under the MIT license.

using System.IO;
using System.Net.Sockets;
using System.Text;
using System.Threading.Tasks;

using Xunit;

namespace System.Net.Http.Functional.Tests
{
    public class HttpContentTest
    {
        [Fact]
        public async Task SerializeToStreamAsync_FlushAsyncAfterRequestCompleted_ReturnsCompletedTask()
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
                    received.Length < headersEnd + 4 + 1)
                {
                    int read = await socket.ReceiveAsync(buffer, SocketFlags.None);
                    Assert.NotEqual(0, read);
                    received.Append(Encoding.ASCII.GetString(buffer, 0, read));
                }
                await socket.SendAsync(Encoding.ASCII.GetBytes("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"), SocketFlags.None);
            });

            var content = new StreamKeepingContent();
            using (var client = new HttpClient())
            using (HttpResponseMessage response = await client.PostAsync($"http://{listener.LocalEndpoint}/", content))
            {
                // The request body has been sent: flushing the stream the content was given has nothing left to do.
                Task flush = content.Stream.FlushAsync();
                Assert.NotNull(flush);
                await flush;
            }

            await serverTask;
        }

        private sealed class StreamKeepingContent : HttpContent
        {
            public Stream Stream { get; private set; }

            protected override Task SerializeToStreamAsync(Stream stream, TransportContext context)
            {
                Stream = stream;
                return stream.WriteAsync(new byte[] { (byte)'a' }, 0, 1);
            }

            protected override bool TryComputeLength(out long length)
            {
                length = 1;
                return true;
            }
        }
    }
}
