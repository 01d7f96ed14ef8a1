using System;
using System.Collections.Concurrent;
using System.IO;
using System.Net;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.HttpLogging;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace StreamConformance.Recipes.AspNetCore
{
    // One concept: the shared Kestrel server, the exchange a fixture registers with it, and its silent logger.

    /// <summary>
    /// One real Kestrel server per process, on 127.0.0.1 with ephemeral ports (port 0; the bound ports are read back from
    /// its listen options), started on first use and stopped at process exit. HTTP/1.1, and HTTP/2 alone without TLS (h2c)
    /// on a second port; the application pipeline
    /// branches by path into the middlewares whose streams are checked. Each fixture registers an <see cref="Exchange"/>
    /// under a key of its own (query parameter x), so concurrent fixtures never meet, and another process has its own
    /// server on its own port.
    /// </summary>
    sealed class KestrelLoopback
    {
        static readonly Lazy<(KestrelLoopback? Server, string? Reason)> s_shared =
            new Lazy<(KestrelLoopback?, string?)>(() => TryStart(0), LazyThreadSafetyMode.ExecutionAndPublication);

        /// <summary>Why the shared server is not usable (the framework is absent or Kestrel did not start), or null.</summary>
        public static string? UnavailableReason => s_shared.Value.Reason;

        public static KestrelLoopback Shared => s_shared.Value.Server ?? throw new InvalidOperationException(s_shared.Value.Reason);

        /// <summary>How long the server holds a request for its fixture: longer than any check keeps a stream, bounded all the same.</summary>
        static readonly TimeSpan HoldLimit = TimeSpan.FromMinutes(10);

        readonly IHost _host;
        readonly ConcurrentDictionary<string, Exchange> _exchanges = new ConcurrentDictionary<string, Exchange>(StringComparer.Ordinal);
        int _next;

        KestrelLoopback(IHost host, HttpClient client, int httpPort, int http2Port)
        {
            _host = host;
            Client = client;
            HttpPort = httpPort;
            Http2Port = http2Port;
        }

        public HttpClient Client { get; }
        public int HttpPort { get; }
        /// <summary>The HTTP/2-only endpoint (h2c, prior knowledge).</summary>
        public int Http2Port { get; }

        /// <summary>
        /// Starts a server whose plain endpoint listens on <paramref name="httpPort"/> (0: an ephemeral one); a server that
        /// does not start within the helper timeout, or throws, gives the reason instead.
        /// </summary>
        public static (KestrelLoopback? Server, string? Reason) TryStart(int httpPort)
        {
            ListenOptions? http = null, h2c = null;
            KestrelLoopback? server = null;
            IHost? host = null;
            try
            {
                host = new HostBuilder()
                    .ConfigureLogging(logging => logging.ClearProviders().SetMinimumLevel(LogLevel.Trace).AddProvider(new DiscardingLoggerProvider()))
                    .ConfigureWebHost(web => web
                        .UseKestrel(kestrel =>
                        {
                            // The Stream API's synchronous members are part of what is checked; Kestrel refuses them unless allowed.
                            kestrel.AllowSynchronousIO = true;
                            kestrel.Listen(IPAddress.Loopback, httpPort, o => http = o);
                            // HTTP/2 without TLS, for clients with prior knowledge (extended CONNECT's response body).
                            kestrel.Listen(IPAddress.Loopback, 0, o =>
                            {
                                h2c = o;
                                o.Protocols = HttpProtocols.Http2;
                            });
                        })
                        .ConfigureServices(services =>
                        {
                            services.AddHttpLogging(o => o.LoggingFields = HttpLoggingFields.RequestBody | HttpLoggingFields.ResponseBody);
                            services.AddResponseCompression();
                            services.AddResponseCaching();
                            services.AddOutputCache(o => o.AddBasePolicy(policy => policy.Cache()));
                            services.AddRequestDecompression();
                        })
                        .Configure(app =>
                        {
                            app.Map("/http-logging", branch => { branch.UseHttpLogging(); branch.Run(c => server!.Handle(c)); });
                            app.Map("/response-compression", branch => { branch.UseResponseCompression(); branch.Run(c => server!.Handle(c)); });
                            app.Map("/response-caching", branch => { branch.UseResponseCaching(); branch.Run(c => server!.Handle(c)); });
                            app.Map("/output-caching", branch => { branch.UseOutputCache(); branch.Run(c => server!.Handle(c)); });
                            app.Map("/request-decompression", branch => { branch.UseRequestDecompression(); branch.Run(c => server!.Handle(c)); });
                            app.Run(c => server!.Handle(c));
                        }))
                    .Build();
                var client = new HttpClient(new SocketsHttpHandler { UseProxy = false, AutomaticDecompression = DecompressionMethods.None, UseCookies = false })
                {
                    Timeout = Timeout.InfiniteTimeSpan,
                };
                var start = host.StartAsync();
                if (!start.Wait(Recipes.RecipeEnvironment.HelperTimeout))
                    throw new TimeoutException($"Kestrel did not start within {Recipes.RecipeEnvironment.HelperTimeout.TotalSeconds} s");
                start.GetAwaiter().GetResult();
                server = new KestrelLoopback(host, client, http!.IPEndPoint!.Port, h2c!.IPEndPoint!.Port);
                var stopping = host;
                AppDomain.CurrentDomain.ProcessExit += (_, _) => Stop(stopping);
                return (server, null);
            }
            catch (Exception e)
            {
                if (host != null) Stop(host);
                var inner = e is AggregateException a && a.InnerException != null ? a.InnerException : e;
                return (null, $"Kestrel on 127.0.0.1 did not start: {inner.GetType().Name}: {inner.Message}");
            }
        }

        static void Stop(IHost host)
        {
            try
            {
                using var cancel = new CancellationTokenSource(TimeSpan.FromSeconds(2));
                host.StopAsync(cancel.Token).Wait(TimeSpan.FromSeconds(3));
                host.Dispose();
            }
            catch (Exception) { } // shutting down: nothing left to tell
        }

        /// <summary>Stops this server (tests that started their own).</summary>
        public void Dispose()
        {
            Client.Dispose();
            Stop(_host);
        }

        /// <summary>A fresh key for an exchange, unique in this process.</summary>
        public string NewKey() => "e" + Interlocked.Increment(ref _next);

        public Exchange Register(string key, Func<HttpContext, Task<Stream>>? pick)
        {
            var exchange = new Exchange(key, pick, () => _exchanges.TryRemove(key, out _));
            if (!_exchanges.TryAdd(key, exchange)) throw new InvalidOperationException("exchange key in use: " + key);
            return exchange;
        }

        /// <summary>The application: finds the request's exchange (query parameter x), lets it pick its stream, and holds the request until the fixture is done.</summary>
        async Task Handle(HttpContext context)
        {
            var key = context.Request.Query["x"].ToString();
            if (!_exchanges.TryGetValue(key, out var exchange) || exchange.Pick == null)
            {
                context.Response.StatusCode = StatusCodes.Status404NotFound;
                return;
            }
            Stream stream;
            try { stream = await exchange.Pick(context); }
            catch (Exception e)
            {
                exchange.Fail(e);
                throw;
            }
            exchange.Deliver(stream);
            // Not ended by RequestAborted: a peer that closes its end after sending (an upgraded connection's feeder) must
            // not take the data still to be read away from the stream under test.
            await exchange.Held(HoldLimit);
        }
    }

    /// <summary>
    /// One fixture's request or connection: the server side delivers the stream the fixture checks, then waits until the
    /// fixture releases it (bounded), so the request stays open exactly as long as the stream is in use.
    /// </summary>
    sealed class Exchange : IDisposable
    {
        readonly TaskCompletionSource<Stream> _stream = new TaskCompletionSource<Stream>(TaskCreationOptions.RunContinuationsAsynchronously);
        readonly TaskCompletionSource<bool> _released = new TaskCompletionSource<bool>(TaskCreationOptions.RunContinuationsAsynchronously);
        readonly Action _unregister;

        public Exchange(string key, Func<HttpContext, Task<Stream>>? pick, Action unregister)
        {
            Key = key;
            Pick = pick;
            _unregister = unregister;
        }

        public string Key { get; }
        public Func<HttpContext, Task<Stream>>? Pick { get; }

        public void Deliver(Stream stream) => _stream.TrySetResult(stream);
        public void Fail(Exception e) => _stream.TrySetException(e);

        public async Task Held(TimeSpan limit)
        {
            var delay = Task.Delay(limit);
            await Task.WhenAny(_released.Task, delay).ConfigureAwait(false);
        }

        /// <summary>The server's stream, bounded by the helper timeout; a client that failed first (refused, reset) is the reason.</summary>
        public Stream Await(Task? client)
        {
            var timeout = Task.Delay(Recipes.RecipeEnvironment.HelperTimeout);
            var first = Task.WhenAny(_stream.Task, client ?? _stream.Task, timeout).GetAwaiter().GetResult();
            if (first == _stream.Task || _stream.Task.IsCompleted) return _stream.Task.GetAwaiter().GetResult();
            if (client != null && first == client && client.IsFaulted) throw new IOException("the loopback client failed before the server had the stream: " + client.Exception!.GetBaseException().Message, client.Exception!.GetBaseException());
            if (client != null && first == client) throw new IOException("the loopback client finished before the server had the stream");
            throw new TimeoutException($"Kestrel handed over no stream within {Recipes.RecipeEnvironment.HelperTimeout.TotalSeconds} s");
        }

        /// <summary>Lets the server finish the request or connection.</summary>
        public void Release() => _released.TrySetResult(true);

        public void Dispose()
        {
            Release();
            _unregister();
        }
    }

    /// <summary>
    /// Logging on at every level, written nowhere: HttpLogging only wraps bodies, and the connection logger only formats
    /// what passes, when their logger is enabled.
    /// </summary>
    sealed class DiscardingLoggerProvider : ILoggerProvider
    {
        public ILogger CreateLogger(string categoryName) => DiscardingLogger.Instance;
        public void Dispose() { }

        sealed class DiscardingLogger : ILogger
        {
            public static readonly DiscardingLogger Instance = new DiscardingLogger();
            public IDisposable? BeginScope<TState>(TState state) where TState : notnull => null;
            public bool IsEnabled(LogLevel logLevel) => true;
            public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter) =>
                formatter(state, exception); // formatted as a real provider would, then dropped
        }
    }
}
