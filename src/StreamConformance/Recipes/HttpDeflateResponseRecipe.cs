#if !MONO_CORLIB // Mono 6.8's DecompressionHandler hands out a plain DeflateStream
using System.IO;
using System.IO.Compression;
using System.Net;
using System.Net.Http;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// HttpClientHandler.AutomaticDecompression = Deflate on a response with Content-Encoding: deflate: the content
    /// stream is DecompressionHandler's ZLibOrDeflateStream (which peeks the first byte to tell zlib from raw deflate).
    /// The server sends the content zlib-compressed, so the stream reads exactly the content. Mono 6.8's
    /// DecompressionHandler hands out a plain DeflateStream instead.
    /// </summary>
    public sealed class HttpDeflateResponseRecipe : LoopbackHttpBodyRecipe
    {
        public override string Variant => "http-response content-encoding deflate";
        public override string TypeName => "System.Net.Http.DecompressionHandler+DeflateDecompressedContent+ZLibOrDeflateStream";
        public override bool ReadsReadUntilSizeOrEof => false;

        public override StreamFixture? OpenRead(byte[] content)
        {
            var compressed = new MemoryStream();
            using (var zlib = new ZLibStream(compressed, CompressionLevel.Fastest, leaveOpen: true))
                zlib.Write(content, 0, content.Length);
            var exchange = LoopbackHttpService.Shared.Register(new HttpAnswer
            {
                Headers = "Content-Type: application/octet-stream\r\nContent-Encoding: deflate\r\n",
                Body = compressed.ToArray(),
            });
            return ResponseContent(exchange, NewClient(DecompressionMethods.Deflate), new HttpRequestMessage(HttpMethod.Get, exchange.Url), HttpStatusCode.OK);
        }
    }
}
#endif
