#if NET
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using Mono.Cecil;
using NUnit.Framework;
using StreamConformance.Evidence;
using StreamConformance.Patching;
using StreamConformance.Runtimes;
using StreamConformance.Tests.Cli;
using StreamConformance.Tests.Isolation;

namespace StreamConformance.Tests.Patching
{
    /// <summary>
    /// Two patches of one group (0011 and 0017, one pull request on SqlBytes' stream) woven into one copy: the copy
    /// carries both bodies, each as that patch alone weaves it, in the one rewritten assembly; the A/A copy carries
    /// neither; sets that cannot share a copy are refused; the committed group evidence shows both patches' checks
    /// and tests on that copy; and the installed runtime is byte for byte what it was.
    /// </summary>
    [TestFixture, NonParallelizable]
    public class PatchGroupTests
    {
        const string Type = "System.Data.SqlTypes.StreamOnSqlBytes";
        static readonly string[] Members = { Type + "::Write(System.Byte[],System.Int32,System.Int32)", Type + "::Flush()" };
        string _dir = null!;
        RuntimeFingerprint _before = null!;
        RuntimeTarget _original = null!, _patched = null!, _aa = null!;

        static PatchFolder Load(string id) => PatchFolder.Load(ShippedPatchTests.Folder(id));

        /// <summary>Given out of order on purpose: a set is in id order.</summary>
        static PatchSet SqlBytes => PatchSet.Of(new[] { Load("0017"), Load("0011") });

        [OneTimeSetUp]
        public void WeaveTheGroup()
        {
            _dir = Path.Combine(Path.GetTempPath(), "streamconf-group-" + Guid.NewGuid().ToString("N").Substring(0, 8));
            _original = RuntimeResolver.Resolve("dotnet");
            _before = RuntimeFingerprint.Take(new[] { _original });
            _patched = PatchApplier.Apply(SqlBytes, _original, Path.Combine(_dir, "patched"), RuntimeCopyManifest.Patched);
            _aa = PatchApplier.Apply(SqlBytes, _original, Path.Combine(_dir, "aa"), RuntimeCopyManifest.RoundTrip);
        }

        [OneTimeTearDown]
        public void InstalledRuntimeIsUnchangedAfterTheCopiesAreDeleted()
        {
            if (Directory.Exists(_dir)) Directory.Delete(_dir, recursive: true);
            Assert.That(RuntimeFingerprint.Take(new[] { RuntimeResolver.Resolve("dotnet") }).Files, Is.EqualTo(_before.Files), "an installed runtime's files changed");
        }

        /// <summary>A body as a comparable text: opcodes and operands (references by full name).</summary>
        static List<string> Body(ModuleDefinition module, string member)
        {
            var method = module.GetType(Type).Methods.Single(m => Type + "::" + MethodWeaver.Describe(m) == member);
            return method.Body.Instructions.Select(i => i.OpCode.Code + " " + (i.Operand switch
            {
                MemberReference r => r.FullName,
                Mono.Cecil.Cil.Instruction t => "IL_" + t.Offset.ToString("x4"),
                var o => o?.ToString() ?? "",
            })).ToList();
        }

