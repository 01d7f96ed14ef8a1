using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Mono.Cecil;
using StreamConformance.Runtimes;

namespace StreamConformance.Discovery
{
    /// <summary>
    /// Builds a <see cref="StreamInventory"/> from metadata with Mono.Cecil. Nothing inspected is loaded
    /// into the process or run; files are read into memory and released before returning.
    /// </summary>
    public static class InventoryReader
    {
        /// <summary>
        /// Every Stream class of a runtime. Files in its folders that are not .NET assemblies are skipped silently. With
        /// <paramref name="cache"/>, an inventory of the same files read by this build before is taken from there.
        /// </summary>
        public static StreamInventory Read(RuntimeTarget runtime, InventoryCache? cache = null) =>
            Build(runtime.Name, runtime.EnumerateAssemblies().Select(p => new Input(p, userGiven: false)), SearchDirectories(runtime), cache);

        /// <summary>
        /// The runtime form over explicit files: non-assemblies are skipped silently and references resolve
        /// among the files' own folders.
        /// </summary>
        public static StreamInventory Read(string runtimeName, IEnumerable<string> assemblyPaths)
        {
            var paths = assemblyPaths.Select(Path.GetFullPath).ToList();
            var dirs = paths.Select(p => Path.GetDirectoryName(p)!).Distinct().ToList();
            return Build(runtimeName, paths.Select(p => new Input(p, userGiven: false)), dirs);
        }

        /// <summary>
        /// Strict form for one user-given path (a file, or a folder of assemblies): throws <see cref="InputException"/>
        /// naming the path when it does not exist, is not a readable .NET assembly, or is a folder without any.
        /// Base types resolve against <paramref name="resolveAgainst"/>, by default the runtime this process runs on.
        /// </summary>
        public static StreamInventory ReadAssembly(string path, RuntimeTarget? resolveAgainst = null, InventoryCache? cache = null)
        {
            var full = Path.GetFullPath(path);
            if (Directory.Exists(full))
            {
                var files = AssembliesIn(full);
                if (files.Count == 0)
                    throw new InputException($"assembly: {full} is a folder with no .dll or .exe files");
                var inventory = Build(resolveAgainst, files.Select(f => new Input(f, userGiven: true)), cache);
                if (inventory.Assemblies.Count == 0)
                    throw new InputException($"assembly: {full} is a folder with no readable .NET assemblies ({inventory.Errors[0].Message})");
                return inventory;
            }
            var result = Build(resolveAgainst, new[] { new Input(full, userGiven: true) }, cache);
            if (result.Errors.Count > 0) throw new InputException(result.Errors[0].Message);
            return result;
        }

        /// <summary>
        /// Batch form for user-given paths (files or folders): a bad input is recorded in
        /// <see cref="StreamInventory.Errors"/> and the others are still inventoried. A single path behaves
        /// like <see cref="ReadAssembly"/>.
        /// </summary>
        public static StreamInventory ReadAssemblies(IEnumerable<string> paths, RuntimeTarget? resolveAgainst = null, InventoryCache? cache = null)
        {
            var list = paths.ToList();
            if (list.Count == 1) return ReadAssembly(list[0], resolveAgainst, cache);
            var inputs = new List<Input>();
            foreach (var path in list.Select(Path.GetFullPath))
            {
                if (Directory.Exists(path))
                {
                    var files = AssembliesIn(path);
                    if (files.Count == 0) inputs.Add(new Input(path, userGiven: true, emptyFolder: true));
                    inputs.AddRange(files.Select(f => new Input(f, userGiven: true)));
                }
                else inputs.Add(new Input(path, userGiven: true));
            }
            return Build(resolveAgainst, inputs, cache);
        }

