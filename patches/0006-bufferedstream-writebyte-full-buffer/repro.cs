using System;
using System.Collections.Generic;
using System.IO;

class Program
{
    // Records the size of every write that reaches it.
    sealed class Recorder : MemoryStream
    {
        public readonly List<int> Writes = new List<int>();
        public override void Write(byte[] buffer, int offset, int count) { Writes.Add(count); base.Write(buffer, offset, count); }
        public override void Write(ReadOnlySpan<byte> buffer) { Writes.Add(buffer.Length); base.Write(buffer); }
    }

    static void Main()
    {
        var inner = new Recorder();
        using (var buffered = new BufferedStream(inner, 16))
        {
            for (int i = 0; i < 64; i++) buffered.WriteByte((byte)i);
            Console.WriteLine("writes reaching the inner stream after 64 WriteByte calls (buffer 16): " + string.Join(", ", inner.Writes));
        }
    }
}
