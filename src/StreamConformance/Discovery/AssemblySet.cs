using System;
using System.Collections.Generic;
using System.IO;
using Mono.Cecil;

namespace StreamConformance.Discovery
{
    /// <summary>
    /// Reads assemblies with Cecil and resolves references among them by simple name, probing a list of
    /// folders (the runtime's, first one wins). Every module is read once, into memory (no file stays
    /// open or locked), with deferred reading so only what the inventory touches is decoded.
    /// Versions are not compared: a runtime folder holds one version of each assembly.
    /// </summary>
    sealed class AssemblySet : IAssemblyResolver
    {
        readonly IReadOnlyList<string> _searchDirectories;
        Dictionary<string, string>? _pathByName;
        readonly Dictionary<string, AssemblyDefinition?> _byName = new Dictionary<string, AssemblyDefinition?>(StringComparer.OrdinalIgnoreCase);
        readonly Dictionary<string, AssemblyDefinition> _byPath = new Dictionary<string, AssemblyDefinition>(StringComparer.Ordinal);
        readonly List<AssemblyDefinition> _all = new List<AssemblyDefinition>();

        public AssemblySet(IEnumerable<string> searchDirectories)
        {
            var dirs = new List<string>();
            foreach (var dir in searchDirectories)
                if (Directory.Exists(dir) && !dirs.Contains(dir)) dirs.Add(dir);
            _searchDirectories = dirs;
        }

        /// <summary>Reads one file; throws what Cecil throws for files that are not (readable) assemblies.</summary>
        public AssemblyDefinition Read(string path)
        {
            path = Path.GetFullPath(path);
            if (_byPath.TryGetValue(path, out var already)) return already;
            var assembly = AssemblyDefinition.ReadAssembly(path, new ReaderParameters(ReadingMode.Deferred)
            {
                AssemblyResolver = this,
                InMemory = true,
                ReadSymbols = false,
            });
            _all.Add(assembly);
            _byPath[path] = assembly;
            if (!_byName.TryGetValue(assembly.Name.Name, out var known) || known == null)
                _byName[assembly.Name.Name] = assembly;
            return assembly;
        }

        public AssemblyDefinition Resolve(AssemblyNameReference name) => Resolve(name, new ReaderParameters());

        public AssemblyDefinition Resolve(AssemblyNameReference name, ReaderParameters parameters)
        {
            if (_byName.TryGetValue(name.Name, out var cached))
                return cached ?? throw new AssemblyResolutionException(name);
            AssemblyDefinition? found = null;
            if (PathByName().TryGetValue(name.Name, out var path))
            {
                try { found = Read(path); }
                catch (Exception e) when (e is BadImageFormatException || e is IOException || e is InvalidOperationException || e is ArgumentException)
                {
                    found = null;
                }
            }
            _byName[name.Name] = found;
            return found ?? throw new AssemblyResolutionException(name);
        }

        Dictionary<string, string> PathByName()
        {
            if (_pathByName != null) return _pathByName;
            _pathByName = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
            foreach (var dir in _searchDirectories)
            {
                foreach (var file in Directory.EnumerateFiles(dir))
                {
                    var ext = Path.GetExtension(file);
                    if (ext != ".dll" && ext != ".exe") continue;
                    var simple = Path.GetFileNameWithoutExtension(file);
                    if (!_pathByName.ContainsKey(simple)) _pathByName[simple] = file;
                }
            }
            return _pathByName;
        }

        public void Dispose()
        {
            foreach (var assembly in _all) assembly.Dispose();
            _all.Clear();
            _byPath.Clear();
            _byName.Clear();
        }
    }
}
