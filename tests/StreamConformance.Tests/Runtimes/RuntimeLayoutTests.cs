using System;
using System.Diagnostics;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Runtimes;
using StreamConformance.Tests.Isolation;
#if NET
using StreamConformance.Sweep;
using StreamConformance.Tests.Cli;
#endif

namespace StreamConformance.Tests.Runtimes
{
    /// <summary>
    /// A dotnet/runtime build's layouts, laid out from the installed runtime in a temp folder (the installed one is only
    /// read): a testhost folder (artifacts/bin/testhost/net10.0-linux-Release-x64) and a Core_Root with corerun. The
    /// registry serves no corerun (docs/dependencies.md): STREAMCONF_CORERUN may name a real one; else corerun-host.c,
    /// which hosts CoreCLR through the same libcoreclr calls and command line, is compiled with cc, and the corerun tests
    /// are skipped with the reason when there is no C compiler.
    /// </summary>
    [TestFixture, NonParallelizable]
    public class RuntimeLayoutTests
    {
        string _scratch = "", _testhost = "", _coreRoot = "", _installedVersion = "";
        string? _coreRun, _noCoreRun;

        [OneTimeSetUp]
        public void LayOut()
        {
            RuntimeTarget installed;
            try { installed = RuntimeResolver.ResolveDefaultDotNet(); }
            catch (InputException e) { Assert.Ignore("no installed .NET to lay out from: " + e.Message); return; }
            if (installed.DotNetRoot == null || installed.HostPath == null) Assert.Ignore("the installed .NET has no dotnet root with a muxer");
            _installedVersion = installed.Version;
            _scratch = Path.Combine(Path.GetTempPath(), "streamconf-layouts-" + Guid.NewGuid().ToString("N"));

            _testhost = Path.Combine(_scratch, "artifacts", "bin", "testhost", "net10.0-linux-Release-x64");
            var fxr = Directory.GetDirectories(Path.Combine(installed.DotNetRoot!, "host", "fxr")).OrderBy(d => d, StringComparer.Ordinal).Last();
            CopyFolder(fxr, Path.Combine(_testhost, "host", "fxr", Path.GetFileName(fxr)));
            CopyFolder(installed.Location, Path.Combine(_testhost, "shared", RuntimeResolver.CoreFrameworkName, installed.Version));
            File.Copy(installed.HostPath!, Path.Combine(_testhost, Path.GetFileName(installed.HostPath!)));

            _coreRoot = Path.Combine(_scratch, "artifacts", "tests", "coreclr", "linux.x64.Release", "Tests", "Core_Root");
            CopyFolder(installed.Location, _coreRoot);
            _coreRun = LayCoreRun(Path.Combine(_coreRoot, "corerun"), out _noCoreRun);
        }

        [OneTimeTearDown]
        public void Remove()
        {
            if (_scratch.Length > 0 && Directory.Exists(_scratch)) Directory.Delete(_scratch, true);
        }

        static void CopyFolder(string from, string to)
        {
            Directory.CreateDirectory(to);
            foreach (var file in Directory.GetFiles(from)) File.Copy(file, Path.Combine(to, Path.GetFileName(file)));
            foreach (var dir in Directory.GetDirectories(from)) CopyFolder(dir, Path.Combine(to, Path.GetFileName(dir)));
        }

        /// <summary>A real corerun named by STREAMCONF_CORERUN, else corerun-host.c compiled; null with the reason when neither can be had.</summary>
        static string? LayCoreRun(string destination, out string? reason)
        {
            reason = null;
            var given = Environment.GetEnvironmentVariable("STREAMCONF_CORERUN");
            if (!string.IsNullOrEmpty(given) && File.Exists(given))
            {
                File.Copy(given, destination);
                return destination;
            }
            var compiler = RuntimeResolver.FindOnPath("cc") ?? RuntimeResolver.FindOnPath("gcc");
            if (compiler == null || Path.DirectorySeparatorChar != '/')
            {
                reason = "no corerun: the registry serves none (docs/dependencies.md), STREAMCONF_CORERUN names none, and there is no C compiler to build corerun-host.c";
                return null;
            }
            var source = Path.Combine(RepoPaths.Root, "tests", "StreamConformance.Tests", "Runtimes", "corerun-host.c");
            var psi = new ProcessStartInfo(compiler, $"-O2 -o \"{destination}\" \"{source}\" -ldl") { UseShellExecute = false, RedirectStandardError = true };
            using var p = Process.Start(psi)!;
            var errors = p.StandardError.ReadToEnd();
            p.WaitForExit();
            if (p.ExitCode != 0)
            {
                reason = $"corerun-host.c did not compile with {compiler}: {errors.Split('\n')[0]}";
                return null;
            }
            return destination;
        }

        string CoreRun()
        {
            if (_coreRun == null) Assert.Ignore(_noCoreRun ?? "no corerun");
            return _coreRun!;
        }

