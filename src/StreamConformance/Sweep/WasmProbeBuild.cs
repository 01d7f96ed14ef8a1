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

        /// <summary>The probe module for pack <paramref name="version"/>, built first when missing or built by another harness.</summary>
        public static string EntryFor(string version)
        {
            var checkout = FindCheckout()
                ?? throw new InvalidOperationException($"WebAssembly probe: no {ProjectRelative} above the harness or the current folder to build it from");
            var output = Path.Combine(checkout, CacheRelative, version);
            var entry = Path.Combine(output, EntryName);
            var stamp = Path.Combine(output, "built-for");
            var wanted = HarnessIdentity();
            lock (s_gate)
            {
                if (File.Exists(entry) && File.Exists(stamp) && File.ReadAllText(stamp) == wanted) return entry;
                Build(checkout, version, output);
                File.WriteAllText(stamp, wanted);
            }
            return entry;
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

        static void Build(string checkout, string version, string output)
        {
            var dotnet = Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is string host && File.Exists(host) ? host
                : RuntimeResolver.FindOnPath("dotnet") ?? throw new InvalidOperationException("WebAssembly probe: no dotnet SDK on PATH to build it with");
            Console.Error.WriteLine($"building the WebAssembly probe for pack {version} into {Path.Combine(CacheRelative, version)} (first use: about a minute)");
            var watch = Stopwatch.StartNew();
            var psi = new ProcessStartInfo(dotnet)
            {
                UseShellExecute = false,
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                WorkingDirectory = checkout,
            };
            ProcessArguments.Set(psi, new[]
            {
                "build", Path.Combine(checkout, ProjectRelative), "-c", Configuration(), "-nologo", "-v", "q", "-clp:ErrorsOnly",
                "-p:WasmPackVersion=" + version, "-p:WasmProbeOutput=" + output + Path.DirectorySeparatorChar,
            });
            using var process = Process.Start(psi) ?? throw new InvalidOperationException("WebAssembly probe: dotnet build did not start");
            var lines = new List<string>();
            var error = process.StandardError.ReadToEndAsync();
            string? line;
            while ((line = process.StandardOutput.ReadLine()) != null) lines.Add(line);
            lines.AddRange(error.Result.Split('\n'));
            process.WaitForExit();
            if (process.ExitCode != 0 || !File.Exists(Path.Combine(output, EntryName)))
                throw new InvalidOperationException($"WebAssembly probe for pack {version}: dotnet build exited {process.ExitCode}: "
                    + string.Join(" | ", lines.Where(l => l.Trim().Length > 0).Take(10)));
            Console.Error.WriteLine($"built the WebAssembly probe for pack {version} in {watch.Elapsed.TotalSeconds:F0} s");
        }
    }
}
