namespace StreamConformance.Recipes
{
    /// <summary>
    /// Runtime stream types no recipe can reach here, each with the public API that would reach it and why that is not
    /// possible on this machine (a server or device that is not here, another operating system, or an instance that never
    /// leaves the runtime). Each claim was checked against the type's source; a type that becomes reachable gets a recipe
    /// instead of its line here.
    /// </summary>
    public abstract class PlatformUnavailableRecipe : StreamRecipe
    {
        public abstract string Reason { get; }
        public override string Variant => "reached through";
        public override string? UnavailableReason => Reason;
    }

    // ---- System.Net.Mail's encoders and plumbing: made and consumed inside SmtpClient's MIME writer. ----

    public sealed class QuotedPrintableStreamUnavailable : PlatformUnavailableRecipe
    {
        public override string TypeName => "System.Net.Mime.QuotedPrintableStream";
        public override string Reason => "System.Net.Mail's MIME writer wraps the message output in it for TransferEncoding.QuotedPrintable (MimePart.Send, " +
            "also SmtpClient.Send to a pickup directory), copies the attachment's content into it and closes it: no public member returns it and no public stream holds it";
    }

    public sealed class QEncodedStreamUnavailable : PlatformUnavailableRecipe
    {
        public override string TypeName => "System.Net.Mime.QEncodedStream";
        public override string Reason => "made only by System.Net.Mail's header encoder (EncodedStreamFactory, for a non-ASCII header value in Q encoding), " +
            "which returns the encoded text as a string: no public member returns the stream";
    }

    public sealed class EightBitStreamUnavailable : PlatformUnavailableRecipe
    {
        public override string TypeName => "System.Net.Mime.EightBitStream";
        public override string Reason => "System.Net.Mail's MIME writer wraps the message output in it for TransferEncoding.SevenBit and EightBit (MimePart.Send) " +
            "and closes it after copying the part: no public member returns it and no public stream holds it";
    }

    public sealed class Base64StreamUnavailable : PlatformUnavailableRecipe
    {
        public override string TypeName => "System.Net.Base64Stream";
        public override string Reason => "System.Net.Mail's MIME writer wraps the message output in it for TransferEncoding.Base64 (MimePart.Send), and its header " +
            "encoder B-encodes into one: both consume it inside SmtpClient; no public member returns it and no public stream holds it";
    }

    public sealed class ClosableStreamUnavailable : PlatformUnavailableRecipe
    {
        public override string TypeName => "System.Net.ClosableStream";
        public override string Reason => "the content stream of System.Net.Mail's internal MailWriter (BaseWriter.GetContentStream), which calls the writer back on " +
            "Close; only MimePart.Send writes to it: no public member returns it";
    }

#if !MONO_CORLIB
    // .NET's is SmtpClient's; Mono's System.Net.BufferedReadStream is another type, inside HttpWebRequest.
    public sealed class MailBufferedReadStreamUnavailable : PlatformUnavailableRecipe
    {
        public override string TypeName => "System.Net.BufferedReadStream";
        public override string Reason => "SmtpClient reads an SMTP server's replies through it (SmtpReplyReaderFactory over the connection's NetworkStream): it needs " +
            "an SMTP server, none runs here (a scripted one would be a mock), and the instance never leaves SmtpClient";
    }
#endif

    public sealed class DelegatedStreamUnavailable : PlatformUnavailableRecipe
    {
        public override string TypeName => "System.Net.DelegatedStream";
        public override string Reason => "never constructed as itself: it is the base of System.Net.Mail's internal streams (Base64Stream, QuotedPrintableStream, " +
            "ClosableStream, BufferedReadStream…), each reported on its own";
    }

    // ---- Compression. ----

    public sealed class DeflateCopyToStreamUnavailable : PlatformUnavailableRecipe
    {
        public override string TypeName => "System.IO.Compression.DeflateStream+CopyToStream";
        public override string Reason => "exists only during DeflateStream.CopyTo/CopyToAsync, as the destination handed to the compressed source's CopyTo: it " +
            "inflates what is written to it, so it accepts deflate data only, never the content a write check gives, and it is gone when CopyTo returns";
    }

    public sealed class ZipSharpUnzipReadStreamUnavailable : PlatformUnavailableRecipe
    {
        public override string TypeName => "zipsharp.UnzipReadStream";
        public override string Reason => "internal to Mono's ZipPackage (System.IO.Packaging), which reads each part through it while loading and hands out a " +
            "ZipPartStream over a MemoryStream copy (observed: that stream holds no zipsharp stream)";
    }

    public sealed class ZipSharpZipStreamUnavailable : PlatformUnavailableRecipe
    {
        public override string TypeName => "zipsharp.ZipStream";
        public override string Reason => "internal to Mono's ZipPackage: the package file's stream as libMonoPosixHelper's minizip sees it while loading and " +
            "saving; no public member returns it and ZipPartStream does not hold it";
    }

