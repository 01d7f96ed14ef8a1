using System;
using System.IO;
using StreamConformance.Runtimes;

namespace StreamConformance.Sweep
{
    /// <summary>
    /// Where the probe binaries are: beside the host, in probe/net10.0 and probe/net472 (the CLI's build
    /// copies them there), or in an explicit folder (tests).
    /// </summary>
    public sealed class ProbeLocator
    {
        readonly string _root;

        public ProbeLocator(string? root = null) =>
            _root = root ?? Path.Combine(AppContext.BaseDirectory, "probe");

        public string PathFor(RuntimeFlavor flavor) => flavor == RuntimeFlavor.Mono
            ? Path.Combine(_root, "net472", "streamconf-probe.exe")
            : Path.Combine(_root, "net10.0", "streamconf-probe.dll");

        /// <summary>The command line that starts the probe under the given runtime.</summary>
        public (string FileName, string[] Arguments) Command(RuntimeTarget target, string requestPath)
        {
            var probe = PathFor(target.Flavor);
            if (!File.Exists(probe))
                throw new InvalidOperationException($"probe not built: {probe} (run ./build.sh)");
            if (!target.CanRunProbe)
                throw new InvalidOperationException($"runtime {target.Name} at {target.Location} has no host to run a probe with (metadata only)");
            return target.Flavor == RuntimeFlavor.Mono
                ? (target.HostPath!, new[] { "--debug", probe, requestPath })
                : (target.HostPath!, new[] { "exec", "--fx-version", target.Version, probe, requestPath });
        }
    }
}
