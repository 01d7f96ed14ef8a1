// The shadow of .NET's internal System.Data.SqlTypes.StreamOnSqlBytes (SqlBytes.Stream over a buffer): the [Replace]
// member gives its body to the runtime's Flush, which asks first whether the stream is closed and then runs the
// runtime's own body ([Original]); the extern methods only declare what it uses.
//
// Dispose sets the stream's SqlBytes field to null, and every member but Flush checks for that first
// (CheckIfStreamClosed). Flush dereferences it: Flush and FlushAsync after Dispose throw NullReferenceException. The fix
// makes Flush check as the other members do.
using System.Runtime.CompilerServices;
using StreamConformance.Patching;

namespace System.Data.SqlTypes
{
    internal abstract class StreamOnSqlBytes : System.IO.Stream
    {
        private extern void CheckIfStreamClosed([CallerMemberName] string methodname = "");

        [Replace]
        public override void Flush()
        {
            CheckIfStreamClosed();

            OriginalFlush();
        }

        [Original("Flush")]
        private extern void OriginalFlush();
    }
}
