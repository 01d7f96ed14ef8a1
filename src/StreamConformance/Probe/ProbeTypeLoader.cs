using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using StreamConformance.Discovery;

namespace StreamConformance.Probe
{
    /// <summary>Finds a requested item's type in the probe's runtime: from a runtime assembly by name, or a user's by path.</summary>
    public static class ProbeTypeLoader
    {
        /// <summary>The type, or null with why it could not be loaded.</summary>
        public static Type? Resolve(ProbeItem item, out string error)
        {
            error = "";
            try
            {
                var assembly = LoadAssembly(item);
                if (assembly == null)
                {
                    var t = Type.GetType(item.Type);
                    if (t == null) error = "no assembly given and Type.GetType found nothing";
                    return t;
                }
                var type = assembly.GetType(StreamAnalyzer.ReflectionName(item.Type), throwOnError: false);
                if (type == null) error = $"{item.Type} not found in {assembly.FullName}";
                return type;
            }
            catch (Exception e)
            {
                error = $"{e.GetType().Name}: {e.Message}";
                return null;
            }
        }

        /// <summary>
        /// Runtime types load by name (the runtime's own binding rules); a user's assembly, or a runtime
        /// assembly outside this process's framework (ASP.NET Core under a console probe), loads from its file,
        /// with its dependencies found beside it, and its native libraries beside it or under runtimes/&lt;rid&gt;/native.
        /// </summary>
        static Assembly? LoadAssembly(ProbeItem item)
        {
            if (item.AssemblyName != null)
            {
                try { return Assembly.Load(item.AssemblyName); }
                catch (Exception) when (item.AssemblyPath != null) { }
            }
            if (item.AssemblyPath == null) return null;
            WatchFolder(Path.GetDirectoryName(item.AssemblyPath)!);
            return Assembly.LoadFrom(item.AssemblyPath);
        }

        static readonly HashSet<string> s_folders = new HashSet<string>(StringComparer.Ordinal);

        static void WatchFolder(string folder)
        {
            lock (s_folders)
            {
                if (s_folders.Count == 0)
                {
                    AppDomain.CurrentDomain.AssemblyResolve += (_, args) =>
                    {
                        var file = new AssemblyName(args.Name).Name + ".dll";
                        string[] folders;
                        lock (s_folders) folders = s_folders.ToArray();
                        var hit = folders.Select(f => Path.Combine(f, file)).FirstOrDefault(File.Exists);
                        return hit != null ? Assembly.LoadFrom(hit) : null;
                    };
#if NET
                    // Their native libraries, where the build output keeps them (runtimes/<rid>/native).
                    System.Runtime.Loader.AssemblyLoadContext.Default.ResolvingUnmanagedDll += (_, name) =>
                    {
                        string[] folders;
                        lock (s_folders) folders = s_folders.ToArray();
                        return NativeAssets.Load(name, folders);
                    };
#endif
                }
                s_folders.Add(folder);
            }
        }
    }
}
