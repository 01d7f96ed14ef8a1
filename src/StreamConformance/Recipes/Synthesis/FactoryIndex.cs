using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// Which stream type each public factory of an assembly hands out, found by calling each with its argument
    /// combinations once (in a write scope) and looking at what came back. Read once per assembly and process.
    /// The runtime's own assemblies are not called: their factories open consoles, sockets and processes, and their
    /// types have hand-written recipes.
    /// </summary>
    public static class FactoryIndex
    {
        static readonly ConcurrentDictionary<Assembly, Lazy<IReadOnlyDictionary<Type, List<Construction>>>> s_byAssembly =
            new ConcurrentDictionary<Assembly, Lazy<IReadOnlyDictionary<Type, List<Construction>>>>();

        public static IReadOnlyList<Construction> For(Type type)
        {
            // The harness's own types are built by its recipes; its public methods are not factories to call.
            if (IsRuntimeAssembly(type.Assembly) || type.Assembly == typeof(FactoryIndex).Assembly) return new Construction[0];
            var index = s_byAssembly.GetOrAdd(type.Assembly, a => new Lazy<IReadOnlyDictionary<Type, List<Construction>>>(() => Read(a))).Value;
            if (!type.IsGenericTypeDefinition) return index.TryGetValue(type, out var found) ? found : (IReadOnlyList<Construction>)new Construction[0];
            return index.Where(kv => StreamSynthesizer.Is(kv.Key, type)).OrderBy(kv => kv.Key.FullName, StringComparer.Ordinal).SelectMany(kv => kv.Value).ToList();
        }

        /// <summary>
        /// An assembly of the runtime (any shared framework beside the core library's: Microsoft.NETCore.App, ASP.NET
        /// Core…; Mono's profile folders and GAC), as opposed to a user's.
        /// </summary>
        public static bool IsRuntimeAssembly(Assembly assembly)
        {
            if (assembly == typeof(object).Assembly) return true;
#if !NET
            if (assembly.GlobalAssemblyCache) return true;
#endif
            try
            {
                var location = assembly.Location;
                return location.Length > 0 && location.StartsWith(FrameworkRoot + Path.DirectorySeparatorChar, StringComparison.Ordinal);
            }
            catch (NotSupportedException) { return false; }
        }

        /// <summary>.NET: dotnet/shared (every framework's version folders); Mono: lib/mono (its profiles and GAC).</summary>
        static readonly string FrameworkRoot = FrameworkRootOf(Path.GetDirectoryName(typeof(object).Assembly.Location) ?? "");

        static string FrameworkRootOf(string coreLibraryFolder)
        {
            var up = Path.GetDirectoryName(coreLibraryFolder) ?? coreLibraryFolder;
            return Type.GetType("Mono.Runtime") != null ? up : Path.GetDirectoryName(up) ?? up;
        }

        static IReadOnlyDictionary<Type, List<Construction>> Read(Assembly assembly)
        {
            var index = new Dictionary<Type, List<Construction>>();
            var enumerator = new ConstructionEnumerator();
            foreach (var method in ConstructionEnumerator.Factories(assembly))
            {
                var roles = new HashSet<string>();
                foreach (var construction in enumerator.Combinations(method, out _))
                {
                    var scope = new BuildScope(false, new byte[0]);
                    try
                    {
                        var streams = construction.Invoke(scope);
                        // One construction per type and role (a mode enum gives a reader and a writer).
                        var first = streams[0];
                        var role = first.GetType().FullName + "|" + first.CanRead + first.CanWrite;
                        foreach (var s in streams) Trial.Discard(s);
                        if (!roles.Add(role)) continue;
                        foreach (var produced in streams.Select(s => s.GetType()).Distinct())
                        {
                            if (!index.TryGetValue(produced, out var list)) index[produced] = list = new List<Construction>();
                            list.Add(construction);
                        }
                    }
                    catch (Exception) { } // this combination does not build; the next may
                    finally { Trial.Discard(scope); }
                }
            }
            return index;
        }
    }
}
