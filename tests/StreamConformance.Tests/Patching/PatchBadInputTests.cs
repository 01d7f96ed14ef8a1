#if NET
using System;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Patching;
using StreamConformance.Runtimes;
using StreamConformance.Tests.Cli;
using StreamConformance.Tests.Isolation;

namespace StreamConformance.Tests.Patching
{
    /// <summary>
    /// Every fault of a patch folder or of <c>--out</c> is one line naming the folder or file and the fault (exit 2
    /// from the CLI), nothing is left half-written, and the installed runtime is unchanged afterwards.
    /// </summary>
    [TestFixture, NonParallelizable]
    public class PatchBadInputTests
    {
        string _dir = null!;
        RuntimeFingerprint _before = null!;
        static readonly string Guard = GuardCopy.Folder;

        [OneTimeSetUp]
        public void Setup()
        {
            _dir = Path.Combine(Path.GetTempPath(), "streamconf-patch-bad-" + Guid.NewGuid().ToString("N").Substring(0, 8));
            Directory.CreateDirectory(_dir);
            _before = RuntimeFingerprint.Take(new[] { RuntimeResolver.Resolve("dotnet") });
        }

        /// <summary>After each bad input, the installed runtime is byte for byte what it was.</summary>
        [TearDown]
        public void InstalledRuntimeIsUnchanged() =>
            Assert.That(RuntimeFingerprint.Take(new[] { RuntimeResolver.Resolve("dotnet") }).Files, Is.EqualTo(_before.Files));

        [OneTimeTearDown]
        public void Cleanup() => Directory.Delete(_dir, recursive: true);

        string Variant(string name, Action<string> change) => GuardCopy.Make(_dir, name, change);

        static void Replace(string folder, string file, string from, string to) => GuardCopy.Replace(folder, file, from, to);

        static InputException Fails(string folder, string? outDir = null)
        {
            var patch = PatchFolder.Load(folder);
            return Assert.Throws<InputException>(() => PatchApplier.Apply(patch, RuntimeResolver.Resolve("dotnet"), outDir ?? Path.Combine(folder, "..", Path.GetFileName(folder) + "-out"), RuntimeCopyManifest.Patched))!;
        }

        [Test]
        public void AFolderThatIsNotThere()
        {
            var e = Assert.Throws<InputException>(() => PatchFolder.Load(Path.Combine(_dir, "0009-absent")))!;
            Assert.That(e.Message, Does.Contain("0009-absent").And.Contain("not a folder"));
        }

        [Test]
        public void NoManifest()
        {
            var folder = Variant("0001-no-manifest", f => File.Delete(Path.Combine(f, "patch.json")));
            Assert.That(Assert.Throws<InputException>(() => PatchFolder.Load(folder))!.Message, Does.Contain(folder).And.Contain("no patch.json"));
        }

        [Test]
        public void MalformedJsonNamesFileLineAndColumn()
        {
            var folder = Variant("0001-malformed", f => Replace(f, "patch.json", "\"status\": \"guard\",", "\"status\": \"guard\" \"oops\","));
            var e = Assert.Throws<InputException>(() => PatchFolder.Load(folder))!;
            Assert.That(e.Message, Does.Match(@"patch\.json:4:\d+: "));
        }

        [Test]
        public void AMissingRequiredField()
        {
            var folder = Variant("0001-no-title", f => Replace(f, "patch.json", "\"title\":", "\"titel\":"));
            Assert.That(Assert.Throws<InputException>(() => PatchFolder.Load(folder))!.Message, Does.Contain("patch.json:").And.Contain("titel"));
        }

        [Test]
        public void AnUnknownType()
        {
            var folder = Variant("0001-unknown-type", f => Replace(f, "patch.json", "\"type\": \"System.IO.BufferedStream\"", "\"type\": \"System.IO.NoSuchStream\""));
            Assert.That(Fails(folder).Message, Does.Contain("System.IO.NoSuchStream").And.Contain("not found"));
        }

        [Test]
        public void AReplacementWhoseSignatureTheRuntimeDoesNotHave()
        {
            var folder = Variant("0001-no-such-member", f => Replace(f, "replacement.cs", "[Replace]\n        public override int ReadByte()", "[Replace]\n        public int ReadByte(int count)"));
            Assert.That(Fails(folder).Message, Does.Contain("has no member ReadByte(System.Int32)").And.Contain("ReadByte()"));
        }

