using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// Where recipe classes come from: this assembly, and companion recipe assemblies shipped beside it
    /// (StreamConformance.Recipes.*.dll, e.g. the ASP.NET Core recipes), which depend on frameworks the harness must
    /// not require. A companion's types that cannot load on this runtime (its framework absent) are left out; its
    /// recipe classes themselves load and say why they are unavailable.
    /// </summary>
    static class RecipeAssemblies
    {
        public const string CompanionPattern = "StreamConformance.Recipes.*.dll";

        public static IEnumerable<Type> Types()
        {
            var types = Loadable(typeof(StreamRecipe).Assembly).ToList();
#if !MONO_CORLIB
            var folder = Path.GetDirectoryName(typeof(StreamRecipe).Assembly.Location);
            if (string.IsNullOrEmpty(folder) || !Directory.Exists(folder)) return types;
            foreach (var file in Directory.GetFiles(folder, CompanionPattern).OrderBy(f => f, StringComparer.Ordinal))
            {
                // Before the companion's types load: they refer to ASP.NET Core's assemblies.
                AspNetCoreFramework.Register();
                Assembly companion;
                try { companion = Assembly.LoadFrom(file); }
                catch (Exception e) when (e is IOException || e is BadImageFormatException) { continue; }
                types.AddRange(Loadable(companion));
            }
#endif
            return types;
        }

        static IEnumerable<Type> Loadable(Assembly assembly)
        {
            try { return assembly.GetTypes(); }
            catch (ReflectionTypeLoadException e) { return e.Types.Where(t => t != null).Select(t => t!); }
        }
    }
}
