using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Checks;
using StreamConformance.Probe;
using StreamConformance.Recipes;

namespace StreamConformance.Tests.Recipes
{
    [TestFixture]
    public sealed class RecipeEnvironmentTests
    {
        [Test]
        public void ProbeRunnerPutsRecipeFilesInTheRequestsTempFolder()
        {
            var previous = RecipeEnvironment.TempDirectory;
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
                new ProbeRunner(request, events.Add, new IStreamCheck[0]).Run();

                Assert.That(RecipeEnvironment.TempDirectory, Is.EqualTo(temp));
                var built = events.Where(e => e.Kind == ProbeEvent.Built).ToList();
                Assert.That(built.Select(e => e.Type), Is.EquivalentTo(new[] { "System.IO.FileStream", "System.IO.Stream/NullStream" }));
                Assert.That(built[0].Variants, Does.Contain("default"));
                using (var fixture = new FileStreamDefaultRecipe().OpenWrite()!)
                    Assert.That(Path.GetDirectoryName(((FileStream)fixture.Stream).Name), Is.EqualTo(temp));
                Assert.That(Directory.GetFileSystemEntries(temp), Is.Empty);
            }
            finally
            {
                RecipeEnvironment.TempDirectory = previous;
                Directory.Delete(temp, true);
            }
        }

        [Test]
        public void NewTempPathsAreDistinctAndInsideTheFolder()
        {
            var a = RecipeEnvironment.NewTempPath("x");
            var b = RecipeEnvironment.NewTempPath("x");
            Assert.That(a, Is.Not.EqualTo(b));
            Assert.That(Path.GetDirectoryName(a), Is.EqualTo(RecipeEnvironment.TempDirectory));
        }
    }
}
