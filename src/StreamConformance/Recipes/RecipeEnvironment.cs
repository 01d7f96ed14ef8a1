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
}
