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
        static readonly string s_defaultDirectory = Path.Combine(Path.GetTempPath(), "streamconf-" + Process.GetCurrentProcess().Id);
        static string? s_tempDirectory;
        static int s_counter;
        static int s_cleanupRegistered;

        public static string TempDirectory
        {
            get => s_tempDirectory ?? s_defaultDirectory;
            set => s_tempDirectory = value;
        }

        /// <summary>A fresh path in <see cref="TempDirectory"/> (the folder is created; the file is not).</summary>
        public static string NewTempPath(string hint)
        {
            var directory = TempDirectory;
            if (directory == s_defaultDirectory && Interlocked.Exchange(ref s_cleanupRegistered, 1) == 0)
                AppDomain.CurrentDomain.ProcessExit += (sender, e) => RemoveDefaultDirectoryIfEmpty();
            Directory.CreateDirectory(directory);
            return Path.Combine(directory, $"{hint}-{Interlocked.Increment(ref s_counter)}");
        }

        /// <summary>The default folder is ours alone; a runner's folder belongs to the runner.</summary>
        static void RemoveDefaultDirectoryIfEmpty()
        {
            try
            {
                if (Directory.Exists(s_defaultDirectory) && Directory.GetFileSystemEntries(s_defaultDirectory).Length == 0)
                    Directory.Delete(s_defaultDirectory);
            }
            catch (IOException) { }
            catch (UnauthorizedAccessException) { }
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

        /// <summary>
        /// A fixture over a fresh file holding <paramref name="content"/> (none: no file yet): the stream
        /// <paramref name="open"/> makes on its path, the file read back if asked, deleted with the fixture, and
        /// deleted at once if the stream cannot be made.
        /// </summary>
        public static StreamFixture Fixture(string hint, byte[]? content, Func<string, Stream> open, bool readBack)
        {
            using var build = new FixtureBuilder();
            var file = build.Own(new TempFile(hint, content));
            return build.Fixture(open(file.Path), readBack ? file.ReadAll : (Func<byte[]>?)null);
        }

        public void Dispose()
        {
            try { File.Delete(Path); }
            catch (IOException) { }
        }
    }
}
