using System;
using System.IO;
using Microsoft.Win32.SafeHandles;

namespace StreamConformance.Recipes
{
    // One concept: FileStream's recipes, one per choice of constructor arguments, over one temp-file base.
    /// <summary>
    /// FileStream over a fresh file in the run's temp folder, deleted when the fixture is disposed.
    /// Subclasses pick the constructor arguments.
    /// </summary>
    public abstract class FileStreamRecipe : StreamRecipe
    {
        public override string TypeName => "System.IO.FileStream";
        public override bool CanSeek => true;
        public override bool IsOsBacked => true;
        public override bool IsBuffered => BufferSize > 1;

        /// <summary>The bufferSize argument (4096 is FileStream's default).</summary>
        protected virtual int BufferSize => 4096;

        protected virtual FileOptions Options => FileOptions.None;

        protected virtual FileStream Create(string path, FileMode mode, FileAccess access) =>
            new FileStream(path, mode, access, FileShare.Read, BufferSize, Options);

        /// <summary>Null, or why this runtime refuses the constructor arguments (e.g. Mono 6.8 rejects bufferSize 0).</summary>
        public override string? UnavailableReason => _unavailable.Value;

        readonly Lazy<string?> _unavailable;

        protected FileStreamRecipe() => _unavailable = new Lazy<string?>(TryConstruct);

        string? TryConstruct()
        {
            try
            {
                using var fixture = OpenRead(new byte[1]);
                return null;
            }
            catch (Exception e) when (e is ArgumentException || e is NotSupportedException || e is IOException || e is UnauthorizedAccessException)
            {
                return $"the constructor throws {e.GetType().FullName}: {e.Message.Split('\n')[0].Trim()}";
            }
        }

        public override StreamFixture? OpenRead(byte[] content) => Open("file-read", content, FileMode.Open, FileAccess.Read, false);

        public override StreamFixture? OpenWrite() => Open("file-write", null, FileMode.CreateNew, FileAccess.Write, true);

        public override StreamFixture? OpenReadWrite(byte[] initial) => Open("file-readwrite", initial, FileMode.Open, FileAccess.ReadWrite, true);

        StreamFixture Open(string hint, byte[]? content, FileMode mode, FileAccess access, bool readBack) =>
            TempFile.Fixture(Scratch, hint, content, path => Create(path, mode, access), readBack);

        /// <summary>The constructor over a temporary file holding the content (none for a write), as each fixture opens it.</summary>
        public override string? ReproSource(StreamAccess access)
        {
            var (mode, fileAccess) = access == StreamAccess.Write ? ("CreateNew", "Write") : access == StreamAccess.ReadWrite ? ("Open", "ReadWrite") : ("Open", "Read");
            var file = "var path = Path.GetTempFileName();" + (access == StreamAccess.Write ? " File.Delete(path);" : " File.WriteAllBytes(path, content);");
            return file + "\n" + Construct("path", $"FileMode.{mode}", $"FileAccess.{fileAccess}");
        }

        /// <summary>The statement declaring <c>stream</c> as <see cref="Create"/> builds it.</summary>
        protected virtual string Construct(string path, string mode, string access) =>
            $"var stream = new FileStream({path}, {mode}, {access}, FileShare.Read, {BufferSize}, FileOptions.{Options});";

        /// <summary>The file as another reader sees it (sharing the writer's access), after Flush or Dispose.</summary>
        public override string? ReproStore(StreamAccess access) => access == StreamAccess.Read ? null :
            "new Func<byte[]>(() => { using (var file = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite)) { var copy = new MemoryStream(); file.CopyTo(copy); return copy.ToArray(); } })()";
    }

    /// <summary>new FileStream(path, mode, access, share, 4096, FileOptions.None).</summary>
    public sealed class FileStreamDefaultRecipe : FileStreamRecipe
    {
        public override string Variant => "default";
    }

    /// <summary>bufferSize 0: no FileStream buffer, every call goes to the OS.</summary>
    public sealed class FileStreamUnbufferedRecipe : FileStreamRecipe
    {
        public override string Variant => "bufferSize=0";
        protected override int BufferSize => 0;
    }

    /// <summary>bufferSize 1: also unbuffered (1 disables buffering), the value older code passes.</summary>
    public sealed class FileStreamBufferSizeOneRecipe : FileStreamRecipe
    {
        public override string Variant => "bufferSize=1";
        protected override int BufferSize => 1;
    }

    /// <summary>FileOptions.Asynchronous: the async strategy, used synchronously too.</summary>
    public sealed class FileStreamAsyncRecipe : FileStreamRecipe
    {
        public override string Variant => "FileOptions.Asynchronous";
        protected override FileOptions Options => FileOptions.Asynchronous;
        // Mono 6.8 runs even a synchronous Read or Write on such a handle on a pool thread (seen in the syscall traces).
        public override bool WorksOnPoolThreads => System.Type.GetType("Mono.Runtime") != null;
    }

    /// <summary>FileOptions.SequentialScan: a hint (posix_fadvise on Linux), otherwise the default strategy.</summary>
    public sealed class FileStreamSequentialScanRecipe : FileStreamRecipe
    {
        public override string Variant => "FileOptions.SequentialScan";
        protected override FileOptions Options => FileOptions.SequentialScan;
    }

    /// <summary>new FileStream(SafeFileHandle, FileAccess, bufferSize): a stream over a handle opened elsewhere.</summary>
    public sealed class FileStreamFromHandleRecipe : FileStreamRecipe
    {
        public override string Variant => "(SafeFileHandle)";

        protected override string Construct(string path, string mode, string access) =>
#if NET
            $"var stream = new FileStream(File.OpenHandle({path}, {mode}, {access}, FileShare.Read), {access}, {BufferSize});";
#else
            // Mono has no File.OpenHandle: the handle of another FileStream, as the recipe borrows it.
            $"var stream = new FileStream(new FileStream({path}, {mode}, {access}, FileShare.Read, 1).SafeFileHandle, {access}, {BufferSize});";
#endif

        protected override FileStream Create(string path, FileMode mode, FileAccess access)
        {
#if NET
            SafeFileHandle handle = File.OpenHandle(path, mode, access, FileShare.Read);
            return new FileStream(handle, access, BufferSize);
#else
            // Mono has no File.OpenHandle: borrow the handle of a FileStream that is never used again. The new
            // stream owns the handle from here on; the donor is left for the GC (its handle is already ours).
            var donor = new FileStream(path, mode, access, FileShare.Read, 1);
            SafeFileHandle handle = donor.SafeFileHandle;
            System.GC.SuppressFinalize(donor);
            return new FileStream(handle, access, BufferSize);
#endif
        }
    }
}
