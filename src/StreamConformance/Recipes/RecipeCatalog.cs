using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;

namespace StreamConformance.Recipes
{
    // One concept: the recipe catalog, and the attribute that keeps a recipe class out of it.
    /// <summary>
    /// Every recipe the harness knows: the hand-written ones in this assembly (found by reflection, so a new
    /// recipe is just a new class), a row for each type of an <see cref="UnreachableTypeTable"/>, and generic shapes
    /// for any other concrete Stream type.
    /// </summary>
    public static class RecipeCatalog
    {
        static readonly Lazy<IReadOnlyList<StreamRecipe>> s_builtIn = new Lazy<IReadOnlyList<StreamRecipe>>(LoadBuiltIn);

        /// <summary>Hand-written recipes that can run on this runtime (their types resolved, nothing unavailable filtered out).</summary>
        public static IReadOnlyList<StreamRecipe> BuiltIn => s_builtIn.Value;

        /// <summary>Recipes for a type by full name: hand-written ones if any, else generic constructor shapes.</summary>
        /// <param name="deferRoundTrip">A synthesized recipe takes its first constructions without the round trips that choose
        /// among them (<see cref="Synthesis.StreamSynthesizer.For"/>).</param>
        public static IReadOnlyList<StreamRecipe> For(Type type, bool deferRoundTrip = false)
        {
            var name = type.FullName ?? type.Name;
            var builtIn = BuiltIn.Where(r => r.TypeName == name).ToList();
            if (builtIn.Count > 0) return builtIn;
            return GenericShapes.For(type, deferRoundTrip);
        }

        /// <summary>
        /// Recipes for types known by name only (runtime types reached through public API, e.g. ZipArchive entry
        /// streams). Accepts Cecil's nested-type separator ('/') as well as reflection's ('+').
        /// </summary>
        public static IReadOnlyList<StreamRecipe> ForName(string typeName)
        {
            var name = typeName.Replace('/', '+');
            return BuiltIn.Where(r => r.TypeName == name).ToList();
        }

        static IReadOnlyList<StreamRecipe> LoadBuiltIn()
        {
            // Which types are recipes or tables is asked first: a companion's other types may not even load their
            // constructors here (an ASP.NET Core assembly the runtime lacks).
            bool Made<T>(Type t) => !t.IsAbstract && typeof(T).IsAssignableFrom(t) && t.GetConstructor(Type.EmptyTypes) != null;
            var types = RecipeAssemblies.Types().ToList();
            var classes = types
                .Where(t => Made<StreamRecipe>(t) && t.GetCustomAttribute<NotInCatalogAttribute>() == null)
                .Select(t => (StreamRecipe)Activator.CreateInstance(t)!);
            var unreachable = types
                .Where(Made<UnreachableTypeTable>)
                .SelectMany(t => ((UnreachableTypeTable)Activator.CreateInstance(t)!).Types)
                .Select(row => (StreamRecipe)new UnreachableRecipe(row));
            return classes.Concat(unreachable)
                .OrderBy(r => r.TypeName, StringComparer.Ordinal).ThenBy(r => r.Variant, StringComparer.Ordinal)
                .ToList();
        }
    }

    /// <summary>Keeps a recipe class out of the catalog (e.g. a base class for a family, or a test's own recipe).</summary>
    [AttributeUsage(AttributeTargets.Class, Inherited = false)]
    public sealed class NotInCatalogAttribute : Attribute { }
}
