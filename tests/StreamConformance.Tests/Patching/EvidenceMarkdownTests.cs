#if NET
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Tests.Cli;
using StreamConformance.Tests.Isolation;

namespace StreamConformance.Tests.Patching
{
    /// <summary>
    /// <c>patch report --markdown</c> writes EVIDENCE.md again from a committed evidence.json: the same text as the
    /// committed file (so a change to how evidence is written shows in every patch), and a headline conformance check,
    /// which measures no figure, listed with its verdicts where the headline table would be empty.
    /// </summary>
    [TestFixture]
    public class EvidenceMarkdownTests
    {
        static IEnumerable<string> Shipped() =>
            Directory.GetDirectories(Path.Combine(RepoPaths.Root, "patches")).Select(Path.GetFileName).OrderBy(n => n, StringComparer.Ordinal)!;

        static string Render(string folder)
        {
            var output = Path.Combine(Path.GetTempPath(), "streamconf-evidence-" + Guid.NewGuid().ToString("N").Substring(0, 8) + ".md");
            try
            {
                var run = StreamConfProcess.Run("patch", "report", Path.Combine(RepoPaths.Root, "patches", folder), "--markdown", output);
                Assert.That(run.ExitCode, Is.EqualTo(0), run.StandardError + run.StandardOutput);
                return File.ReadAllText(output);
            }
            finally
            {
                File.Delete(output);
            }
        }

        [TestCaseSource(nameof(Shipped))]
        public void TheCommittedEvidenceIsWhatTheReportWrites(string folder) =>
            Assert.That(Render(folder), Is.EqualTo(File.ReadAllText(Path.Combine(RepoPaths.Root, "patches", folder, "EVIDENCE.md"))),
                "the committed EVIDENCE.md is stale: run `patch report patches/" + folder + " --markdown patches/" + folder + "/EVIDENCE.md`");

        [TestCase("0002-cryptostream-writebyte-read-mode")]
        [TestCase("0010-mono-webresponsestream-zero-byte-read")]
        [TestCase("0012-httplistener-response-zero-byte-async-write")]
        public void AHeadlineConformanceCheckIsListedWithItsVerdicts(string folder)
        {
            var text = Render(folder);
            Assert.That(text, Does.Contain("measures no figure; its verdicts that changed from A/A to patched").And.Contain(": fail → pass (improvement)"));
            Assert.That(text, Does.Not.Contain("|---|---|---|---|---:|---:|---:|---|\n\n"), "no empty table");
        }
    }
}
#endif
