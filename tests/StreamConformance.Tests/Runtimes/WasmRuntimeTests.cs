using System;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Discovery;
using StreamConformance.Runtimes;
#if NET
using StreamConformance.Tests.Cli;
#endif

namespace StreamConformance.Tests.Runtimes
{
    /// <summary>
    /// dotnet/runtime's Mono for WebAssembly as a runtime flavour: the browser-wasm runtime packs of <c>./build.sh
    /// runtimes</c> (artifacts/wasm-runtimes) named by version or by path, and read by the inventory. Skipped, with the
    /// reason, where the packs are not there.
    /// </summary>
    [TestFixture]
    public class WasmRuntimeTests
    {
        static RuntimeTarget Pack(string spec)
        {
            if (WasmRuntimePacks.FindPrivateRoot() == null)
                Assert.Ignore($"no {WasmRuntimePacks.PrivateRootRelative} (./build.sh runtimes restores the WebAssembly runtime packs there)");
            try { return RuntimeResolver.Resolve(spec); }
            catch (InputException e) { Assert.Ignore($"runtime '{spec}' is not available here: {e.Message}"); throw; }
        }

        static readonly Lazy<StreamInventory> s_inventory10 = new Lazy<StreamInventory>(() => InventoryReader.Read(RuntimeResolver.Resolve("wasm-10.0")));

        [TestCase("wasm-8.0", "8.0.")]
        [TestCase("wasm-9.0", "9.0.")]
        [TestCase("wasm-10.0", "10.0.")]
        public void AVersionResolvesToThePrivatePack(string spec, string versionPrefix)
        {
            var target = Pack(spec);
            Assert.That(target.Flavor, Is.EqualTo(RuntimeFlavor.Wasm));
            Assert.That(target.Kind, Is.EqualTo(RuntimeKind.WasmPack));
            Assert.That(target.Origin, Is.EqualTo(RuntimeOrigin.Private));
            Assert.That(target.Version, Does.StartWith(versionPrefix), "the version CoreLib carries");
            Assert.That(target.Name, Is.EqualTo(spec));
            // CoreLib first (it sits in native/), then the class library of the pack's newest lib/netX.0.
            Assert.That(target.AssemblyDirectories.Select(Path.GetFileName), Is.EqualTo(new[] { "native", "net" + versionPrefix.TrimEnd('.') }));
            // Node is the host (the probe's module runs under it); without Node on PATH the pack is metadata only.
            Assert.That(target.HostPath, Is.EqualTo(WasmRuntimePacks.FindNode()));
            Assert.That(target.CanRunProbe, Is.EqualTo(WasmRuntimePacks.FindNode() != null));
        }

        [Test]
        public void WasmAloneIsTheNewestPack()
        {
            var newest = Pack("wasm");
            Assert.That(newest.Flavor, Is.EqualTo(RuntimeFlavor.Wasm));
            var all = WasmRuntimePacks.Available().ToList();
            Assert.That(all.Select(t => Version.Parse(t.Version)).Max(), Is.EqualTo(Version.Parse(newest.Version)));
            Assert.That(RuntimeResolver.Available().Where(t => t.Flavor == RuntimeFlavor.Wasm).Select(t => t.Name), Is.EquivalentTo(all.Select(t => t.Name)));
        }

        [Test]
        public void APackGivenAsAPathIsAGivenPathWhicheverFolderOfItIsNamed()
        {
            var pack = Pack("wasm");
            var versionFolder = Path.GetFullPath(Path.Combine(pack.Location, "..", ".."));
            foreach (var path in new[] { versionFolder, pack.Location, Path.Combine(pack.Location, "native"), pack.AssemblyDirectories[1] })
            {
                var target = RuntimeResolver.Resolve(path);
                Assert.That(target.Flavor, Is.EqualTo(RuntimeFlavor.Wasm), path + ": its native/ holds a CoreLib too, and is not a CoreCLR framework");
                Assert.That(target.Origin, Is.EqualTo(RuntimeOrigin.Path), path);
                Assert.That(target.Location, Is.EqualTo(pack.Location), path);
                Assert.That(target.Version, Is.EqualTo(pack.Version), path);
            }
        }

        [Test]
        public void AVersionThatIsNotThereNamesItAndWhatIs()
        {
            Pack("wasm");
            var e = Assert.Throws<InputException>(() => RuntimeResolver.Resolve("wasm-7.0"))!;
            Assert.That(e.Message, Does.Contain("'wasm-7.0'").And.Contain("10.0."));
        }

        [TestCase("wasm-")]
        [TestCase("wasm-ten")]
        [TestCase("wasm-10.0.12.1")]
        public void AMalformedNameIsBadInput(string spec)
        {
            var e = Assert.Throws<InputException>(() => RuntimeResolver.Resolve(spec))!;
            Assert.That(e.Message, Does.Contain($"'{spec}'"));
        }

