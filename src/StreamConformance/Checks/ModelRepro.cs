using System.Collections.Generic;
using StreamConformance.Recipes;
using StreamConformance.Results;

namespace StreamConformance.Checks
{
    /// <summary>
    /// The program of a failure a <see cref="StreamModel"/> saw: its logged calls up to the failing one, shrunk by
    /// re-running them literally on fresh fixtures of the same access, each against a fresh model.
    /// </summary>
    static class ModelRepro
    {
        /// <summary>The trace of <paramref name="violation"/>, or null when the model's calls did not break the rule (a check's own step after them did).</summary>
        public static ReproTrace? Of(StreamRecipe recipe, StreamAccess access, byte[] content, StreamModel model, ContractViolation violation,
            System.Func<ReproStep, bool>? keep = null)
        {
            if (model.Failed == null || model.Log.Count == 0 || !ReferenceEquals(model.Log[model.Log.Count - 1], model.Failed)) return null;
            SequenceShrinker.Replay replay = steps =>
            {
                var fixture = Fixtures.Open(recipe, access, content) ?? throw new System.InvalidOperationException("the recipe opened no fixture");
                using (fixture)
                {
                    var fresh = new StreamModel(fixture.Stream, content, recipe.ReadsReadUntilSizeOrEof, recipe.CanGrow);
                    try
                    {
                        foreach (var step in steps) fresh.Run(step);
                        return (fresh.Log, null);
                    }
                    catch (ContractViolation v)
                    {
                        return (fresh.Log, v.Message);
                    }
                }
            };
            return SequenceShrinker.Shrink(Name(access), content.Length, new List<ReproStep>(model.Log), violation.Message, replay, keep);
        }

        public static string Name(StreamAccess access) => access switch
        {
            StreamAccess.Write => "write",
            StreamAccess.ReadWrite => "readWrite",
            _ => "read",
        };
    }
}
