#if NET
using System;
using System.IO;
using NUnit.Framework;
using StreamConformance.Reports;
using StreamConformance.Results;
using StreamConformance.Tests.Cli;

namespace StreamConformance.Tests.Compare
{
    /// <summary>`streamconf compare` end to end: the PR comment it writes, and one line with exit 2 for bad input.</summary>
    [TestFixture, NonParallelizable]
    public class CompareCommandTests
    {
        string _dir = null!;

        [OneTimeSetUp]
        public void Folder()
        {
            _dir = Path.Combine(Path.GetTempPath(), "streamconf-compare-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(_dir);
        }

        [OneTimeTearDown]
        public void Cleanup() => Directory.Delete(_dir, recursive: true);

        string Run(string name, double bytes)
        {
            var doc = new RunDocument();
            doc.Results.Add(new CheckResult { Runtime = "dotnet", Type = "Planted.Stream", Variant = "default", Check = "budget.alloc.read-array-100", Outcome = Outcome.Pass }
                .WithMetric("bytesPerCall", bytes).WithMetric(MetricNames.Exact, 1));
            var path = Path.Combine(_dir, name);
            using var w = new StreamWriter(path);
            new JsonExporter().Export(RunAnalysis.Of(doc), w);
            return path;
        }

        static void AssertBadInput(StreamConfProcess.Outcome outcome, string mustName) => StreamConfProcess.AssertBadInput(outcome, mustName);

        [Test]
        public void ARegressionExitsOneAndWritesThePullRequestComment()
        {
            var markdown = Path.Combine(_dir, "comment.md");
            var outcome = StreamConfProcess.Run("compare", Run("before.json", 0), Run("after.json", 32), "--markdown", markdown);
            Assert.That(outcome.ExitCode, Is.EqualTo(1), outcome.StandardError + outcome.StandardOutput);
            Assert.That(outcome.StandardOutput, Does.Contain("1 regression, 0 improvements"));
            Assert.That(File.ReadAllLines(markdown)[0], Does.StartWith("**streamconf compare**: 1 regression"));
            Assert.That(File.ReadAllText(markdown), Does.Contain("bytesPerCall: 0 → 32"));
        }

        [Test]
        public void AJsonFileThatIsNotARunIsOneLine()
        {
            var other = Path.Combine(_dir, "package.json");
            File.WriteAllText(other, "{\"name\": \"not a run\"}");
            AssertBadInput(StreamConfProcess.Run("compare", other, Run("ok.json", 0)), other);
        }

        [Test]
        public void ANegativeNoiseFloorIsOneLine() =>
            AssertBadInput(StreamConfProcess.Run("compare", Run("a.json", 0), Run("b.json", 0), "--noise", "-1"), "--noise");

        [Test]
        public void AMarkdownPathInAMissingFolderIsOneLineAndNothingIsCompared()
        {
            var bad = Path.Combine(_dir, "no-such-folder", "comment.md");
            AssertBadInput(StreamConfProcess.Run("compare", Run("c.json", 0), Run("d.json", 32), "--markdown", bad), bad);
        }
    }
}
#endif
