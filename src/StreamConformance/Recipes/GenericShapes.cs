using System;
using System.Collections.Generic;
using StreamConformance.Recipes.Synthesis;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// Recipes for types nobody wrote a recipe for (user assemblies, unknown runtime types), synthesized from their
    /// public API (<see cref="StreamSynthesizer"/>): public constructors and the public methods of their assembly that
    /// return them, with arguments a caller would pass. A type that is not public is built only through the public
    /// methods that hand it out: its constructors called by reflection with guessed arguments give states no caller
    /// sees (an HTTP server's upgrade stream that throws by design, a parser's private wrapper). A library's own
    /// recipes (<see cref="AuthoredRecipes"/>) come first.
    /// </summary>
    public static class GenericShapes
    {
        /// <param name="deferRoundTrip">See <see cref="StreamSynthesizer.For"/>.</param>
        public static IReadOnlyList<StreamRecipe> For(Type type, bool deferRoundTrip = false)
        {
            // The library's own recipes know states no synthesis can guess.
            var authored = AuthoredRecipes.For(type);
            if (authored.Count > 0) return authored;
            // A TLS stream reads and writes only after a handshake, which no constructor's arguments make.
            if (TlsSubclassRecipe.For(type) is { } tls) return new StreamRecipe[] { tls };
            var recipe = StreamSynthesizer.For(type, deferRoundTrip).Recipe;
            return recipe != null ? new[] { recipe } : new StreamRecipe[0];
        }

        /// <summary>Why no recipe could be made, for the static-only report.</summary>
        public static string WhyNone(Type type) => StreamSynthesizer.For(type).Reason ?? "a recipe was made";
    }
}
