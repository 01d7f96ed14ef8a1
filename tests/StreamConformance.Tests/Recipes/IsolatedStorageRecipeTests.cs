using System;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Recipes;
using StreamConformance.Results;
using StreamConformance.Runtimes;
using StreamConformance.Sweep;
using StreamConformance.Tests.Isolation;

namespace StreamConformance.Tests.Recipes
{
    /// <summary>
    /// IsolatedStorageFileStream is built only inside a probe, whose LocalApplicationData is a folder of the run's
    /// scratch space; in this test process the store would be the user's own, so the recipe refuses with the reason.
    /// </summary>
    public class IsolatedStorageRecipeTests
    {
        [Test]
        public void OutsideAProbeTheUsersStoreIsNotTouched()
        {
            var recipe = RecipeCatalog.BuiltIn.OfType<IsolatedStorageFileStreamRecipe>().Single();
            Assert.That(recipe.UnavailableReason, Does.Contain("user's profile"));
        }

        [Test]
        public void TheProbeBuildsItInTheRunsScratchFolder()
        {
            if (Path.DirectorySeparatorChar != '/') Assert.Ignore("LocalApplicationData comes from the environment only on Unix");
            var home = Environment.GetEnvironmentVariable("HOME");
            var userStore = home == null ? null : Path.Combine(home, ".local", "share");
            var before = Snapshot(userStore);
            var options = new SweepOptions { Filter = "System.IO.IsolatedStorage.IsolatedStorageFileStream", Checks = "read-byte.*|write-byte.*|capabilities.*", Parallel = false };
            options.Runtimes.Add(RuntimeResolver.Resolve(Type.GetType("Mono.Runtime") != null ? "mono" : "dotnet"));
            var document = new SweepRunner(options, SweepTargets.FromInventory, new ProbeLocator(RepoPaths.ProbeRoot)).Run();
            var run = document.Runtimes.Single();
            Assert.That(run.Errors, Is.Empty);
            Assert.That(run.Built.Keys, Does.Contain("System.IO.IsolatedStorage.IsolatedStorageFileStream"),
                string.Join("\n", run.StaticOnly.Select(s => s.Type + ": " + s.Reason)));
            Assert.That(document.Results.Where(r => r.Type == "System.IO.IsolatedStorage.IsolatedStorageFileStream" && r.Outcome == Outcome.Pass), Is.Not.Empty);
            Assert.That(Snapshot(userStore), Is.EqualTo(before), "nothing was written under the user's LocalApplicationData");
        }

        static string[] Snapshot(string? folder) =>
            folder == null || !Directory.Exists(folder)
                ? new string[0]
                : Directory.GetFileSystemEntries(folder, "*", SearchOption.AllDirectories).Where(p => p.IndexOf("solated", StringComparison.OrdinalIgnoreCase) >= 0).OrderBy(p => p).ToArray();
    }
}
