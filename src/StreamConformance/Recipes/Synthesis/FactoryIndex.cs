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
        static readonly ConcurrentDictionary<Assembly, Lazy<Index>> s_byAssembly = new ConcurrentDictionary<Assembly, Lazy<Index>>();

        /// <summary>What an assembly's factories gave over an empty sink, and what they refused it for.</summary>
        sealed class Index
        {
            /// <summary>By the type each built: one construction per type and role.</summary>
            public readonly Dictionary<Type, List<Construction>> Built = new Dictionary<Type, List<Construction>>();

            /// <summary>
            /// By the concrete stream type each is declared to return: combinations of a method that built nothing over the
            /// empty sink (a reader that parses its source at once), for the synthesizer to try over content, as it tries a
            /// constructor that threw; their own exception is the reason when nothing builds.
            /// </summary>
            public readonly Dictionary<Type, List<Construction>> Refused = new Dictionary<Type, List<Construction>>();
        }

        /// <summary>At most this many of a refusing method's combinations are kept to try over content.</summary>
        const int RefusedPerMethod = 4;

        public static IReadOnlyList<Construction> For(Type type) => Of(type, i => i.Built);

        /// <summary>The constructions declared to return <paramref name="type"/> that threw over an empty sink (<see cref="Index.Refused"/>).</summary>
        public static IReadOnlyList<Construction> Refused(Type type) => Of(type, i => i.Refused);

        static IReadOnlyList<Construction> Of(Type type, Func<Index, Dictionary<Type, List<Construction>>> part)
        {
            // The harness's own types are built by its recipes; its public methods are not factories to call.
            if (IsRuntimeAssembly(type.Assembly) || type.Assembly == typeof(FactoryIndex).Assembly) return new Construction[0];
            var index = part(s_byAssembly.GetOrAdd(type.Assembly, a => new Lazy<Index>(() => Read(a))).Value);
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

        static Index Read(Assembly assembly)
        {
            var index = new Index();
            var enumerator = new ConstructionEnumerator();
            foreach (var method in ConstructionEnumerator.Factories(assembly))
            {
                var roles = new HashSet<string>();
                var refused = new List<Construction>();
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
                            if (!index.Built.TryGetValue(produced, out var list)) index.Built[produced] = list = new List<Construction>();
                            list.Add(construction);
                        }
                    }
                    catch (TimeoutException) { refused.Clear(); break; } // an async factory waiting on a peer: its other combinations would wait too
                    catch (Exception) { if (refused.Count < RefusedPerMethod) refused.Add(construction); } // this combination does not build; the next may
                    finally { Trial.Discard(scope); }
                }
                var declared = Construction.ResultType(((MethodInfo)method).ReturnType);
                if (roles.Count == 0 && refused.Count > 0 && typeof(Stream).IsAssignableFrom(declared) && declared != typeof(Stream) && !declared.IsAbstract)
                {
                    if (!index.Refused.TryGetValue(declared, out var list)) index.Refused[declared] = list = new List<Construction>();
                    list.AddRange(refused);
                }
            }
            return index;
        }
    }
}