    public sealed class ZipSharpZipWriteStreamUnavailable : PlatformUnavailableRecipe
    {
        public override string TypeName => "zipsharp.ZipWriteStream";
        public override string Reason => "internal to Mono's ZipPackage, which writes each part's MemoryStream copy through it when the package is flushed or " +
            "closed; no public member returns it";
    }

    // ---- Data providers: servers that are not here. ----

    public abstract class SqlServerUnavailable : PlatformUnavailableRecipe
    {
        protected abstract string Api { get; }
        public override string Reason => Api + ": needs a connection to SQL Server, and none runs here";
    }

    public sealed class SqlCachedStreamUnavailable : SqlServerUnavailable
    {
        public override string TypeName => "System.Data.SqlClient.SqlCachedStream";
        protected override string Api => "SqlDataReader's cached BLOB column values (GetSqlXml/GetXmlReader on a buffered column)";
    }

    public sealed class SqlSequentialStreamUnavailable : SqlServerUnavailable
    {
        public override string TypeName => "System.Data.SqlClient.SqlSequentialStream";
        protected override string Api => "SqlDataReader.GetStream with CommandBehavior.SequentialAccess";
    }

    public sealed class SqlStreamUnavailable : SqlServerUnavailable
    {
        public override string TypeName => "System.Data.SqlClient.SqlStream";
        protected override string Api => "SqlDataReader's streamed XML column (GetSqlXml, ExecuteXmlReader)";
    }

    public sealed class TdsOutputStreamUnavailable : SqlServerUnavailable
    {
        public override string TypeName => "System.Data.SqlClient.TdsParser+TdsOutputStream";
        protected override string Api => "the TDS parser's parameter writer (SqlCommand with a Stream parameter value)";
    }

    public sealed class SslOverTdsStreamUnavailable : SqlServerUnavailable
    {
        public override string TypeName => "System.Data.SqlClient.SNI.SslOverTdsStream";
        protected override string Api => "the TLS handshake wrapped in TDS pre-login packets (SqlConnection with Encrypt=true)";
    }

    public abstract class SqlClrUnavailable : PlatformUnavailableRecipe
    {
        public override string Reason => "a SQL CLR (SMI) server-side stream: it exists only inside SQL Server's hosted CLR, serving a context connection's values";
    }

    public sealed class SmiGettersStreamUnavailable : SqlClrUnavailable { public override string TypeName => "Microsoft.SqlServer.Server.SmiGettersStream"; }
    public sealed class SmiSettersStreamUnavailable : SqlClrUnavailable { public override string TypeName => "Microsoft.SqlServer.Server.SmiSettersStream"; }
    public sealed class SmiDummyStreamUnavailable : SqlClrUnavailable { public override string TypeName => "Microsoft.SqlServer.Server.DummyStream"; }

    public abstract class OracleUnavailable : PlatformUnavailableRecipe
    {
        protected abstract string Api { get; }
        public override string Reason => Api + " on an OracleConnection: needs an Oracle server and its OCI client library (libclntsh), neither is here";
    }

    public sealed class OracleLobUnavailable : OracleUnavailable
    {
        public override string TypeName => "System.Data.OracleClient.OracleLob";
        protected override string Api => "OracleDataReader.GetOracleLob";
    }

    public sealed class OracleBFileUnavailable : OracleUnavailable
    {
        public override string TypeName => "System.Data.OracleClient.OracleBFile";
        protected override string Api => "OracleDataReader.GetOracleBFile";
    }

    public abstract class DataServicesBatchUnavailable : PlatformUnavailableRecipe
    {
        public override string Reason => "DataServiceContext.SaveChanges(SaveChangesOptions.Batch) / ExecuteBatch reads the $batch response through it: " +
            "needs an OData (WCF Data Services) server answering $batch, none runs here, and the instance never leaves the client";
    }

    public sealed class BatchStreamUnavailable : DataServicesBatchUnavailable { public override string TypeName => "System.Data.Services.Client.BatchStream"; }
    public sealed class BatchStreamWithDelimiterUnavailable : DataServicesBatchUnavailable { public override string TypeName => "System.Data.Services.Client.BatchStream+StreamWithDelimiter"; }
    public sealed class BatchStreamWithLengthUnavailable : DataServicesBatchUnavailable { public override string TypeName => "System.Data.Services.Client.BatchStream+StreamWithLength"; }

    public sealed class SqlXmlStreamWrapperUnavailable : PlatformUnavailableRecipe
    {
        public override string TypeName => "System.Data.SqlTypes.SqlXmlStreamWrapper";
        public override string Reason => "SqlXml.CreateReader wraps the SqlXml's stream in it and passes it only to the XmlReader it creates " +
            "(XmlReader.Create): no public member returns the wrapper, and the reader is not a stream";
    }

