#if NET
using System;
using System.IO;
using System.Linq;
using NUnit.Framework;

namespace StreamConformance.Tests.Cli
{
    /// <summary>
    /// Every kind of bad input gets exit code 2 and one line naming the input at fault, and leaves no report
    /// file behind (docs/reliability.md lists these).
    /// </summary>
    [TestFixture, NonParallelizable]
    public class BadInputTests
    {
        string _dir = null!;

        [OneTimeSetUp]
        public void Folder()
        {
            _dir = Path.Combine(Path.GetTempPath(), "streamconf-badinput-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(_dir);
        }

        [OneTimeTearDown]
        public void Cleanup() => Directory.Delete(_dir, recursive: true);

        string File(string name, string content)
        {
            var path = Path.Combine(_dir, name);
            System.IO.File.WriteAllText(path, content);
            return path;
        }

        static void AssertBadInput(StreamConfProcess.Outcome outcome, string mustName) => StreamConfProcess.AssertBadInput(outcome, mustName);

        [Test]
        public void RecordingAPatchWithNothingToRecord()
        {
            var folder = Path.Combine(StreamConformance.Tests.Isolation.RepoPaths.Root, "patches", "0016-zip-entry-stream-flush-read-only");
            AssertBadInput(StreamConfProcess.Run("patch", "test", folder, "--record"), "names no repro and no test");
        }

        [Test]
        public void UnknownRuntimeName() => AssertBadInput(StreamConfProcess.Run("inventory", "--runtime", "coreclr9"), "'coreclr9'");

        [Test]
        public void PathThatIsNotARuntime() => AssertBadInput(StreamConfProcess.Run("inventory", "--runtime", _dir), _dir);

        [Test]
        public void RuntimePathThatDoesNotExist()
        {
            var missing = Path.Combine(_dir, "no-such-runtime");
            AssertBadInput(StreamConfProcess.Run("sweep", "--runtime", missing), missing);
        }

        [Test]
        public void AssemblyThatDoesNotExist()
        {
            var missing = Path.Combine(_dir, "missing.dll");
            AssertBadInput(StreamConfProcess.Run("inventory", "--assembly", missing), missing);
        }

        [Test]
        public void AssemblyThatIsNotDotNet()
        {
            var text = File("notes.dll", "this is not an assembly");
            AssertBadInput(StreamConfProcess.Run("inventory", "--assembly", text), text);
        }

        [Test]
        public void MalformedExpectationsFileNamesLineAndColumn()
        {
            var path = File("expect.json", "{ \"schemaVersion\": 1, \"expectations\": [ { \"type\": \"T\", \"check\": \"c\" } ] }");
            var outcome = StreamConfProcess.Run("sweep", "--runtime", "dotnet", "--filter", "No.Such.Type", "--expectations", path);
            AssertBadInput(outcome, path + ":1:41: an expectation needs 'reason'");
        }

        [Test]
        public void SweepOfOnlyUnusableAssembliesIsAnInputError()
        {
            var text = File("only.dll", "this is not an assembly either");
            AssertBadInput(StreamConfProcess.Run("sweep", "--runtime", "dotnet", "--assembly", text), text);
        }

        [Test]
        public void TruncatedAssembly()
        {
            var real = System.IO.File.ReadAllBytes(typeof(BadInputTests).Assembly.Location);
            var path = Path.Combine(_dir, "truncated.dll");
            System.IO.File.WriteAllBytes(path, real.Take(real.Length / 3).ToArray());
            AssertBadInput(StreamConfProcess.Run("inventory", "--assembly", path), path);
        }

        [Test]
        public void OneBadAssemblyInABatchDoesNotLoseTheOthers()
        {
            var bad = File("bad.dll", "garbage");
            var json = Path.Combine(_dir, "batch.json");
            var outcome = StreamConfProcess.Run("inventory", "--assembly", bad, "--assembly", typeof(BadInputTests).Assembly.Location, "--json", json);
            AssertBadInput(outcome, bad);
            Assert.That(System.IO.File.ReadAllText(json), Does.Contain("StreamConformance.Tests"), "the good assembly is still inventoried");
        }

        [Test]
        public void MalformedBudgetFileNamesLineAndColumn()
        {
            var budgets = File("budgets.json", "{\n  \"schemaVersion\": 1,\n  \"defaults\": { \"buffered\": { \"*\": { \"bytesPerCall\": \"zero\" } } }\n}\n");
            var json = Path.Combine(_dir, "not-written.json");
            var outcome = StreamConfProcess.Run("sweep", "--runtime", "dotnet", "--budgets", budgets, "--json", json);
            AssertBadInput(outcome, budgets + ":3:");
            Assert.That(System.IO.File.Exists(json), Is.False, "nothing half-written");
        }

        [Test]
        public void CompareRefusesANonJsonFile()
        {
            var text = File("report.txt", "not json at all");
            AssertBadInput(StreamConfProcess.Run("compare", text, text), text);
        }

        [Test]
        public void CompareRefusesDifferentSchemaVersions()
        {
            var v1 = File("v1.json", "{\"schemaVersion\": 1, \"runtimes\": [], \"results\": []}");
            var v9 = File("v9.json", "{\"schemaVersion\": 9, \"runtimes\": [], \"results\": []}");
            AssertBadInput(StreamConfProcess.Run("compare", v1, v9), v9);
        }

        [Test]
        public void CompareRefusesAMissingFile()
        {
            var missing = Path.Combine(_dir, "gone.json");
            AssertBadInput(StreamConfProcess.Run("compare", missing, missing), missing);
        }

        [Test]
        public void CompareNamesAMissingExtraRun()
        {
            var v1 = File("v1.json", "{\"schemaVersion\": 1, \"runtimes\": [], \"results\": []}");
            var missing = Path.Combine(_dir, "gone-too.json");
            AssertBadInput(StreamConfProcess.Run("compare", v1, v1, "--baseline-run", v1, "--candidate-run", missing), missing);
        }

        [Test]
        public void OutputPathThatCannotBeWritten()
        {
            var target = Path.Combine(_dir, "no-such-folder", "out.json");
            AssertBadInput(StreamConfProcess.Run("sweep", "--runtime", "dotnet", "--filter", "System.IO.MemoryStream", "--json", target), target);
        }

        [Test]
        public void UnknownOption() => Assert.That(StreamConfProcess.Run("sweep", "--no-such-option").ExitCode, Is.EqualTo(2));

        [Test]
        public void BadTimeout() => AssertBadInput(StreamConfProcess.Run("sweep", "--timeout", "-1"), "-1");
    }
}
#endif
