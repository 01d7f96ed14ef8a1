using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using StreamConformance.Runtimes;

namespace StreamConformance.Patching
{
    /// <summary>
    /// Lays out a private, runnable copy of a runtime in which chosen assemblies can be replaced, without ever writing
    /// to the original. What is rewritten is a real file of the copy; what is not is copied (.NET's framework folder,
    /// whose native runtime looks for CoreLib beside itself) or linked (Mono's class library and GAC files, by
    /// absolute symbolic links). Rewritten files are always placed by <see cref="Place"/>, which replaces a link
    /// instead of writing through it.
    /// </summary>
    /// <remarks>
    /// .NET: <c>dotnet</c>, <c>host/</c> and <c>shared/Microsoft.NETCore.App/V</c> copied; other shared frameworks of
    /// the same root (ASP.NET Core) real folders of links to their files, where a rewritten assembly replaces its link.
    /// The copy runs as <c>DOTNET_ROOT=copy copy/dotnet exec --fx-version V</c>.
    /// Mono: a relocated prefix. Mono takes its root from the real path of its executable, so <c>bin/mono</c> is a
    /// copy of the binary; <c>lib/mono/4.5</c> and <c>lib/mono/gac</c> are real folders of links to the original
    /// files; <c>lib/libmono*.so</c> are linked because Mono's config maps native libraries to its own lib folder;
    /// <c>etc/mono</c> is copied. An assembly referenced by strong name is loaded from the GAC, so a rewritten GAC
    /// assembly is placed there and 4.5's entry points at it.
    /// WebAssembly: the pack's <c>runtimes/</c> as real folders of links, its <c>data/RuntimeList.xml</c> copied; the
    /// copy is a pack like any other, and its probe is built against it.
    /// </remarks>
    public static class RuntimeCopier
    {
        /// <summary>Creates the layout of <paramref name="original"/> in <paramref name="outDir"/> (which must be empty or absent).</summary>
        /// <returns>Where the copy keeps each original assembly file that may be replaced, by simple name.</returns>
        public static void Lay(RuntimeTarget original, string outDir)
        {
            Directory.CreateDirectory(outDir);
            if (original.Flavor == RuntimeFlavor.CoreClr) LayDotNet(original, outDir);
            else if (original.Flavor == RuntimeFlavor.Wasm) LayWasmPack(original, outDir);
            else LayMono(original, outDir);
        }

        static void LayDotNet(RuntimeTarget original, string outDir)
        {
            var root = original.DotNetRoot ?? throw new InputException($"patch: runtime {original.Name} at {original.Location} has no dotnet root (host) to copy");
            var host = original.HostPath ?? throw new InputException($"patch: runtime {original.Name} has no dotnet host");
            File.Copy(RuntimeResolver.ResolveLinks(host), Path.Combine(outDir, "dotnet"));
            CopyTree(Path.Combine(root, "host"), Path.Combine(outDir, "host"));
            var fxOut = Path.Combine(outDir, "shared", RuntimeResolver.CoreFrameworkName, original.Version);
            CopyTree(original.Location, fxOut);
            // Other frameworks of the run (ASP.NET Core): a real folder of links to their files, so that one of them can
            // be replaced by a rewritten file (Place) while the rest are read from the original.
            foreach (var dir in original.AssemblyDirectories.Skip(1))
                LinkTree(dir, FrameworkCopy(outDir, dir), linkSubfolders: true);
        }

        /// <summary>Where the copy in <paramref name="outDir"/> lays the shared framework folder <paramref name="frameworkDir"/> (…/shared/NAME/VERSION).</summary>
        static string FrameworkCopy(string outDir, string frameworkDir) =>
            Path.Combine(outDir, "shared", Path.GetFileName(Path.GetDirectoryName(frameworkDir)!), Path.GetFileName(frameworkDir));

        /// <summary>
        /// A WebAssembly pack: its root's <c>runtimes/</c> as real folders of links and its <c>data/</c> list copied, so
        /// the probe is built against the copy (<see cref="Sweep.WasmProbeBuild"/>) with a rewritten assembly in place.
        /// </summary>
        static void LayWasmPack(RuntimeTarget original, string outDir)
        {
            var root = WasmRuntimePacks.PackRoot(original.Location);
            var list = Path.Combine(root, WasmRuntimePacks.RuntimeListRelative);
            if (!File.Exists(list))
                throw new InputException($"patch: runtime {original.Name}: {root} has no {WasmRuntimePacks.RuntimeListRelative} (./build.sh runtimes lays the private packs out with it)");
            LinkTree(Path.Combine(root, "runtimes"), Path.Combine(outDir, "runtimes"), linkSubfolders: false);
            CopyTree(Path.Combine(root, "data"), Path.Combine(outDir, "data"));
        }

