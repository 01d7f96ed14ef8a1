using System;
using System.IO;
using System.IO.Compression;
using System.Net;

#pragma warning disable SYSLIB0014 // WebRequest, WebClient: obsolete on .NET, still what older programs call, so still worth checking

namespace StreamConformance.Recipes
{
    // One concept: the streams WebRequest and WebClient hand out, over file:// and over the loopback HTTP server.
    /// <summary>
    /// The file:// side of WebRequest: FileWebRequest's response stream (GET) and request stream (PUT) over a file in
    /// the run's scratch folder (.NET: System.Net.WebFileStream; Mono: System.Net.FileWebStream), both FileStreams
    /// underneath, so they are judged as FileStreams are.
    /// </summary>
    public abstract class FileWebRequestRecipe : ReachedTypeRecipe
    {
        public override string TypeName => DeclaredName.Of("System.Net.WebFileStream", mono: "System.Net.FileWebStream");
        public override bool CanSeek => true;
        public override bool IsOsBacked => true;
        // Read back from the file once the request stream is closed: FileWebRequest opens it for itself alone.
        public override bool WritesVisibleAfterFlush => false;
    }

    public sealed class FileWebRequestReadRecipe : FileWebRequestRecipe
    {
        public override string Variant => "FileWebRequest GET";

        public override StreamFixture? OpenRead(byte[] content)
        {
            using var build = new FixtureBuilder();
            var file = build.Own(new TempFile(Scratch, "file-web-request", content));
            var response = build.Own(WebRequest.Create(new Uri(file.Path)).GetResponse());
            return build.Fixture(response.GetResponseStream(), null, response, file);
        }

        public override string? ReproSource(StreamAccess access) => access == StreamAccess.Read
            ? "var path = Path.GetTempFileName(); File.WriteAllBytes(path, content);\nvar stream = System.Net.WebRequest.Create(new Uri(path)).GetResponse().GetResponseStream();"
            : null;
    }

    public sealed class FileWebRequestWriteRecipe : FileWebRequestRecipe
    {
        public override string Variant => "FileWebRequest PUT";

        public override StreamFixture? OpenWrite()
        {
            return TempFile.Fixture(Scratch, "file-web-request", null, path =>
            {
                var request = WebRequest.Create(new Uri(path));
                request.Method = "PUT";
                return request.GetRequestStream();
            }, readBack: true);
        }

        public override string? ReproSource(StreamAccess access) => access == StreamAccess.Write
            ? "var request = System.Net.WebRequest.Create(new Uri(Path.GetTempFileName())); request.Method = \"PUT\";\nvar stream = request.GetRequestStream();"
            : null;
    }

    /// <summary>
    /// WebClient.OpenWrite to the shared loopback server: WebClient+WebClientWriteStream over HttpWebRequest's request
    /// stream; closing it sends the request and reads the response, and the read-back is the body the server got.
    /// </summary>
    public sealed class WebClientOpenWriteRecipe : LoopbackHttpBodyRecipe
    {
        public override string Variant => "WebClient.OpenWrite POST";
        public override string TypeName => "System.Net.WebClient+WebClientWriteStream";
        public override bool WritesVisibleAfterFlush => false;

        public override StreamFixture? OpenWrite()
        {
            using var build = new FixtureBuilder();
            var exchange = build.Own(LoopbackHttpService.Shared.Register(new HttpAnswer()));
            var client = build.Own(new WebClient { Proxy = null });
            var stream = client.OpenWrite(exchange.Url, "POST");
            return build.Fixture(stream, exchange.Received, client, exchange);
        }
    }

    /// <summary>
    /// HttpWebRequest.GetRequestStream for a POST to the shared loopback server, buffered (the default: .NET's
    /// RequestBufferingStream, Mono's WebRequestStream) or chunked and unbuffered (.NET's RequestStream). The read-back
    /// closes the stream's request with GetResponse and is the body the server received.
    /// </summary>
    public abstract class HttpWebRequestWriteRecipe : LoopbackHttpBodyRecipe
    {
        protected abstract bool Buffered { get; }

        public override string Variant => Buffered ? "HttpWebRequest POST buffered" : "HttpWebRequest POST chunked unbuffered";
        public override bool WritesVisibleAfterFlush => false;

