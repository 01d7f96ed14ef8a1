using System;
using System.Net;
using System.Net.Sockets;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// An HttpListener on 127.0.0.1 and one request to it from a raw loopback client, so the framing of both bodies is
    /// exactly what the recipe asks. The listener's port is a free ephemeral one, taken again if another process
    /// took it first; the listener lives as long as its fixture.
    /// </summary>
    sealed class LoopbackListener : IDisposable
    {
        readonly HttpListener _listener;
        IAsyncResult? _pending;
        volatile bool _disposed;

        LoopbackListener(HttpListener listener, int port)
        {
            _listener = listener;
            Port = port;
        }

        public int Port { get; }

        public static LoopbackListener Start()
        {
            Exception? last = null;
            for (var attempt = 0; attempt < 5; attempt++)
            {
                // HttpListener takes no port 0: borrow a free one from the OS and hand it over (a race another
                // process may win, hence the retries).
                var probe = new TcpListener(IPAddress.Loopback, 0);
                probe.Start();
                var port = ((IPEndPoint)probe.LocalEndpoint).Port;
                probe.Stop();
                var listener = new HttpListener();
                listener.Prefixes.Add($"http://127.0.0.1:{port}/");
                try
                {
                    listener.Start();
                    return new LoopbackListener(listener, port);
                }
                catch (Exception e) when (e is HttpListenerException || e is SocketException)
                {
                    last = e;
                    listener.Close();
                }
            }
            throw new InvalidOperationException("no free loopback port for HttpListener: " + last?.Message, last);
        }

        /// <summary>Whether the listener still accepts: false once disposed (Mono's HttpListener.Close leaves its own
        /// IsListening true, and every later accept throws ObjectDisposedException).</summary>
        public bool IsListening => !_disposed && _listener.IsListening;

        /// <summary>The next request's context, bounded by <paramref name="timeout"/> (default: the helper timeout).</summary>
        public HttpListenerContext Next(TimeSpan? timeout = null)
        {
            // An accept that timed out stays pending and is waited on again: a fresh BeginGetContext would queue
            // behind it, and the listener hands the next request to the abandoned one.
            var pending = _pending ?? _listener.BeginGetContext(null, null);
            if (!pending.AsyncWaitHandle.WaitOne(timeout ?? RecipeEnvironment.HelperTimeout))
            {
                _pending = pending;
                throw new TimeoutException("HttpListener received no request");
            }
            _pending = null;
            return _listener.EndGetContext(pending);
        }

        public void Dispose()
        {
            _disposed = true;
            try { _listener.Close(); }
            catch (Exception) { }
        }
    }
}
