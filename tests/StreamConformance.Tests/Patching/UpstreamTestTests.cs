#if NET
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Evidence;
using StreamConformance.Patching;
using StreamConformance.Runtimes;
using StreamConformance.Sweep;
using StreamConformance.Tests.Isolation;

namespace StreamConformance.Tests.Patching
{
    /// <summary>
    /// A patch's upstream-style test, compiled against the original runtime and run with xUnit's engine inside the probe
    /// on the A/A and the patched copy. A shipped test must fail on the first and pass on the second (held by each
    /// patch's own test in <see cref="ShippedPatchTests"/>); here, that a test which cannot show the fault, or does not
    /// compile, is called so.
    /// </summary>
    [TestFixture, NonParallelizable]
    public class UpstreamTestTests
    {
        string _dir = null!;
        PatchCache _cache = null!;
        RuntimeTarget _dotnet = null!;

        [OneTimeSetUp]
        public void Setup()
        {
            _dir = Path.Combine(Path.GetTempPath(), "streamconf-upstream-tests-" + Guid.NewGuid().ToString("N").Substring(0, 8));
            Directory.CreateDirectory(_dir);
            _cache = new PatchCache(Path.Combine(_dir, "cache"));
            _dotnet = RuntimeResolver.Resolve("dotnet");
        }

        [OneTimeTearDown]
        public void Cleanup() => Directory.Delete(_dir, recursive: true);

        /// <summary>A copy of the shipped 0017 folder with its test source replaced.</summary>
        string WithTest(string name, string source)
        {
            var folder = Path.Combine(_dir, name);
            Directory.CreateDirectory(folder);
            foreach (var f in Directory.GetFiles(ShippedPatchTests.Folder("0017")).Where(f => !f.EndsWith(".md", StringComparison.Ordinal) && !f.EndsWith("evidence.json", StringComparison.Ordinal)))
                File.Copy(f, Path.Combine(folder, Path.GetFileName(f)));
            File.WriteAllText(Path.Combine(folder, "upstream-test.cs"), source);
            return folder;
        }

        UpstreamTestEvidence Run(string folder)
        {
            var patch = PatchFolder.Load(folder);
            var (aa, patched) = _cache.GetOrBuildBoth(patch, _dotnet);
            return new PatchProgramRunner(new ProbeLocator(RepoPaths.ProbeRoot), Path.Combine(_dir, "compiled-" + Path.GetFileName(folder)))
                .RunTest(patch, _dotnet, new Dictionary<string, RuntimeTarget> { [EvidenceRunner.Aa] = aa, [EvidenceRunner.Patched] = patched })!;
        }

        const string Header = "using System.Data.SqlTypes;\nusing System.IO;\nusing Xunit;\n\nnamespace System.Data.Tests.SqlTypes\n{\n    public class SqlBytesTest\n    {\n";

        [Test]
        public void TheShippedTestFailsOnTheAaCopyAndPassesPatchedWithXunitsOwnMessage()
        {
            var result = Run(ShippedPatchTests.Folder("0017"));
            Assert.That(result.FailsThenPasses, Is.True, string.Join("\n", result.Sides.Select(s => s.Side + ": " + s.Summary)));
            var aa = result.SideOf(EvidenceRunner.Aa)!;
            Assert.That(aa.Tests.Single().Test, Is.EqualTo("System.Data.Tests.SqlTypes.SqlBytesTest.Flush_StreamClosedTest"));
            Assert.That(aa.Summary, Does.Contain("Actual: typeof(System.NullReferenceException)"), "the A/A copy throws what the fault throws");
            Assert.That(result.Joins, Does.StartWith("https://github.com/dotnet/runtime/blob/"));
        }

        /// <summary>
        /// A test marked with an attribute of a test-only package the harness lacks (PlatformSpecific) compiles with the
        /// folder's support file, a stand-in, and runs: without it, it does not compile. The upstream text is the test alone.
        /// </summary>
        [Test]
        public void ASupportFileIsCompiledWithTheTestAndIsNotPartOfTheUpstreamText()
        {
            var source = File.ReadAllText(Path.Combine(ShippedPatchTests.Folder("0017"), "upstream-test.cs"))
                .Replace("        [Fact]\n", "        [Fact]\n        [PlatformSpecific(TestPlatforms.Linux)]\n");
            Assert.That(source, Does.Contain("[PlatformSpecific(TestPlatforms.Linux)]"));
            var without = WithTest("0017-platform-specific-bare", source);
            var e = Assert.Throws<InputException>(() => Run(without))!;
            Assert.That(e.Message, Does.Contain("upstream-test.cs").And.Contain("PlatformSpecific"));

            var with = WithTest("0017-platform-specific-standin", source);
            File.Copy(Path.Combine(ShippedPatchTests.Folder("0004"), "xunit-extensions-standin.cs"), Path.Combine(with, "xunit-extensions-standin.cs"));
            var manifest = Path.Combine(with, "patch.json");
            File.WriteAllText(manifest, File.ReadAllText(manifest).Replace("\"source\": \"upstream-test.cs\",", "\"source\": \"upstream-test.cs\", \"support\": [ \"xunit-extensions-standin.cs\" ],"));
            Assert.That(PatchFolder.Load(with).Manifest.Targets.Single().Test!.Support, Is.EqualTo(new[] { "xunit-extensions-standin.cs" }));
            var result = Run(with);
            Assert.That(result.FailsThenPasses, Is.True, string.Join("\n", result.Sides.Select(s => s.Side + ": " + s.Summary)));
            var doc = EvidenceDocument.Read(ShippedPatchTests.Folder("0004"));
            Assert.That(UpstreamMarkdown.Render(PatchFolder.Load(ShippedPatchTests.Folder("0004")), doc), Does.Contain("[PlatformSpecific(TestPlatforms.Linux)]")
                .And.Not.Contain("class PlatformSpecificAttribute"), "0004's drafted pull request carries the attribute, not the stand-in");
        }

