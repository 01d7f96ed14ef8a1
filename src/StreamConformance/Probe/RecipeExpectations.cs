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

        static readonly System.Collections.Concurrent.ConcurrentDictionary<string, Knob> s_byVariant =
            new System.Collections.Concurrent.ConcurrentDictionary<string, Knob>(StringComparer.Ordinal);

        /// <summary>
        /// Marks <paramref name="result"/> when its recipe's class says its check's behaviour is by design, and carries
        /// the knob's entries that are no rule (<see cref="CheckResult.RecipeWarnings"/>), so the host names them.
        /// </summary>
        public static void Apply(StreamRecipe recipe, CheckResult result)
        {
            var knob = Of(recipe);
            if (knob.Warnings.Count > 0) result.RecipeWarnings = knob.Warnings.ToList();
            if (result.Outcome == Outcome.Pass || result.Outcome == Outcome.Skip || result.Outcome == Outcome.Inconclusive) return;
            foreach (var (checks, reason) in knob.Rules)
                if (Glob.IsMatch(checks, result.Check))
                {
                    result.ExpectedByRecipe = reason;
                    return;
                }
        }

        /// <summary>The rules of a library's recipe (an <see cref="AuthoredRecipe"/>, named "recipe Ns.Class"); none for any other.</summary>
        public static Knob Of(StreamRecipe recipe) =>
            recipe is AuthoredRecipe && recipe.Variant.StartsWith(VariantPrefix, StringComparison.Ordinal)
                ? s_byVariant.GetOrAdd(recipe.Variant, v => Read(v.Substring(VariantPrefix.Length)))
                : Knob.None;

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

        /// <summary>The knob of the class named <paramref name="className"/>: its entries that are rules, and a warning for each that is not.</summary>
        static Knob Read(string className)
        {
            var recipeClass = ClassNamed(className);
            if (recipeClass == null) return Knob.None;
            const BindingFlags flags = BindingFlags.Public | BindingFlags.Static;
            var value = recipeClass.GetProperty(KnobName, flags)?.GetValue(null) ?? recipeClass.GetField(KnobName, flags)?.GetValue(null);
            if (value == null) return Knob.None;
            var where = $"{className}.{KnobName}";
            if (!(value is IEnumerable entries) || value is string)
                return new Knob(Array.Empty<(string, string)>(), new[] { $"{where} is not a list of \"CHECKS: REASON\" entries; none is applied" });
            var rules = new List<(string, string)>();
            var warnings = new List<string>();
            foreach (var entry in entries)
            {
                var text = entry as string ?? "";
                if (TryParse(text, out var rule, out var why)) rules.Add(rule);
                else warnings.Add($"{where} entry \"{text}\" is not applied: {why}");
            }
            return new Knob(rules, warnings);
        }

        /// <summary>"seek.*: a window over a fixed range refuses …" → ("seek.*", the reason); null for an entry that is not a rule.</summary>
        public static (string Checks, string Reason)? Parse(string entry) => TryParse(entry, out var rule, out _) ? rule : ((string, string)?)null;

        /// <summary>An entry as a rule, or why it is none (the form "CHECKS: REASON", the checks a glob of check names).</summary>
        public static bool TryParse(string entry, out (string Checks, string Reason) rule, out string why)
        {
            rule = default;
            var colon = entry.IndexOf(": ", StringComparison.Ordinal);
            if (colon <= 0)
            {
                why = "not of the form \"CHECKS: REASON\" (checks, a colon and a space, then why)";
                return false;
            }
            var checks = entry.Substring(0, colon).Trim();
            var reason = entry.Substring(colon + 2).Trim();
            if (Checks.CheckCatalog.WhyNotChecks(checks, known: true) is string bad)
            {
                why = "its checks " + bad;
                return false;
            }
            // As an expectations file's rule: a reason says why the behaviour is intended and where that is documented.
            if (reason.Length < 20)
            {
                why = "its reason says why the behaviour is intended and where it is documented (at least 20 characters)";
                return false;
            }
            rule = (checks, reason);
            why = "";
            return true;
        }

        /// <summary>A recipe class's knob: the rules it states, and one line for each entry that is none.</summary>
        public sealed class Knob
        {
            public static readonly Knob None = new Knob(Array.Empty<(string, string)>(), Array.Empty<string>());

            public Knob(IReadOnlyList<(string Checks, string Reason)> rules, IReadOnlyList<string> warnings)
            {
                Rules = rules;
                Warnings = warnings;
            }

            public IReadOnlyList<(string Checks, string Reason)> Rules { get; }
            public IReadOnlyList<string> Warnings { get; }
        }
    }
}
