using System;
using System.Reflection;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// HTTP client and WebRequest streams no recipe here reaches, each with the public API that would hand it out
    /// and why that cannot happen in a run: the report then says exactly that, not that the type is unknown.
    /// </summary>
    public abstract class HttpClientUnavailableRecipe : StreamRecipe
    {
        public override string Variant => "unreached";
    }

    /// <summary>The FTP family: FtpWebRequest's control and data connections.</summary>
    public abstract class FtpStreamRecipe : HttpClientUnavailableRecipe
    {
        public override string? UnavailableReason =>
            "only FtpWebRequest (WebRequest.Create(\"ftp://…\")) makes it, talking to an FTP server: none is installed on this " +
            "machine and the harness runs no FTP server of its own";
    }

    public sealed class FtpCommandStreamRecipe : FtpStreamRecipe { public override string TypeName => "System.Net.CommandStream"; }
    public sealed class FtpControlStreamRecipe : FtpStreamRecipe { public override string TypeName => "System.Net.FtpControlStream"; }
    public sealed class FtpDataStreamRecipe : FtpStreamRecipe { public override string TypeName => "System.Net.FtpDataStream"; }
    public sealed class FtpEmptyStreamRecipe : FtpStreamRecipe { public override string TypeName => "System.Net.FtpWebResponse+EmptyStream"; }
    public sealed class FtpNetworkStreamWrapperRecipe : FtpStreamRecipe { public override string TypeName => "System.Net.NetworkStreamWrapper"; }
#if MONO_CORLIB
    /// <summary>Mono 6.8's HttpClient buffer for GetStringAsync and GetByteArrayAsync (LoadIntoBufferAsync uses LimitMemoryStream).</summary>
    public sealed class MonoLimitArrayPoolWriteStreamRecipe : HttpClientUnavailableRecipe
    {
        public override string TypeName => "System.Net.Http.HttpContent+LimitArrayPoolWriteStream";
        public override string? UnavailableReason =>
            "Mono 6.8's HttpClient.GetStringAsync/GetByteArrayAsync copy the response body into it (the body stream's CopyToAsync " +
            "gets it, reachable through a DelegatingHandler that wraps the response content) and dispose it themselves: a fixture " +
            "cannot own it, since a second Dispose throws ArgumentNullException from ArrayPool.Return(null)";
    }

    /// <summary>Mono's System.Net.TlsStream is corefx's FTP one (FtpControlStream's FTPS), not the HttpWebRequest TLS layer.</summary>
    public sealed class FtpTlsStreamRecipe : FtpStreamRecipe { public override string TypeName => "System.Net.TlsStream"; }
#endif

#if !MONO_CORLIB
    /// <summary>QUIC and HTTP/3: they need libmsquic, which QuicConnection.IsSupported reports.</summary>
    public abstract class QuicRecipe : HttpClientUnavailableRecipe
    {
        static readonly Lazy<bool> s_quic = new Lazy<bool>(() =>
        {
            // By reflection: the property is a platform-guarded API on .NET 8, and this only reads it.
            try
            {
                var type = Type.GetType("System.Net.Quic.QuicConnection, System.Net.Quic");
                return type?.GetProperty("IsSupported", BindingFlags.Public | BindingFlags.Static)?.GetValue(null) is true;
            }
            catch (Exception) { return false; }
        });

        protected abstract string WithQuic { get; }

        public override string? UnavailableReason => s_quic.Value
            ? WithQuic
            : "QuicConnection.IsSupported is false here (libmsquic is not installed), so no QuicConnection, QuicListener or HTTP/3 request can be made";
    }

    public sealed class QuicStreamRecipe : QuicRecipe
    {
        public override string TypeName => "System.Net.Quic.QuicStream";
        protected override string WithQuic => "QuicConnection.OpenOutboundStreamAsync would give one over a loopback QuicListener; no recipe does yet";
    }

    public sealed class Http3ReadStreamRecipe : QuicRecipe
    {
        public override string TypeName => "System.Net.Http.Http3RequestStream+Http3ReadStream";
        protected override string WithQuic => "HttpClient uses it only for an HTTP/3 request to an HTTP/3 server: the harness has none on loopback";
    }

    public sealed class Http3WriteStreamRecipe : QuicRecipe
    {
        public override string TypeName => "System.Net.Http.Http3RequestStream+Http3WriteStream";
        protected override string WithQuic => "HttpClient uses it only for an HTTP/3 request to an HTTP/3 server: the harness has none on loopback";
    }

    /// <summary>System.Net.Http.Json's length limit on a response body.</summary>
    public sealed class JsonLengthLimitReadStreamRecipe : HttpClientUnavailableRecipe
    {
        public override string TypeName => "System.Net.Http.Json.LengthLimitReadStream";
        public override string? UnavailableReason =>
            "HttpClientJsonExtensions make it only on their ResponseHeadersRead path (GetFromJsonAsAsyncEnumerable), wrapping the " +
            "response body to enforce MaxResponseContentBufferSize, and hand it to JsonSerializer alone: no public method returns it " +
            "or passes it to caller code";
    }
#endif
}
