#if NET
using System;
using System.IO;
using System.Linq;
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
        public void ALibraryTypesCommandSweepsTheAssemblyThatHoldsIt()
        {
            // A run over two user assemblies: the command names the one the type came from, else it would sweep the runtime.
            var doc = new RunDocument { ToolVersion = "0.1.0.0", StartedAt = DateTimeOffset.UtcNow };
            doc.Options["assemblies"] = "libs/Acme.Streams.dll;libs/Acme.Other.dll";
            var run = new RuntimeRun { Runtime = new RuntimeInfo { Name = "dotnet", Flavor = "coreclr", Version = "10.0.12", Path = "/usr" } };
            run.Assemblies = new System.Collections.Generic.SortedDictionary<string, System.Collections.Generic.List<string>>
            {
                ["Acme.Other"] = new System.Collections.Generic.List<string> { "Acme.Other.PipeStream" },
                ["Acme.Streams"] = new System.Collections.Generic.List<string> { "Acme.Streams.QueueStream" },
            };
            doc.Runtimes.Add(run);
            var result = new CheckResult
            {
                Runtime = "dotnet", Type = "Acme.Streams.QueueStream", Variant = "new QueueStream()", Check = "edge.argument-validation", Outcome = Outcome.Fail,
                Message = "Read(null, 0, 1): expected ArgumentNullException, nothing was thrown",
            };
            var text = FindingIssue.Render(FindingBuilder.Build(new[] { result }).Single(), doc);
            Assert.That(text, Does.Contain("./build.sh run sweep --runtime dotnet --assembly 'libs/Acme.Streams.dll' --filter 'Acme.Streams.QueueStream' --checks 'edge.argument-validation'"));
            Assert.That(FindingIssue.Render(FindingBuilder.Build(new[] { result }).Single(), new RunDocument()), Does.Contain("--runtime dotnet --filter"), "a runtime's own type: no --assembly");
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
