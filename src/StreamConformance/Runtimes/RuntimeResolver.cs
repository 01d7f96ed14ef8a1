using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Runtime.InteropServices;
using System.Text.RegularExpressions;

namespace StreamConformance.Runtimes
{
    /// <summary>
    /// Turns what a user names on the command line ("dotnet", "mono", or a path) into a <see cref="RuntimeTarget"/>.
    /// Paths may be a shared-framework folder, a dotnet root, a dotnet/runtime testhost folder, a Core_Root with corerun
    /// (or its corerun), a Mono prefix or a Mono binary. A version ("8.0", "9.0",
    /// "8.0.33", "10") names a .NET shared framework of that version, installed or in the private folder
    /// <c>artifacts/dotnet-runtimes</c> (<c>./build.sh runtimes</c>).
    /// </summary>
    public static class RuntimeResolver
    {
        public const string CoreFrameworkName = "Microsoft.NETCore.App";
        public const string AspNetFrameworkName = "Microsoft.AspNetCore.App";

        /// <summary>The private dotnet root's folder under the repository (filled by <c>./build.sh runtimes</c>).</summary>
        public const string PrivateRootRelative = "artifacts/dotnet-runtimes";

        /// <summary>Names the private dotnet root explicitly (else it is looked for above the harness and the current folder).</summary>
        public const string PrivateRootVariable = "STREAMCONF_DOTNET_RUNTIMES";

        static readonly Regex s_versionSpec = new Regex(@"^\d+(\.\d+){0,2}$");

        public static RuntimeTarget Resolve(string spec)
        {
            if (string.IsNullOrWhiteSpace(spec))
                throw new InputException("runtime: an empty name is not a runtime (expected dotnet, mono, a .NET version such as 8.0, wasm, wasm-9.0, or a path)");
            switch (spec)
            {
                case "dotnet": return ResolveDefaultDotNet();
                case "mono": return ResolveDefaultMono();
            }
            if (WasmRuntimePacks.IsSpec(spec) && !Directory.Exists(spec))
                return WasmRuntimePacks.Resolve(spec);
            if (s_versionSpec.IsMatch(spec) && !Directory.Exists(spec) && !File.Exists(spec))
                return ResolveVersion(spec);
            var looksLikePath = spec.IndexOfAny(new[] { '/', '\\', '.' }) >= 0 || Directory.Exists(spec) || File.Exists(spec);
            if (!looksLikePath)
                throw new InputException($"runtime: unknown runtime name '{spec}' (expected dotnet, mono, a .NET version such as 8.0, wasm, wasm-9.0, or a path)");
            var target = ResolvePath(spec);
            target.Origin = RuntimeOrigin.Path;
            return target;
        }

        /// <summary>
        /// The private dotnet root (<c>artifacts/dotnet-runtimes</c>): from <see cref="PrivateRootVariable"/>, else the first
        /// folder above the harness's own or the current folder that has one with a framework in it; null when there is none.
        /// </summary>
        public static string? FindPrivateRoot()
        {
            var explicitRoot = Environment.GetEnvironmentVariable(PrivateRootVariable);
            if (!string.IsNullOrEmpty(explicitRoot))
                return Directory.Exists(Path.Combine(explicitRoot, "shared", CoreFrameworkName)) ? Path.GetFullPath(explicitRoot) : null;
            var above = FolderSearch.Above(dir => Directory.Exists(Path.Combine(dir, "artifacts", "dotnet-runtimes", "shared", CoreFrameworkName)));
            return above == null ? null : Path.Combine(above, "artifacts", "dotnet-runtimes");
        }

        /// <summary>The installed dotnet root: the one this process runs on, else DOTNET_ROOT, else the muxer on PATH's.</summary>
        public static string? FindInstalledRoot()
        {
            try { return ResolveDefaultDotNet().DotNetRoot; }
            catch (InputException) { return null; }
        }

        /// <summary>Every .NET framework of <paramref name="root"/> with its version, newest first.</summary>
        static IEnumerable<(string Folder, Version Version)> Frameworks(string? root)
        {
            var shared = root == null ? null : Path.Combine(root, "shared", CoreFrameworkName);
            if (shared == null || !Directory.Exists(shared)) return Enumerable.Empty<(string, Version)>();
            return Directory.GetDirectories(shared).Where(d => File.Exists(Path.Combine(d, "System.Private.CoreLib.dll")))
                .Select(d => (d, ParseVersion(Path.GetFileName(d)))).OrderByDescending(p => p.Item2).ToList();
        }

