using System.Collections.Generic;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// Supplies values for one kind of parameter (streams, content, flags, enums, sizes, paths…). A parameter no
    /// source supplies makes its method unusable, and that is said in the static-only reason.
    /// </summary>
    public interface IArgumentSource
    {
        /// <summary>The values to try, most likely to build first; empty when this source does not supply the parameter.</summary>
        IReadOnlyList<Argument> For(ParameterInfo parameter);
    }
}
