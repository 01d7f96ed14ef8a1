// The shadow of ASP.NET Core's Microsoft.AspNetCore.WebUtilities.FileBufferingWriteStream (what MVC's output
// formatters buffer a response body in): the [Replace] member gives its body to the runtime's CanWrite; the extern
// Disposed only declares the runtime's own property, which Dispose and DisposeAsync set.
//
// CanWrite is the constant true, so a disposed stream still says it can be written, while Write and WriteAsync throw
// ObjectDisposedException. The upstream diff returns !Disposed, as this body does.
using System.IO;
using StreamConformance.Patching;

namespace Microsoft.AspNetCore.WebUtilities
{
    public abstract class FileBufferingWriteStream : Stream
    {
        internal extern bool Disposed { get; }

        [Replace]
        public override bool CanWrite => !Disposed;
    }
}
