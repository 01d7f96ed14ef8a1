#if NET
using System;
using System.IO;
using NUnit.Framework;
using StreamConformance.Findings;
using StreamConformance.Reports;
using StreamConformance.Results;

namespace StreamConformance.Tests.Cli
{
    /// <summary>`report RESULT.json --finding ID`: one finding as issue-ready text, from a saved run.</summary>
    public class ReportFindingTests
    {
        static string SavedRun()
        {
            var doc = new RunDocument { ToolVersion = "0.1.0.0", StartedAt = DateTimeOffset.UtcNow };
            doc.Runtimes.Add(new RuntimeRun { Runtime = new RuntimeInfo { Name = "mono", Flavor = "mono", Version = "6.8.0.105", Path = "/usr" } });
            foreach (var variant in new[] { "compress", "decompress" })
                doc.Results.Add(new CheckResult
                {
                    Runtime = "mono", Type = "System.IO.Compression.DeflateStream", Variant = variant, Check = "budget.alloc.read-byte", Outcome = Outcome.Fail,
                    Message = "ReadByte allocates 40 B/call, budget 16 B (default for unbuffered streams)",
                }.WithMetric("bytesPerCall", 40).WithMetric("budget", 16));
            var path = Path.Combine(Path.GetTempPath(), "streamconf-report-" + Guid.NewGuid().ToString("N") + ".json");
            using (var writer = new StreamWriter(path)) new JsonExporter().Export(RunAnalysis.Of(doc), writer);
            return path;
        }

        [Test]
        public void AFindingPrintsAsAnIssueWithTheCommandThatShowsItAgain()
        {
            var path = SavedRun();
            try
            {
                var id = FindingBuilder.IdOf("mono", "System.IO.Compression.DeflateStream", "budget.alloc.read-byte");
                var outcome = StreamConfProcess.Run("report", path, "--finding", id);
                Assert.That(outcome.ExitCode, Is.EqualTo(0), outcome.StandardError);
                Assert.That(outcome.StandardOutput, Does.StartWith("# DeflateStream.ReadByte allocates 40 B per call (budget 16 B) (2 recipes)"));
                Assert.That(outcome.StandardOutput, Does.Contain("member: `ReadByte`").And.Contain("| decompress | budget.alloc.read-byte | fail |")
                    .And.Contain("mono (mono 6.8.0.105)")
                    .And.Contain("./build.sh run sweep --runtime mono --filter 'System.IO.Compression.DeflateStream' --checks 'budget.alloc.read-byte'"));

                var unknown = StreamConfProcess.Run("report", path, "--finding", "SC000000");
                Assert.That(unknown.ExitCode, Is.EqualTo(2));
                Assert.That(unknown.StandardError.Trim(), Does.StartWith("streamconf: --finding: no finding SC000000 in " + path));
            }
            finally
            {
                File.Delete(path);
            }
        }
    }
}
#endif
