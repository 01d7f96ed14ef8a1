namespace StreamConformance.Recipes.AspNetCore
{
    /// <summary>
    /// The source form of a stream from a Kestrel exchange, as a user would write the repro: a minimal app on 127.0.0.1:0
    /// (synchronous I/O allowed, as the recipes' server allows it), its services and middleware, a handler that hands its
    /// stream out and holds the request open, and an HttpClient request to it. The program needs ASP.NET Core (a project
    /// with <c>&lt;FrameworkReference Include="Microsoft.AspNetCore.App" /&gt;</c>).
    /// </summary>
    static class KestrelRepro
    {
        /// <summary>
        /// <paramref name="handler"/>: statements of the request handler that end with <c>handed.SetResult(stream)</c>;
        /// <paramref name="request"/>: statements on <c>client</c> and <c>url</c> that send the request.
        /// </summary>
        public static string Source(string services, string middleware, string handler, string request, string? client = null) =>
            "var builder = WebApplication.CreateSlimBuilder();\n" +
            "builder.WebHost.ConfigureKestrel(kestrel => { kestrel.AllowSynchronousIO = true; kestrel.Listen(System.Net.IPAddress.Loopback, 0); });\n" +
            services +
            "var app = builder.Build();\n" +
            middleware +
            "var handed = new TaskCompletionSource<Stream>();\nvar release = new TaskCompletionSource<bool>();\n" +
            "app.Run(async context => { " + handler + " await release.Task; });\n" +
            "app.StartAsync().GetAwaiter().GetResult();\n" +
            "var url = app.Urls.First();\n" +
            "var client = " + (client ?? "new System.Net.Http.HttpClient()") + ";\n" +
            request +
            "var stream = handed.Task.GetAwaiter().GetResult();";

        public const string RequestBody = "handed.SetResult(context.Request.Body);";
        public const string ResponseBody = "context.Response.ContentType = \"application/octet-stream\"; handed.SetResult(context.Response.Body);";
        public const string TextResponseBody = "context.Response.ContentType = \"text/plain\"; handed.SetResult(context.Response.Body);";
        public const string CacheableResponseBody = "context.Response.ContentType = \"application/octet-stream\"; context.Response.Headers.CacheControl = \"public, max-age=60\"; handed.SetResult(context.Response.Body);";

        public const string Post = "var sent = client.PostAsync(url + \"/\", new System.Net.Http.ByteArrayContent(content));\n";
        /// <summary>HttpClient sends a body of unknown length (an unseekable stream's) chunked.</summary>
        public const string PostChunked = "var sent = client.PostAsync(url + \"/\", new System.Net.Http.StreamContent(new Unseekable(new MemoryStream(content, false))));\n";
        public const string PostText = "var text = new System.Net.Http.ByteArrayContent(content);\ntext.Headers.ContentType = new System.Net.Http.Headers.MediaTypeHeaderValue(\"text/plain\");\nvar sent = client.PostAsync(url + \"/\", text);\n";
        public const string Upload = "var file = new System.Net.Http.ByteArrayContent(content);\nfile.Headers.ContentType = new System.Net.Http.Headers.MediaTypeHeaderValue(\"application/octet-stream\");\n" +
                                     "var sent = client.PostAsync(url + \"/\", new System.Net.Http.MultipartFormDataContent { { file, \"file\", \"content.bin\" } });\n";
        public const string Get = "var received = client.GetByteArrayAsync(url + \"/\");\n";

        /// <summary>The response body the client received, once the handler lets the request end (for a response stream's read-back).</summary>
        public const string Received = "((Func<byte[]>)(() => { release.TrySetResult(true); return received.GetAwaiter().GetResult(); }))()";
    }
}
