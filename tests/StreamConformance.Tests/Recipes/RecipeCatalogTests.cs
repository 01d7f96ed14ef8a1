using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Checks;
using StreamConformance.Recipes;

namespace StreamConformance.Tests.Recipes
{
    /// <summary>
    /// Every built-in recipe keeps its promises: reads yield exactly the content, writes reach the store,
    /// the knobs match the streams it opens, and nothing is left in the temp folder.
    /// </summary>
    [TestFixture]
    public sealed class RecipeCatalogTests : OwnTempDirectory
    {
        protected override string FolderName => "streamconf-recipe-tests";

        /// <summary>Every recipe that may build something: an unreachable type's row opens nothing (UnreachableTypeTests holds the rows).</summary>
        public static IEnumerable<TestCaseData> BuiltIn() =>
            RecipeCatalog.BuiltIn.Where(r => !(r is UnreachableRecipe)).Select(r => new TestCaseData(r).SetArgDisplayNames(r.ToString()));

        [Test]
        public void CatalogHasUniqueTypeAndVariantPairs()
        {
            var duplicates = RecipeCatalog.BuiltIn.GroupBy(r => r.ToString()).Where(g => g.Count() > 1).Select(g => g.Key).ToList();
            Assert.That(duplicates, Is.Empty);
        }

        [TestCaseSource(nameof(BuiltIn))]
        public void RecipeKeepsItsPromises(StreamRecipe recipe)
        {
            recipe = recipe.In(Scratch);
            if (recipe.UnavailableReason is string reason) Assert.Ignore(reason);
            if (recipe.EmptyOnlyReason != null)
            {
                // Held to its word both ways: it declines content, and keeps its promises over none.
                using (var read = recipe.OpenRead(CheckContext.Content(17))) Assert.That(read, Is.Null, "an empty-only recipe's OpenRead over content");
                using (var readWrite = recipe.OpenReadWrite(CheckContext.Content(17))) Assert.That(readWrite, Is.Null, "an empty-only recipe's OpenReadWrite over content");
                KeepsItsPromises(recipe, new byte[0]);
                return;
            }
            // The preferred size, and a small odd size such as the probe uses to see whether a recipe builds.
            KeepsItsPromises(recipe, CheckContext.Content(recipe.PreferredContentLength));
            KeepsItsPromises(recipe, CheckContext.Content(17));
        }

        void KeepsItsPromises(StreamRecipe recipe, byte[] content)
        {
            var opened = 0;

            using (var fixture = recipe.OpenRead(content))
            {
                if (fixture != null)
                {
                    opened++;
                    var stream = fixture.Stream;
                    Assert.That(stream.CanRead, Is.True, "read fixture: CanRead");
                    Assert.That(stream.GetType().FullName, Is.EqualTo(recipe.TypeName), "read fixture: TypeName");
                    Assert.That(stream.CanSeek, Is.EqualTo(recipe.CanSeek), "read fixture: CanSeek knob");
                    // A recipe that says its stream transforms the content (framing it, say) is held to reading, not to the bytes.
                    var read = ReadToEnd(stream, recipe.TransformsContentReason == null ? content.Length : int.MaxValue / 2, recipe.ReadsReadUntilSizeOrEof);
                    if (recipe.TransformsContentReason == null) Assert.That(read, Is.EqualTo(content), "read fixture: bytes read");
                }
            }

            using (var fixture = KnownWriteDefect(recipe) ? null : recipe.OpenWrite())
            {
                if (fixture != null)
                {
                    opened++;
                    var stream = fixture.Stream;
                    Assert.That(stream.CanWrite, Is.True, "write fixture: CanWrite");
                    Assert.That(stream.GetType().FullName, Is.EqualTo(recipe.TypeName), "write fixture: TypeName");
                    Assert.That(stream.CanSeek, Is.EqualTo(recipe.CanSeek), "write fixture: CanSeek knob");
                    WriteInChunks(stream, content);
                    if (recipe.WritesVisibleAfterFlush && fixture.CanReadBack)
                    {
                        stream.Flush();
                        Assert.That(fixture.ReadBack(), Is.EqualTo(content), "write fixture: read-back after Flush");
                    }
                    stream.Dispose();
                    if (fixture.CanReadBack)
                        Assert.That(fixture.ReadBack(), Is.EqualTo(content), "write fixture: read-back after Dispose");
                }
            }

            using (var fixture = recipe.OpenReadWrite(content))
            {
                if (fixture != null)
                {
                    opened++;
                    var stream = fixture.Stream;
                    Assert.That(stream.CanRead && stream.CanWrite, Is.True, "read-write fixture: CanRead && CanWrite");
                    Assert.That(stream.GetType().FullName, Is.EqualTo(recipe.TypeName), "read-write fixture: TypeName");
                    Assert.That(stream.CanSeek, Is.EqualTo(recipe.CanSeek), "read-write fixture: CanSeek knob");
                    Assert.That(ReadToEnd(stream, content.Length, recipe.ReadsReadUntilSizeOrEof), Is.EqualTo(content), "read-write fixture: bytes read");
                }
            }

            Assert.That(opened, Is.GreaterThan(0), "the recipe opened no stream at all");
            Assert.That(Directory.GetFileSystemEntries(TempFolder), Is.Empty, "temp folder after the fixtures were disposed");
        }

