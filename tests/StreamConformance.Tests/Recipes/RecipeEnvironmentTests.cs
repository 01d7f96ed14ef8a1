using System.Collections.Generic;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Checks;
using StreamConformance.Probe;
using StreamConformance.Recipes;

namespace StreamConformance.Tests.Recipes
{
    /// <summary>A run's recipe environment travels in its CheckContext and is bound to the recipes it opens: nothing process-wide changes.</summary>
    [TestFixture]
    public sealed class RecipeEnvironmentTests
    {
        [Test]
        public void ProbeRunnerPutsRecipeFilesInTheRequestsTempFolder()
        {
            var temp = Path.Combine(Path.GetTempPath(), "streamconf-runner-test-" + System.Diagnostics.Process.GetCurrentProcess().Id);
            Directory.CreateDirectory(temp);
            try
            {
                var request = new ProbeRequest
                {
                    Runtime = "test",
                    TempDirectory = temp,
                    Items = new List<ProbeItem> { new ProbeItem { Type = "System.IO.FileStream" }, new ProbeItem { Type = "System.IO.Stream/NullStream" } },
                };
                var events = new List<ProbeEvent>();
                var seen = new List<string>();
                var runner = new ProbeRunner(request, events.Add, new IStreamCheck[] { new FolderOfTheFixture(seen) });
                runner.Run();

                Assert.That(runner.Context.Recipes.TempDirectory, Is.EqualTo(temp));
                Assert.That(runner.Context.TempDirectory, Is.EqualTo(temp), "one folder for the context and its recipes");
                var built = events.OfType<BuiltEvent>().ToList();
                Assert.That(built.Select(e => e.Type), Is.EquivalentTo(new[] { "System.IO.FileStream", "System.IO.Stream/NullStream" }));
                Assert.That(built[0].Variants, Does.Contain("default"));
                // Every FileStream the checks were given was opened in the run's folder; the process's own is untouched.
                Assert.That(seen, Is.Not.Empty.And.All.EqualTo(temp));
                Assert.That(RecipeEnvironment.ForProcess.TempDirectory, Is.Not.EqualTo(temp));
                Assert.That(Directory.GetFileSystemEntries(temp), Is.Empty);
            }
            finally
            {
                Directory.Delete(temp, true);
            }
        }

        /// <summary>Opens the recipe's write fixture and notes the folder of the FileStream it gets.</summary>
        sealed class FolderOfTheFixture : IStreamCheck
        {
            readonly List<string> _seen;
            public FolderOfTheFixture(List<string> seen) => _seen = seen;
            public string Name => "test.folder-of-the-fixture";

            public IEnumerable<Results.CheckResult> Run(StreamRecipe recipe, CheckContext context)
            {
                // A FileStream opened from a handle has no path to show (Mono names it "[Unknown]").
                using (var fixture = recipe.OpenWrite())
                    if (fixture?.Stream is FileStream file && Path.IsPathRooted(file.Name)) _seen.Add(Path.GetDirectoryName(file.Name)!);
                yield return Results.CheckResult.Of(Name, Results.Outcome.Pass, "");
            }
        }

        [Test]
        public void ABoundRecipeIsACopyAndTheCatalogsStaysUnbound()
        {
            var temp = Path.Combine(Path.GetTempPath(), "streamconf-bound-test-" + System.Diagnostics.Process.GetCurrentProcess().Id);
            var scratch = new RecipeEnvironment(temp);
            var shared = RecipeCatalog.BuiltIn.OfType<FileStreamDefaultRecipe>().Single();
            var bound = shared.In(scratch);
            try
            {
                Assert.That(bound, Is.Not.SameAs(shared));
                Assert.That(bound.Scratch, Is.SameAs(scratch));
                Assert.That(shared.Scratch, Is.SameAs(RecipeEnvironment.ForProcess));
                using (var fixture = bound.OpenWrite()!)
                    Assert.That(Path.GetDirectoryName(((FileStream)fixture.Stream).Name), Is.EqualTo(temp));
                Assert.That(Directory.GetFileSystemEntries(temp), Is.Empty);
            }
            finally
            {
                if (Directory.Exists(temp)) Directory.Delete(temp, true);
            }
        }

        [Test]
        public void NewTempPathsAreDistinctAndInsideTheFolder()
        {
            var scratch = RecipeEnvironment.ForProcess;
            var a = scratch.NewTempPath("x");
            var b = new RecipeEnvironment(scratch.TempDirectory).NewTempPath("x");
            Assert.That(a, Is.Not.EqualTo(b), "two environments over one folder");
            Assert.That(Path.GetDirectoryName(a), Is.EqualTo(scratch.TempDirectory));
        }
    }
}
