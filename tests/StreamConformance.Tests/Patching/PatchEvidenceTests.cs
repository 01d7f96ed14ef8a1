#if NET
using System;
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
    /// <c>patch evidence</c> judges what it measured: the guard holds on the patched copy and not by accident (the
    /// woven file is proven loaded, the control does not move), and a patch that breaks the contract is rejected
    /// with the failing checks named. One process per side and a few checks keep it short; figures are not asserted
    /// beyond exact allocation counts.
    /// </summary>
    [TestFixture, NonParallelizable]
    public class PatchEvidenceTests
    {
        const string Checks = "budget.alloc.read-byte|budget.alloc.write-byte|read-byte.values|write-byte.round-trip|read.differential";
        string _dir = null!;
        EvidenceOptions _options = null!;
        RuntimeFingerprint _before = null!;

        static readonly string Guard = GuardCopy.Folder;

        [OneTimeSetUp]
        public void Setup()
        {
            _dir = Path.Combine(Path.GetTempPath(), "streamconf-evidence-" + Guid.NewGuid().ToString("N").Substring(0, 8));
            Directory.CreateDirectory(_dir);
            _before = RuntimeFingerprint.Take(new[] { RuntimeResolver.Resolve("dotnet") });
            _options = new EvidenceOptions
            {
                Runs = 1, Quick = true, Checks = Checks, Cache = new PatchCache(Path.Combine(_dir, "cache")),
                Locator = new ProbeLocator(RepoPaths.ProbeRoot), Command = "test",
            };
        }

        [OneTimeTearDown]
        public void CleanupAndCheckTheInstalledRuntime()
        {
            Directory.Delete(_dir, recursive: true);
            Assert.That(RuntimeFingerprint.Take(new[] { RuntimeResolver.Resolve("dotnet") }).Files, Is.EqualTo(_before.Files), "patch evidence changed the installed runtime");
        }

        [Test]
        public void TheGuardHoldsWithTheWovenFileProvenAndTheControlUnmoved()
        {
            var patch = PatchFolder.Load(Guard);
            var doc = new EvidenceRunner(_options).Run(patch, new[] { RuntimeResolver.Resolve("dotnet") });
            var r = doc.Runtimes.Single();

            Assert.That(r.Verdict, Does.StartWith("the guard holds"), r.Verdict + "\n" + string.Join("\n", r.Errors));
            Assert.That(r.Copies.Select(c => c.Side), Is.EqualTo(new[] { "original", "aa", "patched" }));
            Assert.That(r.Copies.All(c => c.Proven), Is.True, string.Join("\n", r.Copies.SelectMany(c => c.Loaded)));
            Assert.That(r.ControlChanges, Is.Empty);
            Assert.That(r.IntroducedFailures, Is.Empty);
            var readByte = r.Figures.Where(f => f.Type == "System.IO.BufferedStream" && f.Check == "budget.alloc.read-byte").ToList();
            Assert.That(readByte, Is.Not.Empty);
            Assert.That(readByte.All(f => f.Aa!.Value == 0 && f.Patched!.Value == 32 && f.Change == "regression"), Is.True);
            Assert.That(doc.Headline, Does.Contain("0 B/call → 32 B/call"));

            // The second run reuses both copies instead of writing CoreLib again.
            var again = new EvidenceRunner(_options).Run(patch, new[] { RuntimeResolver.Resolve("dotnet") });
            Assert.That(again.Runtimes.Single().Copies.Where(c => c.Side != "original").All(c => c.Reused), Is.True);

            var markdown = EvidenceMarkdown.Render(patch, doc);
            Assert.That(markdown, Does.Contain("## Problem").And.Contain("```diff").And.Contain("## Reproduce").And.Contain("the guard holds"));
        }

        [Test]
        public void APatchThatBreaksReadByteIsRejectedNamingTheFailingCheck()
        {
            var folder = GuardCopy.Make(_dir, "0002-broken-readbyte", f =>
            {
                GuardCopy.Replace(f, "patch.json", "\"id\": \"0001\"", "\"id\": \"0002\"");
                GuardCopy.Replace(f, "patch.json", "\"status\": \"guard\"", "\"status\": \"candidate\"");
                // Every byte comes back with its low bit flipped: values and differential reads must fail.
                GuardCopy.Replace(f, "replacement.cs", "return n == 0 ? -1 : oneByte[0];", "return n == 0 ? -1 : oneByte[0] ^ 1;");
            });

            var doc = new EvidenceRunner(_options).Run(PatchFolder.Load(folder), new[] { RuntimeResolver.Resolve("dotnet") });
            var r = doc.Runtimes.Single();
            Assert.That(doc.Status, Is.EqualTo("rejected"));
            Assert.That(r.Rejected, Is.True);
            Assert.That(r.Verdict, Does.StartWith("rejected: the patched copy fails"));
            Assert.That(r.IntroducedFailures, Has.Some.Contain("read-byte.values"));
        }
    }
}
#endif
