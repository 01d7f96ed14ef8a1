using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Runtime.InteropServices;

namespace StreamConformance.Probe
{
    /// <summary>
    /// A user's native libraries where a build output keeps them: <c>runtimes/&lt;rid&gt;/native/</c> beside the assemblies,
    /// which the application's deps.json would name and a folder loaded by path does not (Microsoft.Data.Sqlite's
    /// <c>e_sqlite3</c>). Most specific runtime identifier first, as the host's own probing goes.
    /// </summary>
    public static class NativeAssets
    {
        /// <summary>Runtime identifiers of this process, most specific first: linux-x64, linux, unix.</summary>
        public static IReadOnlyList<string> RuntimeIdentifiers()
        {
            var os = RuntimeInformation.IsOSPlatform(OSPlatform.Windows) ? "win"
                : RuntimeInformation.IsOSPlatform(OSPlatform.OSX) ? "osx" : "linux";
            var arch = RuntimeInformation.ProcessArchitecture.ToString().ToLowerInvariant();
            var ids = new List<string>();
#if NET
            ids.Add(RuntimeInformation.RuntimeIdentifier);
#endif
            ids.Add($"{os}-{arch}");
            ids.Add(os);
            if (os != "win") ids.Add("unix");
            return ids.Distinct(StringComparer.Ordinal).ToList();
        }

        /// <summary>Files a native library of this name may be, in the order they are tried, under each folder.</summary>
        public static IEnumerable<string> Candidates(string folder, string name)
        {
            var files = RuntimeInformation.IsOSPlatform(OSPlatform.Windows) ? new[] { name, name + ".dll" }
                : RuntimeInformation.IsOSPlatform(OSPlatform.OSX) ? new[] { name, "lib" + name + ".dylib", name + ".dylib" }
                : new[] { name, "lib" + name + ".so", name + ".so" };
            foreach (var rid in RuntimeIdentifiers())
                foreach (var file in files)
                    yield return Path.Combine(folder, "runtimes", rid, "native", file);
        }

        /// <summary>The first candidate under any folder that loads, or zero.</summary>
        public static IntPtr Load(string name, IEnumerable<string> folders)
        {
#if NET
            foreach (var path in folders.SelectMany(f => Candidates(f, name)))
                if (File.Exists(path) && NativeLibrary.TryLoad(path, out var handle)) return handle;
#endif
            return IntPtr.Zero;
        }
    }
}
