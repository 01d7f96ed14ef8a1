using System;
using System.IO;

namespace StreamConformance.Sweep
{
    /// <summary>
    /// A run's own temp folder (unique per run, so two runs never collide), removed on Dispose and, as a
    /// last resort, when the process exits (Ctrl+C included: the CLI cancels, then disposes).
    /// </summary>
    public sealed class ScratchDirectory : IDisposable
    {
        public ScratchDirectory(string? parent = null)
        {
            Path = System.IO.Path.Combine(parent ?? System.IO.Path.GetTempPath(), $"streamconf-{System.Diagnostics.Process.GetCurrentProcess().Id}-{Guid.NewGuid():N}".Substring(0, 40));
            Directory.CreateDirectory(Path);
            AppDomain.CurrentDomain.ProcessExit += OnExit;
        }

        public string Path { get; }

        void OnExit(object? sender, EventArgs e) => Delete();

        public void Dispose()
        {
            AppDomain.CurrentDomain.ProcessExit -= OnExit;
            Delete();
        }

        void Delete()
        {
            for (var attempt = 0; attempt < 3; attempt++)
            {
                try
                {
                    if (Directory.Exists(Path)) Directory.Delete(Path, recursive: true);
                    return;
                }
                catch (IOException) { System.Threading.Thread.Sleep(100); }
                catch (UnauthorizedAccessException) { return; }
            }
        }
    }
}
