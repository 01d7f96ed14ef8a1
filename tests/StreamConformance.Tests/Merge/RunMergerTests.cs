using System;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Merge;
using StreamConformance.Reports;
using StreamConformance.Results;
#if NET
using StreamConformance.Tests.Cli;
#endif

namespace StreamConformance.Tests.Merge
{
    /// <summary>Runs from different machines (synthetic documents) merged into one, and the merge verb's bad input.</summary>
    public class RunMergerTests
    {
        static RunDocument Run(string? machine, string os, params (string Runtime, string Version, double BytesPerCall)[] runtimes)
        {
            var document = new RunDocument
            {
                ToolVersion = "0.1.0.0",
                StartedAt = new DateTimeOffset(2026, 11, 23, 10, 0, 0, TimeSpan.Zero),
                WallSeconds = 30,
                Machine = machine == null ? null : new MachineInfo { Name = machine, Os = os },
            };
            document.Options["quick"] = "true";
            foreach (var (runtime, version, bytes) in runtimes)
            {
                document.Runtimes.Add(new RuntimeRun { Runtime = new RuntimeInfo { Name = runtime, Flavor = runtime == "mono" ? "mono" : "coreclr", Version = version, Path = "/x" } });
                document.Results.Add(new CheckResult
                {
                    Runtime = runtime, Type = "System.IO.FileStream", Variant = "default", Check = "budget.alloc.read-byte",
                    Outcome = bytes > 0 ? Outcome.Fail : Outcome.Pass, Message = $"{bytes} B/call",
                }.WithMetric("bytesPerCall", bytes));
            }
            return document;
        }

        [Test]
        public void TheSameRuntimeFromTwoMachinesStaysTwoRuntimes()
        {
            var linux = Run("ubuntu", "Ubuntu 24.04 x64", ("dotnet", "10.0.12", 0), ("mono", "6.8.0.105", 40));
            var windows = Run("windows", "Microsoft Windows 10.0.20348 x64", ("dotnet", "10.0.12", 24));
            var merged = RunMerger.Merge(new[] { new MergeInput("linux.json", linux), new MergeInput("windows.json", windows) });

            Assert.That(merged.Runtimes.Select(r => r.Runtime.Name), Is.EqualTo(new[] { "dotnet@ubuntu", "mono@ubuntu", "dotnet@windows" }));
            Assert.That(merged.Runtimes.Select(r => r.Runtime.Machine!.Os), Is.EqualTo(new[] { "Ubuntu 24.04 x64", "Ubuntu 24.04 x64", "Microsoft Windows 10.0.20348 x64" }));
            Assert.That(merged.Machine, Is.Null, "several machines: the document as a whole has none");
            // Each result follows its runtime's new name, so the figures of one machine never land on the other's.
            Assert.That(merged.Results.Single(r => r.Runtime == "dotnet@windows").Metrics!["bytesPerCall"], Is.EqualTo(24));
            Assert.That(merged.Results.Single(r => r.Runtime == "dotnet@ubuntu").Metrics!["bytesPerCall"], Is.EqualTo(0));
            Assert.That(merged.Options["merged"], Is.EqualTo("linux.json, windows.json"));
            Assert.That(merged.Options["quick"], Is.EqualTo("true"));

            var findings = RunAnalysis.Of(merged).Findings;
            Assert.That(findings.Select(f => f.Runtime), Is.EquivalentTo(new[] { "mono@ubuntu", "dotnet@windows" }));
        }

        [Test]
        public void RunsOfOneMachineKeepTheirNamesAndATwiceTakenNameIsNumbered()
        {
            var a = Run("box", "Debian x64", ("dotnet", "10.0.12", 0), ("dotnet-8.0", "8.0.33", 0));
            var b = Run("box", "Debian x64", ("dotnet", "10.0.12", 0));
            var merged = RunMerger.Merge(new[] { new MergeInput("a.json", a), new MergeInput("b.json", b) });
            Assert.That(merged.Runtimes.Select(r => r.Runtime.Name), Is.EqualTo(new[] { "dotnet", "dotnet-8.0", "dotnet#2" }));
            Assert.That(merged.Results.Select(r => r.Runtime), Is.EqualTo(new[] { "dotnet", "dotnet-8.0", "dotnet#2" }));
            Assert.That(merged.Machine!.Name, Is.EqualTo("box"));
            Assert.That(merged.Runtimes.Select(r => r.Runtime.Machine), Is.All.Null);
        }

        [Test]
        public void ARunWithNoMachineRecordedIsLabeledByItsFile()
        {
            var old = Run(null, "", ("dotnet", "10.0.12", 0));
            var recent = Run("ci-macos", "Darwin 24.1 arm64", ("dotnet", "10.0.12", 0));
            var merged = RunMerger.Merge(new[] { new MergeInput("/runs/old-run.json", old), new MergeInput("macos.json", recent) });
            Assert.That(merged.Runtimes.Select(r => r.Runtime.Name), Is.EqualTo(new[] { "dotnet@old-run", "dotnet@ci-macos" }));
        }

