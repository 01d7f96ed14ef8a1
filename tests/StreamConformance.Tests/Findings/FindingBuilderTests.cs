using System.Linq;
using NUnit.Framework;
using StreamConformance.Findings;
using StreamConformance.Results;

namespace StreamConformance.Tests.Findings
{
    public class FindingBuilderTests
    {
        static CheckResult R(string runtime, string type, string variant, string check, Outcome outcome, string message = "m", params (string, double)[] metrics)
        {
            var r = new CheckResult { Runtime = runtime, Type = type, Variant = variant, Check = check, Outcome = outcome, Message = message };
            foreach (var (k, v) in metrics) r.WithMetric(k, v);
            return r;
        }

        [Test]
        public void OneCauseAcrossRecipesIsOneFindingWithAStableId()
        {
            var results = new[]
            {
                R("mono", "System.IO.Compression.DeflateStream", "compress", "budget.alloc.read-byte", Outcome.Fail, "", ("bytesPerCall", 40), ("budget", 0)),
                R("mono", "System.IO.Compression.DeflateStream", "decompress", "budget.alloc.read-byte", Outcome.Fail, "", ("bytesPerCall", 40), ("budget", 0)),
                R("mono", "System.IO.Compression.DeflateStream", "decompress", "read-byte.values", Outcome.Pass),
            };
            var findings = FindingBuilder.Build(results);
            Assert.That(findings, Has.Count.EqualTo(1));
            var f = findings[0];
            Assert.That(f.Class, Is.EqualTo(FindingClass.Cost));
            Assert.That(f.Variants, Is.EqualTo(new[] { "compress", "decompress" }));
            Assert.That(f.Title, Is.EqualTo("DeflateStream.ReadByte allocates 40 B per call (budget 0 B) (2 recipes)"));
            Assert.That(f.Id, Is.EqualTo(FindingBuilder.IdOf("mono", "System.IO.Compression.DeflateStream", "budget.alloc.read-byte")));
            Assert.That(FindingBuilder.Build(results.Reverse()).Single().Id, Is.EqualTo(f.Id), "the same cause gets the same id whatever the order");
            Assert.That(f.Id, Is.Not.EqualTo(FindingBuilder.IdOf("dotnet", "System.IO.Compression.DeflateStream", "budget.alloc.read-byte")));
        }

        [Test]
        public void ClassesFollowTheOutcomeAndTheCheck()
        {
            var findings = FindingBuilder.Build(new[]
            {
                R("dotnet", "T.A", "v", "dispose.members-throw", Outcome.Advisory),
                R("dotnet", "T.B", "v", "seek.origins", Outcome.Fail),
                R("dotnet", "T.C", "v", "read.differential", Outcome.Error),
                R("dotnet", "T.D", "v", "syscalls.file.read[api=Read,chunk=100]", Outcome.Fail),
                R("dotnet", "T.D", "v", "syscalls.file.read[api=ReadAsync,chunk=100]", Outcome.Fail),
                R("dotnet", "T.E", "v", "budget.latency.read-byte", Outcome.Timeout),
            }).ToDictionary(f => f.Type);
            Assert.That(findings["T.A"].Class, Is.EqualTo(FindingClass.Advisory));
            Assert.That(findings["T.B"].Class, Is.EqualTo(FindingClass.Contract));
            Assert.That(findings["T.C"].Class, Is.EqualTo(FindingClass.Harness));
            Assert.That(findings["T.D"].Class, Is.EqualTo(FindingClass.Cost));
            Assert.That(findings["T.D"].Results, Has.Count.EqualTo(2), "the syscall cells of one family are one cause");
            Assert.That(findings["T.E"].Class, Is.EqualTo(FindingClass.Contract), "a hang is a contract failure whatever the check");
            Assert.That(findings["T.E"].Title, Does.Contain("hangs in budget.latency.read-byte"));
        }

        [Test]
        public void RankingPutsCrashesFirstAndCostByHowFarOverBudget()
        {
            var ranked = FindingBuilder.Build(new[]
            {
                R("dotnet", "T.Slightly", "v", "budget.latency.seek", Outcome.Fail, "", ("ratioToBaseline", 27), ("budget", 25)),
                R("dotnet", "T.Advisory", "v", "dispose.members-throw", Outcome.Advisory),
                R("dotnet", "T.Far", "v", "budget.latency.read-byte", Outcome.Fail, "", ("ratioToBaseline", 200), ("budget", 25)),
                R("dotnet", "T.Wrong", "v", "seek.origins", Outcome.Fail),
                R("dotnet", "T.Crash", "v", "read.differential", Outcome.Crash),
            }).Select(f => f.Type).ToList();
            Assert.That(ranked, Is.EqualTo(new[] { "T.Crash", "T.Wrong", "T.Far", "T.Slightly", "T.Advisory" }));
        }

        [Test]
        public void PassesAndSkipsAreNotFindings()
        {
            Assert.That(FindingBuilder.Build(new[] { R("dotnet", "T", "v", "seek.origins", Outcome.Pass), R("dotnet", "T", "v", "edge.zero-length", Outcome.Skip) }), Is.Empty);
        }
    }
}
