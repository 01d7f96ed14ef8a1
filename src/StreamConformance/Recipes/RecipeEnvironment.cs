using System;
using System.Diagnostics;
using System.IO;
using System.Threading;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// Where one run's recipes put their files (and named-pipe sockets): carried by the run's
    /// <see cref="Checks.CheckContext.Recipes"/> and bound to each recipe the run opens (<see cref="StreamRecipe.In"/>).
    /// A recipe no run has bound uses <see cref="ForProcess"/>, a folder of the process's own.
    /// </summary>
    public sealed class RecipeEnvironment
    {
        // Process-wide, so two environments over one folder never hand out the same path.
        static int s_counter;

        public RecipeEnvironment(string tempDirectory) => TempDirectory = tempDirectory;

        /// <summary>The folder the run's recipes put files in (created when a path in it is asked for).</summary>
        public string TempDirectory { get; }

        /// <summary>A fresh path in <see cref="TempDirectory"/> (the folder is created; the file is not).</summary>
        public string NewTempPath(string hint)
        {
            Directory.CreateDirectory(TempDirectory);
            return Path.Combine(TempDirectory, $"{hint}-{Interlocked.Increment(ref s_counter)}");
        }

        /// <summary>
        /// The environment of a recipe no run has bound (a test's, a tool's): its own folder per process under the system
        /// temp folder, removed at exit when empty. A run's folder belongs to the run.
        /// </summary>
        public static RecipeEnvironment ForProcess { get; } = OwnFolder();

        static RecipeEnvironment OwnFolder()
        {
            var own = new RecipeEnvironment(Path.Combine(Path.GetTempPath(), "streamconf-" + ProcessId));
            AppDomain.CurrentDomain.ProcessExit += (sender, e) =>
            {
                try
                {
                    if (Directory.Exists(own.TempDirectory) && Directory.GetFileSystemEntries(own.TempDirectory).Length == 0)
                        Directory.Delete(own.TempDirectory);
                }
                catch (IOException) { }
                catch (UnauthorizedAccessException) { }
            };
            return own;
        }

        // Process.GetCurrentProcess() throws PlatformNotSupportedException on WebAssembly; Environment.ProcessId is .NET 5+.
#if NET
        static int ProcessId => Environment.ProcessId;
#else
        static int ProcessId => Process.GetCurrentProcess().Id;
#endif

        /// <summary>How long a helper thread (feeder, drainer, server) may take before the fixture gives up on it: the same for every run.</summary>
        public static TimeSpan HelperTimeout { get; } = TimeSpan.FromSeconds(10);
    }

    /// <summary>A file the fixture created and deletes on dispose.</summary>
    sealed class TempFile : IDisposable
    {
        public TempFile(RecipeEnvironment scratch, string hint, byte[]? content = null)
        {
            Path = scratch.NewTempPath(hint);
            if (content != null) File.WriteAllBytes(Path, content);
        }

        public string Path { get; }

        public byte[] ReadAll() => File.ReadAllBytes(Path);

        /// <summary>
        /// A fixture over a fresh file holding <paramref name="content"/> (none: no file yet): the stream
        /// <paramref name="open"/> makes on its path, the file read back if asked, deleted with the fixture, and
        /// deleted at once if the stream cannot be made.
        /// </summary>
        public static StreamFixture Fixture(RecipeEnvironment scratch, string hint, byte[]? content, Func<string, Stream> open, bool readBack)
        {
            using var build = new FixtureBuilder();
            var file = build.Own(new TempFile(scratch, hint, content));
            return build.Fixture(open(file.Path), readBack ? file.ReadAll : (Func<byte[]>?)null);
        }

        public void Dispose()
        {
            try { File.Delete(Path); }
            catch (IOException) { }
        }
    }
}
