#if NET
using System;
using System.IO;
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
        [TestCase("0002-cryptostream-writebyte-read-mode")]
        [TestCase("0005-mono-memorystream-seek-origin")]
        [TestCase("0010-mono-webresponsestream-zero-byte-read")]
        public void TheCommittedEvidenceIsWhatTheReportWritesAndNamesTheHeadlineVerdicts(string folder)
        {
            var patch = Path.Combine(RepoPaths.Root, "patches", folder);
            var output = Path.Combine(Path.GetTempPath(), "streamconf-evidence-" + Guid.NewGuid().ToString("N").Substring(0, 8) + ".md");
            try
            {
                var run = StreamConfProcess.Run("patch", "report", patch, "--markdown", output);
                Assert.That(run.ExitCode, Is.EqualTo(0), run.StandardError + run.StandardOutput);
                var text = File.ReadAllText(output);
                Assert.That(text, Is.EqualTo(File.ReadAllText(Path.Combine(patch, "EVIDENCE.md"))), "the committed EVIDENCE.md is stale: run `patch report " + folder + " --markdown`");
                Assert.That(text, Does.Contain("measures no figure; its verdicts that changed from A/A to patched").And.Contain(": fail → pass (improvement)"));
                Assert.That(text, Does.Not.Contain("|---|---|---|---|---:|---:|---:|---|\n\n"), "no empty table");
            }
            finally
            {
                File.Delete(output);
            }
        }
    }
}
#endif
