using System;
using System.IO;
using System.IO.MemoryMappedFiles;

namespace StreamConformance.Recipes
{
    // One concept: MemoryMappedViewStream's recipes, over a file-backed map and over an anonymous one.
    /// <summary>
    /// MemoryMappedViewStream over a file-backed map in the run's temp folder. A view has a fixed length, so
    /// there is no "empty" writable stream: the recipe offers read and read-write over content only.
    /// </summary>
    public sealed class MemoryMappedViewStreamRecipe : StreamRecipe
    {
        public override bool CanGrow => false;
        public override string TypeName => "System.IO.MemoryMappedFiles.MemoryMappedViewStream";
        public override string Variant => "file-backed";
        public override bool CanSeek => true;
        // Reads and writes are plain memory accesses into the mapping: no syscall per call, so not "OS-backed"
        // in the meters' sense even though a file lies behind the mapping.
        public override bool IsBuffered => true;

        public override StreamFixture? OpenRead(byte[] content) => Open(content, MemoryMappedFileAccess.Read);

        public override StreamFixture? OpenReadWrite(byte[] initial) => Open(initial, MemoryMappedFileAccess.ReadWrite);

        StreamFixture? Open(byte[] content, MemoryMappedFileAccess access)
        {
            // An empty file cannot be mapped.
            if (content.Length == 0) return null;
            using var build = new FixtureBuilder();
            var file = build.Own(new TempFile(Scratch, "mmap", content));
            var map = build.Own(MemoryMappedFile.CreateFromFile(file.Path, FileMode.Open, null, 0, access));
            var view = map.CreateViewStream(0, content.Length, access);
            if (view.Length != content.Length)
            {
                // Some runtimes round a view up to whole pages; such a view is not "exactly the content".
                var length = view.Length;
                view.Dispose();
                throw new NotSupportedException($"a view of {content.Length} bytes has Length {length}");
            }
            Func<byte[]>? readBack = access == MemoryMappedFileAccess.ReadWrite ? () => Contents(file.Path, view) : null;
            return build.Fixture(view, readBack);
        }

        static byte[] Contents(string path, MemoryMappedViewStream view)
        {
            // A view writes straight into the mapping; Flush (or Dispose) pushes it to the file.
            try { view.Flush(); }
            catch (ObjectDisposedException) { }
            return File.ReadAllBytes(path);
        }
    }

    /// <summary>
    /// MemoryMappedViewStream over an anonymous map (MemoryMappedFile.CreateNew with no name): no file at all.
    /// Read-back copies the map through a second view.
    /// </summary>
    public sealed class MemoryMappedViewStreamAnonymousRecipe : StreamRecipe
    {
        public override bool CanGrow => false;
        public override string TypeName => "System.IO.MemoryMappedFiles.MemoryMappedViewStream";
        public override string Variant => "anonymous";
        public override bool CanSeek => true;
        public override bool IsBuffered => true;

#if MONO_CORLIB
        // Seen on Mono 6.8.0.105: CreateNew(null, …) aborts the whole process with
        // "Assertion at file-mmap-posix.c:397, condition `path || mapName' not met" (SIGABRT).
        public override string? UnavailableReason =>
            "Mono 6.8 aborts the process on an anonymous map (MemoryMappedFile.CreateNew(null, …): native assertion `path || mapName' in file-mmap-posix.c)";
#endif

        public override StreamFixture? OpenRead(byte[] content) => Open(content, MemoryMappedFileAccess.Read);

        public override StreamFixture? OpenReadWrite(byte[] initial) => Open(initial, MemoryMappedFileAccess.ReadWrite);

        static StreamFixture? Open(byte[] content, MemoryMappedFileAccess access)
        {
            if (content.Length == 0) return null; // a map has at least one byte
            using var build = new FixtureBuilder();
            var map = build.Own(MemoryMappedFile.CreateNew(null, content.Length, MemoryMappedFileAccess.ReadWrite));
            using (var writer = map.CreateViewAccessor(0, content.Length))
                writer.WriteArray(0, content, 0, content.Length);
            var view = map.CreateViewStream(0, content.Length, access);
            if (view.Length != content.Length)
            {
                var length = view.Length;
                view.Dispose();
                throw new NotSupportedException($"a view of {content.Length} bytes has Length {length}");
            }
            Func<byte[]>? readBack = access == MemoryMappedFileAccess.ReadWrite
                ? () =>
                {
                    var bytes = new byte[content.Length];
                    using (var reader = map.CreateViewAccessor(0, content.Length, MemoryMappedFileAccess.Read))
                        reader.ReadArray(0, bytes, 0, bytes.Length);
                    return bytes;
                }
                : null;
            return build.Fixture(view, readBack);
        }
    }
}