        [Test]
        public void AFolderThatOnlyLooksLikeAPackIsNotOne()
        {
            var dir = Path.Combine(Path.GetTempPath(), "streamconf-wasm-" + Guid.NewGuid().ToString("N"));
            try
            {
                // A browser-wasm folder with native/CoreLib but no lib/netX.0: not a pack, and not a CoreCLR framework either.
                var native = Directory.CreateDirectory(Path.Combine(dir, "runtimes", "browser-wasm", "native")).FullName;
                File.Copy(typeof(object).Assembly.Location, Path.Combine(native, "System.Private.CoreLib.dll"));
                Assert.That(WasmRuntimePacks.PackFolder(dir), Is.Null);
                Directory.CreateDirectory(Path.Combine(dir, "runtimes", "browser-wasm", "lib", "net10.0"));
                Assert.That(WasmRuntimePacks.PackFolder(dir), Is.EqualTo(Path.Combine(dir, "runtimes", "browser-wasm")));
            }
            finally { Directory.Delete(dir, true); }
        }

        [Test]
        public void TheInventoryReadsCoreLibAndTheClassLibrary()
        {
            Pack("wasm-10.0");
            var inventory = s_inventory10.Value;
            Assert.That(inventory.Errors, Is.Empty);
            Assert.That(inventory.Stream, Is.Not.Null, "System.IO.Stream, from the CoreLib under native/");
            var names = inventory.Types.Select(t => t.Assembly + ":" + t.FullName).ToList();
            Assert.That(names, Does.Contain("System.Private.CoreLib:System.IO.MemoryStream")
                .And.Contain("System.Private.CoreLib:System.IO.UnmanagedMemoryStream")
                .And.Contain("System.IO.Compression:System.IO.Compression.DeflateStream")
                .And.Contain("System.Security.Cryptography:System.Security.Cryptography.CryptoStream"));
        }

        [Test]
        public void Seed002OnWasmAStreamThatInheritsReadByteIsFlagged()
        {
            Pack("wasm-10.0");
            // Stream.ReadByte allocates a byte[1] per call on every runtime; a type that inherits it gets the hazard.
            var inheriting = s_inventory10.Value.Types.Where(t => t.IsConcrete && t.ProviderOf(StreamMembers.ReadByte) == "System.IO.Stream").ToList();
            Assert.That(inheriting, Is.Not.Empty);
            foreach (var t in inheriting)
                Assert.That(t.Hazards.Any(h => h.Kind == HazardKinds.AllocatesPerCall && h.Member == StreamMembers.ReadByte), t.FullName);
            var memory = s_inventory10.Value.Types.Single(t => t.FullName == "System.IO.MemoryStream");
            Assert.That(memory.ProviderOf(StreamMembers.ReadByte), Is.EqualTo("System.IO.MemoryStream"));
        }

#if NET
        [Test]
        public void AScenarioOnTheFlavourIsBadInputThatPointsAtTheSweep()
        {
            // The probe runs checks and patched copies on WebAssembly; scenarios do not run there yet.
            Pack("wasm");
            StreamConfProcess.AssertBadInput(StreamConfProcess.Run("scenario", "all", "--runtime", "wasm"), "sweep can");
        }

        [Test]
        public void APackFolderWithoutItsFileListIsBadInputNamingIt()
        {
            // A probe is built against a pack given by its folder from its data/RuntimeList.xml; without it, one line.
            var pack = Pack("wasm").Location;
            var folder = Path.Combine(Path.GetTempPath(), "streamconf-no-list-" + Guid.NewGuid().ToString("N").Substring(0, 8));
            try
            {
                var copy = Path.Combine(folder, "runtimes", "browser-wasm");
                foreach (var sub in new[] { "native", "lib" })
                    foreach (var file in Directory.EnumerateFiles(Path.Combine(pack, sub), "*.dll", SearchOption.AllDirectories))
                    {
                        var to = Path.Combine(copy, sub, Path.GetRelativePath(Path.Combine(pack, sub), file));
                        Directory.CreateDirectory(Path.GetDirectoryName(to)!);
                        File.CreateSymbolicLink(to, file);
                    }
                StreamConfProcess.AssertBadInput(StreamConfProcess.Run("sweep", "--runtime", folder, "--filter", "System.IO.MemoryStream"), "data/RuntimeList.xml");
            }
            finally { Directory.Delete(folder, recursive: true); }
        }

        [Test]
        public void RuntimesListsThePacks()
        {
            Pack("wasm");
            var outcome = StreamConfProcess.Run("runtimes", "--runtime", "wasm-9.0");
            Assert.That(outcome.ExitCode, Is.Zero, outcome.StandardError);
            Assert.That(outcome.StandardOutput, Does.Contain("wasm-9.0").And.Contain("Wasm").And.Contain("browser-wasm runtime").And.Contain("9.0."));
        }
#endif
    }
}
