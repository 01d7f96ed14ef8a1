using System;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Recipes;

namespace StreamConformance.Tests.Recipes
{
    /// <summary>
    /// The types no recipe can reach are data (the rows of each <see cref="UnreachableTypeTable"/>), held here in one test:
    /// every row is in the catalog, names a type once, says specifically why, and excuses no type a recipe builds.
    /// </summary>
    public sealed class UnreachableTypeTests
    {
        static bool OnMono => Type.GetType("Mono.Runtime") != null;

        /// <summary>
        /// The rows on each runtime: the runtime's table (50 on .NET, 49 on Mono, whose System.Net.BufferedReadStream is
        /// another type), its HTTP client family (12 on .NET, three of them the browser builds' streams over fetch; 7 on Mono) and, on .NET, ASP.NET Core's 23.
        /// </summary>
        static int ExpectedRows => OnMono ? 49 + 7 : 50 + 12 + 23;

        [Test]
        public void EveryUnreachableTypeHasItsOwnSpecificReason()
        {
            var rows = RecipeCatalog.BuiltIn.OfType<UnreachableRecipe>().ToList();
            Assert.That(rows.Count, Is.EqualTo(ExpectedRows), "rows in the catalog");
            Assert.That(rows.Select(r => r.TypeName), Is.Unique, "one row per type");
            foreach (var row in rows)
            {
                Assert.That(row.UnavailableReason, Is.EqualTo(row.Type.Reason), row.TypeName);
                // Specific: it names the API and what is missing, never the generic sentence a type nothing builds gets.
                Assert.That(row.Type.Reason, Does.Not.Contain("no public method of its assembly returns it")
                    .And.Not.Contain("not public, and no public method").And.Length.GreaterThan(60), row.TypeName);
            }
            // No row for a type a recipe builds: a reachable type is built, not excused.
            var built = RecipeCatalog.BuiltIn.Where(r => !(r is UnreachableRecipe)).Select(r => r.TypeName);
            Assert.That(rows.Select(r => r.TypeName).Intersect(built), Is.Empty);
        }
    }
}
