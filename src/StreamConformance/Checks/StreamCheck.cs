using System;
using System.Collections.Generic;
using StreamConformance.Recipes;
using StreamConformance.Results;

namespace StreamConformance.Checks
{
    /// <summary>
    /// Base of the functional checks: one verdict per recipe. The body throws <see cref="ContractViolation"/>
    /// for a broken rule; any other exception the stream throws is also the stream's fault (a Fail naming it),
    /// while a recipe that cannot open its fixture is the harness's (an Error, via <see cref="RecipeFailure"/>).
    /// </summary>
    public abstract class StreamCheck : IStreamCheck
    {
        public abstract string Name { get; }

        /// <summary>
        /// Whether the check compares the stream's bytes with what the recipe put in (or reads back what was written):
        /// meaningless on a stream that transforms its content (a decompressor, a parser, an encoder) built by a
        /// generic shape, so such a check skips there with the recipe's reason.
        /// </summary>
        protected virtual bool AssumesPassThrough => false;

        /// <summary>
        /// Whether the check needs bytes to read (it reads into the content, seeks in it or interleaves reads over it): it
        /// cannot measure a stream that is only ever built empty, so it skips there with the recipe's reason. Checks
        /// whose rules hold at the end of a stream run over the empty one instead (<see cref="StreamRecipe.ContentFor"/>).
        /// </summary>
        protected virtual bool NeedsContent => false;

        public IEnumerable<CheckResult> Run(StreamRecipe recipe, CheckContext context)
        {
            if (AssumesPassThrough && recipe.TransformsContentReason is string transforms)
                return new[] { Skip("not judged as a pass-through stream: " + transforms) };
            if (NeedsContent && recipe.EmptyOnlyReason is string empty)
                return new[] { Skip("needs content to read; the recipe builds its stream only empty: " + empty) };
            CheckResult result;
            try
            {
                result = Evaluate(recipe, context);
            }
            catch (RecipeFailure f)
            {
                result = CheckResult.Of(Name, Outcome.Error, f.Message);
            }
            return new[] { result };
        }

        protected abstract CheckResult Evaluate(StreamRecipe recipe, CheckContext context);

        protected CheckResult Pass(string message) => CheckResult.Of(Name, Outcome.Pass, message);
        protected CheckResult Fail(string message) => CheckResult.Of(Name, Outcome.Fail, message);
        protected CheckResult Skip(string message) => CheckResult.Of(Name, Outcome.Skip, message);

        /// <summary>Pass with <paramref name="message"/> when nothing was found, else Fail listing every finding.</summary>
        protected CheckResult Verdict(Violations findings, string message) =>
            findings.Count == 0 ? Pass(message) : Fail(findings.ToString());

        /// <summary>
        /// Runs <paramref name="body"/>, which returns the Pass message or throws; a broken rule's result carries the
        /// calls that led to it when <paramref name="repro"/> can give them.
        /// </summary>
        protected CheckResult Verify(Func<string> body, Func<ContractViolation, ReproTrace?>? repro = null)
        {
            try
            {
                return Pass(body());
            }
            catch (ContractViolation v)
            {
                var failed = Fail(v.Message);
                failed.Repro = repro?.Invoke(v);
                return failed;
            }
            catch (RecipeFailure f)
            {
                return CheckResult.Of(Name, Outcome.Error, f.Message);
            }
            catch (Exception e)
            {
                return Fail($"unexpected {Describe.Exception(e)}");
            }
        }
    }
}
