using System;
using System.Net.Http;

namespace StreamConformance.Recipes
{
    // One concept: ReadOnlyMemoryContent's stream, reached one way on .NET and another on Mono 6.8.

#if !MONO_CORLIB
    /// <summary>ReadOnlyMemoryContent.ReadAsStream: System.IO.ReadOnlyMemoryStream over the content (Mono 6.8 gives a MemoryStream).</summary>
    public sealed class ReadOnlyMemoryContentRecipe : ReachedTypeRecipe
    {
        public override string Variant => "ReadOnlyMemoryContent.ReadAsStream";
        public override string TypeName => "System.IO.ReadOnlyMemoryStream";
        public override bool CanSeek => true;
        public override bool IsBuffered => true;

        public override StreamFixture? OpenRead(byte[] content) =>
            new StreamFixture(new ReadOnlyMemoryContent(content).ReadAsStream());

        public override string? ReproSource(StreamAccess access) =>
            access == StreamAccess.Read ? "var stream = new System.Net.Http.ReadOnlyMemoryContent(content).ReadAsStream();" : null;
    }
#else
    /// <summary>
    /// ReadOnlyMemoryContent.ReadAsStreamAsync on Mono 6.8: over memory backed by an array it gives a MemoryStream; over
    /// memory from a MemoryManager (native or pooled memory, as a caller may hold) it gives System.IO.ReadOnlyMemoryStream.
    /// </summary>
    public sealed class ReadOnlyMemoryContentManagedMemoryRecipe : ReachedTypeRecipe
    {
        public override string Variant => "ReadOnlyMemoryContent over MemoryManager memory";
        public override string TypeName => "System.IO.ReadOnlyMemoryStream";
        public override bool CanSeek => true;
        public override bool IsBuffered => true;

        public override StreamFixture? OpenRead(byte[] content)
        {
            var manager = new ArrayMemoryManager(content);
            return new StreamFixture(new ReadOnlyMemoryContent(manager.Memory).ReadAsStreamAsync().GetAwaiter().GetResult(), null, manager);
        }

        // The program declares NoArrayMemory, a MemoryManager over the content whose TryGetArray is false, as this one's.
        public override string? ReproSource(StreamAccess access) => access != StreamAccess.Read ? null :
            "// reference System.Net.Http\nvar stream = new System.Net.Http.ReadOnlyMemoryContent(new NoArrayMemory(content).Memory).ReadAsStreamAsync().GetAwaiter().GetResult();";

        /// <summary>Memory whose owner does not expose an array (TryGetArray is false), as native or pooled memory's is.</summary>
        sealed unsafe class ArrayMemoryManager : System.Buffers.MemoryManager<byte>
        {
            readonly byte[] _array;

            public ArrayMemoryManager(byte[] array) => _array = array;

            public override Span<byte> GetSpan() => _array;

            public override System.Buffers.MemoryHandle Pin(int elementIndex = 0)
            {
                var handle = System.Runtime.InteropServices.GCHandle.Alloc(_array, System.Runtime.InteropServices.GCHandleType.Pinned);
                return new System.Buffers.MemoryHandle((byte*)handle.AddrOfPinnedObject() + elementIndex, handle, this);
            }

            public override void Unpin() { }

            protected override void Dispose(bool disposing) { }
        }
    }
#endif
}
