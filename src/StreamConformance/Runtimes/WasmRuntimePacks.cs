using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;

namespace StreamConformance.Runtimes
{
    /// <summary>
    /// dotnet/runtime's Mono for WebAssembly, as a runtime pack (<c>Microsoft.NETCore.App.Runtime.Mono.browser-wasm</c>)
    /// unpacked: <c>runtimes/browser-wasm/lib/netX.0/*.dll</c> (the class library) and <c>native/</c> (CoreLib, the
    /// runtime's wasm and JavaScript). <c>./build.sh runtimes</c> restores the newest served pack of each major into
    /// <c>artifacts/wasm-runtimes/&lt;version&gt;/</c>; a dotnet/runtime build lays out its own pack the same way
    /// (<c>artifacts/bin/microsoft.netcore.app.runtime.browser-wasm/Release/</c>), so a path to either resolves alike.
    /// </summary>
    public static class WasmRuntimePacks
    {
        /// <summary>The private packs' folder under the repository.</summary>
        public const string PrivateRootRelative = "artifacts/wasm-runtimes";

        /// <summary>Names the private packs' folder explicitly (else it is looked for above the harness and the current folder).</summary>
        public const string PrivateRootVariable = "STREAMCONF_WASM_RUNTIMES";

        const string RuntimeIdentifier = "browser-wasm";

        /// <summary>The list of a pack's files, under its root, that the SDK reads to resolve the pack's assets.</summary>
        public const string RuntimeListRelative = "data/RuntimeList.xml";

        /// <summary>The pack's root (the folder holding <c>runtimes/</c> and <c>data/</c>) of its <c>runtimes/browser-wasm</c> folder.</summary>
        public static string PackRoot(string packFolder) => Path.GetFullPath(Path.Combine(packFolder, "..", ".."));
        const string CoreLibName = "System.Private.CoreLib.dll";

        static readonly Regex s_spec = new Regex(@"^wasm(-(?<version>\d+(\.\d+){0,2}))?$");

        /// <summary>Whether <paramref name="spec"/> names this flavour: "wasm", "wasm-9.0", "wasm-10.0.12".</summary>
        public static bool IsSpec(string spec) => spec == "wasm" || spec.StartsWith("wasm-", StringComparison.Ordinal);

        /// <summary>"wasm" (the newest private pack), "wasm-9.0", "wasm-10.0.12": the newest private pack of that version.</summary>
        public static RuntimeTarget Resolve(string spec)
        {
            var match = s_spec.Match(spec);
            if (!match.Success)
                throw new InputException($"runtime '{spec}': not a WebAssembly runtime name (expected wasm, wasm-9.0 or wasm-10.0.12)");
            var version = match.Groups["version"].Success ? match.Groups["version"].Value : null;
            var root = FindPrivateRoot();
            var candidates = Private(root).Where(p => version == null || Matches(p.Version, version)).ToList();
            if (candidates.Count == 0)
                throw new InputException(root == null
                    ? $"runtime '{spec}': no WebAssembly runtime packs in {PrivateRootRelative} (./build.sh runtimes restores them)"
                    : $"runtime '{spec}': no WebAssembly runtime pack{(version == null ? "" : " " + version)} in {PrivateRootRelative} (has {string.Join(", ", Private(root).Select(p => p.Version))}; ./build.sh run --runtime wasm-X.Y.Z restores a served version)");
            var target = FromPack(spec, candidates[0].PackFolder);
            target.Origin = RuntimeOrigin.Private;
            return target;
        }

        /// <summary>Every private pack, newest first, named wasm-&lt;major.minor&gt; (the full version where a major.minor has several).</summary>
        public static IEnumerable<RuntimeTarget> Available()
        {
            var packs = Private(FindPrivateRoot()).ToList();
            foreach (var pack in packs)
            {
                var shortName = pack.Version.Major + "." + pack.Version.Minor;
                var name = "wasm-" + (packs.Count(p => p.Version.Major == pack.Version.Major && p.Version.Minor == pack.Version.Minor) > 1 ? pack.Version.ToString() : shortName);
                var target = FromPack(name, pack.PackFolder);
                target.Origin = RuntimeOrigin.Private;
                yield return target;
            }
        }

        /// <summary>
        /// The <c>runtimes/browser-wasm</c> folder <paramref name="path"/> names: that folder, the folder above it (a pack's
        /// root or a version folder of <see cref="PrivateRootRelative"/>), or its <c>native</c> or <c>lib/netX.0</c>
        /// folder; null when the path is no such pack.
        /// </summary>
        public static string? PackFolder(string path)
        {
            var full = Path.GetFullPath(path).TrimEnd(Path.DirectorySeparatorChar);
            foreach (var candidate in new[]
            {
                full,
                Path.Combine(full, "runtimes", RuntimeIdentifier),
                Path.GetDirectoryName(full),
                Path.GetDirectoryName(Path.GetDirectoryName(full) ?? ""),
            })
            {
                if (!string.IsNullOrEmpty(candidate) && IsPack(candidate!)) return candidate;
            }
            return null;
        }

