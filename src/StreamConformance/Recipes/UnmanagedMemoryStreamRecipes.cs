using System;
using System.IO;
using System.Reflection;
using System.Runtime.InteropServices;

namespace StreamConformance.Recipes
{
    // One concept: UnmanagedMemoryStream's recipes, one per way of giving it memory (pointer from HGlobal, pinned array, SafeBuffer).

    /// <summary>
    /// UnmanagedMemoryStream over memory the fixture owns (released after the stream is disposed).
    /// Writable streams start empty with a fixed capacity, like a fixed MemoryStream.
    /// </summary>
    public abstract unsafe class UnmanagedMemoryStreamRecipe : StreamRecipe
    {
        public override bool CanGrow => false;
        protected const int WriteCapacity = 1 << 20;

        public override string TypeName => "System.IO.UnmanagedMemoryStream";
        public override bool CanSeek => true;
        public override bool IsBuffered => true;

        /// <summary>Memory of at least <paramref name="length"/> bytes (never a null pointer) and its release.</summary>
        protected abstract byte* Allocate(int length, out IDisposable release);

        public override StreamFixture? OpenRead(byte[] content)
        {
            var memory = Allocate(content.Length, out var release);
            Marshal.Copy(content, 0, (IntPtr)memory, content.Length);
            return new StreamFixture(new UnmanagedMemoryStream(memory, content.Length), null, release);
        }

        public override StreamFixture? OpenWrite()
        {
            var memory = Allocate(WriteCapacity, out var release);
            var stream = new UnmanagedMemoryStream(memory, 0, WriteCapacity, FileAccess.Write);
            return new StreamFixture(stream, () => Contents(stream, memory), release);
        }

        public override StreamFixture? OpenReadWrite(byte[] initial)
        {
            var memory = Allocate(Math.Max(WriteCapacity, initial.Length), out var release);
            Marshal.Copy(initial, 0, (IntPtr)memory, initial.Length);
            var stream = new UnmanagedMemoryStream(memory, initial.Length, Math.Max(WriteCapacity, initial.Length), FileAccess.ReadWrite);
            return new StreamFixture(stream, () => Contents(stream, memory), release);
        }

        static byte[] Contents(UnmanagedMemoryStream stream, byte* memory)
        {
            var result = new byte[LengthOf(stream)];
            Marshal.Copy((IntPtr)memory, result, 0, result.Length);
            return result;
        }

        /// <summary>
        /// The stream's length, also after Dispose: the public Length throws then, and the length field is the
        /// only record of how far writes went in memory we own. Field names: "_length" (.NET), "length" (Mono).
        /// </summary>
        internal static long LengthOf(UnmanagedMemoryStream stream)
        {
            try { return stream.Length; }
            catch (ObjectDisposedException)
            {
                const BindingFlags flags = BindingFlags.Instance | BindingFlags.NonPublic;
                var field = typeof(UnmanagedMemoryStream).GetField("_length", flags) ?? typeof(UnmanagedMemoryStream).GetField("length", flags);
                if (field == null) throw;
                return field.GetValue(stream) switch
                {
                    UIntPtr native => (long)native.ToUInt64(),
                    IntPtr native => native.ToInt64(),
                    var other => Convert.ToInt64(other),
                };
            }
        }

        protected sealed class Release : IDisposable
        {
            Action? _action;
            public Release(Action action) => _action = action;
            public void Dispose()
            {
                _action?.Invoke();
                _action = null;
            }
        }
    }

    /// <summary>Over Marshal.AllocHGlobal memory, freed on dispose.</summary>
    public sealed unsafe class UnmanagedMemoryStreamHGlobalRecipe : UnmanagedMemoryStreamRecipe
    {
        public override string Variant => "AllocHGlobal";

        protected override byte* Allocate(int length, out IDisposable release)
        {
            var memory = Marshal.AllocHGlobal(Math.Max(1, length));
            release = new Release(() => Marshal.FreeHGlobal(memory));
            return (byte*)memory;
        }
    }

    /// <summary>Over a pinned managed array, unpinned on dispose.</summary>
    public sealed unsafe class UnmanagedMemoryStreamPinnedRecipe : UnmanagedMemoryStreamRecipe
    {
        public override string Variant => "pinned-array";

        protected override byte* Allocate(int length, out IDisposable release)
        {
            var handle = GCHandle.Alloc(new byte[Math.Max(1, length)], GCHandleType.Pinned);
            release = new Release(() => handle.Free());
            return (byte*)handle.AddrOfPinnedObject();
        }
    }

    /// <summary>
    /// new UnmanagedMemoryStream(SafeBuffer, offset, length, access): the SafeBuffer constructor path, over an
    /// AllocHGlobal buffer the fixture releases. Such a stream's length is fixed (SetLength throws
    /// NotSupportedException), so there is no empty writable stream: read and read-write only.
    /// </summary>
    public sealed class UnmanagedMemoryStreamSafeBufferRecipe : StreamRecipe
    {
        public override bool CanGrow => false;
        public override string TypeName => "System.IO.UnmanagedMemoryStream";
        public override string Variant => "SafeBuffer";
        public override bool CanSeek => true;
        public override bool IsBuffered => true;

        public override StreamFixture? OpenRead(byte[] content)
        {
            var buffer = new HGlobalBuffer(content);
            return new StreamFixture(new UnmanagedMemoryStream(buffer, 0, content.Length, FileAccess.Read), null, buffer);
        }

        public override StreamFixture? OpenReadWrite(byte[] initial)
        {
            // The SafeBuffer constructor makes length = capacity: an empty one could never take a byte, and one built
            // larger would read back its unwritten tail. So there is no empty writable stream of this kind.
            if (initial.Length == 0) return null;
            var buffer = new HGlobalBuffer(initial);
            var stream = new UnmanagedMemoryStream(buffer, 0, initial.Length, FileAccess.ReadWrite);
            return new StreamFixture(stream, () => buffer.Read(UnmanagedMemoryStreamRecipe.LengthOf(stream)), buffer);
        }

        sealed class HGlobalBuffer : SafeBuffer
        {
            public HGlobalBuffer(byte[] content) : base(true)
            {
                SetHandle(Marshal.AllocHGlobal(Math.Max(1, content.Length)));
                Initialize((ulong)content.Length);
                Marshal.Copy(content, 0, handle, content.Length);
            }

            public byte[] Read(long length)
            {
                var result = new byte[length];
                Marshal.Copy(handle, result, 0, result.Length);
                return result;
            }

            protected override bool ReleaseHandle()
            {
                Marshal.FreeHGlobal(handle);
                return true;
            }
        }
    }
}
