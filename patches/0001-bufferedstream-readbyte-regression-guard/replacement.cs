// The shadow of the runtime's System.IO.BufferedStream: members marked [Replace] give their bodies to the runtime's
// members of the same signature; everything else here only declares what those bodies use. Abstract, so the
// Stream members it does not replace need no body.
//
// A regression guard: the bodies are the allocating ones Mono shipped in 2010 (seed 002), a byte[1] and a call to
// Read/Write per byte. Weaving them into a copy proves the harness catches the defect on a real runtime.
using StreamConformance.Patching;

namespace System.IO
{
    public abstract class BufferedStream : Stream
    {
        [Replace]
        public override int ReadByte()
        {
            byte[] oneByte = new byte[1];
            int n = Read(oneByte, 0, 1);
            return n == 0 ? -1 : oneByte[0];
        }

        [Replace]
        public override void WriteByte(byte value)
        {
            Write(new byte[] { value }, 0, 1);
        }
    }
}
