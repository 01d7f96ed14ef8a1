// Licensed to the .NET Foundation under one or more agreements.
// The .NET Foundation licenses this file to you under the MIT license.

using System.IO;
using System.Net.Http;
using System.Net.Sockets;
using System.Text;
using System.Threading.Tasks;
using Xunit;

namespace System.Net.Tests
{
    public class HttpResponseStreamTests
    {
        [Theory]
        [InlineData(false)]
        [InlineData(true)]
        public async Task SimpleRequest_WriteAsynchronouslyEmptyChunkInParts_Succeeds(bool useMemory)
        {
            const string expectedResponse = "hello from HttpListener";

            int port;
            using (Socket probe = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp))
            {
                probe.Bind(new IPEndPoint(IPAddress.Loopback, 0));
                port = ((IPEndPoint)probe.LocalEndPoint!).Port;
            }

            string url = $"http://127.0.0.1:{port}/";
            using (HttpListener listener = new HttpListener())
            {
                listener.Prefixes.Add(url);
                listener.Start();
                Task<HttpListenerContext> serverContextTask = listener.GetContextAsync();

                using (HttpClient client = new HttpClient())
                {
                    Task<string> clientTask = client.GetStringAsync(url);

                    HttpListenerContext serverContext = await serverContextTask;
                    using (HttpListenerResponse response = serverContext.Response)
                    {
                        byte[] responseBuffer = Encoding.UTF8.GetBytes(expectedResponse);
                        response.SendChunked = true;

                        using (Stream outputStream = response.OutputStream)
                        {
                            await outputStream.WriteAsync(responseBuffer, 0, 5);

                            // A zero-byte write sends nothing: an empty chunk would end the chunked body.
                            if (useMemory)
                            {
                                await outputStream.WriteAsync(ReadOnlyMemory<byte>.Empty);
                            }
                            else
                            {
                                await outputStream.WriteAsync(responseBuffer, 5, 0);
                            }

                            await outputStream.WriteAsync(responseBuffer, 5, responseBuffer.Length - 5);
                        }
                    }

                    Assert.Equal(expectedResponse, await clientTask);
                }
            }
        }
    }
}
