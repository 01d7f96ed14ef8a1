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

        /// <summary>A run saved before the how was recorded.</summary>
        public const string Unknown = "unknown";

        public static readonly IReadOnlyList<string> All = new[] { Constructor, Factory, ExtensionMethod, LibraryRecipe, BuiltInRecipe };

        public static string Of(StreamRecipe recipe)
        {
            return recipe switch
            {
                AuthoredRecipe _ => LibraryRecipe,
                SynthesizedRecipe synthesized => Of(synthesized.Construction.Method),
                ConnectedRecipe connected => Of(connected.Construction.Method),
                SelfLoopRecipe selfLoop => Of(selfLoop.Construction.Method),
                _ => BuiltInRecipe,
            };
        }

        /// <summary>A public static method with the extension attribute is an extension method; any other method (static, or of an object a caller makes) a factory.</summary>
        public static string Of(MethodBase method) =>
            method is ConstructorInfo ? Constructor
            : method.IsStatic && method.IsDefined(typeof(ExtensionAttribute), false) ? ExtensionMethod
            : Factory;
    }
}
