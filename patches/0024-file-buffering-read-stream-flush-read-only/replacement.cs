// The shadow of ASP.NET Core's Microsoft.AspNetCore.WebUtilities.FileBufferingReadStream (what
// HttpRequest.EnableBuffering puts in place of the request body): the [Replace] member gives its body to the runtime's.
//
// The stream never writes (CanWrite is false), yet Flush throws NotSupportedException, where Stream.Flush's
// documentation calls flushing a read-only stream valid and the request bodies it wraps (Kestrel's, IIS's) do nothing.
// The upstream diff makes Flush do nothing, as this body does.
using System.IO;
using StreamConformance.Patching;

namespace Microsoft.AspNetCore.WebUtilities
{
    public abstract class FileBufferingReadStream : Stream
    {
        [Replace]
        public override void Flush()
        {
            // Nothing is written through this stream, so there is nothing to flush; flushing a read-only stream is valid.
        }
    }
}