        [Test]
        public void OptionsTheRunsDisagreeOnShowEachValue()
        {
            var a = Run("a", "", ("dotnet", "10.0.12", 0));
            var b = Run("b", "", ("dotnet", "10.0.12", 0));
            b.Options["quick"] = "false";
            b.Options["filter"] = "*FileStream*";
            b.StartedAt = a.StartedAt.AddMinutes(-5);
            b.WallSeconds = 80;
            var merged = RunMerger.Merge(new[] { new MergeInput("a.json", a), new MergeInput("b.json", b) });
            Assert.That(merged.Options["quick"], Is.EqualTo("true | false"));
            Assert.That(merged.Options["filter"], Is.EqualTo("(unset) | *FileStream*"));
            Assert.That(merged.StartedAt, Is.EqualTo(b.StartedAt));
            Assert.That(merged.WallSeconds, Is.EqualTo(80));
        }

        [Test]
        public void TheMachineSurvivesTheJsonRoundTrip()
        {
            var merged = RunMerger.Merge(new[] { new MergeInput("l.json", Run("l", "Linux x64", ("dotnet", "10.0.12", 0))), new MergeInput("w.json", Run("w", "Windows x64", ("dotnet", "10.0.12", 0))) });
            var path = Path.Combine(Path.GetTempPath(), "streamconf-merge-" + Guid.NewGuid().ToString("N") + ".json");
            try
            {
                using (var writer = new StreamWriter(path)) new JsonExporter().Export(RunAnalysis.Of(merged), writer);
                var read = JsonExporter.Read(path);
                Assert.That(read.Runtimes.Select(r => r.Runtime.Machine!.Name + "/" + r.Runtime.Machine.Os), Is.EqualTo(new[] { "l/Linux x64", "w/Windows x64" }));
                Assert.That(read.Machine, Is.Null);
            }
            finally { File.Delete(path); }
        }

#if NET
        [Test]
        public void MergeWritesTheGoodFilesAndNamesTheBadOneWithExit2()
        {
            var dir = Path.Combine(Path.GetTempPath(), "streamconf-merge-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(dir);
            try
            {
                void Save(string name, RunDocument d)
                {
                    using var writer = new StreamWriter(Path.Combine(dir, name));
                    new JsonExporter().Export(RunAnalysis.Of(d), writer);
                }
                Save("ubuntu.json", Run("ubuntu", "Linux x64", ("dotnet", "10.0.12", 0), ("mono", "6.8.0.105", 40)));
                Save("windows.json", Run("windows", "Windows x64", ("dotnet", "10.0.12", 24)));
                File.WriteAllText(Path.Combine(dir, "broken.json"), "{ not json");
                var html = Path.Combine(dir, "r.html");
                var markdown = Path.Combine(dir, "r.md");
                var json = Path.Combine(dir, "r.json");
                var outcome = StreamConfProcess.Run("merge", Path.Combine(dir, "ubuntu.json"), Path.Combine(dir, "broken.json"), Path.Combine(dir, "missing.json"),
                    Path.Combine(dir, "windows.json"), "--html", html, "--markdown", markdown, "--json", json);

                Assert.That(outcome.ExitCode, Is.EqualTo(2), outcome.StandardError);
                var errors = outcome.StandardError.Trim().Split('\n');
                Assert.That(errors, Has.Length.EqualTo(2));
                Assert.That(errors[0], Does.Contain("broken.json"));
                Assert.That(errors[1], Does.Contain("missing.json"));
                Assert.That(outcome.StandardOutput, Does.Contain("merged 2 of 4 files"));
                Assert.That(File.ReadAllText(markdown), Does.Contain("dotnet@windows").And.Contain("mono@ubuntu"));
                Assert.That(File.ReadAllText(html), Does.Contain("dotnet@ubuntu"));
                Assert.That(JsonExporter.Read(json).Runtimes.Select(r => r.Runtime.Name), Is.EqualTo(new[] { "dotnet@ubuntu", "mono@ubuntu", "dotnet@windows" }));
            }
            finally { Directory.Delete(dir, true); }
        }

        [Test]
        public void MergeWithNoReadableFileWritesNothing()
        {
            var missing = Path.Combine(Path.GetTempPath(), "streamconf-no-such-" + Guid.NewGuid().ToString("N") + ".json");
            var outcome = StreamConfProcess.Run("merge", missing);
            Assert.That(outcome.ExitCode, Is.EqualTo(2));
            Assert.That(outcome.StandardError, Does.Contain(missing).And.Contain("none of the 1 files"));
        }
#endif
    }
}
