#if NET
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Mono.Cecil;
using NUnit.Framework;
using StreamConformance.Patching;
using StreamConformance.Results;
using StreamConformance.Runtimes;
using StreamConformance.Sweep;
using StreamConformance.Tests.Isolation;

namespace StreamConformance.Tests.Patching
{
    /// <summary>
    /// The regression guard woven into copies of both installed runtimes: what ran is the woven copy (location and
    /// module version id), the budget check fails on it and passes on the A/A copy, and the installed runtimes'
    /// files are byte for byte what they were.
    /// </summary>
    [TestFixture, NonParallelizable]
    public class PatchApplyTests
    {
        string _dir = null!;
        RuntimeFingerprint _before = null!;
        readonly Dictionary<string, RuntimeTarget> _copies = new Dictionary<string, RuntimeTarget>();

        static PatchFolder Guard => PatchFolder.Load(GuardCopy.Folder);

        static IEnumerable<string> Runtimes()
        {
            yield return "dotnet";
            if (RuntimeResolver.FindOnPath("mono") != null) yield return "mono";
        }

        [OneTimeSetUp]
        public void WeaveBothKinds()
        {
            _dir = Path.Combine(Path.GetTempPath(), "streamconf-patch-" + Guid.NewGuid().ToString("N").Substring(0, 8));
            _before = RuntimeFingerprint.Take(Runtimes().Select(RuntimeResolver.Resolve));
            foreach (var name in Runtimes())
                foreach (var kind in new[] { RuntimeCopyManifest.Patched, RuntimeCopyManifest.RoundTrip })
                    _copies[name + "/" + kind] = PatchApplier.Apply(Guard, RuntimeResolver.Resolve(name), Path.Combine(_dir, name + "-" + kind), kind);
        }

        [OneTimeTearDown]
        public void InstalledRuntimesAreUnchangedAfterTheCopiesAreDeleted()
        {
            // The copies are full of links to the installed files: deleting them must remove the links, not follow them.
            if (Directory.Exists(_dir)) Directory.Delete(_dir, recursive: true);
            var after = RuntimeFingerprint.Take(Runtimes().Select(RuntimeResolver.Resolve));
            Assert.That(after.Files, Is.EqualTo(_before.Files), "an installed runtime's files changed");
        }

        [TestCaseSource(nameof(Runtimes))]
        public void TheCopyResolvesAsARuntimeAndCarriesItsManifest(string runtime)
        {
            var copy = _copies[runtime + "/" + RuntimeCopyManifest.Patched];
            var again = RuntimeResolver.Resolve(copy.Flavor == RuntimeFlavor.CoreClr ? copy.DotNetRoot! : copy.Location);
            Assert.That(again.Copy, Is.Not.Null);
            Assert.That(again.Copy!.Kind, Is.EqualTo(RuntimeCopyManifest.Patched));
            Assert.That(again.Copy.Replaced, Is.EquivalentTo(new[] { "System.IO.BufferedStream::ReadByte()", "System.IO.BufferedStream::WriteByte(System.Byte)" }));
            var rewritten = again.Copy.Assemblies.Single();
            using var module = ModuleDefinition.ReadModule(rewritten.Paths[0]);
            Assert.That(module.Mvid.ToString(), Is.EqualTo(rewritten.Mvid), "the file in the copy is the one the manifest describes");
            Assert.That(module.Attributes & ModuleAttributes.ILLibrary, Is.EqualTo((ModuleAttributes)0), "written IL-only");
            var readByte = module.GetType("System.IO.BufferedStream").Methods.Single(m => m.Name == "ReadByte");
            Assert.That(readByte.Body.Instructions.Any(i => i.OpCode.Code == Mono.Cecil.Cil.Code.Newarr), "the woven ReadByte allocates its byte[1]");
            Assert.That(new FileInfo(rewritten.Paths[0]).LinkTarget, Is.Null, "the rewritten assembly is a real file of the copy, not a link");
        }

        [Test]
        public void AnAspNetCoreAssemblyIsWrittenIntoTheCopysOwnFrameworkFolderAndTheRestLinked()
        {
            var original = RuntimeResolver.Resolve("dotnet");
            if (original.AssemblyDirectories.Count < 2) Assert.Ignore("this .NET has no ASP.NET Core shared framework beside it");
            var framework = original.AssemblyDirectories[1];
            var outDir = Path.Combine(_dir, "aspnetcore-patched");
            var copy = PatchApplier.Apply(PatchFolder.Load(ShippedPatchTests.Folder("0021")), original, outDir, RuntimeCopyManifest.Patched);
            var place = Path.Combine(outDir, "shared", "Microsoft.AspNetCore.App", Path.GetFileName(framework), "Microsoft.AspNetCore.OutputCaching.dll");
            var rewritten = copy.Copy!.Assemblies.Single();
            Assert.That(rewritten.Paths, Is.EqualTo(new[] { place }));
            Assert.That(new FileInfo(place).LinkTarget, Is.Null, "the rewritten assembly is a real file of the copy");
            using (var module = ModuleDefinition.ReadModule(place))
                Assert.That(module.Mvid.ToString(), Is.EqualTo(rewritten.Mvid));
            var sibling = new FileInfo(Path.Combine(Path.GetDirectoryName(place)!, "Microsoft.AspNetCore.dll"));
            Assert.That(sibling.LinkTarget, Is.EqualTo(RuntimeResolver.ResolveLinks(Path.Combine(framework, "Microsoft.AspNetCore.dll"))), "the framework's other files are links to the original's");
            // The installed framework is held unchanged by the teardown's fingerprint, which covers its folder.
        }

