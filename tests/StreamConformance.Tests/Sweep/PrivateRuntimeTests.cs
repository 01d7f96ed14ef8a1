using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Runtimes;
using StreamConformance.Sweep;
using StreamConformance.Tests.Isolation;
#if NET
using StreamConformance.Tests.Cli;
#endif

namespace StreamConformance.Tests.Sweep
{
    /// <summary>
    /// The private .NET 8 and 9 runtimes of <c>./build.sh runtimes</c> (artifacts/dotnet-runtimes): named by version,
    /// listed with their origin, and swept with the net8.0 probe. Skipped, with the reason, when the folder is not there.
    /// </summary>
    [TestFixture, NonParallelizable]
    public class PrivateRuntimeTests
    {
        static string PrivateFramework(string version)
        {
            var root = RuntimeResolver.FindPrivateRoot();
            if (root == null) Assert.Ignore($"no {RuntimeResolver.PrivateRootRelative} (./build.sh runtimes installs .NET 8 and 9 there)");
            var fx = Directory.GetDirectories(Path.Combine(root!, "shared", RuntimeResolver.CoreFrameworkName))
                .FirstOrDefault(d => Path.GetFileName(d).StartsWith(version + ".", System.StringComparison.Ordinal));
            if (fx == null) Assert.Ignore($"no .NET {version} in {root} (./build.sh runtimes installs it)");
            return fx!;
        }

        [TestCase("8.0")]
        [TestCase("9.0")]
        public void AVersionResolvesToThePrivateFramework(string version)
        {
            var fx = PrivateFramework(version);
            var target = RuntimeResolver.Resolve(version);
            Assert.That(target.Flavor, Is.EqualTo(RuntimeFlavor.CoreClr));
            Assert.That(target.Version, Does.StartWith(version + "."));
            Assert.That(target.Location, Is.EqualTo(fx));
            Assert.That(target.Origin, Is.EqualTo(RuntimeOrigin.Private));
            Assert.That(target.CanRunProbe, target.HostPath);
            Assert.That(ProbeLocator.TargetFrameworkFor(target.Version), Is.EqualTo("net8.0"));
        }

        [Test]
        public void ThePrivateFrameworkFolderGivenAsAPathIsAGivenPath()
        {
            var fx = PrivateFramework("8.0");
            var target = RuntimeResolver.Resolve(fx);
            Assert.That(target.Version, Is.EqualTo(Path.GetFileName(fx)));
            Assert.That(target.Origin, Is.EqualTo(RuntimeOrigin.Path));
            Assert.That(target.CanRunProbe, target.HostPath);
        }

        [Test]
        public void AVersionThatIsNowhereIsABadInput()
        {
            var e = Assert.Throws<InputException>(() => RuntimeResolver.Resolve("7.0"))!;
            Assert.That(e.Message, Does.Contain("'7.0'").And.Contain("./build.sh runtimes"));
        }

        [TestCase("8.0.33", "net8.0")]
        [TestCase("9.0.22", "net8.0")]
        [TestCase("10.0.12", "net10.0")]
        [TestCase("11.0.0-preview.1", "net10.0")]
        public void TheProbeBuildFollowsTheMajorVersion(string version, string tfm) =>
            Assert.That(ProbeLocator.TargetFrameworkFor(version), Is.EqualTo(tfm));

#if NET
        [Test]
        public void MemoryStreamSweptOnDotNet8ReportsTheRuntimeVersion()
        {
            PrivateFramework("8.0");
            var options = new SweepOptions { Filter = "System.IO.MemoryStream", Checks = "budget.alloc.read-byte", Parallel = false };
            options.Runtimes.Add(RuntimeResolver.Resolve("8.0"));
            var document = new SweepRunner(options, SweepTargets.FromInventory, new ProbeLocator(RepoPaths.ProbeRoot)).Run();
            var run = document.Runtimes.Single();
            Assert.That(run.Errors, Is.Empty);
            Assert.That(run.Runtime.Version, Does.StartWith("8.0."));
            var results = document.Results.Where(r => r.Check == "budget.alloc.read-byte").ToList();
            Assert.That(results, Is.Not.Empty);
            Assert.That(results.Select(r => r.Outcome), Is.All.EqualTo(StreamConformance.Results.Outcome.Pass), string.Join("; ", results.Select(r => r.Message)));
        }

        [Test]
        public void TheRuntimesListingShowsEachOrigin()
        {
            PrivateFramework("8.0");
            var outcome = StreamConfProcess.Run("runtimes");
            Assert.That(outcome.ExitCode, Is.EqualTo(0), outcome.StandardError);
            Assert.That(outcome.StandardOutput, Does.Contain("origin").And.Contain("installed").And.Contain("private"));
            Assert.That(outcome.StandardOutput, Does.Contain("dotnet-8.0").And.Contain("dotnet-9.0"));
        }
#endif
    }
}
