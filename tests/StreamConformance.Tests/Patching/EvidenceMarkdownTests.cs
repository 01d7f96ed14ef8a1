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
            // Patch folders only (NNNN-slug); a group's evidence in patches/groups/ is held by PatchGroupTests.
            Directory.GetDirectories(Path.Combine(RepoPaths.Root, "patches")).Select(Path.GetFileName).Where(n => char.IsDigit(n![0])).OrderBy(n => n, StringComparer.Ordinal)!;

        /// <summary>EVIDENCE.md as the report writes it, in this process (every folder; the CLI is run once, below).</summary>
        static string Render(string folder)
        {
            var path = Path.Combine(RepoPaths.Root, "patches", folder);
            return StreamConformance.Evidence.EvidenceMarkdown.Render(StreamConformance.Patching.PatchFolder.Load(path), StreamConformance.Evidence.EvidenceDocument.Read(path));
        }

        /// <summary>The report command writes EVIDENCE.md and UPSTREAM.md as committed, from the command line.</summary>
        [Test]
        public void TheReportCommandWritesTheCommittedEvidenceAndDrafts()
        {
            const string folder = "0011-sqlbytes-stream-write-offset-count";
            Assert.That(RenderWithCli(folder, "--markdown"), Is.EqualTo(File.ReadAllText(Path.Combine(RepoPaths.Root, "patches", folder, "EVIDENCE.md"))));
            Assert.That(RenderWithCli(folder, "--upstream"), Is.EqualTo(File.ReadAllText(Path.Combine(RepoPaths.Root, "patches", folder, "UPSTREAM.md"))));
        }

        static string RenderWithCli(string folder, string option)
        {
            var output = Path.Combine(Path.GetTempPath(), "streamconf-evidence-" + Guid.NewGuid().ToString("N").Substring(0, 8) + ".md");
            try
            {
                var run = StreamConfProcess.Run("patch", "report", Path.Combine(RepoPaths.Root, "patches", folder), option, output);
                Assert.That(run.ExitCode, Is.EqualTo(0), run.StandardError + run.StandardOutput);
                return File.ReadAllText(output);
            }
            finally
            {
                File.Delete(output);
            }
        }

        /// <summary>A patch with an "issue" entry ships its drafted issue and pull request, as the report writes them.</summary>
        [TestCaseSource(nameof(Shipped))]
        public void TheCommittedDraftsAreWhatTheReportWrites(string folder)
        {
            var committed = Path.Combine(RepoPaths.Root, "patches", folder, "UPSTREAM.md");
            var manifest = StreamConformance.Patching.PatchFolder.Load(Path.Combine(RepoPaths.Root, "patches", folder)).Manifest;
            if (manifest.Issue == null)
            {
                Assert.That(File.Exists(committed), Is.False, "an UPSTREAM.md without an issue entry to draft it from");
                return;
            }
            var path = Path.Combine(RepoPaths.Root, "patches", folder);
            var drafted = StreamConformance.Evidence.UpstreamMarkdown.Render(StreamConformance.Patching.PatchFolder.Load(path), StreamConformance.Evidence.EvidenceDocument.Read(path));
            Assert.That(drafted, Is.EqualTo(File.ReadAllText(committed)),
                "the committed UPSTREAM.md is stale: run `patch report patches/" + folder + " --upstream patches/" + folder + "/UPSTREAM.md`");
        }

        [TestCaseSource(nameof(Shipped))]
        public void TheCommittedEvidenceIsWhatTheReportWrites(string folder) =>
            Assert.That(Render(folder), Is.EqualTo(File.ReadAllText(Path.Combine(RepoPaths.Root, "patches", folder, "EVIDENCE.md"))),
                "the committed EVIDENCE.md is stale: run `patch report patches/" + folder + " --markdown patches/" + folder + "/EVIDENCE.md`");

        /// <summary>Committed evidence names no machine's checkout: paths under it are written relative to it.</summary>
        [TestCaseSource(nameof(Shipped))]
        public void TheCommittedEvidenceNamesNoCheckoutPath(string folder)
        {
            foreach (var file in new[] { "EVIDENCE.md", "evidence.json", "UPSTREAM.md" })
            {
                var path = Path.Combine(RepoPaths.Root, "patches", folder, file);
                if (!File.Exists(path)) continue;
                // Nor another machine's: no absolute path that leads into a checkout's artifacts/ folder.
                Assert.That(File.ReadAllText(path), Does.Not.Contain(RepoPaths.Root.TrimEnd('/') + "/").And.Not.Match(@"(^|[\s""`(])/[^\s""`]*/artifacts/"), file);
                // Nor the installed runtimes' own folders: those are $DOTNET_ROOT and $MONO_PREFIX.
                Assert.That(File.ReadAllText(path), Does.Not.Match(@"(^|[\s""`(])/(usr|opt|home|root|tmp|work)/"), file);
            }
        }

        [Test]
        public void PathsUnderTheCheckoutAreWrittenRelativeToIt()
        {
            var document = new StreamConformance.Evidence.EvidenceDocument { Command = "./build.sh run patch evidence p --runtime /co/artifacts/dotnet-runtimes" };
            var runtime = new StreamConformance.Evidence.RuntimeEvidence { Original = "/co/artifacts/dotnet-runtimes/shared/x", Errors = { "aa: /co/artifacts/x failed" } };
            runtime.Copies.Add(new StreamConformance.Evidence.CopyEvidence { Location = "/co/artifacts/patched-runtimes/k/aa", Loaded = { "/co/artifacts/patched-runtimes/k/aa/a.dll mvid 1" } });
            runtime.Copies.Add(new StreamConformance.Evidence.CopyEvidence { Location = "/usr/share/dotnet" });
            document.Runtimes.Add(runtime);
            document.RelativeTo("/co/");
            Assert.That(document.Command, Is.EqualTo("./build.sh run patch evidence p --runtime artifacts/dotnet-runtimes"));
            Assert.That(runtime.Original, Is.EqualTo("artifacts/dotnet-runtimes/shared/x"));
            Assert.That(runtime.Errors, Is.EqualTo(new[] { "aa: artifacts/x failed" }));
            Assert.That(runtime.Copies[0].Location, Is.EqualTo("artifacts/patched-runtimes/k/aa"));
            Assert.That(runtime.Copies[0].Loaded, Is.EqualTo(new[] { "artifacts/patched-runtimes/k/aa/a.dll mvid 1" }));
            Assert.That(runtime.Copies[1].Location, Is.EqualTo("/usr/share/dotnet"), "not the original side: left as it is");
        }

        [TestCase("coreclr", "/usr/share/dotnet", "/usr/share/dotnet/shared/Microsoft.NETCore.App/10.0.12", "$DOTNET_ROOT")]
        [TestCase("mono", "/usr", "/usr/lib/mono/4.5", "$MONO_PREFIX")]
        public void AnInstalledRuntimesFolderIsWrittenAsTheVariableThatFindsIt(string flavor, string root, string original, string token)
        {
            var document = new StreamConformance.Evidence.EvidenceDocument { Command = "./build.sh run patch evidence p --runtime dotnet" };
            var runtime = new StreamConformance.Evidence.RuntimeEvidence { Flavor = flavor, Original = original };
            runtime.Copies.Add(new StreamConformance.Evidence.CopyEvidence { Side = "original", Location = root, Loaded = { original + "/a.dll mvid 1" } });
            runtime.Copies.Add(new StreamConformance.Evidence.CopyEvidence { Side = "aa", Location = "/co/artifacts/patched-runtimes/k/aa" });
            document.Runtimes.Add(runtime);
            document.RelativeTo("/co/");
            var expected = token + original.Substring(root.Length);
            Assert.That(runtime.Original, Is.EqualTo(expected));
            Assert.That(runtime.Copies[0].Location, Is.EqualTo(token));
            Assert.That(runtime.Copies[0].Loaded, Is.EqualTo(new[] { expected + "/a.dll mvid 1" }));
            Assert.That(runtime.Copies[1].Location, Is.EqualTo("artifacts/patched-runtimes/k/aa"));
        }

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