        static void LayMono(RuntimeTarget original, string outDir)
        {
            var binary = original.HostPath ?? throw new InputException($"patch: runtime {original.Name} at {original.Location} has no mono binary to copy");
            var prefix = original.Location;
            Directory.CreateDirectory(Path.Combine(outDir, "bin"));
            File.Copy(RuntimeResolver.ResolveLinks(binary), Path.Combine(outDir, "bin", "mono"));
            var etc = Directory.Exists(Path.Combine(prefix, "etc", "mono")) ? Path.Combine(prefix, "etc", "mono") : "/etc/mono";
            if (Directory.Exists(etc)) CopyTree(etc, Path.Combine(outDir, "etc", "mono"));
            var lib = Path.Combine(prefix, "lib");
            Directory.CreateDirectory(Path.Combine(outDir, "lib"));
            foreach (var so in Directory.GetFiles(lib, "libmono*.so*").Concat(Directory.GetFiles(lib, "libMono*.so*")))
                File.CreateSymbolicLink(Path.Combine(outDir, "lib", Path.GetFileName(so)), RuntimeResolver.ResolveLinks(so));
            LinkTree(Path.Combine(lib, "mono", "4.5"), Path.Combine(outDir, "lib", "mono", "4.5"), linkSubfolders: true);
            LinkTree(Path.Combine(lib, "mono", "gac"), Path.Combine(outDir, "lib", "mono", "gac"), linkSubfolders: false);
        }

        /// <summary>
        /// Where the copy holds <paramref name="assemblyName"/>: every path that must carry the rewritten file, and the
        /// original file to read it from.
        /// </summary>
        public static (string Original, IReadOnlyList<string> Places) Locate(RuntimeTarget original, string outDir, string assemblyName)
        {
            var file = assemblyName + ".dll";
            if (original.Flavor == RuntimeFlavor.CoreClr)
            {
                for (var i = 0; i < original.AssemblyDirectories.Count; i++)
                {
                    var source = Path.Combine(original.AssemblyDirectories[i], file);
                    if (!File.Exists(source)) continue;
                    var folder = i == 0 ? Path.Combine(outDir, "shared", RuntimeResolver.CoreFrameworkName, original.Version) : FrameworkCopy(outDir, original.AssemblyDirectories[i]);
                    return (source, new[] { Path.Combine(folder, file) });
                }
                throw new InputException($"patch: {original.Name} ({original.Location}) has no assembly {assemblyName}");
            }
            if (original.Flavor == RuntimeFlavor.Wasm)
            {
                // CoreLib in native/, the class library in lib/netX.0: the copy has each at the same place under its root.
                var root = WasmRuntimePacks.PackRoot(original.Location);
                foreach (var dir in original.AssemblyDirectories)
                {
                    var source = Path.Combine(dir, file);
                    if (File.Exists(source))
                        return (RuntimeResolver.ResolveLinks(source), new[] { Path.Combine(outDir, Path.GetRelativePath(root, source)) });
                }
                throw new InputException($"patch: {original.Name} ({original.Location}) has no assembly {assemblyName}");
            }
            var profile = Path.Combine(original.Location, "lib", "mono", "4.5", file);
            if (!File.Exists(profile)) throw new InputException($"patch: {original.Name} ({original.Location}) has no assembly {assemblyName} in lib/mono/4.5");
            var real = RuntimeResolver.ResolveLinks(profile);
            var places = new List<string> { Path.Combine(outDir, "lib", "mono", "4.5", file) };
            var gac = Path.Combine(original.Location, "lib", "mono", "gac") + Path.DirectorySeparatorChar;
            if (real.StartsWith(gac, StringComparison.Ordinal))
                places.Insert(0, Path.Combine(outDir, "lib", "mono", "gac", real.Substring(gac.Length)));
            return (real, places);
        }

        /// <summary>
        /// Puts <paramref name="written"/> at each place: the first as a real file (a link there is removed, never
        /// written through), the others as links to it.
        /// </summary>
        public static void Place(string written, IReadOnlyList<string> places)
        {
            for (var i = 0; i < places.Count; i++)
            {
                var place = places[i];
                Directory.CreateDirectory(Path.GetDirectoryName(place)!);
                if (File.Exists(place) || new FileInfo(place).LinkTarget != null) File.Delete(place); // deletes the link, not its target
                if (i == 0) File.Copy(written, place);
                else File.CreateSymbolicLink(place, places[0]);
            }
        }

        static void CopyTree(string from, string to)
        {
            Directory.CreateDirectory(to);
            foreach (var file in Directory.GetFiles(from)) File.Copy(file, Path.Combine(to, Path.GetFileName(file)));
            foreach (var dir in Directory.GetDirectories(from)) CopyTree(dir, Path.Combine(to, Path.GetFileName(dir)));
        }

        /// <summary>A real folder tree whose files are absolute links to the originals' real files.</summary>
        static void LinkTree(string from, string to, bool linkSubfolders)
        {
            Directory.CreateDirectory(to);
            foreach (var file in Directory.GetFiles(from))
                File.CreateSymbolicLink(Path.Combine(to, Path.GetFileName(file)), RuntimeResolver.ResolveLinks(file));
            foreach (var dir in Directory.GetDirectories(from))
            {
                if (linkSubfolders) Directory.CreateSymbolicLink(Path.Combine(to, Path.GetFileName(dir)), RuntimeResolver.ResolveLinks(dir));
                else LinkTree(dir, Path.Combine(to, Path.GetFileName(dir)), linkSubfolders);
            }
        }
    }
}
