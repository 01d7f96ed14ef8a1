using System;
using System.IO;
using StreamConformance.Runtimes;

namespace StreamConformance.Sweep
{
    /// <summary>
    /// Where the probe binaries are: beside the host, in probe/net10.0, probe/net8.0 and probe/net472 (the CLI's
    /// build copies them there), or in an explicit folder (tests). The build matches the target runtime's major
    /// version: net8.0 for .NET 8 and 9 (the private runtimes of <c>./build.sh runtimes</c>), net10.0 from .NET 10 on.
    /// A WebAssembly pack's probe is the module Node runs, built for that pack (<see cref="WasmProbeBuild"/>).
    /// </summary>
    public sealed class ProbeLocator
    {
        readonly string _root;

        public ProbeLocator(string? root = null) =>
            _root = root ?? Path.Combine(AppContext.BaseDirectory, "probe");

        public string PathFor(RuntimeFlavor flavor) => flavor == RuntimeFlavor.Mono
            ? Path.Combine(_root, "net472", "streamconf-probe.exe")
            : Path.Combine(_root, "net10.0", "streamconf-probe.dll");

        /// <summary>The probe build that runs on <paramref name="target"/>: by flavor, and for .NET by major version.</summary>
        public string PathFor(RuntimeTarget target) => target.Flavor switch
        {
            RuntimeFlavor.CoreClr => Path.Combine(_root, TargetFrameworkFor(target.Version), "streamconf-probe.dll"),
            // One build per pack version, made on first use (a minute), so the probe runs the pack the target names.
            RuntimeFlavor.Wasm => WasmProbeBuild.EntryFor(target),
            _ => PathFor(target.Flavor),
        };

        /// <summary>"net8.0" for .NET 8.x and 9.x, "net10.0" for 10.x and later (and a version that does not parse).</summary>
        public static string TargetFrameworkFor(string coreClrVersion)
        {
            var dot = coreClrVersion.IndexOf('.');
            var major = dot > 0 ? coreClrVersion.Substring(0, dot) : coreClrVersion;
            return int.TryParse(major, out var m) && m >= 8 && m < 10 ? "net8.0" : "net10.0";
        }

        /// <summary>The probe program for <paramref name="target"/> and the command that runs it there.</summary>
        public (RuntimeCommand Runtime, string Probe) Command(RuntimeTarget target)
        {
            var probe = PathFor(target);
            if (!File.Exists(probe))
                throw new InvalidOperationException($"probe not built: {probe} (run ./build.sh)");
            return (RuntimeLauncher.CommandFor(target), probe);
        }
    }
}
