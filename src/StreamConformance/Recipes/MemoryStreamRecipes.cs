using System;
using System.IO;

namespace StreamConformance.Recipes
{
    // One concept: MemoryStream's recipes, one per constructor mode, over one base.
    /// <summary>MemoryStream in each constructor mode. All seek, all serve reads and writes from memory.</summary>
    public abstract class MemoryStreamRecipe : StreamRecipe
    {
        /// <summary>Capacity of fixed-size writable streams: the most a check may write to one.</summary>
        protected const int FixedCapacity = 1 << 20;

        public override string TypeName => "System.IO.MemoryStream";
        public override bool CanSeek => true;
        public override bool IsBuffered => true;

        /// <summary>A fixture whose read-back is the stream's current contents (ToArray works after Dispose too).</summary>
        protected static StreamFixture Fixture(MemoryStream stream) => new StreamFixture(stream, stream.ToArray);

        protected static MemoryStream Filled(MemoryStream stream, byte[] content)
        {
            stream.Write(content, 0, content.Length);
            stream.Position = 0;
            return stream;
        }
    }

    /// <summary>new MemoryStream(): expandable, starts empty.</summary>
    public sealed class MemoryStreamExpandableRecipe : MemoryStreamRecipe
    {
        public override string Variant => "()";
        public override StreamFixture? OpenRead(byte[] content) => Fixture(Filled(new MemoryStream(), content));
        public override StreamFixture? OpenWrite() => Fixture(new MemoryStream());
        public override StreamFixture? OpenReadWrite(byte[] initial) => Fixture(Filled(new MemoryStream(), initial));
    }

    /// <summary>new MemoryStream(int capacity): expandable, starts with a small capacity so writes must grow it.</summary>
    public sealed class MemoryStreamCapacityRecipe : MemoryStreamRecipe
    {
        public override string Variant => "(int)";
        public override StreamFixture? OpenRead(byte[] content) => Fixture(Filled(new MemoryStream(16), content));
        public override StreamFixture? OpenWrite() => Fixture(new MemoryStream(16));
        public override StreamFixture? OpenReadWrite(byte[] initial) => Fixture(Filled(new MemoryStream(16), initial));
    }

    /// <summary>new MemoryStream(byte[], writable: false): read-only over the caller's array.</summary>
    public sealed class MemoryStreamReadOnlyRecipe : MemoryStreamRecipe
    {
        public override string Variant => "(byte[], writable: false)";
        public override StreamFixture? OpenRead(byte[] content) => Fixture(new MemoryStream((byte[])content.Clone(), false));
    }

    /// <summary>new MemoryStream(byte[]): writable but fixed-size (cannot grow past the array).</summary>
    public sealed class MemoryStreamFixedRecipe : MemoryStreamRecipe
    {
        public override bool CanGrow => false;
        public override string Variant => "(byte[]) fixed";
        public override StreamFixture? OpenRead(byte[] content) => Fixture(new MemoryStream((byte[])content.Clone()));

        public override StreamFixture? OpenWrite()
        {
            // SetLength may shrink a fixed stream: empty, with room for FixedCapacity bytes.
            var stream = new MemoryStream(new byte[FixedCapacity]);
            stream.SetLength(0);
            return Fixture(stream);
        }

        public override StreamFixture? OpenReadWrite(byte[] initial) => Fixture(new MemoryStream((byte[])initial.Clone()));
    }

    /// <summary>new MemoryStream(byte[], index, count): a window into a larger array, not at offset 0.</summary>
    public sealed class MemoryStreamWindowRecipe : MemoryStreamRecipe
    {
        public override bool CanGrow => false;
        const int Margin = 16;

        public override string Variant => "(byte[], int, int)";

        public override StreamFixture? OpenRead(byte[] content) => Fixture(new MemoryStream(Surrounded(content), Margin, content.Length));

        public override StreamFixture? OpenWrite()
        {
            var stream = new MemoryStream(new byte[FixedCapacity + 2 * Margin], Margin, FixedCapacity);
            stream.SetLength(0);
            return Fixture(stream);
        }

        public override StreamFixture? OpenReadWrite(byte[] initial) => Fixture(new MemoryStream(Surrounded(initial), Margin, initial.Length));

        public override string? ReproSource(StreamAccess access) => access switch
        {
            StreamAccess.Read => "var array = new byte[content.Length + 32];\nBuffer.BlockCopy(content, 0, array, 16, content.Length);\nvar stream = new MemoryStream(array, 16, content.Length, writable: false);",
            StreamAccess.ReadWrite => "var array = new byte[content.Length + 32];\nBuffer.BlockCopy(content, 0, array, 16, content.Length);\nvar stream = new MemoryStream(array, 16, content.Length);",
            _ => "var stream = new MemoryStream(new byte[4096 + 32], 16, 4096);\nstream.SetLength(0);",
        };

        public override string? ReproStore(StreamAccess access) => "stream.ToArray()";

        /// <summary>The content between two margins of 0xEE, so a stream that strays outside its window shows it.</summary>
        static byte[] Surrounded(byte[] content)
        {
            var buffer = new byte[content.Length + 2 * Margin];
            for (var i = 0; i < buffer.Length; i++) buffer[i] = 0xEE;
            Buffer.BlockCopy(content, 0, buffer, Margin, content.Length);
            return buffer;
        }
    }

    /// <summary>new MemoryStream(byte[], index, count, writable: false, publiclyVisible: true): read-only, GetBuffer allowed.</summary>
    public sealed class MemoryStreamPubliclyVisibleReadOnlyRecipe : MemoryStreamRecipe
    {
        public override string Variant => "(byte[], int, int, writable: false, publiclyVisible: true)";
        public override StreamFixture? OpenRead(byte[] content) =>
            Fixture(new MemoryStream((byte[])content.Clone(), 0, content.Length, false, true));
    }

    /// <summary>new MemoryStream(byte[], index, count, writable: true, publiclyVisible: true): fixed-size, GetBuffer allowed.</summary>
    public sealed class MemoryStreamPubliclyVisibleRecipe : MemoryStreamRecipe
    {
        public override bool CanGrow => false;
        public override string Variant => "(byte[], int, int, writable: true, publiclyVisible: true)";

        public override StreamFixture? OpenRead(byte[] content) =>
            Fixture(new MemoryStream((byte[])content.Clone(), 0, content.Length, true, true));

        public override StreamFixture? OpenWrite()
        {
            var stream = new MemoryStream(new byte[FixedCapacity], 0, FixedCapacity, true, true);
            stream.SetLength(0);
            return Fixture(stream);
        }

        public override StreamFixture? OpenReadWrite(byte[] initial) =>
            Fixture(new MemoryStream((byte[])initial.Clone(), 0, initial.Length, true, true));
    }
}
