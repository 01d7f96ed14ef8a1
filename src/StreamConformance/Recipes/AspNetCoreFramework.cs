#if !MONO_CORLIB
using System;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.Loader;
using System.Threading;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// The ASP.NET Core shared framework of the running .NET runtime: shared/Microsoft.AspNetCore.App of the same
    /// major.minor, beside the shared/Microsoft.NETCore.App this process runs on (the folder the inventory reads, see
    /// RuntimeResolver). The probe is a console app whose runtimeconfig names only Microsoft.NETCore.App, so that it
    /// starts on runtimes without ASP.NET Core; where the framework is there, its assemblies are bound on demand from
    /// that folder (AssemblyLoadContext.Default.Resolving), the same files an ASP.NET Core app of this runtime loads.
    /// </summary>
    public static class AspNetCoreFramework
    {
        public const string Name = "Microsoft.AspNetCore.App";

        static readonly Lazy<(string? Folder, string? Reason)> s_located = new Lazy<(string?, string?)>(() => Locate(CoreFolder()));
        static int s_registered;

        /// <summary>The folder of the framework's assemblies, or null when this runtime has none.</summary>
        public static string? Folder => s_located.Value.Folder;

        /// <summary>Why ASP.NET Core's streams cannot be built in this process, or null when they can.</summary>
        public static string? MissingReason => s_located.Value.Reason;

        /// <summary>Binds ASP.NET Core's assemblies from <see cref="Folder"/> from now on; false when there is no such folder.</summary>
        public static bool Register()
        {
            var folder = Folder;
            if (folder == null) return false;
            if (Interlocked.Exchange(ref s_registered, 1) == 0)
            {
                AssemblyLoadContext.Default.Resolving += (context, name) =>
                {
                    var file = Path.Combine(folder, name.Name + ".dll");
                    return File.Exists(file) ? context.LoadFromAssemblyPath(file) : null;
                };
            }
            return true;
        }

        static string CoreFolder() => Path.GetDirectoryName(typeof(object).Assembly.Location) ?? "";

        /// <summary>The framework folder beside <paramref name="coreFolder"/> (…/shared/Microsoft.NETCore.App/X.Y.Z), or why there is none.</summary>
        public static (string? Folder, string? Reason) Locate(string coreFolder)
        {
            var version = Path.GetFileName(coreFolder.TrimEnd(Path.DirectorySeparatorChar));
            var shared = Path.GetDirectoryName(Path.GetDirectoryName(coreFolder.TrimEnd(Path.DirectorySeparatorChar)) ?? "") ?? "";
            var majorMinor = string.Join(".", version.Split('.').Take(2));
            var aspRoot = Path.Combine(shared, Name);
            var candidates = Directory.Exists(aspRoot)
                ? Directory.GetDirectories(aspRoot).Where(d => Path.GetFileName(d).StartsWith(majorMinor + ".", StringComparison.Ordinal)
                                                          && File.Exists(Path.Combine(d, "Microsoft.AspNetCore.dll")))
                    .OrderByDescending(d => Version.TryParse(Path.GetFileName(d).Split('-')[0], out var v) ? v : new Version(0, 0)).ToList()
                : null;
            if (candidates == null || candidates.Count == 0)
                return (null, $"this runtime ({coreFolder}) has no ASP.NET Core shared framework {Name} {majorMinor}.x beside it ({aspRoot})");
            return (candidates[0], null);
        }
    }
}
#endif