        static StreamInventory Build(RuntimeTarget? resolveAgainst, IEnumerable<Input> inputs, InventoryCache? cache)
        {
            var runtime = resolveAgainst ?? CurrentRuntime();
            var list = inputs.ToList();
            var dirs = list.Where(i => !i.EmptyFolder).Select(i => Path.GetDirectoryName(i.Path)!).Distinct().Where(Directory.Exists);
            return Build(runtime.Name, list, dirs.Concat(SearchDirectories(runtime)), cache);
        }

        static StreamInventory Build(string runtimeName, IEnumerable<Input> inputs, IEnumerable<string> searchDirectories, InventoryCache? cache)
        {
            if (cache == null) return Build(runtimeName, inputs, searchDirectories);
            var list = inputs.ToList();
            var dirs = searchDirectories.ToList();
            // Whether a file was named by the user decides whether its failure is an error: part of the key.
            var files = list.Select(i => (i.Path, i.UserGiven ? "user" : "runtime"));
            return cache.GetOrRead(runtimeName, files, dirs, () => Build(runtimeName, list, dirs), out _);
        }

        static RuntimeTarget CurrentRuntime() =>
            RuntimeResolver.IsRunningOnMono ? RuntimeResolver.ResolveDefaultMono() : RuntimeResolver.ResolveDefaultDotNet();

        static IEnumerable<string> SearchDirectories(RuntimeTarget runtime)
        {
            foreach (var dir in runtime.AssemblyDirectories)
            {
                yield return dir;
                // Mono keeps facades such as netstandard.dll one folder down.
                if (runtime.Flavor == RuntimeFlavor.Mono) yield return Path.Combine(dir, "Facades");
            }
        }

        static List<string> AssembliesIn(string folder) =>
            Directory.EnumerateFiles(folder)
                .Where(f => f.EndsWith(".dll", StringComparison.OrdinalIgnoreCase) || f.EndsWith(".exe", StringComparison.OrdinalIgnoreCase))
                .OrderBy(f => f, StringComparer.Ordinal).ToList();

        static StreamInventory Build(string runtimeName, IEnumerable<Input> inputs, IEnumerable<string> searchDirectories)
        {
            var inventory = new StreamInventory { Runtime = runtimeName };
            using (var set = new AssemblySet(searchDirectories))
            {
                var analyzer = new StreamAnalyzer();
                foreach (var input in inputs)
                {
                    if (input.EmptyFolder)
                    {
                        inventory.Errors.Add(new InventoryError { Path = input.Path, Message = $"assembly: {input.Path} is a folder with no .dll or .exe files" });
                        continue;
                    }
                    if (!File.Exists(input.Path))
                    {
                        if (input.UserGiven)
                            inventory.Errors.Add(new InventoryError { Path = input.Path, Message = $"assembly: {input.Path} does not exist" });
                        continue;
                    }
                    AssemblyDefinition assembly;
                    try { assembly = set.Read(input.Path); }
                    catch (Exception e) when (!(e is OutOfMemoryException))
                    {
                        // A runtime folder may hold native libraries: only what the user named is an error.
                        if (input.UserGiven)
                            inventory.Errors.Add(new InventoryError { Path = input.Path, Message = Unreadable(input.Path, e) });
                        continue;
                    }
                    try
                    {
                        var found = Inventory(assembly, analyzer, out var streamRoot);
                        inventory.Assemblies.Add(input.Path);
                        foreach (var type in found) type.AssemblyPath = input.Path;
                        inventory.Types.AddRange(found);
                        if (streamRoot != null && inventory.Stream == null) inventory.Stream = streamRoot;
                    }
                    catch (Exception e) when (!(e is OutOfMemoryException))
                    {
                        // Deferred reading surfaces a corrupt table only when it is first touched.
                        inventory.Errors.Add(new InventoryError { Path = input.Path, Message = Unreadable(input.Path, e) });
                    }
                }
            }
            inventory.Types = inventory.Types
                .OrderBy(t => t.Assembly, StringComparer.Ordinal).ThenBy(t => t.FullName, StringComparer.Ordinal).ToList();
            inventory.Totals = Totals(inventory);
            return inventory;
        }

