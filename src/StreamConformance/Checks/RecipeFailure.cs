using System;

namespace StreamConformance.Checks
{
    /// <summary>The recipe threw while opening a fixture: a harness problem, not a verdict on the stream.</summary>
    public sealed class RecipeFailure : Exception
    {
        public RecipeFailure(string message, Exception inner) : base(message, inner) { }
    }
}
