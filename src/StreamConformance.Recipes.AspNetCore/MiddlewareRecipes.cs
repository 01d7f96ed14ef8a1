using System;
using System.IO;
using System.IO.Compression;
using System.Linq;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.WebUtilities;
using StreamConformance.Recipes;

namespace StreamConformance.Recipes.AspNetCore
{
    // One concept: the streams ASP.NET Core's middlewares and form reading put over a body, one recipe each.

    /// <summary>
    /// HttpLogging with request and response body logging (AddHttpLogging, UseHttpLogging): the request body it wraps
    /// (RequestBufferingStream, for a text/plain request). A pass-through of the request body: its knobs are the body's.
    /// </summary>
    public sealed class HttpLoggingRequestRecipe : HttpBodyRecipe
    {
        public override string TypeName => "Microsoft.AspNetCore.HttpLogging.RequestBufferingStream";
        public override string Variant => "UseHttpLogging request body";

        public override StreamFixture? OpenRead(byte[] content) =>
            Checked(KestrelExchanges.Open("/http-logging", HttpMethod.Post, KestrelExchanges.Body(content, false, "text/plain"),
                context => Task.FromResult(context.Request.Body)));

        // The middleware wraps the body only while its logger is enabled: the slim builder's console logging is.
        public override string? ReproSource(StreamAccess access) => access != StreamAccess.Read ? null :
            KestrelRepro.Source("builder.Services.AddHttpLogging(o => o.LoggingFields = Microsoft.AspNetCore.HttpLogging.HttpLoggingFields.RequestBody | Microsoft.AspNetCore.HttpLogging.HttpLoggingFields.ResponseBody);\n", "app.UseHttpLogging();\n", KestrelRepro.RequestBody, KestrelRepro.PostText);
    }

    /// <summary>HttpLogging's response body (ResponseBufferingStream, text/plain); the read-back is what the client received.</summary>
    public sealed class HttpLoggingResponseRecipe : HttpBodyRecipe
    {
        public override string TypeName => "Microsoft.AspNetCore.HttpLogging.ResponseBufferingStream";
        public override string Variant => "UseHttpLogging response body";

        public override StreamFixture? OpenWrite() =>
            Checked(KestrelExchanges.Open("/http-logging", HttpMethod.Get, null, TextBody));

        public override string? ReproSource(StreamAccess access) => access != StreamAccess.Write ? null :
            KestrelRepro.Source("builder.Services.AddHttpLogging(o => o.LoggingFields = Microsoft.AspNetCore.HttpLogging.HttpLoggingFields.RequestBody | Microsoft.AspNetCore.HttpLogging.HttpLoggingFields.ResponseBody);\n", "app.UseHttpLogging();\n", KestrelRepro.TextResponseBody, KestrelRepro.Get);

        public override string? ReproStore(StreamAccess access) => access != StreamAccess.Write ? null : KestrelRepro.Received;

        internal static Task<Stream> TextBody(HttpContext context)
        {
            context.Response.ContentType = "text/plain";
            return Task.FromResult(context.Response.Body);
        }
    }

    /// <summary>
    /// ResponseCompression (AddResponseCompression, UseResponseCompression) for a client that accepts gzip: the response body
    /// is ResponseCompressionBody, which gzips what the application writes. The read-back is the received body, gunzipped
    /// (and refused if it was not compressed), so what was written is compared with what arrives.
    /// </summary>
    public sealed class ResponseCompressionRecipe : HttpBodyRecipe
    {
        public override string TypeName => "Microsoft.AspNetCore.ResponseCompression.ResponseCompressionBody";
        public override string Variant => "UseResponseCompression gzip";

        public override StreamFixture? OpenWrite() =>
            Checked(KestrelExchanges.Open("/response-compression", HttpMethod.Get, null, HttpLoggingResponseRecipe.TextBody,
                request => request.Headers.AcceptEncoding.Add(new StringWithQualityHeaderValue("gzip")), Gunzip));

        // A client that asks for gzip and decompresses it, so what it received is what was written.
        public override string? ReproSource(StreamAccess access) => access != StreamAccess.Write ? null :
            KestrelRepro.Source("builder.Services.AddResponseCompression();\n", "app.UseResponseCompression();\n", KestrelRepro.TextResponseBody, KestrelRepro.Get,
                "new System.Net.Http.HttpClient(new System.Net.Http.HttpClientHandler { AutomaticDecompression = System.Net.DecompressionMethods.GZip })");

