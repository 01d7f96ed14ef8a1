using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using Mono.Cecil;
using StreamConformance.Runtimes;

namespace StreamConformance.Patching
{
    /// <summary>
    /// Writes a patched copy of a runtime, or its A/A control: the same assemblies read and written back by the
    /// same tool with no change. Both are IL-only (a ReadyToRun image cannot be written back as it is: .NET's copies
    /// run JIT-compiled from the first call) and both get a fresh module version id (Mono's AOT cache holds code for
    /// the original id: a copy that kept it would run the original's precompiled methods, not the woven ones).
    /// So the A/A copy, not the installed runtime, is the fair "before".
    /// </summary>
    public static class PatchApplier
    {
        /// <summary>Builds the copy in <paramref name="outDir"/> and returns it as a runtime target.</summary>
        /// <param name="kind"><see cref="RuntimeCopyManifest.Patched"/> or <see cref="RuntimeCopyManifest.RoundTrip"/>.</param>
        public static RuntimeTarget Apply(PatchFolder patch, RuntimeTarget original, string outDir, string kind) =>
            Apply(PatchSet.Of(patch), original, outDir, kind);

        /// <summary>One copy carrying every patch of <paramref name="set"/>: a group's patches woven into their assemblies
        /// (one pull request may span two, 0009 and 0018), each assembly rewritten once.</summary>
        public static RuntimeTarget Apply(PatchSet set, RuntimeTarget original, string outDir, string kind)
        {
            outDir = Path.GetFullPath(outDir);
            CheckOut(original, outDir);
            var created = !Directory.Exists(outDir);
            try
            {
                var woven = Weave(set, original, kind == RuntimeCopyManifest.Patched);
                RuntimeCopier.Lay(original, outDir);
                var staging = Path.Combine(outDir, ".streamconf-staging");
                Directory.CreateDirectory(staging);
                var manifest = new RuntimeCopyManifest
                {
                    Kind = kind, PatchId = set.Id, PatchFolder = string.Join(";", set.Patches.Select(p => p.Path)), PatchHash = set.ContentHash(original),
                    OriginalLocation = original.Location, OriginalVersion = original.Version,
                    Flavor = FlavorOf(original),
                };
                foreach (var (assembly, module, replaced, _) in woven)
                {
                    var (_, places) = RuntimeCopier.Locate(original, outDir, assembly);
                    var written = Path.Combine(staging, assembly + ".dll");
                    module.Write(written);
                    var mvid = module.Mvid;
                    module.Dispose();
                    RuntimeCopier.Place(written, places);
                    manifest.Assemblies.Add(new RewrittenAssembly { Name = assembly, Paths = places.ToList(), Mvid = mvid.ToString(), Sha256 = Sha256(written) });
                    manifest.Replaced.AddRange(replaced);
                }
                Directory.Delete(staging, recursive: true);
                manifest.Write(outDir);
                return RuntimeResolver.ResolvePath(outDir);
            }
            catch (Exception e) when (e is IOException || e is UnauthorizedAccessException)
            {
                if (created) TryDelete(outDir);
                throw new InputException($"patch: writing the copy in {outDir} failed: {e.Message}");
            }
            catch
            {
                if (created) TryDelete(outDir);
                throw;
            }
        }

        public static PatchTarget TargetFor(PatchFolder patch, RuntimeTarget original) =>
            TryTargetFor(patch, original) ?? throw new InputException($"patch: {patch.Path} has no target for {FlavorOf(original)} (runtime {original.Name})");

        /// <summary>The target of <paramref name="patch"/> that weaves into <paramref name="original"/>, or null.</summary>
        public static PatchTarget? TryTargetFor(PatchFolder patch, RuntimeTarget original) =>
            // dotnet/runtime's Mono on WebAssembly builds its class library from the same source as CoreCLR's: a patch of
            // that source weaves into the pack unless it names a target of its own.
            patch.Manifest.TargetFor(FlavorOf(original))
                ?? (original.Flavor == RuntimeFlavor.Wasm ? patch.Manifest.TargetFor(RuntimeFlavor.CoreClr.Key()) : null);

        /// <summary>The flavour a patch.json target names for <paramref name="runtime"/>: coreclr, mono or wasm.</summary>
        public static string FlavorOf(RuntimeTarget runtime) => runtime.Flavor.Key();

        /// <summary>
        /// Reads the target assembly of <paramref name="original"/> and, when <paramref name="patched"/>, weaves the
        /// replacement into it; either way marks it IL-only with a fresh module version id, ready to write.
        /// </summary>
        /// <returns>The module, the members replaced as patch.json lists them, and the file read.</returns>
        public static (ModuleDefinition Module, IReadOnlyList<string> Replaced, string Source) Weave(PatchFolder patch, PatchTarget target, RuntimeTarget original, bool patched)
        {
            var (module, source) = Read(target, original);
            var replaced = patched ? WeaveInto(module, patch, target, original, source) : Array.Empty<string>();
            return (Finish(module), replaced, source);
        }