        [Test]
        public void AMissingSupportFileIsOneLineNamingIt()
        {
            var folder = WithTest("0017-support-missing", File.ReadAllText(Path.Combine(ShippedPatchTests.Folder("0017"), "upstream-test.cs")));
            var manifest = Path.Combine(folder, "patch.json");
            File.WriteAllText(manifest, File.ReadAllText(manifest).Replace("\"source\": \"upstream-test.cs\",", "\"source\": \"upstream-test.cs\", \"support\": [ \"absent.cs\" ],"));
            var e = Assert.Throws<InputException>(() => PatchFolder.Load(folder))!;
            Assert.That(e.Message, Does.Contain("test support file absent.cs not found in the folder").And.Contain("patch.json"));
        }

        /// <summary><c>patch test --record</c>: saved evidence gets the repro's and the test's outcomes; its figures stay as measured.</summary>
        [Test]
        public void RecordingPutsTheProgramsIntoSavedEvidenceAndLeavesTheFiguresAlone()
        {
            var patch = PatchFolder.Load(ShippedPatchTests.Folder("0017"));
            var document = EvidenceDocument.Read(patch.Path);
            document.Runtimes.RemoveAll(r => r.Version != _dotnet.Version);
            Assert.That(document.Runtimes, Has.Count.EqualTo(1), "the committed evidence has the installed .NET");
            var runtime = document.Runtimes[0];
            var figures = Newtonsoft.Json.JsonConvert.SerializeObject(runtime.Figures);
            runtime.Repro = null;
            runtime.UpstreamTest = null;
            EvidenceRunner.RecordPrograms(document, patch, _ => _dotnet, _cache, new PatchProgramRunner(new ProbeLocator(RepoPaths.ProbeRoot), Path.Combine(_dir, "recorded")));
            Assert.That(runtime.Repro!.ShowsTheFault, Is.True);
            Assert.That(runtime.Repro.SideOf(EvidenceRunner.Original)!.Output, Does.Contain("Flush(): NullReferenceException"));
            Assert.That(runtime.Repro.SideOf(EvidenceRunner.Patched)!.Output, Does.Contain("Flush(): InvalidOperationException"));
            Assert.That(runtime.UpstreamTest!.FailsThenPasses, Is.True);
            Assert.That(runtime.Verdict, Does.EndWith("; the upstream-style test fails on A/A and passes patched"));
            Assert.That(System.Text.RegularExpressions.Regex.Matches(runtime.Verdict, "upstream-style test").Count, Is.EqualTo(1), "the clause replaced, not appended twice");
            Assert.That(Newtonsoft.Json.JsonConvert.SerializeObject(runtime.Figures), Is.EqualTo(figures));
        }

        [Test]
        public void ATestThatPassesOnTheAaCopyShowsNoFault()
        {
            var folder = WithTest("0017-passes-anyway", Header +
                "        [Fact]\n        public void Flush_OpenStreamTest() => new SqlBytes(new byte[10]).Stream.Flush();\n    }\n}\n");
            var result = Run(folder);
            Assert.That(result.SideOf(EvidenceRunner.Aa)!.Passed, Is.True);
            Assert.That(result.FailsThenPasses, Is.False);
        }

        [Test]
        public void AFileWithNoTestIsNotCalledPassing()
        {
            var folder = WithTest("0017-no-fact", Header + "        public void NotATest() { }\n    }\n}\n");
            var result = Run(folder);
            Assert.That(result.Sides.Select(s => s.Error), Has.All.EqualTo("xUnit found no test in the test file"));
            Assert.That(result.Sides.Any(s => s.Passed || s.Failed), Is.False);
            Assert.That(result.FailsThenPasses, Is.False);
        }

        [Test]
        public void ATestThatDoesNotCompileIsNamedByFileAndLine()
        {
            var folder = WithTest("0017-broken", Header + "        [Fact]\n        public void Broken() { Assert.Equal(1, ); }\n    }\n}\n");
            var e = Assert.Throws<InputException>(() => Run(folder))!;
            Assert.That(e.Message, Does.Contain("upstream-test.cs(10,"));
            Assert.That(e.Message, Does.Contain("compiled against dotnet"));
        }

        [Test]
        public void AFrameworkTheHarnessDoesNotRunIsBadInput()
        {
            var folder = WithTest("0017-v3", File.ReadAllText(Path.Combine(ShippedPatchTests.Folder("0017"), "upstream-test.cs")));
            GuardCopy.Replace(folder, "patch.json", "\"framework\": \"xunit 2.9.3\"", "\"framework\": \"xunit.v3 3.2.2\"");
            var e = Assert.Throws<InputException>(() => PatchFolder.Load(folder))!;
            Assert.That(e.Message, Does.Contain("test framework 'xunit.v3 3.2.2'"));
        }
    }
}
#endif