        [Test]
        public void TheOneCopyCarriesBothBodiesAsEachPatchAloneWeavesThem()
        {
            var copy = RuntimeResolver.Resolve(_patched.DotNetRoot!).Copy!;
            Assert.That(copy.Kind, Is.EqualTo(RuntimeCopyManifest.Patched));
            Assert.That(copy.PatchId, Is.EqualTo("0011+0017"));
            Assert.That(copy.Replaced, Is.EquivalentTo(Members));
            var rewritten = copy.Assemblies.Single();
            Assert.That(rewritten.Name, Is.EqualTo("System.Data.Common"), "both patches in the one rewritten assembly");
            Assert.That(new FileInfo(rewritten.Paths[0]).LinkTarget, Is.Null, "a real file of the copy");
            using var group = ModuleDefinition.ReadModule(rewritten.Paths[0]);
            Assert.That(group.Mvid.ToString(), Is.EqualTo(rewritten.Mvid), "the file in the copy is the one the manifest describes");
            using var installed = ModuleDefinition.ReadModule(RuntimeCopier.Locate(_original, "/nonexistent", "System.Data.Common").Original);
            foreach (var (id, member) in new[] { ("0011", Members[0]), ("0017", Members[1]) })
            {
                var patch = Load(id);
                var (woven, replaced, _) = PatchApplier.Weave(patch, PatchApplier.TargetFor(patch, _original), _original, patched: true);
                Assert.That(replaced.Select(r => Type + "::" + r), Is.EqualTo(new[] { member }));
                // Written and read back, as the copy's file was: references then print alike on both sides.
                var bytes = new MemoryStream();
                using (woven) woven.Write(bytes);
                bytes.Position = 0;
                using (var alone = ModuleDefinition.ReadModule(bytes))
                    Assert.That(Body(group, member), Is.EqualTo(Body(alone, member)), id + "'s body in the group's copy is the one it weaves alone");
                Assert.That(Body(group, member), Is.Not.EqualTo(Body(installed, member)), id + "'s member is not the installed body");
            }
        }

        [Test]
        public void TheAaCopyCarriesNeitherPatch()
        {
            var aa = _aa.Copy!;
            Assert.That(aa.PatchId, Is.EqualTo("0011+0017"));
            Assert.That(aa.Replaced, Is.Empty);
            using var module = ModuleDefinition.ReadModule(aa.Assemblies.Single().Paths[0]);
            using var installed = ModuleDefinition.ReadModule(RuntimeCopier.Locate(_original, "/nonexistent", "System.Data.Common").Original);
            Assert.That(module.Mvid, Is.Not.EqualTo(installed.Mvid));
            foreach (var member in Members) Assert.That(Body(module, member), Is.EqualTo(Body(installed, member)), member);
        }

        /// <summary>A group whose patches rewrite two assemblies (0009's System.Net.Http, 0018's System.Net.Requests): the one
        /// copy carries both rewritten files, each a real file with its own module id and its patch's members only.</summary>
        [Test]
        public void AGroupSpanningTwoAssembliesRewritesEachOnceInTheOneCopy()
        {
            var set = PatchSet.Of(new[] { Load("0018"), Load("0009") });
            var copy = PatchApplier.Apply(set, _original, Path.Combine(_dir, "requests"), RuntimeCopyManifest.Patched).Copy!;
            Assert.That(copy.PatchId, Is.EqualTo("0009+0018"));
            Assert.That(copy.Assemblies.Select(a => a.Name), Is.EqualTo(new[] { "System.Net.Http", "System.Net.Requests" }));
            Assert.That(copy.Replaced, Is.EquivalentTo(new[]
            {
                "System.Net.Http.HttpConnection/HttpContentWriteStream::FlushAsync(System.Threading.CancellationToken)",
                "System.Net.RequestStream::Dispose(System.Boolean)", "System.Net.RequestStream::DisposeAsync()",
            }));
            foreach (var rewritten in copy.Assemblies)
            {
                Assert.That(new FileInfo(rewritten.Paths[0]).LinkTarget, Is.Null, rewritten.Name + ": a real file of the copy");
                using var module = ModuleDefinition.ReadModule(rewritten.Paths[0]);
                Assert.That(module.Mvid.ToString(), Is.EqualTo(rewritten.Mvid), rewritten.Name);
                Assert.That(module.Assembly.Name.Name, Is.EqualTo(rewritten.Name));
            }
            Assert.That(copy.Assemblies.Select(a => a.Mvid).Distinct().Count(), Is.EqualTo(2));
        }

        [Test]
        public void PatchesOfDifferentGroupsAreRefused()
        {
            var e = Assert.Throws<InputException>(() => PatchSet.Of(new[] { Load("0011"), Load("0004") }))!;
            Assert.That(e.Message, Does.Contain("do not declare one group"));
        }