        /// <summary>As <see cref="Weave(PatchFolder, PatchTarget, RuntimeTarget, bool)"/> for every patch of <paramref name="set"/>,
        /// in id order: one module per rewritten assembly, in the order the patches first name them.</summary>
        /// <returns>Per assembly: its simple name, the module, the members replaced as "Type::Member(…)", and the file read.</returns>
        public static IReadOnlyList<(string Assembly, ModuleDefinition Module, IReadOnlyList<string> Replaced, string Source)> Weave(PatchSet set, RuntimeTarget original, bool patched)
        {
            var result = new List<(string, ModuleDefinition, IReadOnlyList<string>, string)>();
            foreach (var byAssembly in set.TargetsFor(original).GroupBy(t => t.Target.Assembly))
            {
                var (module, source) = Read(byAssembly.First().Target, original);
                var replaced = new List<string>();
                if (patched)
                    foreach (var (patch, target) in byAssembly)
                        replaced.AddRange(WeaveInto(module, patch, target, original, source).Select(m => target.Type + "::" + m));
                result.Add((byAssembly.Key, Finish(module), replaced, source));
            }
            return result;
        }

        static (ModuleDefinition Module, string Source) Read(PatchTarget target, RuntimeTarget original)
        {
            var (source, _) = RuntimeCopier.Locate(original, "/nonexistent", target.Assembly);
            var module = ModuleDefinition.ReadModule(source, new ReaderParameters { InMemory = true, AssemblyResolver = Resolver(original) });
            if (module.GetType(target.Type) == null)
                throw new InputException($"patch: {target.Type} not found in {source} ({original.Name} {original.Version})");
            return (module, source);
        }

        static DefaultAssemblyResolver Resolver(RuntimeTarget original)
        {
            var resolver = new DefaultAssemblyResolver();
            foreach (var d in resolver.GetSearchDirectories().ToList()) resolver.RemoveSearchDirectory(d);
            foreach (var dir in original.AssemblyDirectories.Where(Directory.Exists)) resolver.AddSearchDirectory(dir);
            var facades = Path.Combine(original.AssemblyDirectories[0], "Facades");
            if (Directory.Exists(facades)) resolver.AddSearchDirectory(facades);
            return resolver;
        }

        /// <summary>Weaves <paramref name="patch"/>'s replacement into <paramref name="module"/>; its members must be exactly the manifest's.</summary>
        static IReadOnlyList<string> WeaveInto(ModuleDefinition module, PatchFolder patch, PatchTarget target, RuntimeTarget original, string source)
        {
            if (module.GetType(target.Type) == null)
                throw new InputException($"patch: {target.Type} not found in {source} ({original.Name} {original.Version})");
            var bytes = ReplacementCompiler.Compile(patch.FileOf(target.Source), References(original, source), target.Runtime);
            var patchModule = ModuleDefinition.ReadModule(new MemoryStream(bytes), new ReaderParameters { AssemblyResolver = Resolver(original) });
            var replaced = new MethodWeaver(module, patchModule).Weave(target.Type);
            var missing = target.Members.Except(replaced).ToList();
            var extra = replaced.Except(target.Members).ToList();
            if (missing.Count > 0 || extra.Count > 0)
                throw new InputException($"patch: {patch.FileOf(PatchFolder.ManifestFile)}: members list {Join(target.Members)} but the replacement replaces {Join(replaced)}");
            return replaced;
        }

        static ModuleDefinition Finish(ModuleDefinition module)
        {
            if ((module.Attributes & ModuleAttributes.ILLibrary) != 0)
            {
                // ReadyToRun: keep the IL, drop the native code (as ILLink's output step does).
                module.Attributes = (module.Attributes & ~ModuleAttributes.ILLibrary) | ModuleAttributes.ILOnly;
                module.Architecture = TargetArchitecture.AMD64;
            }
            module.Mvid = Guid.NewGuid();
            return module;
        }

        static IEnumerable<string> References(RuntimeTarget original, string assembly)
        {
            yield return assembly;
            var library = original.AssemblyDirectories[0];
            foreach (var name in new[] { "System.Private.CoreLib.dll", "mscorlib.dll", "System.Runtime.dll" })
            {
                var path = Path.Combine(library, name);
                if (File.Exists(path)) yield return RuntimeResolver.ResolveLinks(path);
            }
        }

        /// <summary>--out must be a new or empty folder outside every runtime's own folders.</summary>
        static void CheckOut(RuntimeTarget original, string outDir)
        {
            var installRoots = new List<string> { original.Location };
            if (original.DotNetRoot != null) installRoots.Add(original.DotNetRoot);
            installRoots.AddRange(original.AssemblyDirectories);
            var real = Path.GetFullPath(outDir);
            foreach (var root in installRoots.Select(r => Path.GetFullPath(r).TrimEnd('/') + "/"))
                if ((real + "/").StartsWith(root, StringComparison.Ordinal))
                    throw new InputException($"patch: --out {outDir} is inside the runtime {original.Name} at {root.TrimEnd('/')}: a copy is written elsewhere");
            if (Directory.Exists(outDir) && Directory.EnumerateFileSystemEntries(outDir).Any())
                throw new InputException($"patch: --out {outDir} exists and is not empty");
            if (File.Exists(outDir))
                throw new InputException($"patch: --out {outDir} is a file");
        }

        static string Join(IEnumerable<string> items) => "[" + string.Join(", ", items) + "]";

        static string Sha256(string path)
        {
            using var sha = SHA256.Create();
            using var stream = File.OpenRead(path);
            return Convert.ToHexString(sha.ComputeHash(stream)).ToLowerInvariant();
        }

        static void TryDelete(string dir)
        {
            try { if (Directory.Exists(dir)) Directory.Delete(dir, recursive: true); }
            catch (IOException) { }
            catch (UnauthorizedAccessException) { }
        }
    }
}
