using System.Collections.Generic;
using System.IO;
using System.Linq;

namespace StreamConformance.Runtimes
{
    /// <summary>
    /// A runtime the harness can inspect (its assemblies) and run a probe in (its host).
    /// Built by <see cref="RuntimeResolver"/> from "dotnet", "mono", "wasm" or a path.
    /// </summary>
    public sealed class RuntimeTarget
    {
        public RuntimeTarget(string name, RuntimeFlavor flavor, string version, string location,
            IReadOnlyList<string> assemblyDirectories, string? hostPath, string? dotnetRoot = null)
        {
            Name = name;
            Flavor = flavor;
            Version = version;
            Location = location;
            AssemblyDirectories = assemblyDirectories;
            HostPath = hostPath;
            DotNetRoot = dotnetRoot;
            Kind = flavor switch
            {
                RuntimeFlavor.Mono => RuntimeKind.Mono,
                RuntimeFlavor.Wasm => RuntimeKind.WasmPack,
                _ => RuntimeKind.DotNetRoot,
            };
        }

        /// <summary>Name used in results: "dotnet", "mono", or derived from the path given.</summary>
        public string Name { get; }
        public RuntimeFlavor Flavor { get; }
        /// <summary>Version as read from the install (framework folder name or Mono's --version).</summary>
        public string Version { get; }
        /// <summary>The folder (or binary) the runtime was resolved from.</summary>
        public string Location { get; }
        /// <summary>Folders whose assemblies make up the runtime's class library, in probing order.</summary>
        public IReadOnlyList<string> AssemblyDirectories { get; }
        /// <summary>The executable that runs a probe: the dotnet muxer, corerun, the mono binary or Node (WebAssembly); null when only metadata is available.</summary>
        public string? HostPath { get; }
        /// <summary>For CoreCLR: the dotnet root that holds host/ and shared/ (set as DOTNET_ROOT for the probe).</summary>
        public string? DotNetRoot { get; }

        /// <summary>Where the runtime came from: installed, the private folder, or a path given.</summary>
        public RuntimeOrigin Origin { get; set; } = RuntimeOrigin.Installed;

        /// <summary>How it is laid out and started: a dotnet root, a testhost, a corerun Core_Root, Mono.</summary>
        public RuntimeKind Kind { get; set; }

        /// <summary>Set when the runtime is a copy written by <c>patch apply</c> (patched or its A/A control).</summary>
        public RuntimeCopyManifest? Copy { get; set; }

        public bool CanRunProbe => HostPath != null && File.Exists(HostPath);

        /// <summary>Every managed-assembly candidate (.dll/.exe) of the runtime, de-duplicated by file name (first folder wins).</summary>
        public IReadOnlyList<string> EnumerateAssemblies()
        {
            var seen = new HashSet<string>(System.StringComparer.OrdinalIgnoreCase);
            var result = new List<string>();
            foreach (var dir in AssemblyDirectories.Where(Directory.Exists))
            {
                foreach (var file in Directory.EnumerateFiles(dir).OrderBy(f => f, System.StringComparer.Ordinal))
                {
                    var ext = Path.GetExtension(file);
                    if (ext != ".dll" && ext != ".exe") continue;
                    if (seen.Add(Path.GetFileName(file))) result.Add(file);
                }
            }
            return result;
        }

        /// <summary>The same runtime under another name (results name runtimes; a copy is named after what it carries).</summary>
        public RuntimeTarget WithName(string name) =>
            new RuntimeTarget(name, Flavor, Version, Location, AssemblyDirectories, HostPath, DotNetRoot) { Copy = Copy, Origin = Origin, Kind = Kind };

        public override string ToString() => $"{Name} ({Flavor} {Version}) at {Location}";
    }
}
