#if NET
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Findings;
using StreamConformance.Patching;
using StreamConformance.Reports;
using StreamConformance.Results;
using StreamConformance.Tests.Cli;
using StreamConformance.Tests.Isolation;

namespace StreamConformance.Tests.Patching
{
    /// <summary>
    /// A finding's issue text names the shipped patch that fixes it: same runtime flavor, its type among the patch's
    /// measured types, the patch's headline check among the finding's checks; guards and other runtimes fix nothing.
    /// </summary>
    public class CandidateFixTests
    {
        static readonly PatchIndex Shipped = PatchIndex.Of(Path.Combine(RepoPaths.Root, "patches"));

        static CheckResult Fail(string runtime, string type, string variant, string check) =>
            new CheckResult { Runtime = runtime, Type = type, Variant = variant, Check = check, Outcome = Outcome.Fail, Message = "m" };

        [Test]
        public void EachCandidateIsFoundByTheFindingItFixesAndNoOther()
        {
            Assert.That(Shipped.Fixes("coreclr", "System.Net.RequestStream", new[] { "dispose.twice" }).Select(p => p.Manifest.Id), Is.EqualTo(new[] { "0009", "0018" }), "one pull request, two halves");
            Assert.That(Shipped.Fixes("mono", "System.Net.WebResponseStream", new[] { "edge.zero-length" }).Select(p => p.Manifest.Id), Is.EqualTo(new[] { "0010" }));
            Assert.That(Shipped.Fixes("coreclr", "System.IO.FileStream", new[] { "syscalls.file.read[handle=sync,api=Read,buffer=4096,chunk=100,length=65536]" }).Select(p => p.Manifest.Id),
                Is.EqualTo(new[] { "0004" }), "a syscall cell's parameters are not part of the check's name");
            Assert.That(Shipped.Fixes("mono", "System.Net.ResponseStream", new[] { "edge.zero-length" }).Select(p => p.Manifest.Id), Is.EqualTo(new[] { "0013" }));
            Assert.That(Shipped.Fixes("mono", "System.Net.WebRequestStream", new[] { "edge.zero-length", "write-byte.round-trip" }).Select(p => p.Manifest.Id), Is.EqualTo(new[] { "0014" }));
            Assert.That(Shipped.Fixes("mono", "System.Net.RequestStream", new[] { "dispose.twice" }), Is.Empty, "another runtime's defect");
            Assert.That(Shipped.Fixes("coreclr", "System.Net.RequestStream", new[] { "edge.zero-length" }), Is.Empty, "another check");
            Assert.That(Shipped.Fixes("coreclr", "System.IO.BufferedStream", new[] { "budget.alloc.read-byte", "budget.alloc.write-byte" }), Is.Empty, "0001 is a guard: it puts the defect in");
        }

        [Test]
        public void TheIssueTextOfAFindingWithAFixNamesItsDiffAndEvidence()
        {
            var document = new RunDocument();
            document.Runtimes.Add(new RuntimeRun { Runtime = new RuntimeInfo { Name = "dotnet", Flavor = "coreclr", Version = "10.0.12" } });
            document.Results.Add(Fail("dotnet", "System.Data.SqlTypes.StreamOnSqlBytes", "SqlBytes(byte[]).Stream", "write-byte.round-trip"));
            var finding = FindingBuilder.Build(document).Single();
            var fix = Shipped.Fixes("coreclr", finding.Type, finding.Results.Select(r => r.Check)).Single();
            var text = FindingIssue.Render(finding, document, new[]
            {
                new FindingIssue.CandidateFix("patches/" + fix.Name, fix.Manifest.Status, fix.Manifest.Title, "upstream-dotnet-runtime.diff", "dotnet/runtime:SQLBytes.cs at 530c0c055f6b", StreamConformance.Evidence.EvidenceDocument.TryRead(fix.Path)!.Headline),
            });
            Assert.That(text, Does.Contain("## Candidate fix").And.Contain("`patches/0011-sqlbytes-stream-write-offset-count` (candidate)").And.Contain("evidence: dotnet 10.0.12: improves"));
            Assert.That(FindingIssue.Render(finding, document), Does.Not.Contain("## Candidate fix"));

            // The CLI finds the checkout's patches on its own.
            var result = Path.Combine(Path.GetTempPath(), "streamconf-fix-" + System.Guid.NewGuid().ToString("N").Substring(0, 8) + ".json");
            try
            {
                using (var writer = new StreamWriter(result)) new JsonExporter().Export(RunAnalysis.Of(document), writer);
                var run = StreamConfProcess.Run("report", result, "--finding", finding.Id);
                Assert.That(run.ExitCode, Is.EqualTo(0), run.StandardError);
                Assert.That(run.StandardOutput, Does.Contain("## Candidate fix").And.Contain("patches/0011-sqlbytes-stream-write-offset-count").And.Contain("SQLBytes.cs at 530c0c055f6b"));
            }
            finally
            {
                File.Delete(result);
            }
        }
    }
}
#endif
