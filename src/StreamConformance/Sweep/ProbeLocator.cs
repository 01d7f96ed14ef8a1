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

        /// <summary>The probe program for <paramref name="target"/> and the command that runs it there.</summary>
        public (RuntimeCommand Runtime, string Probe) Command(RuntimeTarget target)
        {
            var probe = PathFor(target.Flavor);
            if (!File.Exists(probe))
                throw new InvalidOperationException($"probe not built: {probe} (run ./build.sh)");
            return (RuntimeLauncher.CommandFor(target), probe);
        }
    }
}