        /// <summary>"8.0", "9", "8.0.33": the newest .NET framework of that version, installed or private (installed wins a tie).</summary>
        public static RuntimeTarget ResolveVersion(string spec)
        {
            var installed = FindInstalledRoot();
            var privateRoot = FindPrivateRoot();
            var candidates = Frameworks(installed).Select(f => (f.Folder, f.Version, Root: installed!, Origin: RuntimeOrigin.Installed))
                .Concat(Frameworks(privateRoot).Select(f => (f.Folder, f.Version, Root: privateRoot!, Origin: RuntimeOrigin.Private)))
                .Where(c => Matches(Path.GetFileName(c.Folder), spec))
                .OrderByDescending(c => c.Version).ThenBy(c => c.Origin)
                .ToList();
            if (candidates.Count == 0)
                throw new InputException($"runtime '{spec}': no .NET {spec} runtime installed or in {PrivateRootRelative} (./build.sh runtimes installs 8.0 and 9.0)");
            var best = candidates[0];
            var target = FromFrameworkFolder("dotnet-" + spec, best.Folder, best.Root);
            target.Origin = best.Origin;
            return target;
        }

        static bool Matches(string version, string spec) => version == spec || version.StartsWith(spec + ".", StringComparison.Ordinal);

        /// <summary>
        /// Every runtime the harness can use here: each .NET framework installed and in the private folder, the mono on
        /// PATH and each WebAssembly runtime pack in the private folder. What <c>streamconf runtimes</c> lists when no runtime is named.
        /// </summary>
        public static IReadOnlyList<RuntimeTarget> Available()
        {
            var list = new List<RuntimeTarget>();
            var installed = FindInstalledRoot();
            foreach (var (folder, _) in Frameworks(installed))
            {
                var version = Path.GetFileName(folder);
                var t = FromFrameworkFolder(list.Count == 0 ? "dotnet" : "dotnet-" + version, folder, installed);
                t.Origin = RuntimeOrigin.Installed;
                list.Add(t);
            }
            var privateRoot = FindPrivateRoot();
            foreach (var (folder, version) in Frameworks(privateRoot))
            {
                var t = FromFrameworkFolder("dotnet-" + version.Major + "." + version.Minor, folder, privateRoot);
                t.Origin = RuntimeOrigin.Private;
                list.Add(t);
            }
            if (FindOnPath("mono") != null)
            {
                try { list.Add(ResolveDefaultMono()); }
                catch (InputException) { }
            }
            list.AddRange(WasmRuntimePacks.Available());
            return list;
        }

        /// <summary>The shared framework the current process would use for .NET: its own when running on CoreCLR.</summary>
        public static RuntimeTarget ResolveDefaultDotNet()
        {
            string? root = null;
            if (!IsRunningOnMono)
            {
                // .../dotnet/shared/Microsoft.NETCore.App/10.0.x/System.Private.CoreLib.dll
                var fxDir = Path.GetDirectoryName(typeof(object).Assembly.Location)!;
                var candidate = Path.GetFullPath(Path.Combine(fxDir, "..", "..", ".."));
                if (Directory.Exists(Path.Combine(candidate, "shared", CoreFrameworkName))) root = candidate;
                if (root != null)
                    return FromFrameworkFolder("dotnet", fxDir, root);
            }
            root ??= Environment.GetEnvironmentVariable("DOTNET_ROOT");
            if (string.IsNullOrEmpty(root) || !Directory.Exists(Path.Combine(root, "shared", CoreFrameworkName)))
            {
                var muxer = FindOnPath(RuntimeInformation.IsOSPlatform(OSPlatform.Windows) ? "dotnet.exe" : "dotnet");
                if (muxer == null) throw new InputException("runtime 'dotnet': no dotnet host on PATH and DOTNET_ROOT is not set");
                root = Path.GetDirectoryName(ResolveLinks(muxer))!;
            }
            return FromDotNetRoot("dotnet", root);
        }

        /// <summary>The Mono on PATH.</summary>
        public static RuntimeTarget ResolveDefaultMono()
        {
            var mono = FindOnPath("mono");
            if (mono == null)
                throw new InputException("runtime 'mono': no mono on PATH (./build.sh installs Debian's mono-complete)");
            return FromMonoBinary("mono", mono);
        }