        public override StreamFixture? OpenWrite()
        {
            using var build = new FixtureBuilder();
            var exchange = build.Own(LoopbackHttpService.Shared.Register(new HttpAnswer()));
            var request = (HttpWebRequest)WebRequest.Create(exchange.Url);
            request.Proxy = null;
            request.Method = "POST";
            request.Timeout = request.ReadWriteTimeout = (int)RecipeEnvironment.HelperTimeout.TotalMilliseconds;
            if (!Buffered)
            {
                request.SendChunked = true;
                request.AllowWriteStreamBuffering = false;
            }
            var stream = request.GetRequestStream();
            var answered = build.Own(new Answered(request));
            return build.Fixture(stream, () =>
            {
                answered.Dispose();
                return exchange.Received();
            }, answered, exchange);
        }

        public override string? ReproSource(StreamAccess access) => access != StreamAccess.Write ? null :
            ReproServer.Recording() +
            "var request = (System.Net.HttpWebRequest)System.Net.WebRequest.Create($\"http://127.0.0.1:{port}/\");\nrequest.Method = \"POST\";\n" +
            (Buffered ? "" : "request.SendChunked = true;\nrequest.AllowWriteStreamBuffering = false;\n") +
            "var stream = request.GetRequestStream();";

        /// <summary>What the server received once the request is completed (a buffered body is sent then).</summary>
        public override string? ReproStore(StreamAccess access) => access != StreamAccess.Write ? null :
            "new Func<byte[]>(() => { try { request.GetResponse().Close(); } catch (System.Net.WebException) { } bodyRead.Wait(10000); return received.ToArray(); })()";

        /// <summary>Completes the request (sending a buffered body) once, and closes its response.</summary>
        sealed class Answered : IDisposable
        {
            readonly HttpWebRequest _request;
            bool _done;

            public Answered(HttpWebRequest request) => _request = request;

            public void Dispose()
            {
                if (_done) return;
                _done = true;
                try { _request.GetResponse().Dispose(); }
                catch (Exception) { _request.Abort(); } // the request failed: what the server got is still the record
            }
        }
    }

    public sealed class HttpWebRequestBufferedWriteRecipe : HttpWebRequestWriteRecipe
    {
        protected override bool Buffered => true;
        public override string TypeName => DeclaredName.Of("System.Net.RequestBufferingStream", mono: "System.Net.WebRequestStream", beforeNet9: "System.Net.RequestStream");
    }

    public sealed class HttpWebRequestChunkedWriteRecipe : HttpWebRequestWriteRecipe
    {
        protected override bool Buffered => false;
        public override string TypeName => DeclaredName.Of("System.Net.RequestStream", mono: "System.Net.WebRequestStream");
    }

    /// <summary>
    /// HttpWebResponse.GetResponseStream from the shared loopback server. On Mono 6.8 it is Mono's own WebResponseStream,
    /// which reads through a FixedSizeReadStream, MonoChunkStream or ContentDecodeStream by the response's framing and
    /// encoding (each found inside it); on .NET it is HttpClient's content stream, already built by the HttpClient
    /// recipes, except for an error status, where .NET wraps it in HttpWebResponse+TruncatedReadStream.
    /// </summary>
    public abstract class HttpWebResponseRecipe : LoopbackHttpBodyRecipe
    {
        private protected abstract HttpAnswer Answer(byte[] content);
        protected virtual bool Gzip => false;

        public override bool ReadsReadUntilSizeOrEof => false;

        /// <summary>
        /// Send the body only once GetResponse has returned: Mono 6.8's stream reads a body that came with the headers
        /// from a buffer and one that came later from the socket, and a zero-byte read ends the stream in the second
        /// case only (docs/findings.md), so which case a fixture gets must not be a race.
        /// </summary>
        protected virtual bool BodyAfterResponse => false;

        public override StreamFixture? OpenRead(byte[] content)
        {
            var answer = Answer(content);
            answer.BodyOnRelease = BodyAfterResponse;
            using var build = new FixtureBuilder();
            var exchange = build.Own(LoopbackHttpService.Shared.Register(answer));
            var request = (HttpWebRequest)WebRequest.Create(exchange.Url);
            request.Proxy = null;
            request.Timeout = request.ReadWriteTimeout = (int)RecipeEnvironment.HelperTimeout.TotalMilliseconds;
            if (Gzip) request.AutomaticDecompression = DecompressionMethods.GZip;
            WebResponse response;
            try { response = request.GetResponse(); }
            catch (WebException e) when (e.Response != null) { response = e.Response; } // an error status still has its body
            build.Own(response);
            exchange.ReleaseBody();
            return build.Fixture(response.GetResponseStream(), null, response, exchange);
        }