        static List<StreamTypeInfo> Inventory(AssemblyDefinition assembly, StreamAnalyzer analyzer, out StreamTypeInfo? streamRoot)
        {
            streamRoot = null;
            var found = new List<StreamTypeInfo>();
            foreach (var module in assembly.Modules)
            {
                foreach (var type in module.GetTypes())
                {
                    if (StreamAnalyzer.IsStreamRoot(type) && type.IsClass)
                        streamRoot = Describe(type, assembly, analyzer);
                    else if (analyzer.IsStream(type))
                        found.Add(Describe(type, assembly, analyzer));
                }
            }
            return found;
        }

        static StreamTypeInfo Describe(TypeDefinition type, AssemblyDefinition assembly, StreamAnalyzer analyzer)
        {
            var info = new StreamTypeInfo
            {
                Assembly = assembly.Name.Name,
                AssemblyFullName = assembly.Name.FullName,
                FullName = StreamAnalyzer.ReflectionName(type),
                IsPublic = StreamAnalyzer.IsVisible(type),
                IsAbstract = type.IsAbstract,
                IsSealed = type.IsSealed,
                BaseChain = analyzer.Chain(type).Skip(1).Select(t => StreamAnalyzer.ReflectionName(t)).ToList(),
            };
            foreach (var member in StreamMembers.All)
            {
                var provider = analyzer.Provider(type, member.Key);
                if (provider != null) info.Members[member.Key] = StreamAnalyzer.ReflectionName(provider.DeclaringType);
            }
            info.Hazards = analyzer.Hazards(type);
            return info;
        }

        static string Unreadable(string path, Exception e)
        {
            var detail = e.Message.Replace('\n', ' ').Replace('\r', ' ').Trim();
            if (!HasPeSignature(path))
                return $"assembly: {path} is not a .NET assembly (no PE header)";
            var cause = detail.Length == 0 ? e.GetType().Name : e.GetType().Name + ": " + detail;
            return $"assembly: {path} is not a readable .NET assembly (native, truncated or corrupt; {cause})";
        }

        static bool HasPeSignature(string path)
        {
            try
            {
                using var file = File.OpenRead(path);
                return file.ReadByte() == 'M' && file.ReadByte() == 'Z';
            }
            catch (IOException) { return false; }
            catch (UnauthorizedAccessException) { return false; }
        }

        static InventoryTotals Totals(StreamInventory inventory)
        {
            var concrete = inventory.Types.Where(t => t.IsConcrete).ToList();
            return new InventoryTotals
            {
                AssembliesRead = inventory.Assemblies.Count,
                Errors = inventory.Errors.Count,
                Types = inventory.Types.Count,
                Concrete = concrete.Count,
                PublicConcrete = concrete.Count(t => t.IsPublic),
                ConcreteInheritingReadByte = concrete.Count(t => t.ProviderOf(StreamMembers.ReadByte) == "System.IO.Stream"),
                ConcreteInheritingWriteByte = concrete.Count(t => t.ProviderOf(StreamMembers.WriteByte) == "System.IO.Stream"),
                ConcreteAllocatesPerCall = concrete.Count(t => t.Has(HazardKinds.AllocatesPerCall)),
                ConcreteSyncOverAsync = concrete.Count(t => t.Has(HazardKinds.SyncOverAsync)),
                ConcreteSpanPathRentsAndCopies = concrete.Count(t => t.Has(HazardKinds.SpanPathRentsAndCopies)),
            };
        }

        readonly struct Input
        {
            public Input(string path, bool userGiven, bool emptyFolder = false)
            {
                Path = path; UserGiven = userGiven; EmptyFolder = emptyFolder;
            }
            public string Path { get; }
            public bool UserGiven { get; }
            public bool EmptyFolder { get; }
        }
    }
}