        public static RuntimeTarget ResolvePath(string spec)
        {
            var path = Path.GetFullPath(spec);
            var name = DeriveName(path);
            if (File.Exists(path))
            {
                if (Path.GetFileName(path).StartsWith("mono", StringComparison.Ordinal))
                    return FromMonoBinary(name, path);
                if (Path.GetFileNameWithoutExtension(path) == "dotnet")
                    return FromDotNetRoot(name, Path.GetDirectoryName(ResolveLinks(path))!);
                if (Path.GetFileNameWithoutExtension(path).Equals(CoreRunName, StringComparison.OrdinalIgnoreCase))
                    return FromCoreRun(name, path);
                throw new InputException($"runtime: {path} is a file but not a mono, dotnet or corerun binary ({AcceptedKinds})");
            }
            if (!Directory.Exists(path))
                throw new InputException($"runtime: {path} does not exist");
            // Before the CoreLib tests below: a pack's native/ folder also holds a System.Private.CoreLib.dll.
            var wasmPack = WasmRuntimePacks.PackFolder(path);
            if (wasmPack != null)
                return WasmRuntimePacks.FromPack(name, wasmPack);
            var coreRun = FirstExisting(Path.Combine(path, CoreRunName), Path.Combine(path, CoreRunName + ".exe"));
            if (coreRun != null && File.Exists(Path.Combine(path, "System.Private.CoreLib.dll")))
                return FromCoreRun(name, coreRun);
            if (File.Exists(Path.Combine(path, "System.Private.CoreLib.dll")))
            {
                var root = Path.GetFullPath(Path.Combine(path, "..", "..", ".."));
                return FromFrameworkFolder(name, path, Directory.Exists(Path.Combine(root, "shared")) ? root : null);
            }
            if (Directory.Exists(Path.Combine(path, "shared", CoreFrameworkName)))
            {
                var root = FromDotNetRoot(name, path);
                if (IsTesthost(path)) root.Kind = RuntimeKind.Testhost;
                return root;
            }
            if (File.Exists(Path.Combine(path, "lib", "mono", "4.5", "mscorlib.dll")))
                return FromMonoPrefix(name, path, FirstExisting(Path.Combine(path, "bin", "mono"), Path.Combine(path, "bin", "mono-sgen")));
            if (File.Exists(Path.Combine(path, "mscorlib.dll")) && File.Exists(Path.Combine(path, "System.dll")))
            {
                // A Mono profile folder such as <prefix>/lib/mono/4.5.
                var prefix = Path.GetFullPath(Path.Combine(path, "..", "..", ".."));
                return FromMonoPrefix(name, prefix, FirstExisting(Path.Combine(prefix, "bin", "mono"), Path.Combine(prefix, "bin", "mono-sgen")), path);
            }
            throw new InputException($"runtime: {path} is not a runtime ({AcceptedKinds})");
        }

        /// <summary>The layouts a path may name, for the one line a bad path gets.</summary>
        public const string AcceptedKinds = "expected a dotnet root, a dotnet/runtime testhost folder, a Core_Root folder with corerun or its corerun, a shared-framework folder, a Mono prefix or a Mono binary, or a browser-wasm runtime pack";

        const string CoreRunName = "corerun";

        /// <summary>
        /// A dotnet/runtime build's testhost: artifacts/bin/testhost/&lt;tfm&gt;-&lt;os&gt;-&lt;configuration&gt;-&lt;arch&gt;, a dotnet
        /// root with no SDK. Known by its folder's place or name; it runs like any dotnet root.
        /// </summary>
        static bool IsTesthost(string root)
        {
            var trimmed = root.TrimEnd(Path.DirectorySeparatorChar);
            var parent = Path.GetFileName(Path.GetDirectoryName(trimmed) ?? "");
            return !Directory.Exists(Path.Combine(trimmed, "sdk"))
                && (parent == "testhost" || s_testhostName.IsMatch(Path.GetFileName(trimmed)));
        }

        static readonly Regex s_testhostName = new Regex(@"^net\d+\.\d+-[a-z]+-(Debug|Checked|Release)-[a-z0-9]+$");

