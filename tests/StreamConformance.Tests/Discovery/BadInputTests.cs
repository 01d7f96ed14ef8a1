using System;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Discovery;

namespace StreamConformance.Tests.Discovery
{
    public class BadInputTests
    {
        string _dir = "";
        static string Good => typeof(BadInputTests).Assembly.Location;

        [SetUp]
        public void CreateFolder()
        {
            _dir = Path.Combine(Path.GetTempPath(), "streamconf-inventory-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(_dir);
        }

        [TearDown]
        public void DeleteFolder()
        {
            if (Directory.Exists(_dir)) Directory.Delete(_dir, recursive: true);
        }

        string TextFileNamedDll()
        {
            var path = Path.Combine(_dir, "notes.dll");
            File.WriteAllText(path, "this is a text file, not an assembly\n");
            return path;
        }

        string Truncated(double fraction)
        {
            var bytes = File.ReadAllBytes(Good);
            var path = Path.Combine(_dir, $"truncated-{fraction}.dll");
            File.WriteAllBytes(path, bytes.Take((int)(bytes.Length * fraction)).ToArray());
            return path;
        }

        static void AssertOneLineNaming(InputException e, string path)
        {
            Assert.That(e.Message, Does.Contain(path));
            Assert.That(e.Message, Does.Not.Contain("\n"));
        }

        [Test]
        public void MissingPathIsInputError()
        {
            var path = Path.Combine(_dir, "missing.dll");
            var e = Assert.Throws<InputException>(() => InventoryReader.ReadAssembly(path))!;
            AssertOneLineNaming(e, path);
            Assert.That(e.Message, Does.Contain("does not exist"));
        }

        [Test]
        public void TextFileIsInputError()
        {
            var path = TextFileNamedDll();
            var e = Assert.Throws<InputException>(() => InventoryReader.ReadAssembly(path))!;
            AssertOneLineNaming(e, path);
            Assert.That(e.Message, Does.Contain("not a .NET assembly"));
        }

        [TestCase(0.5)]
        [TestCase(0.1)]
        public void TruncatedAssemblyIsInputError(double fraction)
        {
            var path = Truncated(fraction);
            var e = Assert.Throws<InputException>(() => InventoryReader.ReadAssembly(path))!;
            AssertOneLineNaming(e, path);
            Assert.That(e.Message, Does.Contain("not a readable .NET assembly"));
            TestContext.Out.WriteLine(e.Message);
        }

        [Test]
        public void EmptyFolderIsInputError()
        {
            var e = Assert.Throws<InputException>(() => InventoryReader.ReadAssembly(_dir))!;
            AssertOneLineNaming(e, _dir);
        }

        [Test]
        public void FolderOfNonAssembliesIsInputError()
        {
            TextFileNamedDll();
            var e = Assert.Throws<InputException>(() => InventoryReader.ReadAssembly(_dir))!;
            AssertOneLineNaming(e, _dir);
        }

        [Test]
        public void SingleInputToBatchIsStrict()
        {
            var path = TextFileNamedDll();
            Assert.Throws<InputException>(() => InventoryReader.ReadAssemblies(new[] { path }));
        }

        [Test]
        public void BatchRecordsTheBadOneAndReadsTheGoodOne()
        {
            var bad = TextFileNamedDll();
            var missing = Path.Combine(_dir, "missing.dll");
            var inventory = InventoryReader.ReadAssemblies(new[] { bad, Good, missing });
            Assert.That(inventory.Errors.Select(e => e.Path), Is.EquivalentTo(new[] { bad, missing }));
            Assert.That(inventory.Errors.All(e => e.Message.Contains(e.Path)), Is.True);
            Assert.That(inventory.Assemblies, Is.EqualTo(new[] { Path.GetFullPath(Good) }));
            Assert.That(inventory.Types.Any(t => t.FullName == typeof(Synthetic.AllocatingReadByteStream).FullName), Is.True);
            Assert.That(inventory.Totals.Errors, Is.EqualTo(2));
        }

        [Test]
        public void FolderWithAGoodAndABadAssemblyRecordsTheBadOne()
        {
            var bad = TextFileNamedDll();
            var copy = Path.Combine(_dir, Path.GetFileName(Good));
            File.Copy(Good, copy);
            var inventory = InventoryReader.ReadAssembly(_dir);
            Assert.That(inventory.Errors.Single().Path, Is.EqualTo(bad));
            Assert.That(inventory.Assemblies, Is.EqualTo(new[] { copy }));
            Assert.That(inventory.Types, Is.Not.Empty);
            // Read into memory: the copy is not held open or locked.
            File.Delete(copy);
        }

        [Test]
        public void RuntimeFormSkipsNonAssembliesSilently()
        {
            TextFileNamedDll();
            var copy = Path.Combine(_dir, Path.GetFileName(Good));
            File.Copy(Good, copy);
            var inventory = InventoryReader.Read("folder", Directory.GetFiles(_dir));
            Assert.That(inventory.Errors, Is.Empty);
            Assert.That(inventory.Assemblies, Is.EqualTo(new[] { copy }));
            Assert.That(inventory.Runtime, Is.EqualTo("folder"));
        }
    }
}