        /// <summary>A copy of 0002 under another id, in 0002's group: both replace CryptoStream.WriteByte, and one copy
        /// cannot carry two bodies of it.</summary>
        [Test]
        public void PatchesReplacingOneMemberAreRefused()
        {
            var again = Path.Combine(_dir, "0099-cryptostream-writebyte-again");
            Directory.CreateDirectory(again);
            foreach (var f in Directory.GetFiles(ShippedPatchTests.Folder("0002")).Where(f => !f.EndsWith(".md", StringComparison.Ordinal) && !f.EndsWith("evidence.json", StringComparison.Ordinal)))
                File.Copy(f, Path.Combine(again, Path.GetFileName(f)));
            GuardCopy.Replace(again, "patch.json", "\"id\": \"0002\"", "\"id\": \"0099\"");
            var e = Assert.Throws<InputException>(() => PatchSet.Of(new[] { Load("0002"), PatchFolder.Load(again) }))!;
            Assert.That(e.Message, Does.Contain("0002 and 0099 both replace System.Security.Cryptography.CryptoStream::WriteByte(System.Byte)"));
        }

        static string GroupFolder => GroupFolderOf("sqlbytes-stream");

        /// <summary>The committed evidence, on 9.0 and 10.0: one proven copy per side carrying both patches, each patch's
        /// headline check fixed on it and each one's upstream-style test failing on the A/A copy and passing on the patched one.</summary>
        [Test]
        public void TheCommittedGroupEvidenceShowsBothPatchesOnTheOneCopy()
        {
            var doc = EvidenceDocument.Read(GroupFolder);
            Assert.That(doc.Patch, Is.EqualTo("0011+0017"));
            Assert.That(doc.Patches, Is.EqualTo(new[] { "0011", "0017" }));
            Assert.That(doc.Runtimes.Select(r => r.Version.Split('.')[0]), Is.EquivalentTo(new[] { "9", "10" }));
            foreach (var r in doc.Runtimes)
            {
                Assert.That(r.Copies.All(c => c.Proven), Is.True, r.Version);
                Assert.That(r.Replaced, Is.EquivalentTo(Members), r.Version);
                Assert.That(r.IntroducedFailures, Is.Empty, r.Version);
                Assert.That(r.Members!.Select(m => m.Patch), Is.EqualTo(new[] { "0011", "0017" }), r.Version);
                foreach (var m in r.Members!)
                {
                    Assert.That(m.UpstreamTest!.FailsThenPasses, Is.True, r.Version + " " + m.Patch + "'s upstream-style test on the group's copies");
                    var onType = m.Verdicts.Where(v => v.Type == Type).ToList();
                    Assert.That(onType, Is.Not.Empty, r.Version + " " + m.Patch);
                    Assert.That(onType.All(v => v.Aa == "fail" && v.Patched != "fail" && !v.Patched.Contains("fail")), Is.True,
                        r.Version + " " + m.Patch + ": " + string.Join("; ", onType.Select(v => v.Variant + " " + v.Change)));
                }
            }
        }