        [Test]
        public void AMembersListThatDoesNotMatchTheReplacement()
        {
            var folder = Variant("0001-members", f => Replace(f, "patch.json", "\"members\": [ \"ReadByte()\", \"WriteByte(System.Byte)\" ],\n      \"source\": \"replacement.cs\",\n      \"upstream\": {\n        \"repository\": \"dotnet/runtime\"",
                "\"members\": [ \"ReadByte()\" ],\n      \"source\": \"replacement.cs\",\n      \"upstream\": {\n        \"repository\": \"dotnet/runtime\""));
            Assert.That(Fails(folder).Message, Does.Contain("members list").And.Contain("WriteByte(System.Byte)"));
        }

        [Test]
        public void ABodyThatDoesNotCompileQuotesTheFirstError()
        {
            var folder = Variant("0001-no-compile", f => Replace(f, "replacement.cs", "int n = Read(oneByte, 0, 1);", "int n = Read(oneByte, 0, 1) + undefinedThing;"));
            var e = Fails(folder);
            Assert.That(e.Message, Does.Contain("replacement.cs(").And.Contain("error CS0103").And.Contain("undefinedThing"));
        }

        [Test]
        public void AFieldWhoseTypeDiffersFromTheRuntimes()
        {
            var folder = Variant("0001-field-type", f =>
            {
                Replace(f, "replacement.cs", "    public abstract class BufferedStream : Stream\n    {", "    public abstract class BufferedStream : Stream\n    {\n        private int _buffer;");
                Replace(f, "replacement.cs", "return n == 0 ? -1 : oneByte[0];", "return n == 0 ? _buffer : oneByte[0];");
            });
            Assert.That(Fails(folder).Message, Does.Contain("field System.IO.BufferedStream._buffer is System.Byte[] in the runtime, System.Int32 in the replacement"));
        }

        [Test]
        public void AnUpstreamWithNeitherCommitNorTag()
        {
            var folder = Variant("0001-no-commit", f => Replace(f, "patch.json", "\"commit\": \"2eeeae399cec3eda1ef4bb3082876b88430636de\",", ""));
            Assert.That(Assert.Throws<InputException>(() => PatchFolder.Load(folder))!.Message, Does.Contain("upstream commit ''").And.Contain("release tag"));
        }

        [Test]
        public void AFixedUpstreamPatchNamesTheChangeThatFixedIt()
        {
            var bare = Variant("0001-fixed-bare", f => Replace(f, "patch.json", "\"status\": \"guard\"", "\"status\": \"fixed-upstream\""));
            Assert.That(Assert.Throws<InputException>(() => PatchFolder.Load(bare))!.Message, Does.Contain("fixedBy"));
            var named = Variant("0001-fixed-named", f => Replace(f, "patch.json", "\"status\": \"guard\"", "\"status\": \"fixed-upstream\", \"fixedBy\": \"dotnet/runtime#88572\""));
            Assert.That(PatchFolder.Load(named).Manifest.FixedBy, Is.EqualTo("dotnet/runtime#88572"));
            var badDate = Variant("0001-checked-bad", f => Replace(f, "patch.json", "\"commit\": \"2eeeae399cec3eda1ef4bb3082876b88430636de\",", "\"commit\": \"2eeeae399cec3eda1ef4bb3082876b88430636de\", \"checked\": \"25.11.2026\","));
            Assert.That(Assert.Throws<InputException>(() => PatchFolder.Load(badDate))!.Message, Does.Contain("checked '25.11.2026' is not a date"));
        }

        [Test]
        public void TwoCandidatesReplacingOneMemberMustDeclareOneGroup()
        {
            string Candidate(string id, string? group) => Variant($"{id}-candidate-{group ?? "alone"}", f =>
            {
                Replace(f, "patch.json", "\"id\": \"0001\"", $"\"id\": \"{id}\"");
                Replace(f, "patch.json", "\"status\": \"guard\"", "\"status\": \"candidate\"" + (group != null ? $", \"group\": \"{group}\"" : ""));
            });
            var apart = PatchVerifier.Overlaps(new[] { PatchFolder.Load(Candidate("0101", null)), PatchFolder.Load(Candidate("0102", null)) });
            Assert.That(apart, Has.Some.Contains("0101 and 0102 both replace coreclr System.IO.BufferedStream::ReadByte()"));
            var grouped = PatchVerifier.Overlaps(new[] { PatchFolder.Load(Candidate("0103", "one-pr")), PatchFolder.Load(Candidate("0104", "one-pr")) });
            Assert.That(grouped, Is.Empty);
            // A guard is never sent upstream: it may replace what a candidate does.
            Assert.That(PatchVerifier.Overlaps(new[] { PatchFolder.Load(GuardCopy.Folder), PatchFolder.Load(Candidate("0105", null)) }), Is.Empty);
        }

