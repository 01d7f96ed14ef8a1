using System;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// The name an internal type reached through public API has on the running runtime, for a recipe that declares it
    /// (<see cref="StreamRecipe.ReachesDeclaredType"/>): the current .NET's, unless Mono 6.8 (the net472 build) or a .NET
    /// older than the version the type changed in hands out another. What was declared is held to what the API hands out
    /// whenever the recipe opens, and on .NET 10 and Mono by RecipeCatalogTests.
    /// </summary>
    public static class DeclaredName
    {
        /// <summary>The running .NET's major version; 0 on Mono.</summary>
        public static int DotNetMajor { get; } = Type.GetType("Mono.Runtime") != null ? 0 : Environment.Version.Major;

        public static string Of(string dotnet, string? mono = null, string? beforeNet9 = null, string? beforeNet10 = null)
        {
#if MONO_CORLIB
            return mono ?? dotnet;
#else
            if (DotNetMajor < 9 && beforeNet9 != null) return beforeNet9;
            if (DotNetMajor < 10 && beforeNet10 != null) return beforeNet10;
            return dotnet;
#endif
        }
    }
}