        /// <summary>The CryptoStream group (0002's WriteByte in read mode, 0003's ReadByte fallback) on its one copy, on 9.0
        /// and 10.0: 0002's check fails on A/A and passes patched, 0003's allocation goes to 0 B/call on every variant, both
        /// tests fail → pass.</summary>
        [Test]
        public void TheCommittedCryptoStreamGroupEvidenceShowsBothPatchesOnTheOneCopy()
        {
            const string crypto = "System.Security.Cryptography.CryptoStream";
            var doc = EvidenceDocument.Read(GroupFolderOf("cryptostream-byte-path"));
            Assert.That(doc.Patch, Is.EqualTo("0002+0003"));
            Assert.That(doc.Runtimes.Select(r => r.Version.Split('.')[0]), Is.EquivalentTo(new[] { "9", "10" }));
            foreach (var r in doc.Runtimes)
            {
                Assert.That(r.Copies.All(c => c.Proven), Is.True, r.Version);
                Assert.That(r.Replaced, Is.EquivalentTo(new[] { crypto + "::WriteByte(System.Byte)", crypto + "::ReadByte()" }), r.Version);
                Assert.That(r.IntroducedFailures, Is.Empty, r.Version);
                Assert.That(r.ControlChanges, Is.Empty, r.Version);
                Assert.That(r.Members!.Select(m => m.Patch), Is.EqualTo(new[] { "0002", "0003" }), r.Version);
                foreach (var m in r.Members!) Assert.That(m.UpstreamTest!.FailsThenPasses, Is.True, r.Version + " " + m.Patch + "'s upstream-style test on the group's copies");
                var writeByte = r.Members![0].Verdicts.Where(v => v.Type == crypto).ToList();
                Assert.That(writeByte.Select(v => v.Variant), Is.EquivalentTo(new[] { "aes-cbc", "base64" }), r.Version);
                Assert.That(writeByte.All(v => v.Aa == "fail" && v.Patched == "pass"), Is.True, r.Version + " " + string.Join("; ", writeByte.Select(v => v.Variant + " " + v.Change)));
                var readByte = r.Members![1].Verdicts.Where(v => v.Type == crypto).ToList();
                Assert.That(readByte.Select(v => v.Variant), Is.EquivalentTo(new[] { "aes-cbc", "base64" }), r.Version);
                Assert.That(readByte.All(v => v.Patched == "pass" && v.Figure!.EndsWith("→ 0 B/call", StringComparison.Ordinal)), Is.True,
                    r.Version + " " + string.Join("; ", readByte.Select(v => v.Variant + " " + v.Change + " " + v.Figure)));
            }
        }

        /// <summary>0009 + 0018 (System.Net.Http and System.Net.Requests) on one copy per side: each side proved it loaded both
        /// rewritten assemblies, 0018's dispose.twice fails on A/A and passes patched, both tests fail → pass, on 9.0 and 10.0.</summary>
        [Test]
        public void TheCommittedRequestStreamGroupEvidenceShowsBothAssembliesOnTheOneCopy()
        {
            var doc = EvidenceDocument.Read(GroupFolderOf("requeststream-second-dispose"));
            Assert.That(doc.Patch, Is.EqualTo("0009+0018"));
            Assert.That(doc.Runtimes.Select(r => r.Version.Split('.')[0]), Is.EquivalentTo(new[] { "9", "10" }));
            foreach (var r in doc.Runtimes)
            {
                Assert.That(r.Copies.All(c => c.Proven), Is.True, r.Version);
                foreach (var copy in r.Copies.Where(c => c.Side != EvidenceRunner.Original))
                    Assert.That(copy.WrittenMvids!.Keys, Is.EquivalentTo(new[] { "System.Net.Http", "System.Net.Requests" }), r.Version + " " + copy.Side);
                foreach (var assembly in new[] { "System.Net.Http:", "System.Net.Requests:" })
                    Assert.That(r.Copies.All(c => c.Loaded.Any(l => l.StartsWith(assembly, StringComparison.Ordinal))), Is.True, r.Version + " " + assembly);
                Assert.That(r.IntroducedFailures, Is.Empty, r.Version);
                Assert.That(r.ControlChanges, Is.Empty, r.Version);
                foreach (var m in r.Members!) Assert.That(m.UpstreamTest!.FailsThenPasses, Is.True, r.Version + " " + m.Patch);
                var requestStream = r.Members!.Single(m => m.Patch == "0018").Verdicts.Single(v => v.Type == "System.Net.RequestStream");
                Assert.That((requestStream.Aa, requestStream.Patched), Is.EqualTo(("fail", "pass")), r.Version);
            }
        }

        /// <summary>0006 + 0019 (BufferedStream and BufferedFileStreamStrategy) on one copy: each headline shows its own
        /// metric, pwrite64 17 → 16 calls of the cell, not the cell's first figure (an lseek "0 → 0").</summary>
        [Test]
        public void TheCommittedBufferedWriteByteGroupShowsEachHeadlinesOwnFigure()
        {
            var doc = EvidenceDocument.Read(GroupFolderOf("buffered-writebyte-full-buffer"));
            Assert.That(doc.Patch, Is.EqualTo("0006+0019"));
            foreach (var r in doc.Runtimes)
            {
                Assert.That(r.Copies.All(c => c.Proven), Is.True, r.Version);
                Assert.That(r.IntroducedFailures, Is.Empty, r.Version);
                foreach (var m in r.Members!)
                {
                    Assert.That(m.UpstreamTest!.FailsThenPasses, Is.True, r.Version + " " + m.Patch);
                    var headline = m.Verdicts.Single(v => v.Variant == "default");
                    Assert.That(headline.Figure, Is.EqualTo("syscalls.pwrite64 17 → 16 calls in 65536 operations"), r.Version + " " + m.Patch);
                }
            }
        }

