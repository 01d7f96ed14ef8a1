using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// Recipes a library ships for its own streams (docs/user-assemblies.md), found by name so the library needs no
    /// reference to this project: a static class carrying an attribute named StreamRecipesAttribute (the library
    /// declares it), with public static OpenRead(byte[]), OpenWrite(Stream) [+ ReadBack(byte[])], OpenReadWrite(byte[])
    /// or OpenPair() returning (Stream, Stream), and optional bool knobs named as <see cref="StreamRecipe"/>'s. The
    /// type a class builds is the type its methods return when called.
    /// </summary>
    public static class AuthoredRecipes
    {
        public const string AttributeName = "StreamRecipesAttribute";

        static readonly System.Collections.Concurrent.ConcurrentDictionary<Assembly, IReadOnlyList<AuthoredRecipe>> s_byAssembly =
            new System.Collections.Concurrent.ConcurrentDictionary<Assembly, IReadOnlyList<AuthoredRecipe>>();

        /// <summary>The recipes for <paramref name="type"/> in its own assembly and in every other loaded assembly that is not the runtime's.</summary>
        public static IReadOnlyList<StreamRecipe> For(Type type)
        {
            var name = type.FullName ?? type.Name;
            return AppDomain.CurrentDomain.GetAssemblies().Concat(new[] { type.Assembly }).Distinct()
                .Where(a => !a.IsDynamic && !FactoryIndex.IsRuntimeAssembly(a) && a != typeof(AuthoredRecipes).Assembly)
                .SelectMany(a => s_byAssembly.GetOrAdd(a, Read))
                .Where(r => r.TypeName == name).ToList<StreamRecipe>();
        }

        /// <summary>Whether <paramref name="type"/> is a recipe class (its methods are no factories of the library).</summary>
        public static bool IsRecipeClass(Type type) => type.GetCustomAttributesData().Any(a => a.AttributeType.Name == AttributeName);

        static IReadOnlyList<AuthoredRecipe> Read(Assembly assembly)
        {
            Type[] types;
            try { types = assembly.GetTypes(); }
            catch (ReflectionTypeLoadException e) { types = e.Types.Where(t => t != null).ToArray()!; }
            catch (Exception) { return new AuthoredRecipe[0]; }
            var result = new List<AuthoredRecipe>();
            foreach (var type in types.Where(t => t.IsClass && IsRecipeClass(t)).OrderBy(t => t.FullName, StringComparer.Ordinal))
            {
                var built = AuthoredRecipe.TryCreate(type);
                if (built != null) result.Add(built);
            }
            return result;
        }
    }
}
