// The shadow of ASP.NET Core's internal Microsoft.AspNetCore.OutputCaching.OutputCacheStream (the response body while
// UseOutputCache may store the response): the [Replace] member gives its body to the runtime's WriteByte; the
// [Original] extern calls the runtime's own body behind the new call.
//
// Write, WriteAsync, Flush and FlushAsync call _startResponseCallback before they touch the inner body: it lets the
// middleware finalize its headers (Date, the cache policy's) while they can still be set. WriteByte does not, so a
// response whose first byte comes from WriteByte starts without them, and the next Write or Flush then calls the
// callback on a started response, whose headers are read-only. The upstream diff adds the call inside WriteByte's
// try block; here the call runs under the same catch (buffering disabled, exception rethrown) before the runtime's
// own body, which is the same sequence.
using System;
using System.IO;
using StreamConformance.Patching;

namespace Microsoft.AspNetCore.OutputCaching
{
    internal abstract class OutputCacheStream : Stream
    {
        private readonly Action _startResponseCallback;

        internal extern void DisableBuffering();

        [Replace]
        public override void WriteByte(byte value)
        {
            try
            {
                _startResponseCallback();
            }
            catch
            {
                DisableBuffering();
                throw;
            }
            OriginalWriteByte(value);
        }

        [Original("WriteByte")]
        private extern void OriginalWriteByte(byte value);
    }
}
