using System;
using System.Collections.Generic;
using System.Reflection;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// Runtime stream types no recipe can reach here, each with the public API that would reach it and why that is not
    /// possible on this machine (a server or device that is not here, another operating system, or an instance that never
    /// leaves the runtime). Each claim was checked against the type's source; a type that becomes reachable gets a recipe
    /// instead of its row here. The report then says exactly that, not that the type is unknown.
    /// </summary>
    public sealed class RuntimeUnreachableTypes : UnreachableTypeTable
    {
        public override IEnumerable<UnreachableType> Types => new[]
        {
            // ---- System.Net.Mail's encoders and plumbing: made and consumed inside SmtpClient's MIME writer. ----
            Through("System.Net.Mime.QuotedPrintableStream", "System.Net.Mail's MIME writer wraps the message output in it for TransferEncoding.QuotedPrintable (MimePart.Send, " +
                "also SmtpClient.Send to a pickup directory), copies the attachment's content into it and closes it: no public member returns it and no public stream holds it"),
            Through("System.Net.Mime.QEncodedStream", "made only by System.Net.Mail's header encoder (EncodedStreamFactory, for a non-ASCII header value in Q encoding), " +
                "which returns the encoded text as a string: no public member returns the stream"),
            Through("System.Net.Mime.EightBitStream", "System.Net.Mail's MIME writer wraps the message output in it for TransferEncoding.SevenBit and EightBit (MimePart.Send) " +
                "and closes it after copying the part: no public member returns it and no public stream holds it"),
            Through("System.Net.Base64Stream", "System.Net.Mail's MIME writer wraps the message output in it for TransferEncoding.Base64 (MimePart.Send), and its header " +
                "encoder B-encodes into one: both consume it inside SmtpClient; no public member returns it and no public stream holds it"),
            Through("System.Net.ClosableStream", "the content stream of System.Net.Mail's internal MailWriter (BaseWriter.GetContentStream), which calls the writer back on " +
                "Close; only MimePart.Send writes to it: no public member returns it"),
#if !MONO_CORLIB
            // .NET's is SmtpClient's; Mono's System.Net.BufferedReadStream is another type, inside HttpWebRequest.
            Through("System.Net.BufferedReadStream", "SmtpClient reads an SMTP server's replies through it (SmtpReplyReaderFactory over the connection's NetworkStream): it needs " +
                "an SMTP server, none runs here (a scripted one would be a mock), and the instance never leaves SmtpClient"),
#endif
            Through("System.Net.DelegatedStream", "never constructed as itself: it is the base of System.Net.Mail's internal streams (Base64Stream, QuotedPrintableStream, " +
                "ClosableStream, BufferedReadStream…), each reported on its own"),
            // ---- Compression. ----
            Through("System.IO.Compression.DeflateStream+CopyToStream", "exists only during DeflateStream.CopyTo/CopyToAsync, as the destination handed to the compressed source's CopyTo: it " +
                "inflates what is written to it, so it accepts deflate data only, never the content a write check gives, and it is gone when CopyTo returns"),
            Through("zipsharp.UnzipReadStream", "internal to Mono's ZipPackage (System.IO.Packaging), which reads each part through it while loading and hands out a " +
                "ZipPartStream over a MemoryStream copy (observed: that stream holds no zipsharp stream)"),
            Through("zipsharp.ZipStream", "internal to Mono's ZipPackage: the package file's stream as libMonoPosixHelper's minizip sees it while loading and " +
                "saving; no public member returns it and ZipPartStream does not hold it"),
            Through("zipsharp.ZipWriteStream", "internal to Mono's ZipPackage, which writes each part's MemoryStream copy through it when the package is flushed or " +
                "closed; no public member returns it"),
            // ---- Data providers: servers that are not here. ----
            Through("System.Data.SqlClient.SqlCachedStream", SqlServer("SqlDataReader's cached BLOB column values (GetSqlXml/GetXmlReader on a buffered column)")),
            Through("System.Data.SqlClient.SqlSequentialStream", SqlServer("SqlDataReader.GetStream with CommandBehavior.SequentialAccess")),
            Through("System.Data.SqlClient.SqlStream", SqlServer("SqlDataReader's streamed XML column (GetSqlXml, ExecuteXmlReader)")),
            Through("System.Data.SqlClient.TdsParser+TdsOutputStream", SqlServer("the TDS parser's parameter writer (SqlCommand with a Stream parameter value)")),
            Through("System.Data.SqlClient.SNI.SslOverTdsStream", SqlServer("the TLS handshake wrapped in TDS pre-login packets (SqlConnection with Encrypt=true)")),
            Through("Microsoft.SqlServer.Server.SmiGettersStream", SqlClr),
            Through("Microsoft.SqlServer.Server.SmiSettersStream", SqlClr),
            Through("Microsoft.SqlServer.Server.DummyStream", SqlClr),
            Through("System.Data.OracleClient.OracleLob", Oracle("OracleDataReader.GetOracleLob")),
            Through("System.Data.OracleClient.OracleBFile", Oracle("OracleDataReader.GetOracleBFile")),
            Through("System.Data.Services.Client.BatchStream", DataServicesBatch),
            Through("System.Data.Services.Client.BatchStream+StreamWithDelimiter", DataServicesBatch),
            Through("System.Data.Services.Client.BatchStream+StreamWithLength", DataServicesBatch),
            Through("System.Data.SqlTypes.SqlXmlStreamWrapper", "SqlXml.CreateReader wraps the SqlXml's stream in it and passes it only to the XmlReader it creates " +
                "(XmlReader.Create): no public member returns the wrapper, and the reader is not a stream"),
            // ---- Devices and other operating systems. ----
            Through("System.IO.Ports.SerialPortStream", "SerialPort.BaseStream after SerialPort.Open on a serial device node (/dev/ttyS*, /dev/ttyUSB*): the run opens no " +
                "device outside its temp folder, and a serial line has no known content to read"),
            Through("System.IO.Ports.WinSerialStream", "SerialPort.Open's Windows implementation (CreateFile on COMn): Windows only"),
            Through("System.Runtime.Remoting.Channels.Ipc.Win32.NamedPipeStream", "IpcChannel's Windows named-pipe transport (Win32 CreateNamedPipe/ConnectNamedPipe): Windows only"),
            // ---- Hosts that are not here: ASP.NET (System.Web), WCF, SOAP. ----
            Through("System.Web.HttpPostedFile+ReadSubStream", SystemWeb("HttpPostedFile.InputStream of a multipart/form-data upload")),
            Through("System.Web.HttpRequest+BufferlessInputStream", SystemWeb("HttpRequest.GetBufferlessInputStream")),
            Through("System.Web.HttpResponseStream", SystemWeb("HttpResponse.OutputStream")),
            Through("System.Web.InputFilterStream", SystemWeb("HttpRequest.Filter")),
            Through("System.Web.OutputFilterStream", SystemWeb("HttpResponse.Filter")),
            Through("System.Web.IntPtrStream", SystemWeb("HttpRequest.InputStream over a worker request's unmanaged entity body")),
            Through("System.Web.TempFileStream", SystemWeb("HttpRequest.InputStream of a request body larger than requestLengthDiskThreshold")),
            Through("Mono.Http.GZipWriteFilter", SystemWeb("Mono.Http's GZipModule (an IHttpModule) installing it as HttpResponse.Filter")),
            Through("System.Web.Services.Protocols.BufferedResponseStream", SystemWeb("an ASMX web service's buffered SOAP response")),
            Through("System.Web.Services.Protocols.SoapExtensionStream", "SoapHttpClientProtocol hands it to a SoapExtension's ChainStream during a call: needs a SOAP (ASMX) server to call, " +
                "none runs here"),
            Through("System.Web.Http.SelfHost.ServiceModel.Channels.BufferManagerOutputStream", SelfHost),
            Through("System.Web.Http.SelfHost.ServiceModel.Channels.BufferedOutputStream", SelfHost),
            Through("System.Runtime.BufferedOutputStream", "the buffer WCF's message encoders (System.ServiceModel's BufferedMessageWriter) write a message into, handing out only " +
                "the resulting ArraySegment: no public member returns it"),
            // ---- Serialization and XML internals: made around a caller's stream and kept inside a reader or writer. ----
            Through("System.Runtime.Serialization.Json.JsonEncodingStreamWrapper", "JsonReaderWriterFactory.CreateJsonReader/CreateJsonWriter with a UTF-16 or UTF-32 encoding wrap the caller's stream in " +
                "it and keep it inside the XmlDictionaryReader/Writer they return: no public member returns it, and that reader or writer is not a stream"),
            Through("System.Xml.EncodingStreamWrapper", "XmlDictionaryReader.CreateTextReader / XmlDictionaryWriter.CreateTextWriter with a UTF-16 encoding wrap the caller's " +
                "stream in it and keep it inside the reader or writer they return: no public member returns it"),
            Through("System.Xml.BufferedReadStream", "XmlDictionaryReader.CreateMtomReader reads the caller's MIME stream through it to find part boundaries, inside the " +
                "reader it returns: no public member returns it"),
            Through("System.Xml.DelimittedStreamReader+DelimittedReadStream", "XmlDictionaryReader.CreateMtomReader reads each MIME part through it, inside the reader it returns (a part's bytes " +
                "come out as base64 content, not as a stream): no public member returns it"),
            Through("System.ComponentModel.Design.DesigntimeLicenseContextSerializer+StreamWrapper", "made only by DesigntimeLicenseContextSerializer's internal Deserialize, which RuntimeLicenseContext.GetSavedLicenseKey " +
                "calls on an assembly's embedded '.licenses' resource: it peeks the first byte and passes the wrapper to a BinaryReader, never returning it"),
            Through("System.Reflection.PortableExecutable.DebugDirectoryBuilder+BlobBuilderStream", "DebugDirectoryBuilder.AddEmbeddedPortablePdbEntry deflates the PDB through a DeflateStream into it (a write-only view " +
                "of the debug directory's BlobBuilder) inside the call: no public member returns it and no public stream holds it afterwards"),
            // ---- Mono's corlib internals. ----
            Through("System.IO.HGlobalUnmanagedMemoryStream", "made only by TimeZoneInfo's time-zone data loader for Xamarin.iOS and WebAssembly (GetMonoTouchData, GetMonoWasmData); " +
                "desktop Linux Mono reads /usr/share/zoneinfo with FileStream instead"),
            Through("System.Security.Cryptography.TailStream", "MACTripleDES's private sink: its HashCore writes through a private CryptoStream into it to keep the last cipher block; " +
                "neither stream is handed out"),
            Through("System.IO.ChunkedMemoryStream", "WebClient's body buffer: DownloadData/UploadData (and their async forms) read the response into it and return its " +
                "bytes as a byte[]; no public member returns the stream"),

            // ---- HTTP client and WebRequest streams: the API that would hand each out, and why that cannot happen in a run. ----
            Unreached("System.Net.CommandStream", Ftp),
            Unreached("System.Net.FtpControlStream", Ftp),
            Unreached("System.Net.FtpDataStream", Ftp),
            Unreached("System.Net.FtpWebResponse+EmptyStream", Ftp),
            Unreached("System.Net.NetworkStreamWrapper", Ftp),
#if MONO_CORLIB
            // Mono 6.8's HttpClient buffer for GetStringAsync and GetByteArrayAsync (LoadIntoBufferAsync uses LimitMemoryStream).
            Unreached("System.Net.Http.HttpContent+LimitArrayPoolWriteStream", "Mono 6.8's HttpClient.GetStringAsync/GetByteArrayAsync copy the response body into it (the body stream's CopyToAsync " +
                "gets it, reachable through a DelegatingHandler that wraps the response content) and dispose it themselves: a fixture " +
                "cannot own it, since a second Dispose throws ArgumentNullException from ArrayPool.Return(null)"),
            // Mono's System.Net.TlsStream is corefx's FTP one (FtpControlStream's FTPS), not the HttpWebRequest TLS layer.
            Unreached("System.Net.TlsStream", Ftp),
#endif
#if !MONO_CORLIB
            // QUIC and HTTP/3, and System.Net.Http.Json's length limit on a response body.
            Unreached("System.Net.Quic.QuicStream", Quic("QuicConnection.OpenOutboundStreamAsync would give one over a loopback QuicListener; no recipe does yet")),
            Unreached("System.Net.Http.Http3RequestStream+Http3ReadStream", Quic("HttpClient uses it only for an HTTP/3 request to an HTTP/3 server: the harness has none on loopback")),
            Unreached("System.Net.Http.Http3RequestStream+Http3WriteStream", Quic("HttpClient uses it only for an HTTP/3 request to an HTTP/3 server: the harness has none on loopback")),
            Unreached("System.Net.Http.Json.LengthLimitReadStream", "HttpClientJsonExtensions make it only on their ResponseHeadersRead path (GetFromJsonAsAsyncEnumerable), wrapping the " +
                "response body to enforce MaxResponseContentBufferSize, and hand it to JsonSerializer alone: no public method returns it " +
                "or passes it to caller code"),
            // The browser build of System.Net.Http (the wasm flavour's pack) has these instead of the socket handler's streams.
            Unreached("System.Net.Http.BrowserHttpReadStream", BrowserResponseBody),
            Unreached("System.Net.Http.WasmHttpReadStream", BrowserResponseBody),   // the same stream's name in the 8.0 pack
            Unreached("System.Net.Http.BrowserHttpWriteStream", "HttpClient's streamed request body under WebAssembly (BrowserHttpHandler with the " +
                "WebAssemblyEnableStreamingRequest option): a request can be sent only by awaiting fetch on Node's event loop, which the probe's " +
                "synchronous checks never return to; and on the 10.0 pack under Node 20 every request with a body failed before a stream " +
                "was made (HttpRequestException: \"TypeError: Failed to parse URL from\", as in dotnet/runtime#96210), where 8.0's sent them"),
#endif
        };

        /// <summary>Tried on the 10.0 and 8.0 packs under Node (docs/wasm.md, "HttpClient over Node's fetch, tried").</summary>
        const string BrowserResponseBody = "HttpClient's response body under WebAssembly (BrowserHttpHandler over JavaScript's fetch, which " +
            "Node has: against a Node loopback server, GetStreamAsync returns StreamContent's read stream over it on 10.0, and on 8.0 with the " +
            "WebAssemblyEnableStreamingResponse option, without which 8.0 buffers the body into a MemoryStream): it reads only asynchronously, " +
            "its synchronous Read and ReadByte throw NotSupportedException (\"Synchronous reads are not supported, use ReadAsync instead.\"), and " +
            "both the request and each ReadAsync complete only once the caller returns to Node's event loop; the probe's checks run synchronously " +
            "on the one thread, where waiting for them throws PlatformNotSupportedException (\"Cannot wait on monitors on this runtime.\")";

        /// <summary>Reached through an API of the runtime that cannot run here.</summary>
        static UnreachableType Through(string typeName, string reason) => new UnreachableType(typeName, "reached through", reason);

        /// <summary>An HTTP client or WebRequest stream no request made here reaches.</summary>
        static UnreachableType Unreached(string typeName, string reason) => new UnreachableType(typeName, "unreached", reason);

        static string SqlServer(string api) => api + ": needs a connection to SQL Server, and none runs here";

        const string SqlClr = "a SQL CLR (SMI) server-side stream: it exists only inside SQL Server's hosted CLR, serving a context connection's values";

        static string Oracle(string api) => api + " on an OracleConnection: needs an Oracle server and its OCI client library (libclntsh), neither is here";

        const string DataServicesBatch = "DataServiceContext.SaveChanges(SaveChangesOptions.Batch) / ExecuteBatch reads the $batch response through it: " +
            "needs an OData (WCF Data Services) server answering $batch, none runs here, and the instance never leaves the client";

        static string SystemWeb(string api) => api + ": needs an ASP.NET (System.Web) host running a request (HttpRuntime.ProcessRequest with a " +
            "worker request, as XSP or mod_mono do), which this harness does not start";

        const string SelfHost = "a buffer of HttpSelfHostServer's WCF message encoder (System.Web.Http.SelfHost): written while a self-hosted ASP.NET " +
            "Web API server encodes a response, never handed out; the self-host's WCF HTTP transport is not started here";

        /// <summary>The FTP family: FtpWebRequest's control and data connections.</summary>
        const string Ftp = "only FtpWebRequest (WebRequest.Create(\"ftp://…\")) makes it, talking to an FTP server: none is installed on this " +
            "machine and the harness runs no FTP server of its own";

#if !MONO_CORLIB
        /// <summary>QUIC and HTTP/3 need libmsquic, which QuicConnection.IsSupported reports.</summary>
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

        static string Quic(string withQuic) => s_quic.Value
            ? withQuic
            : "QuicConnection.IsSupported is false here (libmsquic is not installed), so no QuicConnection, QuicListener or HTTP/3 request can be made";
#endif
    }
}