        static bool IsPack(string folder) =>
            Path.GetFileName(folder) == RuntimeIdentifier
            && File.Exists(Path.Combine(folder, "native", CoreLibName))
            && LibraryFolder(folder) != null;

        /// <summary>The pack's <c>lib/netX.0</c>: the newest target framework it holds.</summary>
        static string? LibraryFolder(string packFolder)
        {
            var lib = Path.Combine(packFolder, "lib");
            if (!Directory.Exists(lib)) return null;
            return Directory.EnumerateDirectories(lib, "net*")
                .Select(d => (Folder: d, Version: ParseVersion(Path.GetFileName(d).Substring(3))))
                .Where(d => d.Version.Major > 0)
                .OrderByDescending(d => d.Version).Select(d => d.Folder).FirstOrDefault();
        }

        /// <summary>
        /// A target for the pack at <paramref name="packFolder"/> (its <c>runtimes/browser-wasm</c>). Its host is Node
        /// (<c>node</c> on PATH; <c>./build.sh</c> installs Debian's nodejs where missing), which runs the WebAssembly
        /// probe built for the pack's version; without Node the target is metadata only.
        /// </summary>
        public static RuntimeTarget FromPack(string name, string packFolder)
        {
            var native = Path.Combine(packFolder, "native");
            var lib = LibraryFolder(packFolder) ?? throw new InputException($"runtime: {packFolder} has no lib/netX.0 folder (not a browser-wasm runtime pack)");
            // CoreLib lives beside the runtime's native files; the inventory reads it first, then the class library.
            // A patched or A/A copy (Patching/RuntimeCopier) carries its manifest at the pack's root.
            return new RuntimeTarget(name, RuntimeFlavor.Wasm, VersionOf(Path.Combine(native, CoreLibName)), packFolder,
                new[] { native, lib }, hostPath: FindNode()) { Copy = RuntimeCopyManifest.TryRead(PackRoot(packFolder)) };
        }

        /// <summary>Node, the host of the WebAssembly probe: <c>node</c> on PATH (Debian's older packages name it <c>nodejs</c>).</summary>
        public static string? FindNode() => RuntimeResolver.FindOnPath("node") ?? RuntimeResolver.FindOnPath("nodejs");

        /// <summary>
        /// The product version CoreLib carries, its numbers only ("10.0.15-servicing.26529.108+sha" → "10.0.15", as the
        /// pack is named): what the pack is, whatever its folder is called.
        /// </summary>
        static string VersionOf(string coreLib)
        {
            var version = Regex.Match(FileVersionInfo.GetVersionInfo(coreLib).ProductVersion ?? "", @"^\d+(\.\d+){1,3}").Value;
            return version.Length > 0 ? version : "unknown";
        }

        /// <summary>The private packs' folder: from <see cref="PrivateRootVariable"/>, else the first found above the harness or the current folder.</summary>
        public static string? FindPrivateRoot()
        {
            var explicitRoot = Environment.GetEnvironmentVariable(PrivateRootVariable);
            if (!string.IsNullOrEmpty(explicitRoot))
                return Directory.Exists(explicitRoot) ? Path.GetFullPath(explicitRoot) : null;
            var above = FolderSearch.Above(dir => Private(Path.Combine(dir, "artifacts", "wasm-runtimes")).Any());
            return above == null ? null : Path.Combine(above, "artifacts", "wasm-runtimes");
        }

        /// <summary>The version folders of <paramref name="root"/> that hold a pack, newest first.</summary>
        static IEnumerable<(Version Version, string PackFolder)> Private(string? root)
        {
            if (root == null || !Directory.Exists(root)) return Enumerable.Empty<(Version, string)>();
            return Directory.EnumerateDirectories(root)
                .Select(d => (Version: ParseVersion(Path.GetFileName(d)), PackFolder: Path.Combine(d, "runtimes", RuntimeIdentifier)))
                .Where(p => p.Version.Major > 0 && IsPack(p.PackFolder))
                .OrderByDescending(p => p.Version).ToList();
        }

        static bool Matches(Version version, string spec)
        {
            var text = version.ToString();
            return text == spec || text.StartsWith(spec + ".", StringComparison.Ordinal);
        }

        static Version ParseVersion(string text) =>
            Version.TryParse(text, out var v) ? v : Version.TryParse(text + ".0", out v) ? v : new Version(0, 0);
    }
}