        static string GroupFolderOf(string name) => Path.Combine(RepoPaths.Root, "patches", "groups", name);

        [TestCase("sqlbytes-stream")]
        [TestCase("cryptostream-byte-path")]
        [TestCase("requeststream-second-dispose")]
        [TestCase("buffered-writebyte-full-buffer")]
        public void TheCommittedGroupEvidenceIsWhatTheReportWrites(string name)
        {
            var folder = GroupFolderOf(name);
            var doc = EvidenceDocument.Read(folder);
            Assert.That(GroupEvidenceMarkdown.Render(GroupEvidenceMarkdown.SetOf(folder, doc), doc), Is.EqualTo(File.ReadAllText(Path.Combine(folder, "EVIDENCE.md"))),
                $"stale: run `patch report patches/groups/{name} --markdown patches/groups/{name}/EVIDENCE.md`");
            foreach (var file in new[] { "EVIDENCE.md", "evidence.json", "UPSTREAM.md" })
            {
                var text = File.ReadAllText(Path.Combine(folder, file));
                Assert.That(text, Does.Not.Contain(RepoPaths.Root.TrimEnd('/') + "/").And.Not.Match(@"(^|[\s""`(])/[^\s""`]*/artifacts/"), file);
                Assert.That(text, Does.Not.Match(@"(^|[\s""`(])/(usr|opt|home|root|tmp|work)/"), file);
            }
        }

        /// <summary>A group's UPSTREAM.md is one pull-request description for all its patches: one title, then each patch's
        /// impact, repro with its output on the original and on the group's one copy, and rule; each one's version line;
        /// every diff; every test with its A/A → patched result on that copy; and it is what the report writes.</summary>
        [TestCase("sqlbytes-stream")]
        [TestCase("cryptostream-byte-path")]
        [TestCase("requeststream-second-dispose")]
        [TestCase("buffered-writebyte-full-buffer")]
        public void AGroupsPullRequestCoversEveryPatchFromTheOneCopy(string name)
        {
            var folder = GroupFolderOf(name);
            var doc = EvidenceDocument.Read(folder);
            var set = GroupEvidenceMarkdown.SetOf(folder, doc);
            var text = GroupUpstreamMarkdown.Render(set, doc);
            Assert.That(text, Is.EqualTo(File.ReadAllText(Path.Combine(folder, "UPSTREAM.md"))),
                $"stale: run `patch report patches/groups/{name} --upstream patches/groups/{name}/UPSTREAM.md`");
            Assert.That(Regex.Matches(text, "^# ", RegexOptions.Multiline).Select(x => x.Index), Has.Exactly(1).Items, "one pull request, no separate issue");
            Assert.That(text, Does.Contain("# Pull request: " + string.Join("; ", set.Patches.Select(p => p.Manifest.Issue!.PrTitle)) + "\n"));
            foreach (var (r, p) in doc.Runtimes.SelectMany(r => set.Patches.Select(p => (r, p))))
            {
                var m = p.Manifest;
                var t = m.Targets.Single();
                var member = r.Members!.Single(x => x.Patch == m.Id);
                Assert.That(text, Does.Contain("- " + m.Sentence + " Fixes #ISSUE.\n"), m.Id);
                Assert.That(text, Does.Contain("### " + m.Issue!.Title + "\n\n" + m.Issue.Impact + "\n"), m.Id);
                Assert.That(text, Does.Contain(File.ReadAllText(p.FileOf(t.Repro!)).TrimEnd()), m.Id + "'s repro");
                Assert.That(text, Does.Contain("On " + r.Version + ":\n\n```\n" + member.Repro!.SideOf(EvidenceRunner.Original)!.Output + "\n```"), m.Id + "'s repro output on the original");
                Assert.That(text, Does.Contain("carrying every change below):\n\n```\n" + member.Repro.SideOf(EvidenceRunner.Patched)!.Output + "\n```"), m.Id + "'s repro output on the one copy");
                Assert.That(text, Does.Contain("The rule: " + m.Issue.Rule), m.Id);
                Assert.That(text, Does.Contain("- .NET " + r.Version + ", " + m.Id + ": affected (the repro prints the fault; its test fails)"), m.Id);
                Assert.That(text, Does.Contain(File.ReadAllText(p.FileOf(t.Upstream.Diff)).TrimEnd()), m.Id + "'s diff");
                Assert.That(text, Does.Contain(File.ReadAllText(p.FileOf(t.Test!.Source)).TrimEnd()), m.Id + "'s test");
                Assert.That(text, Does.Contain("before these changes " + member.UpstreamTest!.SideOf(EvidenceRunner.Aa)!.Summary + "; with them " + member.UpstreamTest.SideOf(EvidenceRunner.Patched)!.Summary), m.Id);
                // A related item naming a patch of the group is this pull request itself, not linked.
                foreach (var related in m.Issue.Related.Where(x => !x.StartsWith("patch ", StringComparison.Ordinal)))
                    Assert.That(text, Does.Contain("- " + related.Split(' ')[0]), m.Id);
                Assert.That(text, Does.Not.Contain("- patch "), "no patch of the group listed as related");
            }
            // Each patch's own draft points at the group's one description.
            foreach (var p in set.Patches)
                Assert.That(File.ReadAllText(Path.Combine(p.Path, "UPSTREAM.md")), Does.Contain("(../groups/" + name + "/UPSTREAM.md)"), p.Manifest.Id);
        }

