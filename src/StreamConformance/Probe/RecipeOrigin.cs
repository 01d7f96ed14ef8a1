using System.Collections.Generic;
using System.Reflection;
using System.Runtime.CompilerServices;
using StreamConformance.Recipes;
using StreamConformance.Recipes.Synthesis;

namespace StreamConformance.Probe
{
    /// <summary>How a recipe builds its type's stream, as the per-assembly table reports it.</summary>
    public static class RecipeOrigin
    {
        public const string Constructor = "constructor", Factory = "factory", ExtensionMethod = "extension method",
            LibraryRecipe = "library recipe", BuiltInRecipe = "built-in recipe";

        /// <summary>A synthesized recipe whose construction could not be read, or a run saved before the how was recorded.</summary>
        public const string Unknown = "unknown";

        public static readonly IReadOnlyList<string> All = new[] { Constructor, Factory, ExtensionMethod, LibraryRecipe, BuiltInRecipe };

        public static string Of(StreamRecipe recipe)
        {
            if (recipe is AuthoredRecipe) return LibraryRecipe;
            if (!(recipe is SynthesizedRecipe) && !(recipe is ConnectedRecipe)) return BuiltInRecipe;
            var construction = ConstructionOf(recipe);
            return construction == null ? Unknown : Of(construction.Method);
        }

        /// <summary>A public static method with the extension attribute is an extension method; any other method (static, or of an object a caller makes) a factory.</summary>
        public static string Of(MethodBase method) =>
            method is ConstructorInfo ? Constructor
            : method.IsStatic && method.IsDefined(typeof(ExtensionAttribute), false) ? ExtensionMethod
            : Factory;

        /// <summary>
        /// The construction that makes the type's own stream: a synthesized recipe's reader, else its writer; a connected
        /// pair's method. Read from the recipe's fields, so the recipe classes keep their surface; never invoked here.
        /// </summary>
        static Construction? ConstructionOf(StreamRecipe recipe)
        {
            foreach (var name in new[] { "_reader", "_writer", "_pair" })
                if (recipe.GetType().GetField(name, BindingFlags.NonPublic | BindingFlags.Instance)?.GetValue(recipe) is Trial trial)
                    return trial.Construction;
            return null;
        }
    }
}
