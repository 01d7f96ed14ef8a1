// The shadow of .NET's internal System.Data.SqlTypes.StreamOnSqlBytes (SqlBytes.Stream over a buffer): the [Replace]
// member gives its body to the runtime's Write(byte[], int, int); the extern methods only declare what it uses.
//
// Write(byte[] buffer, int offset, int count) validates its arguments, then writes the whole array: offset and count
// are ignored, so a write of 10 bytes from the middle of a 40-byte array writes all 40 from its start (and fails once
// they do not fit). The fix writes the slice it was asked to, as Read(byte[], int, int) reads into one.
using System.Runtime.CompilerServices;
using StreamConformance.Patching;

namespace System.Data.SqlTypes
{
    internal abstract class StreamOnSqlBytes : System.IO.Stream
    {
        private extern void CheckIfStreamClosed([CallerMemberName] string methodname = "");
        private extern void WriteNoValidation(ReadOnlySpan<byte> buffer);

        [Replace]
        public override void Write(byte[] buffer, int offset, int count)
        {
            CheckIfStreamClosed();

            ValidateBufferArguments(buffer, offset, count);

            WriteNoValidation(buffer.AsSpan(offset, count));
        }
    }
}