        /// <summary>
        /// The repro: a server written out answering as <see cref="Answer"/> does (<paramref name="body"/> declared by
        /// <paramref name="prepare"/>), the body sent after GetResponse where the recipe sends it so.
        /// </summary>
        protected string Source(string prepare = "", string body = "content", bool chunked = false, string headers = "") =>
            prepare + ReproServer.Answering("200 OK", headers, body, chunked, later: BodyAfterResponse) +
            "var request = (System.Net.HttpWebRequest)System.Net.WebRequest.Create($\"http://127.0.0.1:{port}/\");\n" +
            (Gzip ? "request.AutomaticDecompression = System.Net.DecompressionMethods.GZip;\n" : "") +
            "var response = request.GetResponse();\n" + (BodyAfterResponse ? "sendBody.Set();\n" : "") +
            "var stream = response.GetResponseStream();";

        protected static byte[] Gzipped(byte[] content)
        {
            var compressed = new MemoryStream();
            using (var gzip = new GZipStream(compressed, CompressionLevel.Fastest, leaveOpen: true))
                gzip.Write(content, 0, content.Length);
            return compressed.ToArray();
        }
    }

#if MONO_CORLIB
    public sealed class HttpWebResponseContentLengthRecipe : HttpWebResponseRecipe
    {
        public override string Variant => "HttpWebResponse content-length";
        public override string TypeName => "System.Net.WebResponseStream";
        protected override bool BodyAfterResponse => true;
        private protected override HttpAnswer Answer(byte[] content) => new HttpAnswer { Body = content };
        public override string? ReproSource(StreamAccess access) => access != StreamAccess.Read ? null : Source();
    }

    public sealed class HttpWebResponseChunkedRecipe : HttpWebResponseRecipe
    {
        public override string Variant => "HttpWebResponse chunked";
        public override string TypeName => "System.Net.WebResponseStream";
        protected override bool BodyAfterResponse => true;
        private protected override HttpAnswer Answer(byte[] content) => new HttpAnswer { Body = content, Framing = HttpFraming.Chunked };
        public override string? ReproSource(StreamAccess access) => access != StreamAccess.Read ? null : Source(chunked: true);
    }

    public sealed class HttpWebResponseGzipRecipe : HttpWebResponseRecipe
    {
        public override string Variant => "HttpWebResponse gzip AutomaticDecompression";
        public override string TypeName => "System.Net.WebResponseStream";
        protected override bool BodyAfterResponse => true;
        protected override bool Gzip => true;
        private protected override HttpAnswer Answer(byte[] content) => new HttpAnswer { Body = Gzipped(content), Headers = "Content-Encoding: gzip\r\n" };
        public override string? ReproSource(StreamAccess access) => access != StreamAccess.Read ? null : Source(
            "var gzipped = new MemoryStream();\nusing (var gzip = new GZipStream(gzipped, CompressionLevel.Fastest, true)) gzip.Write(content, 0, content.Length);\nvar body = gzipped.ToArray();\n",
            body: "body", headers: "Content-Encoding: gzip\\r\\n");
    }
#else
    /// <summary>
    /// An error response's body with HttpWebRequest.DefaultMaximumErrorResponseLength set (documented in kilobytes; the
    /// .NET default, -1, hands out the content stream itself): HttpWebResponse+TruncatedReadStream. The limit is
    /// process-wide, and only error responses, which no other recipe asks for, are affected.
    /// </summary>
    public sealed class HttpWebResponseErrorRecipe : HttpWebResponseRecipe
    {
        /// <summary>In kilobytes: well past any content a check reads.</summary>
        const int MaximumErrorResponseKilobytes = 1024;

        public override StreamFixture? OpenRead(byte[] content)
        {
            HttpWebRequest.DefaultMaximumErrorResponseLength = MaximumErrorResponseKilobytes;
            return base.OpenRead(content);
        }

        public override string? ReproSource(StreamAccess access) => access != StreamAccess.Read ? null :
            ReproServer.Answering("404 Not Found") +
            $"System.Net.HttpWebRequest.DefaultMaximumErrorResponseLength = {MaximumErrorResponseKilobytes};\n" +
            "var request = (System.Net.HttpWebRequest)System.Net.WebRequest.Create($\"http://127.0.0.1:{port}/\");\n" +
            "System.Net.WebResponse response;\n" +
            "try { response = request.GetResponse(); }\n" +
            "catch (System.Net.WebException e) when (e.Response != null) { response = e.Response; }\n" +
            "var stream = response.GetResponseStream();";

        public override string Variant => "HttpWebResponse 404 body";
        public override string TypeName => DeclaredName.Of("System.Net.HttpWebResponse+TruncatedReadStream",
            beforeNet9: "System.Net.Http.HttpConnection+ContentLengthReadStream");
        private protected override HttpAnswer Answer(byte[] content) => new HttpAnswer { Status = "404 Not Found", Body = content };
    }
#endif
}