    // FtpWebRequest's streams: Recipes/HttpClientUnavailable.cs (the WebRequest family).

    // ---- Devices and other operating systems. ----

    public sealed class SerialPortStreamUnavailable : PlatformUnavailableRecipe
    {
        public override string TypeName => "System.IO.Ports.SerialPortStream";
        public override string Reason => "SerialPort.BaseStream after SerialPort.Open on a serial device node (/dev/ttyS*, /dev/ttyUSB*): the run opens no " +
            "device outside its temp folder, and a serial line has no known content to read";
    }

    public sealed class WinSerialStreamUnavailable : PlatformUnavailableRecipe
    {
        public override string TypeName => "System.IO.Ports.WinSerialStream";
        public override string Reason => "SerialPort.Open's Windows implementation (CreateFile on COMn): Windows only";
    }

    public sealed class RemotingNamedPipeStreamUnavailable : PlatformUnavailableRecipe
    {
        public override string TypeName => "System.Runtime.Remoting.Channels.Ipc.Win32.NamedPipeStream";
        public override string Reason => "IpcChannel's Windows named-pipe transport (Win32 CreateNamedPipe/ConnectNamedPipe): Windows only";
    }

    // ---- Hosts that are not here: ASP.NET (System.Web), WCF, SOAP. ----

    public abstract class SystemWebUnavailable : PlatformUnavailableRecipe
    {
        protected abstract string Api { get; }
        public override string Reason => Api + ": needs an ASP.NET (System.Web) host running a request (HttpRuntime.ProcessRequest with a " +
            "worker request, as XSP or mod_mono do), which this harness does not start";
    }

    public sealed class HttpPostedFileReadSubStreamUnavailable : SystemWebUnavailable
    {
        public override string TypeName => "System.Web.HttpPostedFile+ReadSubStream";
        protected override string Api => "HttpPostedFile.InputStream of a multipart/form-data upload";
    }

    public sealed class BufferlessInputStreamUnavailable : SystemWebUnavailable
    {
        public override string TypeName => "System.Web.HttpRequest+BufferlessInputStream";
        protected override string Api => "HttpRequest.GetBufferlessInputStream";
    }

    public sealed class SystemWebHttpResponseStreamUnavailable : SystemWebUnavailable
    {
        public override string TypeName => "System.Web.HttpResponseStream";
        protected override string Api => "HttpResponse.OutputStream";
    }

    public sealed class InputFilterStreamUnavailable : SystemWebUnavailable
    {
        public override string TypeName => "System.Web.InputFilterStream";
        protected override string Api => "HttpRequest.Filter";
    }

    public sealed class OutputFilterStreamUnavailable : SystemWebUnavailable
    {
        public override string TypeName => "System.Web.OutputFilterStream";
        protected override string Api => "HttpResponse.Filter";
    }

    public sealed class IntPtrStreamUnavailable : SystemWebUnavailable
    {
        public override string TypeName => "System.Web.IntPtrStream";
        protected override string Api => "HttpRequest.InputStream over a worker request's unmanaged entity body";
    }

    public sealed class TempFileStreamUnavailable : SystemWebUnavailable
    {
        public override string TypeName => "System.Web.TempFileStream";
        protected override string Api => "HttpRequest.InputStream of a request body larger than requestLengthDiskThreshold";
    }

    public sealed class GZipWriteFilterUnavailable : SystemWebUnavailable
    {
        public override string TypeName => "Mono.Http.GZipWriteFilter";
        protected override string Api => "Mono.Http's GZipModule (an IHttpModule) installing it as HttpResponse.Filter";
    }

    public sealed class AsmxBufferedResponseStreamUnavailable : SystemWebUnavailable
    {
        public override string TypeName => "System.Web.Services.Protocols.BufferedResponseStream";
        protected override string Api => "an ASMX web service's buffered SOAP response";
    }

    public sealed class SoapExtensionStreamUnavailable : PlatformUnavailableRecipe
    {
        public override string TypeName => "System.Web.Services.Protocols.SoapExtensionStream";
        public override string Reason => "SoapHttpClientProtocol hands it to a SoapExtension's ChainStream during a call: needs a SOAP (ASMX) server to call, " +
            "none runs here";
    }

    public abstract class SelfHostUnavailable : PlatformUnavailableRecipe
    {
        public override string Reason => "a buffer of HttpSelfHostServer's WCF message encoder (System.Web.Http.SelfHost): written while a self-hosted ASP.NET " +
            "Web API server encodes a response, never handed out; the self-host's WCF HTTP transport is not started here";
    }

