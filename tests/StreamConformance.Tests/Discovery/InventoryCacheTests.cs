using System;
using System.IO;
using System.Linq;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using StreamConformance.Discovery;
using StreamConformance.Runtimes;
using StreamConformance.Tests.Isolation;

namespace StreamConformance.Tests.Discovery
{
    /// <summary>
    /// An inventory read once is taken from the cache while nothing it was read from changed, and read afresh when a file
    /// did: a copy of a user assembly in a folder of its own, its write time moved.
    /// </summary>
    [TestFixture]
    public sealed class InventoryCacheTests
    {
        string _folder = null!;

        [SetUp]
        public void MakeFolder()
        {
            _folder = Path.Combine(Path.GetTempPath(), "streamconf-inventory-cache-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(Path.Combine(_folder, "lib"));
        }

        [TearDown]
        public void RemoveFolder() => Directory.Delete(_folder, recursive: true);

        [Test]
        public void AnInventoryIsTakenFromTheCacheUntilAFileItWasReadFromChanges()
        {
            var assembly = Path.Combine(_folder, "lib", "FaultyStreams.dll");
            File.Copy(RepoPaths.FaultyStreams(RepoPaths.OnMono ? "net472" : "net10.0"), assembly);
            var runtime = RepoPaths.OnMono ? RuntimeResolver.Resolve("mono") : RuntimeResolver.Resolve("dotnet");
            var cache = new InventoryCache(Path.Combine(_folder, "cache"));

            var fresh = InventoryReader.ReadAssembly(assembly, runtime, cache);
            var stored = Directory.GetFiles(cache.Directory, "*.json").Single();
            Assert.That(JsonConvert.SerializeObject(InventoryReader.ReadAssembly(assembly, runtime)), Is.EqualTo(JsonConvert.SerializeObject(fresh)),
                "the same inventory as without a cache");

            // Mark the stored copy: a second read that returns the mark was served from the cache, not read again.
            var marked = JObject.Parse(File.ReadAllText(stored));
            ((JArray)marked["types"]!)[0]!["fullName"] = "Marked.FromTheCache";
            File.WriteAllText(stored, marked.ToString());
            var again = InventoryReader.ReadAssembly(assembly, runtime, cache);
            Assert.That(again.Types.Select(t => t.FullName), Does.Contain("Marked.FromTheCache"));

            File.SetLastWriteTimeUtc(assembly, File.GetLastWriteTimeUtc(assembly).AddMinutes(-5));
            var afterChange = InventoryReader.ReadAssembly(assembly, runtime, cache);
            Assert.That(afterChange.Types.Select(t => t.FullName), Does.Not.Contain("Marked.FromTheCache"), "a changed file is read afresh");
            Assert.That(afterChange.Types.Select(t => t.FullName), Is.EqualTo(fresh.Types.Select(t => t.FullName)));
            Assert.That(Directory.GetFiles(cache.Directory, "*.json"), Has.Length.EqualTo(2), "stored under a new key");
        }

        [Test]
        public void AStoredFileThatDoesNotParseIsReadAfresh()
        {
            var assembly = Path.Combine(_folder, "lib", "FaultyStreams.dll");
            File.Copy(RepoPaths.FaultyStreams(RepoPaths.OnMono ? "net472" : "net10.0"), assembly);
            var runtime = RepoPaths.OnMono ? RuntimeResolver.Resolve("mono") : RuntimeResolver.Resolve("dotnet");
            var cache = new InventoryCache(Path.Combine(_folder, "cache"));
            var fresh = InventoryReader.ReadAssembly(assembly, runtime, cache);
            var stored = Directory.GetFiles(cache.Directory, "*.json").Single();
            File.WriteAllText(stored, "{ \"types\": [ half");
            Assert.That(InventoryReader.ReadAssembly(assembly, runtime, cache).Types.Select(t => t.FullName), Is.EqualTo(fresh.Types.Select(t => t.FullName)));
            Assert.That(JObject.Parse(File.ReadAllText(stored))["types"], Is.Not.Null, "stored again, whole");
        }
    }
}
