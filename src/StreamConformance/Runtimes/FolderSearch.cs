using System;
using System.IO;

namespace StreamConformance.Runtimes
{
    /// <summary>
    /// Where the harness finds its checkout's folders (the private runtimes, the WebAssembly packs, the probe's project):
    /// in the folders above its own binaries, then above the current folder, the nearest first.
    /// </summary>
    public static class FolderSearch
    {
        /// <summary>The first folder above the harness or the current folder that <paramref name="accepts"/>, or null.</summary>
        public static string? Above(Func<string, bool> accepts)
        {
            foreach (var start in new[] { AppContext.BaseDirectory, Directory.GetCurrentDirectory() })
            {
                for (var dir = Path.GetFullPath(start).TrimEnd(Path.DirectorySeparatorChar); !string.IsNullOrEmpty(dir); dir = Path.GetDirectoryName(dir))
                {
                    if (accepts(dir)) return dir;
                }
            }
            return null;
        }
    }
}