    public sealed class SelfHostBufferManagerOutputStreamUnavailable : SelfHostUnavailable
    {
        public override string TypeName => "System.Web.Http.SelfHost.ServiceModel.Channels.BufferManagerOutputStream";
    }

    public sealed class SelfHostBufferedOutputStreamUnavailable : SelfHostUnavailable
    {
        public override string TypeName => "System.Web.Http.SelfHost.ServiceModel.Channels.BufferedOutputStream";
    }

    public sealed class WcfBufferedOutputStreamUnavailable : PlatformUnavailableRecipe
    {
        public override string TypeName => "System.Runtime.BufferedOutputStream";
        public override string Reason => "the buffer WCF's message encoders (System.ServiceModel's BufferedMessageWriter) write a message into, handing out only " +
            "the resulting ArraySegment: no public member returns it";
    }

    // ---- Serialization and XML internals: made around a caller's stream and kept inside a reader or writer. ----

    public sealed class JsonEncodingStreamWrapperUnavailable : PlatformUnavailableRecipe
    {
        public override string TypeName => "System.Runtime.Serialization.Json.JsonEncodingStreamWrapper";
        public override string Reason => "JsonReaderWriterFactory.CreateJsonReader/CreateJsonWriter with a UTF-16 or UTF-32 encoding wrap the caller's stream in " +
            "it and keep it inside the XmlDictionaryReader/Writer they return: no public member returns it, and that reader or writer is not a stream";
    }

    public sealed class XmlEncodingStreamWrapperUnavailable : PlatformUnavailableRecipe
    {
        public override string TypeName => "System.Xml.EncodingStreamWrapper";
        public override string Reason => "XmlDictionaryReader.CreateTextReader / XmlDictionaryWriter.CreateTextWriter with a UTF-16 encoding wrap the caller's " +
            "stream in it and keep it inside the reader or writer they return: no public member returns it";
    }

    public sealed class MtomBufferedReadStreamUnavailable : PlatformUnavailableRecipe
    {
        public override string TypeName => "System.Xml.BufferedReadStream";
        public override string Reason => "XmlDictionaryReader.CreateMtomReader reads the caller's MIME stream through it to find part boundaries, inside the " +
            "reader it returns: no public member returns it";
    }

    public sealed class MtomDelimittedReadStreamUnavailable : PlatformUnavailableRecipe
    {
        public override string TypeName => "System.Xml.DelimittedStreamReader+DelimittedReadStream";
        public override string Reason => "XmlDictionaryReader.CreateMtomReader reads each MIME part through it, inside the reader it returns (a part's bytes " +
            "come out as base64 content, not as a stream): no public member returns it";
    }

    public sealed class LicenseStreamWrapperUnavailable : PlatformUnavailableRecipe
    {
        public override string TypeName => "System.ComponentModel.Design.DesigntimeLicenseContextSerializer+StreamWrapper";
        public override string Reason => "made only by DesigntimeLicenseContextSerializer's internal Deserialize, which RuntimeLicenseContext.GetSavedLicenseKey " +
            "calls on an assembly's embedded '.licenses' resource: it peeks the first byte and passes the wrapper to a BinaryReader, never returning it";
    }

    public sealed class BlobBuilderStreamUnavailable : PlatformUnavailableRecipe
    {
        public override string TypeName => "System.Reflection.PortableExecutable.DebugDirectoryBuilder+BlobBuilderStream";
        public override string Reason => "DebugDirectoryBuilder.AddEmbeddedPortablePdbEntry deflates the PDB through a DeflateStream into it (a write-only view " +
            "of the debug directory's BlobBuilder) inside the call: no public member returns it and no public stream holds it afterwards";
    }

    // ---- Mono's corlib internals. ----

    public sealed class HGlobalUnmanagedMemoryStreamUnavailable : PlatformUnavailableRecipe
    {
        public override string TypeName => "System.IO.HGlobalUnmanagedMemoryStream";
        public override string Reason => "made only by TimeZoneInfo's time-zone data loader for Xamarin.iOS and WebAssembly (GetMonoTouchData, GetMonoWasmData); " +
            "desktop Linux Mono reads /usr/share/zoneinfo with FileStream instead";
    }

    public sealed class TailStreamUnavailable : PlatformUnavailableRecipe
    {
        public override string TypeName => "System.Security.Cryptography.TailStream";
        public override string Reason => "MACTripleDES's private sink: its HashCore writes through a private CryptoStream into it to keep the last cipher block; " +
            "neither stream is handed out";
    }

    public sealed class ChunkedMemoryStreamUnavailable : PlatformUnavailableRecipe
    {
        public override string TypeName => "System.IO.ChunkedMemoryStream";
        public override string Reason => "WebClient's body buffer: DownloadData/UploadData (and their async forms) read the response into it and return its " +
            "bytes as a byte[]; no public member returns the stream";
    }
}