        /// <summary>
        /// A runtime defect that breaks the chunked write itself, so the recipe cannot be judged by it; the sweep's checks
        /// report the defect (docs/findings.md). .NET's StreamOnSqlBytes.Write(byte[], offset, count) writes the whole array.
        /// </summary>
        static bool KnownWriteDefect(StreamRecipe recipe) =>
            System.Type.GetType("Mono.Runtime") == null && recipe.TypeName == "System.Data.SqlTypes.StreamOnSqlBytes";

        [TestCaseSource(nameof(BuiltIn))]
        public void RecipeHandlesEmptyContent(StreamRecipe recipe)
        {
            recipe = recipe.In(Scratch);
            if (recipe.UnavailableReason is string reason) Assert.Ignore(reason);
            var empty = new byte[0];
            // A recipe may decline empty content (null), but a stream it opens must be at its end at once.
            using (var fixture = recipe.OpenRead(empty))
                if (fixture != null) Assert.That(fixture.Stream.Read(new byte[16], 0, 16), Is.EqualTo(0), "read fixture over empty content");
            using (var fixture = recipe.OpenReadWrite(empty))
                if (fixture != null) Assert.That(fixture.Stream.Read(new byte[16], 0, 16), Is.EqualTo(0), "read-write fixture over empty content");
            using (var fixture = KnownWriteDefect(recipe) ? null : recipe.OpenWrite())
            {
                if (fixture != null)
                {
                    fixture.Stream.Dispose();
                    if (fixture.CanReadBack) Assert.That(fixture.ReadBack(), Is.Empty, "write fixture with nothing written");
                }
            }
            Assert.That(Directory.GetFileSystemEntries(TempFolder), Is.Empty, "temp folder after the fixtures were disposed");
        }

        [Test]
        public void ConsoleRecipesNameTheTypesConsoleReturns()
        {
            // Not disposed: on Mono the standard streams wrap the process's own descriptors.
            Assert.That(new ConsoleStandardInputRecipe().TypeName, Is.EqualTo(Console.OpenStandardInput().GetType().FullName));
            Assert.That(new ConsoleStandardOutputRecipe().TypeName, Is.EqualTo(Console.OpenStandardOutput().GetType().FullName));
        }

        [Test]
        public void TempFolderIsEmptyAfterEveryFixtureOfEveryRecipeIsDisposed()
        {
            var content = CheckContext.Content(64);
            foreach (var recipe in RecipeCatalog.BuiltIn.Select(r => r.In(Scratch)).Where(r => r.UnavailableReason == null))
                foreach (StreamAccess access in Enum.GetValues(typeof(StreamAccess)))
                {
                    try { recipe.Open(access, content)?.Dispose(); }
                    catch (Exception) { } // a recipe that cannot open must still not leave anything behind
                }
            Assert.That(Directory.GetFileSystemEntries(TempFolder), Is.Empty);
        }

        /// <summary>Reads until 0 with an odd buffer size, failing instead of hanging on a stream that never ends.</summary>
        static byte[] ReadToEnd(Stream stream, int expected, bool noShortReads)
        {
            var result = new MemoryStream();
            if (noShortReads && expected > 0)
            {
                // One read of exactly the content size must return all of it.
                var whole = new byte[expected];
                var n = stream.Read(whole, 0, expected);
                Assert.That(n, Is.EqualTo(expected), "ReadsReadUntilSizeOrEof: one Read of the whole content");
                result.Write(whole, 0, n);
            }
            var buffer = new byte[1000];
            int read;
            while ((read = stream.Read(buffer, 0, buffer.Length)) > 0)
            {
                result.Write(buffer, 0, read);
                if (result.Length > expected + buffer.Length) Assert.Fail($"read more than the {expected} bytes of content");
            }
            return result.ToArray();
        }

        static void WriteInChunks(Stream stream, byte[] content)
        {
            for (var offset = 0; offset < content.Length; offset += 1000)
                stream.Write(content, offset, Math.Min(1000, content.Length - offset));
        }
    }
}
