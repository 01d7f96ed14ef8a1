using System.Collections.Generic;
using StreamConformance.Recipes;
using StreamConformance.Results;

namespace StreamConformance.Checks
{
    /// <summary>
    /// One rule of the Stream contract (or one budget), applied to a stream built by a recipe. A check reads
    /// the recipe's capability knobs to decide what applies, and returns Skip with the reason for what does not.
    /// A new check is one new class; <see cref="CheckCatalog"/> finds it by reflection.
    /// </summary>
    public interface IStreamCheck
    {
        /// <summary>Stable, kebab-case, dotted by family: "read-byte.values", "seek.random-walk", "budget.alloc.read-byte".</summary>
        string Name { get; }

        /// <summary>
        /// Runs the check. Results need only Check, Outcome, Message (and Metrics); the runner fills in
        /// runtime, type and variant. Exceptions escaping from here are reported as Error.
        /// </summary>
        IEnumerable<CheckResult> Run(StreamRecipe recipe, CheckContext context);
    }
}
