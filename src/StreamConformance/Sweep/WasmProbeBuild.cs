using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Threading;
using StreamConformance.Runtimes;

namespace StreamConformance.Sweep
{
    /// <summary>
    /// The WebAssembly probe of one runtime pack: <c>src/StreamConformance.Probe.Wasm</c> built against that pack's
    /// version (the SDK would otherwise pick its own, 10.0.12 for 10.0.15) into <c>artifacts/wasm-probes/&lt;version&gt;/</c>,
    /// on first use and again when the harness that asks is another build. A build takes about a minute cold and
    /// 20 s warm; three packs at build time would add minutes to every <c>./build.sh</c>, one on first use only what a
    /// run needs.
    /// </summary>
    public static class WasmProbeBuild
    {
        public const string ProjectRelative = "src/StreamConformance.Probe.Wasm/StreamConformance.Probe.Wasm.csproj";
        public const string CacheRelative = "artifacts/wasm-probes";

        /// <summary>What the module Node runs is called (the probe's entry).</summary>
        public const string EntryName = "main.mjs";

        // The probes of one checkout share the project's restore output: one build at a time in this process.
        static readonly object s_gate = new object();

        /// <summary>
        /// The probe module for <paramref name="target"/>, built first when missing or built by another harness (or, for a
        /// pack given by its folder, against other files of that pack). A private pack is the registry's: its probe is
        /// built for its version. Any other pack (a dotnet/runtime build of it, a patched copy) is built against its own
        /// folder, in a probe folder of its own.
        /// </summary>
        public static string EntryFor(RuntimeTarget target)
        {
            if (target.Origin == RuntimeOrigin.Private) return EntryFor(target.Version, null);
            if (WhyNoProbe(target) is string why) throw new InputException(why);
            return EntryFor(target.Version, WasmRuntimePacks.PackRoot(target.Location));
        }

        /// <summary>
        /// Why no probe can be built for <paramref name="target"/> (a pack given by its folder without the SDK's list of
        /// its files), or null: asked before any work starts, so the run ends with that one line.
        /// </summary>
        public static string? WhyNoProbe(RuntimeTarget target)
        {
            if (target.Flavor != RuntimeFlavor.Wasm || target.Origin == RuntimeOrigin.Private) return null;
            var root = WasmRuntimePacks.PackRoot(target.Location);
            return File.Exists(Path.Combine(root, WasmRuntimePacks.RuntimeListRelative)) ? null
                : $"runtime {target.Name}: {root} has no {WasmRuntimePacks.RuntimeListRelative}, the list of the pack's files the SDK builds a probe from (a pack's root holds it beside runtimes/)";
        }

        /// <summary>
        /// Deletes the probe built for a pack given by its folder (its output and intermediate folders, ~120 MB): what a
        /// patched copy leaves behind when the copy itself goes. A private pack's probe is shared and stays.
        /// </summary>
        public static void Forget(RuntimeTarget target)
        {
            if (target.Origin == RuntimeOrigin.Private || FindCheckout() is not string checkout) return;
            var key = KeyOf(target.Version, WasmRuntimePacks.PackRoot(target.Location));
            foreach (var folder in new[] { OutputFolder(checkout, key), IntermediateFolder(checkout, key) })
                if (Directory.Exists(folder)) Directory.Delete(folder, recursive: true);
        }

        /// <summary>Where the probe <paramref name="key"/> is built to: the module Node runs and what it loads.</summary>
        static string OutputFolder(string checkout, string key) => Path.Combine(checkout, CacheRelative, key);

        /// <summary>
        /// The probe <paramref name="key"/>'s intermediate folder, given to the build (WasmProbeIntermediate): one per probe,
        /// so a pack given by its folder never mixes its incremental build's files with the registry's pack of its version.
        /// </summary>
        static string IntermediateFolder(string checkout, string key) =>
            Path.Combine(Path.GetDirectoryName(Path.Combine(checkout, ProjectRelative))!, "obj", Configuration(), key);

        /// <summary>The probe of the registry's pack <paramref name="version"/>, or, with <paramref name="packRoot"/>, of the pack in that folder.</summary>
        static string EntryFor(string version, string? packRoot)
        {
            var checkout = FindCheckout()
                ?? throw new InvalidOperationException($"WebAssembly probe: no {ProjectRelative} above the harness or the current folder to build it from");
            var key = KeyOf(version, packRoot);
            var output = OutputFolder(checkout, key);
            var entry = Path.Combine(output, EntryName);
            var stamp = Path.Combine(output, "built-for");
            var wanted = HarnessIdentity() + "\n" + ProjectFingerprint(checkout) + (packRoot == null ? "" : "\n" + PackFingerprint(packRoot));
            lock (s_gate)
            {
                if (File.Exists(entry) && File.Exists(stamp) && File.ReadAllText(stamp) == wanted) return entry;
                Build(checkout, version, key, packRoot, output);
                File.WriteAllText(stamp, wanted);
            }
            return entry;
        }

