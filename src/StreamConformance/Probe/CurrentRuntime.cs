using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using StreamConformance.Results;
using StreamConformance.Runtimes;

namespace StreamConformance.Probe
{
    /// <summary>The runtime the probe runs on, as its <see cref="HelloEvent"/> reports it.</summary>
    public static class CurrentRuntime
    {
        public static RuntimeInfo Describe(string name, IReadOnlyCollection<string>? reportAssemblies = null)
        {
            var info = new RuntimeInfo
            {
                Name = name,
                Flavor = RuntimeFlavors.Current.Key(),
                Version = Runtimes.RuntimeResolver.CurrentVersion(),
                Path = Path.GetDirectoryName(typeof(object).Assembly.Location) ?? "",
            };
            if (reportAssemblies != null && reportAssemblies.Count > 0)
            {
                info.LoadedAssemblies = reportAssemblies.Select(Loaded).ToList();
            }
            return info;
        }

        /// <summary>Where an assembly of the runtime was loaded from and its module version id: proof of what ran.</summary>
        static LoadedAssembly Loaded(string name)
        {
            try
            {
                var assembly = name == "System.Private.CoreLib" || name == "mscorlib" ? typeof(object).Assembly : Assembly.Load(name);
                return new LoadedAssembly { Name = name, Location = assembly.Location, Mvid = assembly.ManifestModule.ModuleVersionId.ToString() };
            }
            catch (Exception e) when (e is FileNotFoundException || e is FileLoadException || e is BadImageFormatException)
            {
                return new LoadedAssembly { Name = name, Error = e.GetType().Name + ": " + e.Message };
            }
        }
    }
}