        [TestCaseSource(nameof(Runtimes))]
        public void TheAaCopyKeepsTheOriginalBodiesUnderAFreshModuleVersionId(string runtime)
        {
            var aa = _copies[runtime + "/" + RuntimeCopyManifest.RoundTrip].Copy!;
            Assert.That(aa.Replaced, Is.Empty);
            using var module = ModuleDefinition.ReadModule(aa.Assemblies.Single().Paths[0]);
            var original = RuntimeCopier.Locate(RuntimeResolver.Resolve(runtime), "/nonexistent", aa.Assemblies.Single().Name).Original;
            using var installed = ModuleDefinition.ReadModule(original);
            Assert.That(module.Mvid, Is.Not.EqualTo(installed.Mvid), "a fresh id: Mono's AOT cache must not supply the original's code");
            var body = module.GetType("System.IO.BufferedStream").Methods.Single(m => m.Name == "ReadByte").Body.Instructions.Select(i => i.OpCode.Code);
            var installedBody = installed.GetType("System.IO.BufferedStream").Methods.Single(m => m.Name == "ReadByte").Body.Instructions.Select(i => i.OpCode.Code);
            Assert.That(body, Is.EqualTo(installedBody));
        }

        [TestCaseSource(nameof(Runtimes))]
        public void TheBudgetFailsOnThePatchedCopyAndPassesOnTheAaCopyWithTheWovenFileLoaded(string runtime)
        {
            var patched = _copies[runtime + "/" + RuntimeCopyManifest.Patched].WithName("patched");
            var aa = _copies[runtime + "/" + RuntimeCopyManifest.RoundTrip].WithName("aa");
            var options = new SweepOptions { Filter = "System.IO.BufferedStream", Checks = "budget.alloc.read-byte", Parallel = false };
            options.Runtimes.Add(patched);
            options.Runtimes.Add(aa);
            var document = new SweepRunner(options, SweepTargets.FromInventory, new ProbeLocator(RepoPaths.ProbeRoot)).Run();

            var expected = runtime == "mono" ? 40 : 32; // a byte[1] on each runtime, as the allocation meter measures new byte[1]
            foreach (var (copy, name, outcome, bytes) in new[] { (patched, "patched", Outcome.Fail, expected), (aa, "aa", Outcome.Pass, 0) })
            {
                var results = document.Results.Where(r => r.Runtime == name && r.Check == "budget.alloc.read-byte").ToList();
                Assert.That(results, Is.Not.Empty, name);
                foreach (var r in results)
                {
                    Assert.That(r.Outcome, Is.EqualTo(outcome), $"{name} {r.Variant}: {r.Message}");
                    Assert.That(r.Metrics!["bytesPerCall"], Is.EqualTo(bytes), $"{name} {r.Variant}: {r.Message}");
                }
                var loaded = document.Runtimes.Single(x => x.Runtime.Name == name).Runtime.LoadedAssemblies!.Single();
                var rewritten = copy.Copy!.Assemblies.Single();
                Assert.That(loaded.Mvid, Is.EqualTo(rewritten.Mvid), name + ": the probe loaded the rewritten assembly");
                Assert.That(rewritten.Paths, Does.Contain(loaded.Location), name);
            }
        }
    }

    /// <summary>A runtime's files as bytes: every file under its class-library folders (links followed), by path and hash.</summary>
    sealed class RuntimeFingerprint
    {
        public SortedDictionary<string, string> Files { get; } = new SortedDictionary<string, string>(StringComparer.Ordinal);

        public static RuntimeFingerprint Take(IEnumerable<RuntimeTarget> runtimes)
        {
            var print = new RuntimeFingerprint();
            using var sha = System.Security.Cryptography.SHA256.Create();
            foreach (var runtime in runtimes)
            {
                var folders = runtime.AssemblyDirectories.Take(runtime.Flavor == RuntimeFlavor.Mono ? 1 : runtime.AssemblyDirectories.Count).ToList();
                if (runtime.Flavor == RuntimeFlavor.Mono) folders.Add(Path.Combine(runtime.Location, "lib", "mono", "gac"));
                if (runtime.HostPath != null) print.Add(sha, runtime.HostPath);
                foreach (var folder in folders)
                    foreach (var file in Directory.EnumerateFiles(folder, "*", SearchOption.AllDirectories))
                        print.Add(sha, file);
            }
            return print;
        }

        void Add(System.Security.Cryptography.HashAlgorithm sha, string file)
        {
            using var stream = File.OpenRead(file);
            Files[file] = Convert.ToHexString(sha.ComputeHash(stream));
        }
    }
}
#endif
