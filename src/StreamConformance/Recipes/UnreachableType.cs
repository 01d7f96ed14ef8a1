using System.Collections.Generic;

namespace StreamConformance.Recipes
{
    // One concept: an unreachable type, the tables that list them, and the catalog row each becomes.
    /// <summary>
    /// A stream type no recipe can reach here, and why: the public API that would hand it out and what is missing for
    /// that here. The report says exactly that, instead of the generic sentence for a type nothing builds.
    /// </summary>
    public sealed class UnreachableType
    {
        public UnreachableType(string typeName, string variant, string reason)
        {
            TypeName = typeName;
            Variant = variant;
            Reason = reason;
        }

        /// <summary>Full name as the inventory names it.</summary>
        public string TypeName { get; }

        /// <summary>The variant the report shows the reason under (one per table family, e.g. "reached through").</summary>
        public string Variant { get; }

        public string Reason { get; }
    }

    /// <summary>
    /// A table of unreachable types: data, one row per type. <see cref="RecipeCatalog"/> finds every table in the recipe
    /// assemblies (as it finds recipe classes) and lists each row as an <see cref="UnreachableRecipe"/>.
    /// </summary>
    public abstract class UnreachableTypeTable
    {
        public abstract IEnumerable<UnreachableType> Types { get; }
    }

    /// <summary>A row of an <see cref="UnreachableTypeTable"/> in the catalog: it names the type, says why, and opens nothing.</summary>
    public sealed class UnreachableRecipe : StreamRecipe
    {
        public UnreachableRecipe(UnreachableType type) => Type = type;

        public UnreachableType Type { get; }

        public override string TypeName => Type.TypeName;
        public override string Variant => Type.Variant;
        public override string? UnavailableReason => Type.Reason;
    }
}