        public override string? ReproStore(StreamAccess access) => access != StreamAccess.Write ? null : KestrelRepro.Received;

        static byte[] Gunzip(HttpResponseMessage response, byte[] body)
        {
            if (!response.Content.Headers.ContentEncoding.Contains("gzip"))
            {
                // Nothing written: the middleware never started a compressed body.
                if (body.Length == 0) return body;
                throw new InvalidDataException("the response was not gzip-compressed (Content-Encoding: " + string.Join(",", response.Content.Headers.ContentEncoding) + ")");
            }
            using var gzip = new GZipStream(new MemoryStream(body), CompressionMode.Decompress);
            var result = new MemoryStream();
            gzip.CopyTo(result);
            return result.ToArray();
        }
    }

    /// <summary>
    /// ResponseCaching (AddResponseCaching, UseResponseCaching) on a cacheable GET whose response says Cache-Control: public:
    /// the body is ResponseCachingStream, which passes writes on and keeps a copy for the cache. Each fixture's URL is its
    /// own (the exchange key is in its path: the cache keys on the path, not the query), so no response is ever served from
    /// the cache instead of the application.
    /// </summary>
    public sealed class ResponseCachingRecipe : HttpBodyRecipe
    {
        public override string TypeName => "Microsoft.AspNetCore.ResponseCaching.ResponseCachingStream";
        public override string Variant => "UseResponseCaching cacheable response";

        public override StreamFixture? OpenWrite() =>
            Checked(KestrelExchanges.Open("/response-caching/{key}", HttpMethod.Get, null, Cacheable));

        public override string? ReproSource(StreamAccess access) => access != StreamAccess.Write ? null :
            KestrelRepro.Source("builder.Services.AddResponseCaching();\n", "app.UseResponseCaching();\n", KestrelRepro.CacheableResponseBody, KestrelRepro.Get);

        public override string? ReproStore(StreamAccess access) => access != StreamAccess.Write ? null : KestrelRepro.Received;

        internal static Task<Stream> Cacheable(HttpContext context)
        {
            context.Response.ContentType = "application/octet-stream";
            context.Response.Headers.CacheControl = "public, max-age=60";
            return Task.FromResult(context.Response.Body);
        }
    }

    /// <summary>OutputCaching (AddOutputCache with a base policy that caches, UseOutputCache): the body is OutputCacheStream.</summary>
    public sealed class OutputCachingRecipe : HttpBodyRecipe
    {
        public override string TypeName => "Microsoft.AspNetCore.OutputCaching.OutputCacheStream";
        public override string Variant => "UseOutputCache cacheable response";

        public override StreamFixture? OpenWrite() =>
            Checked(KestrelExchanges.Open("/output-caching/{key}", HttpMethod.Get, null, ResponseCachingRecipe.Cacheable));

        public override string? ReproSource(StreamAccess access) => access != StreamAccess.Write ? null :
            KestrelRepro.Source("builder.Services.AddOutputCache(o => o.AddBasePolicy(policy => policy.Cache()));\n", "app.UseOutputCache();\n", KestrelRepro.CacheableResponseBody, KestrelRepro.Get);

        public override string? ReproStore(StreamAccess access) => access != StreamAccess.Write ? null : KestrelRepro.Received;
    }

    /// <summary>
    /// A multipart/form-data upload's file as the application opens it: Request.ReadFormAsync() buffers the body, and
    /// IFormFile.OpenReadStream() returns a ReferenceReadStream over that buffer, seekable within the file's bytes, which are
    /// exactly what the client uploaded.
    /// </summary>
    public sealed class FormFileRecipe : AspNetCoreRecipe
    {
        public override string TypeName => "Microsoft.AspNetCore.Http.ReferenceReadStream";
        public override string Variant => "IFormFile.OpenReadStream";
        public override bool CanSeek => true;
        public override bool ReadsReadUntilSizeOrEof => false;

        public override StreamFixture? OpenRead(byte[] content) =>
            Checked(KestrelExchanges.Open("/", HttpMethod.Post, Upload(content), async context =>
            {
                var form = await context.Request.ReadFormAsync();
                return form.Files[0].OpenReadStream();
            }));