        [Test]
        public void ATesthostFolderIsATesthostRunByItsOwnMuxer()
        {
            var target = RuntimeResolver.Resolve(_testhost);
            Assert.That(target.Kind, Is.EqualTo(RuntimeKind.Testhost));
            Assert.That(target.Origin, Is.EqualTo(RuntimeOrigin.Path));
            Assert.That(target.Version, Is.EqualTo(_installedVersion));
            Assert.That(target.DotNetRoot, Is.EqualTo(_testhost));
            Assert.That(target.HostPath, Does.StartWith(_testhost));
            var command = RuntimeLauncher.CommandFor(target);
            Assert.That(command.HostOptions, Is.EqualTo(new[] { "exec", "--fx-version", _installedVersion }));
            Assert.That(command.Environment["DOTNET_ROOT"], Is.EqualTo(_testhost));
            // Every CoreCLR probe runs one code state from the first call: no tiers, no profile (unless the user set them).
            if (Environment.GetEnvironmentVariable("DOTNET_TieredCompilation") == null)
                Assert.That(command.Environment["DOTNET_TieredCompilation"], Is.EqualTo("0"));
            if (Environment.GetEnvironmentVariable("DOTNET_TieredPGO") == null)
                Assert.That(command.Environment["DOTNET_TieredPGO"], Is.EqualTo("0"));
        }

        [Test]
        public void ACoreRootAndItsCorerunAreOneCorerunRuntime()
        {
            var corerun = CoreRun();
            foreach (var spec in new[] { _coreRoot, corerun })
            {
                var target = RuntimeResolver.Resolve(spec);
                Assert.That(target.Kind, Is.EqualTo(RuntimeKind.CoreRun), spec);
                Assert.That(target.Flavor, Is.EqualTo(RuntimeFlavor.CoreClr));
                Assert.That(target.Location, Is.EqualTo(_coreRoot));
                Assert.That(target.HostPath, Is.EqualTo(corerun));
                Assert.That(target.DotNetRoot, Is.Null);
                // The Core_Root folder has no version in its name: CoreLib's informational version, e.g. 10.0.12-servicing.x.
                Assert.That(target.Version, Does.StartWith(_installedVersion));
                var command = RuntimeLauncher.CommandFor(target);
                Assert.That(command.Host, Is.EqualTo(corerun));
                Assert.That(command.HostOptions, Is.Empty, "corerun takes the program first: corerun app.dll args");
                Assert.That(command.Environment["CORE_ROOT"], Is.EqualTo(_coreRoot));
            }
        }

        [Test]
        public void AFolderOfNoKnownKindNamesItselfAndTheKindsAccepted()
        {
            var empty = Path.Combine(_scratch, "not-a-runtime");
            Directory.CreateDirectory(empty);
            var e = Assert.Throws<InputException>(() => RuntimeResolver.Resolve(empty))!;
            Assert.That(e.Message, Does.Contain(empty).And.Contain("testhost").And.Contain("corerun").And.Contain("Mono prefix"));
            Assert.That(e.Message, Does.Not.Contain("\n"));
        }

#if NET
        [Test]
        public void MemoryStreamSweptOnTheTesthostAndOnCorerunPasses()
        {
            var options = new SweepOptions { Filter = "System.IO.MemoryStream", Checks = "budget.alloc.read-byte", Parallel = false };
            options.Runtimes.Add(RuntimeResolver.Resolve(_testhost));
            if (_coreRun != null) options.Runtimes.Add(RuntimeResolver.Resolve(_coreRoot));
            var document = new SweepRunner(options, SweepTargets.FromInventory, new ProbeLocator(RepoPaths.ProbeRoot)).Run();
            Assert.That(document.Runtimes, Has.Count.EqualTo(options.Runtimes.Count));
            foreach (var run in document.Runtimes)
            {
                Assert.That(run.Errors, Is.Empty, run.Runtime.Name);
                Assert.That(run.Runtime.Version, Does.StartWith(_installedVersion.Split('.')[0] + "."), "the probe reports the runtime it ran on");
                var results = document.Results.Where(r => r.Runtime == run.Runtime.Name && r.Check == "budget.alloc.read-byte").ToList();
                Assert.That(results, Is.Not.Empty, run.Runtime.Name);
                Assert.That(results.Select(r => r.Outcome), Is.All.EqualTo(StreamConformance.Results.Outcome.Pass), string.Join("; ", results.Select(r => r.Message)));
            }
            if (_coreRun == null) Assert.Ignore("testhost swept; corerun not: " + _noCoreRun);
        }

        [Test]
        public void TheRuntimesListingShowsEachKind()
        {
            var outcome = StreamConfProcess.Run("runtimes", "--runtime", _testhost, "--runtime", CoreRun());
            Assert.That(outcome.ExitCode, Is.EqualTo(0), outcome.StandardError);
            Assert.That(outcome.StandardOutput, Does.Contain("kind").And.Contain("testhost").And.Contain("corerun (Core_Root)").And.Contain("given path"));
        }

        [Test]
        public void APathOfNoKnownKindIsOneLineAndExit2()
        {
            var empty = Path.Combine(_scratch, "not-a-runtime-either");
            Directory.CreateDirectory(empty);
            var outcome = StreamConfProcess.Run("runtimes", "--runtime", empty);
            Assert.That(outcome.ExitCode, Is.EqualTo(2));
            Assert.That(outcome.StandardError.Trim().Split('\n'), Has.Length.EqualTo(1));
            Assert.That(outcome.StandardError, Does.Contain(empty).And.Contain("testhost").And.Contain("corerun"));
        }
#endif
    }
}
