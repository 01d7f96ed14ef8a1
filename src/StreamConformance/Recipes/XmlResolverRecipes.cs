#if MONO_CORLIB
using System;
using System.Collections.Concurrent;
using System.IO;
using System.Net;
using System.Threading;
using System.Xml;

namespace StreamConformance.Recipes
{
    // One concept: XmlUrlResolver's HTTP streams, and the loopback content server they are fetched from.
    /// <summary>
    /// One HttpListener on 127.0.0.1 per probe process, started on first use and closed at exit, that answers
    /// <c>GET /content/ID</c> with the bytes registered under ID (Content-Length framing). Recipes that reach a stream
    /// through an HTTP client API share it, each fixture registering its content under a fresh id.
    /// </summary>
    static class LoopbackContentServer
    {
        static readonly ConcurrentDictionary<string, byte[]> s_contents = new ConcurrentDictionary<string, byte[]>();
        static readonly Lazy<(LoopbackListener? Listener, int Port, string? Error)> s_server = new Lazy<(LoopbackListener?, int, string?)>(Start);
        static int s_next;

        /// <summary>Why the server cannot run here, or null once it listens.</summary>
        public static string? UnavailableReason => s_server.Value.Error;

        /// <summary>Registers <paramref name="content"/>; the returned URI serves it until the registration is disposed.</summary>
        public static Uri Serve(byte[] content, out IDisposable registration)
        {
            var server = s_server.Value;
            if (server.Listener == null) throw new InvalidOperationException(server.Error);
            var id = Interlocked.Increment(ref s_next).ToString();
            s_contents[id] = content;
            registration = new Registration(id);
            return new Uri($"http://127.0.0.1:{server.Port}/content/{id}");
        }

        static (LoopbackListener?, int, string?) Start()
        {
            LoopbackListener listener;
            try { listener = LoopbackListener.Start(); }
            catch (InvalidOperationException e) { return (null, 0, e.Message); }
            new Thread(() => Serve(listener)) { IsBackground = true, Name = "streamconf-content-server" }.Start();
            AppDomain.CurrentDomain.ProcessExit += (sender, e) => listener.Dispose();
            return (listener, listener.Port, null);
        }

        static void Serve(LoopbackListener listener)
        {
            var failures = 0;
            while (true)
            {
                HttpListenerContext context;
                try { context = listener.Next(); }
                catch (TimeoutException) { continue; } // no request for a while: keep listening
                catch (ObjectDisposedException) { return; } // closed
                catch (Exception) when (listener.IsListening && ++failures < 100) { continue; } // one request went wrong; the server goes on
                catch (Exception) { return; } // closed, or failing on every request: no busy loop
                failures = 0;
                ThreadPool.QueueUserWorkItem(_ => Answer(context));
            }
        }

        static void Answer(HttpListenerContext context)
        {
            try
            {
                var path = context.Request.Url.AbsolutePath;
                const string Prefix = "/content/";
                if (!path.StartsWith(Prefix, StringComparison.Ordinal) || !s_contents.TryGetValue(path.Substring(Prefix.Length), out var body))
                {
                    context.Response.StatusCode = 404;
                    context.Response.Close();
                    return;
                }
                context.Response.ContentType = "application/xml";
                context.Response.ContentLength64 = body.Length;
                context.Response.OutputStream.Write(body, 0, body.Length);
                context.Response.Close();
            }
            catch (Exception)
            {
                try { context.Response.Abort(); }
                catch (Exception) { }
            }
        }

        sealed class Registration : IDisposable
        {
            readonly string _id;
            public Registration(string id) => _id = id;
            public void Dispose() => s_contents.TryRemove(_id, out _);
        }
    }

    /// <summary>
    /// XmlUrlResolver.GetEntity on an http URI (Mono's System.Xml, XmlDownloadManager): the response stream comes back
    /// wrapped, as XmlRegisteredNonCachedStream while the host has connections to spare, or copied whole into an
    /// XmlCachedStream when it is one connection short of its ServicePoint limit. The limit of the server's own
    /// ServicePoint (127.0.0.1 and its ephemeral port, nothing else) picks the path.
    /// </summary>
    public abstract class XmlResolverRecipe : StreamRecipe
    {
        static readonly object s_gate = new object();

        public override string? UnavailableReason => LoopbackContentServer.UnavailableReason;
        public override int PreferredContentLength => 4096;

        /// <summary>The ServicePoint connection limit that steers XmlDownloadManager to the wanted stream.</summary>
        protected abstract int ConnectionLimit { get; }

        public override StreamFixture? OpenRead(byte[] content)
        {
            using var build = new FixtureBuilder();
            var uri = LoopbackContentServer.Serve(content, out var registration);
            build.Own(registration);
            Stream stream;
            lock (s_gate)
            {
                ServicePointManager.FindServicePoint(uri).ConnectionLimit = ConnectionLimit;
                stream = (Stream)new XmlUrlResolver().GetEntity(uri, null, typeof(Stream))!;
            }
            return build.Fixture(stream);
        }
    }

    /// <summary>The response stream, registered with the download manager until closed: reads come from the connection.</summary>
    public sealed class XmlRegisteredNonCachedStreamRecipe : XmlResolverRecipe
    {
        public override string TypeName => "System.Xml.XmlRegisteredNonCachedStream";
        public override string Variant => "XmlUrlResolver.GetEntity http";
        protected override int ConnectionLimit => 64;
        public override bool ReadsReadUntilSizeOrEof => false;
        public override bool HasLivePeer => true;
        public override bool IsOsBacked => true;
        // It forwards to the HTTP response stream; dotnet/runtime's conformance suite holds HTTP response streams to no
        // rule after Dispose (as for the HttpListener and HttpClient recipes).
        public override bool MembersThrowAfterDispose => false;
    }

    /// <summary>The whole response copied into memory (a MemoryStream), freeing the connection at once.</summary>
    public sealed class XmlCachedStreamRecipe : XmlResolverRecipe
    {
        public override string TypeName => "System.Xml.XmlCachedStream";
        public override string Variant => "XmlUrlResolver.GetEntity http, connection limit reached";
        protected override int ConnectionLimit => 1;
        public override bool CanSeek => true;
        public override bool IsBuffered => true;
    }
}
#endif