        public override string? ReproSource(StreamAccess access) => access != StreamAccess.Read ? null :
            KestrelRepro.Source("", "", "var form = await context.Request.ReadFormAsync(); handed.SetResult(form.Files[0].OpenReadStream());", KestrelRepro.Upload);

        internal static HttpContent Upload(byte[] content)
        {
            var file = new ByteArrayContent(content);
            file.Headers.ContentType = new MediaTypeHeaderValue("application/octet-stream");
            return new MultipartFormDataContent("streamconf-boundary") { { file, "file", "content.bin" } };
        }
    }

    /// <summary>
    /// A multipart section's body as MultipartReader gives it (MultipartReader over Request.Body, ReadNextSectionAsync().Body):
    /// MultipartReaderStream, reading the part the client sent from the live request body.
    /// </summary>
    public sealed class MultipartSectionRecipe : HttpBodyRecipe
    {
        public override string TypeName => "Microsoft.AspNetCore.WebUtilities.MultipartReaderStream";
        public override string Variant => "MultipartReader section over Request.Body";

        public override StreamFixture? OpenRead(byte[] content) =>
            Checked(KestrelExchanges.Open("/", HttpMethod.Post, FormFileRecipe.Upload(content), async context =>
            {
                var boundary = Microsoft.Net.Http.Headers.HeaderUtilities.RemoveQuotes(Microsoft.Net.Http.Headers.MediaTypeHeaderValue.Parse(context.Request.ContentType).Boundary).Value!;
                var section = await new MultipartReader(boundary, context.Request.Body).ReadNextSectionAsync();
                return section!.Body;
            }));

        public override string? ReproSource(StreamAccess access) => access != StreamAccess.Read ? null :
            KestrelRepro.Source("", "",
                "var boundary = Microsoft.Net.Http.Headers.HeaderUtilities.RemoveQuotes(Microsoft.Net.Http.Headers.MediaTypeHeaderValue.Parse(context.Request.ContentType).Boundary).Value; " +
                "var section = await new Microsoft.AspNetCore.WebUtilities.MultipartReader(boundary, context.Request.Body).ReadNextSectionAsync(); handed.SetResult(section.Body);",
                KestrelRepro.Upload);
    }

    /// <summary>
    /// RequestDecompression (AddRequestDecompression, UseRequestDecompression) on a POST whose body is gzip-compressed
    /// (Content-Encoding: gzip): Request.Body is SizeLimitedStream over the decompressing stream, capped at the request's
    /// maximum body size (Kestrel's default, 30 MB, above any check's content). Its content is what the client sent, decompressed.
    /// </summary>
    public sealed class RequestDecompressionRecipe : HttpBodyRecipe
    {
        public override string TypeName => "SizeLimitedStream";
        public override string Variant => "UseRequestDecompression gzip";
        // Its writes go to the decompressing GZipStream, which refuses them with InvalidOperationException: the exception
        // dotnet/runtime's compression conformance tests expect of that stream (UnsupportedReadWriteExceptionType).
        public override Type UnsupportedReadWriteExceptionType => typeof(InvalidOperationException);

        public override StreamFixture? OpenRead(byte[] content)
        {
            var compressed = new MemoryStream();
            using (var gzip = new GZipStream(compressed, CompressionLevel.Fastest, leaveOpen: true)) gzip.Write(content, 0, content.Length);
            var body = new ByteArrayContent(compressed.ToArray());
            body.Headers.ContentType = new MediaTypeHeaderValue("application/octet-stream");
            body.Headers.ContentEncoding.Add("gzip");
            return Checked(KestrelExchanges.Open("/request-decompression", HttpMethod.Post, body, context => Task.FromResult(context.Request.Body)));
        }

        public override string? ReproSource(StreamAccess access) => access != StreamAccess.Read ? null :
            KestrelRepro.Source("builder.Services.AddRequestDecompression();\n", "app.UseRequestDecompression();\n", KestrelRepro.RequestBody,
                "var compressed = new MemoryStream();\nusing (var gzip = new GZipStream(compressed, CompressionLevel.Fastest, leaveOpen: true)) gzip.Write(content, 0, content.Length);\n" +
                "var body = new System.Net.Http.ByteArrayContent(compressed.ToArray());\nbody.Headers.ContentEncoding.Add(\"gzip\");\n" +
                "var sent = client.PostAsync(url + \"/\", body);\n");
    }
}
