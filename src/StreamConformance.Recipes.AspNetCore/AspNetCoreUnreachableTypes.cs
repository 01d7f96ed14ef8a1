using System.Collections.Generic;
using StreamConformance.Recipes;

namespace StreamConformance.Recipes.AspNetCore
{
    /// <summary>
    /// ASP.NET Core streams no public API reaches on this machine, each with the API that would reach it and why it cannot
    /// here, so the report says so instead of the generic "not public" sentence. One row per type name (a name shared by
    /// two assemblies, such as Kestrel's pipe adapters compiled into the IIS server too, is one row).
    /// </summary>
    public sealed class AspNetCoreUnreachableTypes : UnreachableTypeTable
    {
        public override IEnumerable<UnreachableType> Types => new[]
        {
            Row("Microsoft.AspNetCore.Server.HttpSys.RequestStream", HttpSys),
            Row("Microsoft.AspNetCore.Server.HttpSys.ResponseStream", HttpSys),
            Row("Microsoft.AspNetCore.Server.HttpSys.ResponseBody", HttpSys),
            Row("Microsoft.AspNetCore.Server.HttpSys.OpaqueStream", HttpSys),
            Row("Microsoft.AspNetCore.Server.IIS.Core.HttpRequestStream", Iis),
            Row("Microsoft.AspNetCore.Server.IIS.Core.HttpResponseStream", Iis),
            Row("Microsoft.AspNetCore.Server.IIS.Core.HttpUpgradeStream", Iis),
            Row("Microsoft.AspNetCore.Server.IIS.Core.DuplexStream", Iis),
            Row("Microsoft.AspNetCore.Server.IIS.Core.EmptyStream", Iis),
            Row("Microsoft.AspNetCore.Server.IIS.Core.WrappingStream", Iis),
            Row("Microsoft.AspNetCore.Server.IIS.Core.ThrowingWasUpgradedWriteOnlyStreamInternal", Iis),
            Row("Microsoft.AspNetCore.Components.Server.Circuits.ArrayBuilderMemoryStream", "the buffer a Blazor Server circuit serializes its render batches into, never handed out: it needs " + Circuit + "and no browser runs here"),
            Row("Microsoft.AspNetCore.Components.Server.Circuits.RemoteJSDataStream", "IJSStreamReference.OpenReadStreamAsync in a Blazor Server circuit, fed by the browser's JavaScript in chunks: it needs " + Circuit + "and no browser runs here"),
            Row("Microsoft.AspNetCore.Components.Forms.BrowserFileStream", "IBrowserFile.OpenReadStream of an <InputFile> file, read from the browser through JS interop: it needs " + Circuit + "a user's file chosen in the page, and no browser runs here"),
            Row("Microsoft.AspNetCore.Internal.MemoryBufferWriter", "a pooled buffer SignalR (hub protocols, Http.Connections, Blazor's circuit messages) rents internally while it serializes a message and returns before the call ends (MemoryBufferWriter.Get/Return): no public API hands an instance out, it is only observable inside a hub's own serialization"),
            Row("Microsoft.AspNetCore.Mvc.Infrastructure.NonDisposableStream", "an internal wrapper MVC puts around a body it hands to a serializer, so the serializer's Dispose leaves the body open; it lives only inside MVC's own formatter code, and no public member returns it"),
            Row("Microsoft.AspNetCore.WebSockets.AbortStream", "the stream UseWebSockets' AcceptWebSocketAsync wraps the upgraded connection in before WebSocket.CreateFromStream: it is held in the returned WebSocket's private fields and no public API returns it (the upgraded connection itself is built as HttpUpgradeStream)"),
            Row("Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Infrastructure.ThrowingWasUpgradedWriteOnlyStream", "what HttpContext.Response.Body writes to once IHttpUpgradeFeature.UpgradeAsync has run: every write and Flush throws InvalidOperationException (CoreStrings.ResponseStreamWasUpgraded) by design, so there is no content to check; the upgraded connection is built as HttpUpgradeStream"),
            Row("Microsoft.AspNetCore.Server.Kestrel.Core.Internal.DuplexPipeStream", "Kestrel (and the IIS server's copy) uses it only as the base class of its connection adapters: its subclasses LoggingDuplexPipe and SslDuplexPipe are the connection adapters of UseConnectionLogging and UseHttps (see theirs); no public API returns a plain one"),
            Row("Microsoft.AspNetCore.Server.Kestrel.Core.Internal.DuplexPipeStreamAdapter`1", "an open generic instantiated only through its subclasses LoggingDuplexPipe (UseConnectionLogging) and SslDuplexPipe (UseHttps), Kestrel's connection adapters (see theirs); the copy compiled into the IIS server exists only inside IIS"),
            Row("Microsoft.AspNetCore.Server.Kestrel.Core.Internal.LoggingDuplexPipe", "reached as ConnectionContext.Transport (an IDuplexPipe) in a connection middleware after ListenOptions.UseConnectionLogging; " + Why),
            Row("Microsoft.AspNetCore.Server.Kestrel.Https.Internal.SslDuplexPipe", "reached as ConnectionContext.Transport (an IDuplexPipe) in a connection middleware after ListenOptions.UseHttps (the copy compiled into the IIS server exists only inside IIS); " + Why),
            Row("Microsoft.AspNetCore.Server.Kestrel.Core.Internal.LoggingStream", "the Stream UseConnectionLogging's LoggingDuplexPipe wraps the raw connection in; an application reaches it only through that pipe's Input and Output (PipeReader and PipeWriter over it), never as a Stream"),
        };

        static UnreachableType Row(string typeName, string reason) => new UnreachableType(typeName, "unreachable here", reason);

        /// <summary>HTTP.sys (Microsoft.AspNetCore.Server.HttpSys): UseHttpSys runs on Windows only.</summary>
        const string HttpSys =
            "HTTP.sys's request and response bodies (WebHostBuilder.UseHttpSys) need the Windows kernel driver http.sys; the server does not start on Linux";

        /// <summary>The IIS in-process server (Microsoft.AspNetCore.Server.IIS): requests arrive from the ASP.NET Core Module inside IIS's worker process.</summary>
        const string Iis =
            "the IIS in-process server's streams (UseIIS) exist only inside an IIS or IIS Express worker process on Windows, where the ASP.NET Core Module (aspnetcorev2_inprocess.dll) calls into the app; neither runs on Linux";

        /// <summary>Blazor Server (Microsoft.AspNetCore.Components.Server / .Web): streams of a live circuit.</summary>
        const string Circuit = "a live Blazor circuit: a browser running blazor.web.js connected over SignalR to MapRazorComponents().AddInteractiveServerRenderMode(), ";

        /// <summary>
        /// Kestrel's connection adapters. Reached, through public API, as ConnectionContext.Transport in a connection middleware
        /// after UseConnectionLogging or UseHttps (tried here on loopback): an IDuplexPipe that is also a Stream. As a Stream it
        /// is the raw side under the logging or TLS layer, which only that layer reads and writes, its synchronous Dispose throws
        /// NotSupportedException by design (Kestrel disposes it only with DisposeAsync), and Kestrel owns its lifetime: the
        /// Stream contract's checks would judge uses no caller makes, so it is not built.
        /// </summary>
        const string Why = "as a Stream it is the raw connection under that layer, which only the layer itself reads and writes; its synchronous Dispose throws NotSupportedException by design (Kestrel calls only DisposeAsync) and Kestrel owns its lifetime, so the Stream contract's checks would judge uses no caller makes";
    }
}