        [Test]
        public void TheReportCommandWritesAGroupsPullRequest()
        {
            var folder = GroupFolderOf("cryptostream-byte-path");
            var output = Path.Combine(_dir, "group-upstream.md");
            var run = StreamConfProcess.Run("patch", "report", folder, "--upstream", output);
            Assert.That(run.ExitCode, Is.EqualTo(0), run.StandardError + run.StandardOutput);
            Assert.That(File.ReadAllText(output), Is.EqualTo(File.ReadAllText(Path.Combine(folder, "UPSTREAM.md"))));
        }

        /// <summary>A group whose patch has no "issue" entry cannot draft its pull request: one line naming the patch, exit 2.</summary>
        [Test]
        public void AGroupWhosePatchHasNoIssueTextIsOneLineNamingIt()
        {
            var patches = Path.Combine(_dir, "no-issue", "patches");
            foreach (var id in new[] { "0011", "0017" })
            {
                var to = Path.Combine(patches, Path.GetFileName(ShippedPatchTests.Folder(id)));
                Directory.CreateDirectory(to);
                foreach (var f in Directory.GetFiles(ShippedPatchTests.Folder(id))) File.Copy(f, Path.Combine(to, Path.GetFileName(f)));
            }
            var group = Path.Combine(patches, "groups", "sqlbytes-stream");
            Directory.CreateDirectory(group);
            File.Copy(Path.Combine(GroupFolderOf("sqlbytes-stream"), "evidence.json"), Path.Combine(group, "evidence.json"));
            var manifest = Path.Combine(Directory.GetDirectories(patches, "0017-*").Single(), "patch.json");
            var json = Newtonsoft.Json.Linq.JObject.Parse(File.ReadAllText(manifest));
            Assert.That(json.Remove("issue"), Is.True, "test setup: 0017 has an issue entry");
            File.WriteAllText(manifest, json.ToString());
            StreamConfProcess.AssertBadInput(StreamConfProcess.Run("patch", "report", group, "--upstream", Path.Combine(_dir, "never.md")), "0017");
            Assert.That(File.Exists(Path.Combine(_dir, "never.md")), Is.False);
        }
    }
}
#endif
