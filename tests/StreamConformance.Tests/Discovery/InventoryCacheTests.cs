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
        string _assembly = null!;
        RuntimeTarget _runtime = null!;
        InventoryCache _cache = null!;

        /// <summary>A copy of a user assembly in a folder of its own, and an empty cache beside it.</summary>
        [SetUp]
        public void MakeFolder()
        {
            _folder = Path.Combine(Path.GetTempPath(), "streamconf-inventory-cache-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(Path.Combine(_folder, "lib"));
            _assembly = Path.Combine(_folder, "lib", "FaultyStreams.dll");
            File.Copy(RepoPaths.FaultyStreams(RepoPaths.OnMono ? "net472" : "net10.0"), _assembly);
            _runtime = RepoPaths.OnMono ? RuntimeResolver.Resolve("mono") : RuntimeResolver.Resolve("dotnet");
            _cache = new InventoryCache(Path.Combine(_folder, "cache"));
        }

        [TearDown]
        public void RemoveFolder() => Directory.Delete(_folder, recursive: true);

        [Test]
        public void AnInventoryIsTakenFromTheCacheUntilAFileItWasReadFromChanges()
        {
            var fresh = InventoryReader.ReadAssembly(_assembly, _runtime, _cache);
            var stored = Directory.GetFiles(_cache.Directory, "*.json").Single();
            Assert.That(JsonConvert.SerializeObject(InventoryReader.ReadAssembly(_assembly, _runtime)), Is.EqualTo(JsonConvert.SerializeObject(fresh)),
                "the same inventory as without a cache");

            // Mark the stored copy: a second read that returns the mark was served from the cache, not read again.
            var marked = JObject.Parse(File.ReadAllText(stored));
            ((JArray)marked["types"]!)[0]!["fullName"] = "Marked.FromTheCache";
            File.WriteAllText(stored, marked.ToString());
            var again = InventoryReader.ReadAssembly(_assembly, _runtime, _cache);
            Assert.That(again.Types.Select(t => t.FullName), Does.Contain("Marked.FromTheCache"));

            File.SetLastWriteTimeUtc(_assembly, File.GetLastWriteTimeUtc(_assembly).AddMinutes(-5));
            var afterChange = InventoryReader.ReadAssembly(_assembly, _runtime, _cache);
            Assert.That(afterChange.Types.Select(t => t.FullName), Does.Not.Contain("Marked.FromTheCache"), "a changed file is read afresh");
            Assert.That(afterChange.Types.Select(t => t.FullName), Is.EqualTo(fresh.Types.Select(t => t.FullName)));
            Assert.That(Directory.GetFiles(_cache.Directory, "*.json"), Has.Length.EqualTo(2), "stored under a new key");
        }

        [Test]
        public void AStoredFileThatDoesNotParseIsReadAfresh()
        {
            var fresh = InventoryReader.ReadAssembly(_assembly, _runtime, _cache);
            var stored = Directory.GetFiles(_cache.Directory, "*.json").Single();
            File.WriteAllText(stored, "{ \"types\": [ half");
            Assert.That(InventoryReader.ReadAssembly(_assembly, _runtime, _cache).Types.Select(t => t.FullName), Is.EqualTo(fresh.Types.Select(t => t.FullName)));
            Assert.That(JObject.Parse(File.ReadAllText(stored))["types"], Is.Not.Null, "stored again, whole");
        }
    }
}