        /// <summary>
        /// corerun and its Core_Root: the framework is the folder CORE_ROOT names (corerun's own folder, else the CORE_ROOT
        /// variable when corerun stands elsewhere). Its version is CoreLib's informational version, as the folder has none.
        /// </summary>
        static RuntimeTarget FromCoreRun(string name, string coreRun)
        {
            var coreRoot = Path.GetDirectoryName(Path.GetFullPath(coreRun))!;
            if (!File.Exists(Path.Combine(coreRoot, "System.Private.CoreLib.dll")))
            {
                var variable = Environment.GetEnvironmentVariable("CORE_ROOT");
                if (string.IsNullOrEmpty(variable) || !File.Exists(Path.Combine(variable, "System.Private.CoreLib.dll")))
                    throw new InputException($"runtime: {coreRun} has no Core_Root (no System.Private.CoreLib.dll beside it, and CORE_ROOT names no such folder)");
                coreRoot = Path.GetFullPath(variable);
            }
            var version = CoreLibVersion(Path.Combine(coreRoot, "System.Private.CoreLib.dll"));
            return new RuntimeTarget(name, RuntimeFlavor.CoreClr, version, coreRoot, new[] { coreRoot }, coreRun) { Kind = RuntimeKind.CoreRun };
        }

        /// <summary>"10.0.12" from CoreLib's AssemblyInformationalVersion ("10.0.12+commit"); its assembly version when it has none.</summary>
        static string CoreLibVersion(string coreLib)
        {
            try
            {
                using var module = Mono.Cecil.ModuleDefinition.ReadModule(coreLib);
                var informational = module.Assembly.CustomAttributes
                    .FirstOrDefault(a => a.AttributeType.FullName == "System.Reflection.AssemblyInformationalVersionAttribute")?
                    .ConstructorArguments.FirstOrDefault().Value as string;
                return !string.IsNullOrEmpty(informational)
                    ? informational!.Split('+', ' ')[0]
                    : module.Assembly.Name.Version.ToString();
            }
            catch (Exception e) when (e is BadImageFormatException || e is IOException)
            {
                throw new InputException($"runtime: {coreLib} cannot be read ({e.Message})");
            }
        }

        static RuntimeTarget FromDotNetRoot(string name, string root)
        {
            var shared = Path.Combine(root, "shared", CoreFrameworkName);
            var fx = Directory.Exists(shared)
                ? Directory.GetDirectories(shared).Where(d => File.Exists(Path.Combine(d, "System.Private.CoreLib.dll")))
                    .OrderByDescending(d => ParseVersion(Path.GetFileName(d))).FirstOrDefault()
                : null;
            if (fx == null)
                throw new InputException($"runtime: {root} has no shared/{CoreFrameworkName} framework");
            return FromFrameworkFolder(name, fx, root);
        }

        static RuntimeTarget FromFrameworkFolder(string name, string fxDir, string? root)
        {
            var version = Path.GetFileName(fxDir.TrimEnd(Path.DirectorySeparatorChar));
            var dirs = new List<string> { fxDir };
            if (root != null)
            {
                // ASP.NET Core's shared framework of the same major.minor, when installed beside it.
                var asp = Path.Combine(root, "shared", AspNetFrameworkName);
                var majorMinor = string.Join(".", version.Split('.').Take(2));
                var aspFx = Directory.Exists(asp)
                    ? Directory.GetDirectories(asp).Where(d => Path.GetFileName(d).StartsWith(majorMinor + ".", StringComparison.Ordinal))
                        .OrderByDescending(d => ParseVersion(Path.GetFileName(d))).FirstOrDefault()
                    : null;
                if (aspFx != null) dirs.Add(aspFx);
            }
            string? host = null;
            if (root != null)
                host = FirstExisting(Path.Combine(root, "dotnet"), Path.Combine(root, "dotnet.exe"));
            return new RuntimeTarget(name, RuntimeFlavor.CoreClr, version, fxDir, dirs, host, root) { Copy = root != null ? RuntimeCopyManifest.TryRead(root) : null };
        }

        static RuntimeTarget FromMonoBinary(string name, string binary)
        {
            var real = ResolveLinks(binary);
            var prefix = Path.GetFullPath(Path.Combine(Path.GetDirectoryName(real)!, ".."));
            if (!File.Exists(Path.Combine(prefix, "lib", "mono", "4.5", "mscorlib.dll")))
                throw new InputException($"runtime: {binary} has no class library at {Path.Combine(prefix, "lib", "mono", "4.5")}");
            return FromMonoPrefix(name, prefix, binary);
        }

