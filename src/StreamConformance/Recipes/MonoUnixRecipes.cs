#if MONO_CORLIB
using System;
using System.IO;
using System.Net.Sockets;
using System.Reflection;

namespace StreamConformance.Recipes
{
    // One concept: Mono.Posix's file streams (UnixStream, StdioFileStream), loaded by name, over one temp-file base.
    /// <summary>
    /// Mono.Posix's file streams over a fresh file in the run's temp folder, reached through their public API (loaded by
    /// name: Mono.Posix ships with Mono, not with the harness). Both seek and write through to the file.
    /// </summary>
    public abstract class MonoPosixFileRecipe : StreamRecipe
    {
        protected const string MonoPosix = "Mono.Posix, Version=4.0.0.0, Culture=neutral, PublicKeyToken=0738eb9f132ed756";

        readonly Lazy<string?> _unavailable;

        protected MonoPosixFileRecipe() => _unavailable = new Lazy<string?>(() =>
        {
            try
            {
                return Type.GetType(PublicType + ", " + MonoPosix, false) == null ? "Mono.Posix has no " + PublicType + " here" : null;
            }
            catch (Exception e)
            {
                return "Mono.Posix cannot be loaded: " + e.Message;
            }
        });

        public override bool CanSeek => true;
        public override bool IsOsBacked => true;
        public override string? UnavailableReason => _unavailable.Value;

        /// <summary>The public type the stream is made with.</summary>
        protected abstract string PublicType { get; }

        protected abstract Stream Create(string path, FileMode mode, FileAccess access);

        protected static Type PosixType(string name) => Type.GetType(name + ", " + MonoPosix, true)!;

        protected static object Invoke(Func<object> call)
        {
            try { return call(); }
            catch (TargetInvocationException e) when (e.InnerException != null)
            {
                System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(e.InnerException).Throw();
                throw;
            }
        }

        public override StreamFixture? OpenRead(byte[] content) => Open("posix-read", content, FileMode.Open, FileAccess.Read, false);
        // An empty file opened as it is: UnixFileInfo.Open refuses FileMode.Create/CreateNew (O_CREAT) without permissions.
        public override StreamFixture? OpenWrite() => Open("posix-write", new byte[0], FileMode.Open, FileAccess.Write, true);
        public override StreamFixture? OpenReadWrite(byte[] initial) => Open("posix-readwrite", initial, FileMode.Open, FileAccess.ReadWrite, true);

        StreamFixture Open(string hint, byte[]? content, FileMode mode, FileAccess access, bool readBack) =>
            TempFile.Fixture(Scratch, hint, content, path => Create(path, mode, access), readBack);
    }

    /// <summary>UnixFileInfo.Open(FileMode, FileAccess): a Mono.Unix.UnixStream over the file descriptor it opens (unbuffered: every call is a syscall).</summary>
    public sealed class UnixStreamRecipe : MonoPosixFileRecipe
    {
        public override string TypeName => "Mono.Unix.UnixStream";
        public override string Variant => "UnixFileInfo.Open";
        protected override string PublicType => "Mono.Unix.UnixFileInfo";

        protected override Stream Create(string path, FileMode mode, FileAccess access)
        {
            var info = Activator.CreateInstance(PosixType(PublicType), path)!;
            var open = info.GetType().GetMethod("Open", new[] { typeof(FileMode), typeof(FileAccess) })!;
            return (Stream)Invoke(() => open.Invoke(info, new object[] { mode, access })!);
        }

        public override string? ReproSource(StreamAccess access) =>
            $"// reference Mono.Posix\nvar path = System.IO.Path.GetTempFileName();{(access == StreamAccess.Write ? "" : " System.IO.File.WriteAllBytes(path, content);")}\n" +
            $"var stream = new Mono.Unix.UnixFileInfo(path).Open(FileMode.Open, FileAccess.{access});";
    }

    /// <summary>new StdioFileStream(path, FileMode, FileAccess): a Mono.Unix.StdioFileStream over C stdio's FILE* (buffered by libc).</summary>
    public sealed class StdioFileStreamRecipe : MonoPosixFileRecipe
    {
        public override string TypeName => "Mono.Unix.StdioFileStream";
        public override string Variant => "(string, FileMode, FileAccess)";
        protected override string PublicType => "Mono.Unix.StdioFileStream";
        public override bool IsBuffered => true;

        protected override Stream Create(string path, FileMode mode, FileAccess access) =>
            (Stream)Invoke(() => Activator.CreateInstance(PosixType(PublicType), path, mode, access)!);

        public override string? ReproSource(StreamAccess access) =>
            $"// reference Mono.Posix\nvar path = System.IO.Path.GetTempFileName();{(access == StreamAccess.Write ? "" : " System.IO.File.WriteAllBytes(path, content);")}\n" +
            $"var stream = new Mono.Unix.StdioFileStream(path, FileMode.Open, FileAccess.{access});";
    }
}
#endif