        [Test]
        public void AReleaseTagStandsForAMissingCommit()
        {
            var folder = Variant("0001-tag", f => Replace(f, "patch.json", "\"commit\": \"2eeeae399cec3eda1ef4bb3082876b88430636de\",", "\"tag\": \"v10.0.0\","));
            var upstream = PatchFolder.Load(folder).Manifest.Targets.Single(t => t.Runtime == "coreclr").Upstream;
            Assert.That(upstream.Ref, Is.EqualTo("v10.0.0"));
            Assert.That(upstream.Url, Does.Contain("/blob/v10.0.0/"));
            var bad = Variant("0001-bad-tag", f => Replace(f, "patch.json", "\"commit\": \"2eeeae399cec3eda1ef4bb3082876b88430636de\",", "\"tag\": \"no tag\","));
            Assert.That(Assert.Throws<InputException>(() => PatchFolder.Load(bad))!.Message, Does.Contain("'no tag' is not a tag name"));
        }

        [Test]
        public void AMalformedDiff()
        {
            var folder = Variant("0001-bad-diff", f => Replace(f, "upstream-dotnet-runtime.diff", "@@ -754,9 +754,9 @@", "@@ -754,12 +754,9 @@"));
            Assert.That(Assert.Throws<InputException>(() => PatchFolder.Load(folder))!.Message, Does.Contain("upstream-dotnet-runtime.diff:").And.Contain("expects 12 old and 9 new lines"));
        }

        [Test]
        public void OutInsideTheInstalledRuntime()
        {
            var runtime = RuntimeResolver.Resolve("dotnet");
            var inside = Path.Combine(runtime.Location, "streamconf-must-not-exist");
            var e = Assert.Throws<InputException>(() => PatchApplier.Apply(PatchFolder.Load(Guard), runtime, inside, RuntimeCopyManifest.Patched))!;
            Assert.That(e.Message, Does.Contain(inside).And.Contain("inside the runtime"));
            Assert.That(Directory.Exists(inside), Is.False);
        }

        [Test]
        public void OutNotEmpty()
        {
            var outDir = Path.Combine(_dir, "not-empty");
            Directory.CreateDirectory(outDir);
            File.WriteAllText(Path.Combine(outDir, "keep.txt"), "mine");
            var e = Assert.Throws<InputException>(() => PatchApplier.Apply(PatchFolder.Load(Guard), RuntimeResolver.Resolve("dotnet"), outDir, RuntimeCopyManifest.Patched))!;
            Assert.That(e.Message, Does.Contain(outDir).And.Contain("not empty"));
            Assert.That(File.ReadAllText(Path.Combine(outDir, "keep.txt")), Is.EqualTo("mine"));
        }

        [Test]
        public void TheCliSaysOneLineAndExitsTwoAndLeavesNoCopy()
        {
            var folder = Variant("0001-cli-no-compile", f => Replace(f, "replacement.cs", "int n = Read(oneByte, 0, 1);", "int n = Read(oneByte, 0, 1) + undefinedThing;"));
            var outDir = Path.Combine(_dir, "cli-out");
            var outcome = StreamConfProcess.Run("patch", "apply", folder, "--runtime", "dotnet", "--out", outDir);
            Assert.That(outcome.ExitCode, Is.EqualTo(2), outcome.StandardError + outcome.StandardOutput);
            var lines = outcome.StandardError.Split('\n', StringSplitOptions.RemoveEmptyEntries);
            Assert.That(lines, Has.Length.EqualTo(1), outcome.StandardError);
            Assert.That(lines[0], Does.StartWith("streamconf: patch: ").And.Contain(Path.Combine(folder, "replacement.cs")));
            Assert.That(Directory.Exists(outDir), Is.False, "nothing half-written");
        }

        [Test]
        public void VerifyPassesTheShippedPatchesAndFailsABrokenOne()
        {
            var ok = StreamConfProcess.Run("patch", "verify", Guard, "--runtime", "dotnet");
            Assert.That(ok.ExitCode, Is.EqualTo(0), ok.StandardError + ok.StandardOutput);
            Assert.That(ok.StandardOutput, Does.Contain("ok: weaves ReadByte(), WriteByte(System.Byte)"));
            var broken = Variant("0001-verify-broken", f => Replace(f, "replacement.cs", "int n = Read(oneByte, 0, 1);", "int n = Read(oneByte, 0, 1) + undefinedThing;"));
            var bad = StreamConfProcess.Run("patch", "verify", broken, "--runtime", "dotnet");
            Assert.That(bad.ExitCode, Is.EqualTo(2));
            Assert.That(bad.StandardOutput, Does.Contain("CS0103"));
        }
    }
}
#endif