        /// <summary>The probe's folder name: the version, and for a pack given by its folder a hash of that folder.</summary>
        static string KeyOf(string version, string? packRoot) => packRoot == null ? version : version + "-" + ShortHash(packRoot);

        static string ShortHash(string text)
        {
            using var sha = System.Security.Cryptography.SHA256.Create();
            return BitConverter.ToString(sha.ComputeHash(System.Text.Encoding.UTF8.GetBytes(text))).Replace("-", "").Substring(0, 12).ToLowerInvariant();
        }

        /// <summary>Each assembly of the pack by name, size and time written: a rebuilt or re-patched pack gets a fresh probe.</summary>
        static string PackFingerprint(string packRoot) =>
            string.Join("\n", Directory.EnumerateFiles(Path.Combine(packRoot, "runtimes"), "*.dll", SearchOption.AllDirectories)
                .OrderBy(f => f, StringComparer.Ordinal)
                .Select(f => new FileInfo(f))
                .Select(f => $"{Path.GetRelativePath(packRoot, f.FullName)} {f.Length} {f.LastWriteTimeUtc.Ticks}"));

        /// <summary>
        /// The probe project's own files (its project, module and Main) by content: a probe built from other settings (its
        /// debug level, say) is rebuilt, even where the harness library built from them is byte for byte the same.
        /// </summary>
        static string ProjectFingerprint(string checkout)
        {
            var folder = Path.GetDirectoryName(Path.Combine(checkout, ProjectRelative))!;
            var files = Directory.EnumerateFiles(folder).Where(f => f.EndsWith(".csproj", StringComparison.Ordinal) || f.EndsWith(".cs", StringComparison.Ordinal)
                || f.EndsWith(".mjs", StringComparison.Ordinal)).OrderBy(f => f, StringComparer.Ordinal);
            return "project " + ShortHash(string.Join("\n", files.Select(f => Path.GetFileName(f) + "\n" + File.ReadAllText(f))));
        }

        /// <summary>The checkout that holds the probe's project: above the harness, else above the current folder.</summary>
        public static string? FindCheckout() => FolderSearch.Above(dir => File.Exists(Path.Combine(dir, ProjectRelative)));

        /// <summary>The harness library's module id and configuration: a probe built for another build of it is rebuilt.</summary>
        static string HarnessIdentity()
        {
            var library = typeof(WasmProbeBuild).Assembly;
            return library.ManifestModule.ModuleVersionId + " " + Configuration();
        }

        static string Configuration() =>
            typeof(WasmProbeBuild).Assembly.GetCustomAttribute<AssemblyConfigurationAttribute>()?.Configuration is string c && c.Length > 0 ? c : "Release";

        static void Build(string checkout, string version, string key, string? packRoot, string output)
        {
            var dotnet = Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is string host && File.Exists(host) ? host
                : RuntimeResolver.FindOnPath("dotnet") ?? throw new InvalidOperationException("WebAssembly probe: no dotnet SDK on PATH to build it with");
            var which = packRoot == null ? "pack " + version : $"the {version} pack in {packRoot}";
            Console.Error.WriteLine($"building the WebAssembly probe for {which} into {Path.Combine(CacheRelative, key)} (first use: about a minute)");
            var watch = Stopwatch.StartNew();
            var psi = new ProcessStartInfo(dotnet)
            {
                UseShellExecute = false,
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                WorkingDirectory = checkout,
            };
            var arguments = new List<string>
            {
                "build", Path.Combine(checkout, ProjectRelative), "-c", Configuration(), "-nologo", "-v", "q", "-clp:ErrorsOnly",
                "-p:WasmPackVersion=" + version, "-p:WasmProbeOutput=" + output + Path.DirectorySeparatorChar,
                "-p:WasmProbeIntermediate=" + IntermediateFolder(checkout, key) + Path.DirectorySeparatorChar,
            };
            if (packRoot != null) arguments.Add("-p:WasmRuntimePackLocation=" + packRoot + Path.DirectorySeparatorChar);
            ProcessArguments.Set(psi, arguments);
            using var process = Process.Start(psi) ?? throw new InvalidOperationException("WebAssembly probe: dotnet build did not start");
            var lines = new List<string>();
            var error = process.StandardError.ReadToEndAsync();
            string? line;
            while ((line = process.StandardOutput.ReadLine()) != null) lines.Add(line);
            lines.AddRange(error.Result.Split('\n'));
            process.WaitForExit();
            if (process.ExitCode != 0 || !File.Exists(Path.Combine(output, EntryName)))
                throw new InvalidOperationException($"WebAssembly probe for {which}: dotnet build exited {process.ExitCode}: "
                    + string.Join(" | ", lines.Where(l => l.Trim().Length > 0).Take(10)));
            Console.Error.WriteLine($"built the WebAssembly probe for {which} in {watch.Elapsed.TotalSeconds:F0} s");
        }
    }
}
