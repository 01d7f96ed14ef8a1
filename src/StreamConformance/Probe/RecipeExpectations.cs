using System;
using System.Collections;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using StreamConformance.Recipes;
using StreamConformance.Recipes.Synthesis;
using StreamConformance.Results;

namespace StreamConformance.Probe
{
    /// <summary>
    /// A library's design choices, stated once in its own recipe class (docs/user-assemblies.md): a public static
    /// <c>string[] Expected</c> (or any <c>IEnumerable&lt;string&gt;</c>), each entry "CHECKS: REASON", the checks a glob
    /// as an expectations file's ("seek.*|buffered.interleave"), the reason at least 20 characters saying why and where
    /// it is documented. A result of that recipe whose check matches is marked <see cref="CheckResult.ExpectedByRecipe"/>
    /// here in the probe, the one process that has the class; the host's findings then list it as expected.
    /// </summary>
    public static class RecipeExpectations
    {
        /// <summary>The knob's name in a recipe class.</summary>
        public const string KnobName = "Expected";

        const string VariantPrefix = "recipe ";

        static readonly System.Collections.Concurrent.ConcurrentDictionary<string, IReadOnlyList<(string Checks, string Reason)>> s_byVariant =
            new System.Collections.Concurrent.ConcurrentDictionary<string, IReadOnlyList<(string, string)>>(StringComparer.Ordinal);

        /// <summary>Marks <paramref name="result"/> when its recipe's class says its check's behaviour is by design.</summary>
        public static void Apply(StreamRecipe recipe, CheckResult result)
        {
            if (result.Outcome == Outcome.Pass || result.Outcome == Outcome.Skip || result.Outcome == Outcome.Inconclusive) return;
            foreach (var (checks, reason) in Of(recipe))
                if (Glob.IsMatch(checks, result.Check))
                {
                    result.ExpectedByRecipe = reason;
                    return;
                }
        }

        /// <summary>The rules of a library's recipe (an <see cref="AuthoredRecipe"/>, named "recipe Ns.Class"); none for any other.</summary>
        public static IReadOnlyList<(string Checks, string Reason)> Of(StreamRecipe recipe) =>
            recipe is AuthoredRecipe && recipe.Variant.StartsWith(VariantPrefix, StringComparison.Ordinal)
                ? s_byVariant.GetOrAdd(recipe.Variant, v => Read(ClassNamed(v.Substring(VariantPrefix.Length))))
                : Array.Empty<(string, string)>();

        /// <summary>The recipe class its variant names, among the loaded assemblies (the recipe keeps the class to itself).</summary>
        static Type? ClassNamed(string name) =>
            AppDomain.CurrentDomain.GetAssemblies().Where(a => !a.IsDynamic)
                .SelectMany(Types)
                .FirstOrDefault(t => AuthoredRecipes.IsRecipeClass(t) && CSharpNames.Of(t) == name);

        static IEnumerable<Type> Types(Assembly assembly)
        {
            try { return assembly.GetTypes(); }
            catch (ReflectionTypeLoadException e) { return e.Types.Where(t => t != null)!; }
            catch (Exception) { return Array.Empty<Type>(); }
        }

        /// <summary>The entries of the class's knob that are rules ("CHECKS: REASON"); see <see cref="Parse"/>.</summary>
        static IReadOnlyList<(string, string)> Read(Type? recipeClass)
        {
            if (recipeClass == null) return Array.Empty<(string, string)>();
            const BindingFlags flags = BindingFlags.Public | BindingFlags.Static;
            var value = recipeClass.GetProperty(KnobName, flags)?.GetValue(null) ?? recipeClass.GetField(KnobName, flags)?.GetValue(null);
            if (!(value is IEnumerable entries) || value is string) return Array.Empty<(string, string)>();
            var rules = new List<(string, string)>();
            foreach (var entry in entries)
                if (entry is string text && Parse(text) is { } rule) rules.Add(rule);
            return rules;
        }

        /// <summary>"seek.*: a window over a fixed range refuses …" → ("seek.*", the reason); null for an entry that is not a rule.</summary>
        public static (string Checks, string Reason)? Parse(string entry)
        {
            var colon = entry.IndexOf(": ", StringComparison.Ordinal);
            if (colon <= 0) return null;
            var checks = entry.Substring(0, colon).Trim();
            var reason = entry.Substring(colon + 2).Trim();
            // As an expectations file's rule: a reason says why the behaviour is intended and where that is documented.
            return checks.Length == 0 || checks.Contains(" ") || reason.Length < 20 ? ((string, string)?)null : (checks, reason);
        }
    }
}
