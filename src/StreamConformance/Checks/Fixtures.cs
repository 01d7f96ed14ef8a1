using System;
using StreamConformance.Recipes;

namespace StreamConformance.Checks
{
    /// <summary>Opening fixtures the way every check does: first access that the recipe offers.</summary>
    static class Fixtures
    {
        /// <summary>A readable stream over <paramref name="content"/> at position 0: OpenRead, else OpenReadWrite.</summary>
        public static StreamFixture? Readable(StreamRecipe recipe, byte[] content) => Readable(recipe, content, out _);

        /// <summary>As <see cref="Readable(StreamRecipe, byte[])"/>, saying which access it opened.</summary>
        public static StreamFixture? Readable(StreamRecipe recipe, byte[] content, out StreamAccess access)
        {
            access = StreamAccess.Read;
            var fixture = Open(recipe, StreamAccess.Read, content);
            if (fixture != null) return fixture;
            access = StreamAccess.ReadWrite;
            return Open(recipe, StreamAccess.ReadWrite, content);
        }

        /// <summary>An empty writable stream with a read-back: OpenWrite, else OpenReadWrite over nothing.</summary>
        public static StreamFixture? Writable(StreamRecipe recipe) => Writable(recipe, out _);

        /// <summary>As <see cref="Writable(StreamRecipe)"/>, saying which access it opened.</summary>
        public static StreamFixture? Writable(StreamRecipe recipe, out StreamAccess access)
        {
            access = StreamAccess.Write;
            var fixture = Open(recipe, StreamAccess.Write, Array.Empty<byte>());
            if (fixture != null && fixture.CanReadBack) return fixture;
            fixture?.Dispose();
            access = StreamAccess.ReadWrite;
            fixture = Open(recipe, StreamAccess.ReadWrite, Array.Empty<byte>());
            if (fixture != null && fixture.CanReadBack) return fixture;
            fixture?.Dispose();
            return null;
        }

        /// <summary>Opens one access over <paramref name="content"/>, or over nothing for an empty-only recipe.</summary>
        public static StreamFixture? Open(StreamRecipe recipe, StreamAccess access, byte[] content)
        {
            try
            {
                return recipe.Open(access, recipe.ContentFor(content));
            }
            catch (Exception e)
            {
                throw new RecipeFailure($"the recipe failed to open a {access} fixture: {Describe.Exception(e)}", e);
            }
        }

        public static byte[] ReadBack(StreamFixture fixture)
        {
            try
            {
                return fixture.ReadBack();
            }
            catch (Exception e)
            {
                throw new RecipeFailure($"the fixture's read-back failed: {Describe.Exception(e)}", e);
            }
        }

        /// <summary>Content length for a check: the recipe's preference, smaller in quick mode.</summary>
        public static int ContentLength(StreamRecipe recipe, CheckContext context, int atLeast = 256)
        {
            var length = recipe.PreferredContentLength;
            if (context.Quick) length = Math.Min(length, 1024);
            return Math.Max(atLeast, Math.Min(length, context.MaxBytesRead / 2));
        }
    }
}
