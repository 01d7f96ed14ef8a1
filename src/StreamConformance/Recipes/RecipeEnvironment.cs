using System;
using System.Diagnostics;
using System.IO;
using System.Threading;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// Where recipes may put files (and named-pipe sockets). Recipes take no constructor arguments, so the
    /// runner sets this once per run; by default each process gets its own folder under the system temp dir.
    /// </summary>
    public static class RecipeEnvironment
    {
        static string? s_tempDirectory;
        static int s_counter;

        public static string TempDirectory
        {
            get => s_tempDirectory ??= Path.Combine(Path.GetTempPath(), "streamconf-" + Process.GetCurrentProcess().Id);
            set => s_tempDirectory = value;
        }

        /// <summary>A fresh path in <see cref="TempDirectory"/> (the folder is created; the file is not).</summary>
        public static string NewTempPath(string hint)
        {
            Directory.CreateDirectory(TempDirectory);
            return Path.Combine(TempDirectory, $"{hint}-{Interlocked.Increment(ref s_counter)}");
        }

        /// <summary>How long a helper thread (feeder, drainer, server) may take before the fixture gives up on it.</summary>
        public static TimeSpan HelperTimeout { get; set; } = TimeSpan.FromSeconds(10);
    }

    /// <summary>A file the fixture created and deletes on dispose.</summary>
    sealed class TempFile : IDisposable
    {
        public TempFile(string hint, byte[]? content = null)
        {
            Path = RecipeEnvironment.NewTempPath(hint);
            if (content != null) File.WriteAllBytes(Path, content);
        }

        public string Path { get; }

        public byte[] ReadAll() => File.ReadAllBytes(Path);

        public void Dispose()
        {
            try { File.Delete(Path); }
            catch (IOException) { }
        }
    }
}