        static RuntimeTarget FromMonoPrefix(string name, string prefix, string? binary, string? profileDir = null)
        {
            profileDir ??= Path.Combine(prefix, "lib", "mono", "4.5");
            var dirs = new List<string> { profileDir };
            var gac = Path.Combine(prefix, "lib", "mono", "gac");
            if (Directory.Exists(gac))
            {
                // gac/<Name>/<version>__<token>/<Name>.dll: add each leaf, newest version first.
                foreach (var asm in Directory.GetDirectories(gac).OrderBy(d => d, StringComparer.Ordinal))
                    dirs.AddRange(Directory.GetDirectories(asm).OrderByDescending(v => ParseVersion(Path.GetFileName(v).Split('_')[0])));
            }
            var version = binary != null ? MonoVersion(binary) : "unknown";
            return new RuntimeTarget(name, RuntimeFlavor.Mono, version, prefix, dirs, binary) { Copy = RuntimeCopyManifest.TryRead(prefix) };
        }

        static string MonoVersion(string binary)
        {
            try
            {
                var psi = new ProcessStartInfo(binary, "--version") { RedirectStandardOutput = true, UseShellExecute = false, RedirectStandardError = true };
                using var p = Process.Start(psi)!;
                var text = p.StandardOutput.ReadToEnd();
                p.WaitForExit(10000);
                var m = Regex.Match(text, @"version (\S+)");
                return m.Success ? m.Groups[1].Value : "unknown";
            }
            catch (Exception e) when (e is System.ComponentModel.Win32Exception || e is IOException)
            {
                throw new InputException($"runtime: {binary} could not be started ({e.Message})");
            }
        }

        public static bool IsRunningOnMono => Type.GetType("Mono.Runtime") != null;

        /// <summary>
        /// Whether this process is dotnet/runtime's Mono on WebAssembly (the browser-wasm pack under Node): a process of
        /// one thread, without monitors to wait on. That Mono has no <c>Mono.Runtime</c> type, so it is not <see cref="IsRunningOnMono"/>.
        /// </summary>
#if NET
        public static bool IsRunningOnWasm => OperatingSystem.IsBrowser();
#else
        public static bool IsRunningOnWasm => false;
#endif

        /// <summary>The running runtime's version as its resolver names it: "6.8.0.105" on Mono, "10.0.12" on .NET.</summary>
        public static string CurrentVersion()
        {
            var mono = Type.GetType("Mono.Runtime");
            if (mono == null) return Environment.Version.ToString();
            var display = mono.GetMethod("GetDisplayName", System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static)?.Invoke(null, null) as string;
            return display?.Split(' ')[0] ?? Environment.Version.ToString();
        }

        static string DeriveName(string path)
        {
            var trimmed = path.TrimEnd(Path.DirectorySeparatorChar);
            var leaf = Path.GetFileName(trimmed);
            var parent = Path.GetFileName(Path.GetDirectoryName(trimmed) ?? "");
            return string.IsNullOrEmpty(parent) ? leaf : parent + "/" + leaf;
        }

        static Version ParseVersion(string text)
        {
            var core = Regex.Match(text, @"^\d+(\.\d+){0,3}").Value;
            return Version.TryParse(core.Contains(".") ? core : core + ".0", out var v) ? v : new Version(0, 0);
        }

        static string? FirstExisting(params string[] paths) => paths.FirstOrDefault(File.Exists);

        public static string? FindOnPath(string exe)
        {
            var path = Environment.GetEnvironmentVariable("PATH") ?? "";
            foreach (var dir in path.Split(Path.PathSeparator))
            {
                if (dir.Length == 0) continue;
                var candidate = Path.Combine(dir, exe);
                if (File.Exists(candidate)) return candidate;
            }
            return null;
        }

        /// <summary>Follows symbolic links (e.g. /usr/bin/mono -> mono-sgen, /usr/bin/dotnet -> /usr/share/dotnet/dotnet).</summary>
        public static string ResolveLinks(string path)
        {
#if NET
            var info = new FileInfo(path);
            var target = info.ResolveLinkTarget(returnFinalTarget: true);
            return target?.FullName ?? info.FullName;
#else
            // Mono 6.8 has no FileSystemInfo.ResolveLinkTarget, and Mono.Posix is not referenced: ask readlink(1).
            try
            {
                var psi = new ProcessStartInfo("readlink", "-f \"" + path + "\"") { RedirectStandardOutput = true, UseShellExecute = false };
                using var p = Process.Start(psi)!;
                var text = p.StandardOutput.ReadToEnd().Trim();
                p.WaitForExit(5000);
                return text.Length > 0 ? text : path;
            }
            catch (System.ComponentModel.Win32Exception)
            {
                return path;
            }
#endif
        }
    }
}
