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

        /// <summary>A member returning the wrong value is one cause whichever check saw it: one finding, one id.</summary>
        [Test]
        public void AWrongReturnValueSeenByThreeChecksIsOneFinding()
        {
            const string T = "System.IO.MemoryStream", V = "(byte[], int, int)";
            var results = new[]
            {
                R("mono", T, V, "seek.origins", Outcome.Fail, "Seek(10, Begin) from position 0 (length 4096) returned 26; expected 10 (operation 0; last: Seek(10, Begin))"),
                R("mono", T, V, "seek.random-walk", Outcome.Fail, "Seek(-2392, End) from position 0 (length 4096) returned 1720; expected 1704"),
                R("mono", T, V, "buffered.interleave", Outcome.Fail, "Seek(1781, Begin) from position 0 (length 4096) returned 1797; expected 1781"),
                R("mono", T, V, "capabilities.unsupported", Outcome.Fail, "Read: WriteByte(1) where the capability is false: expected NotSupportedException, nothing was thrown"),
            };
            var findings = FindingBuilder.Build(results);
            Assert.That(findings, Has.Count.EqualTo(2));
            var seek = findings.Single(f => f.Cause == "returns:Seek");
            Assert.That(seek.Results.Select(r => r.Check), Is.EquivalentTo(new[] { "seek.origins", "seek.random-walk", "buffered.interleave" }));
            Assert.That(seek.Id, Is.EqualTo(FindingBuilder.IdOf("mono", T, "returns:Seek")));
            Assert.That(seek.Title, Does.StartWith("MemoryStream.Seek returns a wrong value: ").And.EndWith("(seen by 3 checks)"));
            Assert.That(FindingBuilder.Build(results.Take(1)).Single().Id, Is.EqualTo(seek.Id), "one check alone gives the same id");
        }

        /// <summary>
        /// On WebAssembly a timeout is the harness's (the probe's one thread waits on the read it needs): a harness
        /// finding that still fails the run; the same timeout on CoreCLR stays a contract finding (a hang), and a wrong
        /// value on WebAssembly stays one too.
        /// </summary>
        [TestCase("wasm", FindingClass.Harness)]
        [TestCase("coreclr", FindingClass.Contract)]
        public void ATimeoutOnWebAssemblyIsTheHarnesss(string flavor, FindingClass expected)
        {
            var document = new RunDocument();
            document.Runtimes.Add(new RuntimeRun { Runtime = new RuntimeInfo { Name = "rt", Flavor = flavor } });
            document.Results.Add(R("rt", "S", "v", "budget.latency.read-async-1", Outcome.Timeout, "no result within 5 s"));
            document.Results.Add(R("rt", "S", "v", "seek.origins", Outcome.Fail, "Seek(10, Begin) returned 26; expected 10"));
            var findings = FindingBuilder.Build(document);
            var timeout = findings.Single(f => f.Cause.StartsWith("timeout:", System.StringComparison.Ordinal));
            Assert.That(timeout.Class, Is.EqualTo(expected));
            Assert.That(findings.Single(f => f != timeout).Class, Is.EqualTo(FindingClass.Contract));
            Assert.That(findings.First().Class, Is.EqualTo(FindingClass.Contract), "ranked again: the contract finding first");
            if (expected == FindingClass.Harness) Assert.That(timeout.Title, Does.Contain("the harness could not run"));
        }

        /// <summary>A cost finding meets what the inventory read in the IL of its member; other members' hazards stay out.</summary>
        [Test]
        public void ACostFindingCarriesTheIlEvidenceOfItsMember()
        {
            const string T = "System.IO.Compression.DeflateStream";
            var document = new RunDocument();
            var run = new RuntimeRun { Runtime = new RuntimeInfo { Name = "mono", Flavor = "mono" } };
            run.Hazards = new System.Collections.Generic.SortedDictionary<string, System.Collections.Generic.List<StreamConformance.Discovery.Hazard>>
            {
                [T] = new System.Collections.Generic.List<StreamConformance.Discovery.Hazard>
                {
                    new StreamConformance.Discovery.Hazard { Kind = "allocates-per-call", Member = "ReadByte",
                        Evidence = { new StreamConformance.Discovery.HazardEvidence { Method = "System.IO.Stream::ReadByte()", IlOffset = 1, Instruction = "newarr System.Byte" } } },
                    new StreamConformance.Discovery.Hazard { Kind = "sync-over-async", Member = "Flush" },
                },
            };
            document.Runtimes.Add(run);
            document.Results.Add(R("mono", T, "decompress", "budget.alloc.read-byte", Outcome.Fail, "", ("bytesPerCall", 40), ("budget", 16)));
            document.Results.Add(R("mono", T, "decompress", "seek.origins", Outcome.Fail, "Seek threw"));
            var findings = FindingBuilder.Build(document);
            var cost = findings.Single(f => f.Class == FindingClass.Cost);
            Assert.That(cost.IlEvidence, Is.EqualTo(new[] { "allocates-per-call in ReadByte: System.IO.Stream::ReadByte() IL_0001: newarr System.Byte" }));
            Assert.That(findings.Single(f => f.Class == FindingClass.Contract).IlEvidence, Is.Null);
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

        /// <summary>
        /// Contract findings by what they cost a user (docs/findings.md, "Ranked"): data lost or wrong (a gap read back
        /// as other bytes, a write of the wrong slice), a crash, a hang, a wrong value or a call that must work throwing,
        /// and last a wrong exception for a misuse; the messages are the checks' own.
        /// </summary>
        [Test]
        public void ContractFindingsRankByWhatTheyCostAUser()
        {
            var ranked = FindingBuilder.Build(new[]
            {
                R("dotnet", "T.WrongException", "v", "edge.argument-validation", Outcome.Fail, "Read(null, 0, 1): expected ArgumentNullException, got System.ArgumentOutOfRangeException (Specified argument was out of the range of valid values.)"),
                R("dotnet", "T.WrongValue", "v", "seek.origins", Outcome.Fail, "Read: Seek(10, Begin) returned 26; expected 10"),
                R("dotnet", "T.Hang", "v", "edge.zero-length", Outcome.Timeout, "no answer within 5 s"),
                R("dotnet", "T.Crash", "v", "read.differential", Outcome.Crash, "the probe exited"),
                R("dotnet", "T.WrongSlice", "v", "write-byte.round-trip", Outcome.Fail, "mixed writes: after Dispose the store differs from what was written: expected 4096 bytes, got 228049 (equal up to offset 30)"),
                R("dotnet", "T.Gap", "v", "read.differential", Outcome.Fail, "Read(byte[]) 100: first difference at offset 4000: expected 0x12, got 0x00 (expected 4096 bytes, got 4096)"),
                R("dotnet", "T.MustWork", "v", "edge.flush-read-only", Outcome.Fail, "Flush() before reading threw System.NotSupportedException (Stream does not support writing.)"),
                R("dotnet", "T.EarlyEnd", "v", "read-byte.values", Outcome.Fail, "ReadByte() returned -1 at offset 785; expected 33 (content is 4096 bytes)"),
            }).Select(f => f.Type).ToList();
            Assert.That(ranked, Is.EqualTo(new[] { "T.EarlyEnd", "T.Gap", "T.WrongSlice", "T.Crash", "T.Hang", "T.MustWork", "T.WrongValue", "T.WrongException" }));
        }

        [Test]
        public void ADataLossRanksBeforeAWrongExceptionWhateverTheNames()
        {
            var ranked = FindingBuilder.Build(new[]
            {
                R("dotnet", "A.Throws", "v", "edge.argument-validation", Outcome.Fail, "Write(null, 0, 1): expected ArgumentNullException, got System.ArgumentOutOfRangeException"),
                R("mono", "Z.Loses", "v", "edge.flush-read-only", Outcome.Fail, "reading across Flush calls: expected 4096 bytes, got 100 (equal up to offset 100)"),
            }).Select(f => f.Type).ToList();
            Assert.That(ranked, Is.EqualTo(new[] { "Z.Loses", "A.Throws" }), "runtime and name order only break ties within an impact");
        }

        /// <summary>
        /// A member used after Dispose is a misuse a correct program never makes, whatever the stream answers (a capability
        /// still true, a getter that works): it ranks with the wrong exceptions, after a call that must work and throws,
        /// whatever the names; a Dispose that throws is met by correct programs and stays a wrong value.
        /// </summary>
        [Test]
        public void AMemberUsedAfterDisposeRanksAsAMisuse()
        {
            var results = new[]
            {
                R("dotnet", "A.AfterDispose", "v", "dispose.members-throw", Outcome.Fail, "Read: CanRead is true; CanSeek is true; Position getter after Dispose succeeded; expected ObjectDisposedException (or NotSupported/InvalidOperation)"),
                R("dotnet", "B.DisposeThrows", "v", "dispose.members-throw", Outcome.Fail, "Write: Dispose() threw System.NullReferenceException (Object reference not set to an instance of an object.)"),
                R("dotnet", "C.WrongException", "v", "edge.argument-validation", Outcome.Fail, "Read(null, 0, 1): expected ArgumentNullException, got System.ArgumentOutOfRangeException"),
                R("dotnet", "Z.MustWork", "v", "edge.flush-read-only", Outcome.Fail, "Flush() before reading threw System.NotSupportedException (Specified method is not supported.)"),
            };
            Assert.That(results.Select(ImpactOf.Result), Is.EqualTo(new[] { Impact.Exception, Impact.Value, Impact.Exception, Impact.Value }));
            var ranked = FindingBuilder.Build(results).Select(f => f.Type).ToList();
            Assert.That(ranked, Is.EqualTo(new[] { "B.DisposeThrows", "Z.MustWork", "A.AfterDispose", "C.WrongException" }));
        }

        [Test]
        public void PassesAndSkipsAreNotFindings()
        {
            Assert.That(FindingBuilder.Build(new[] { R("dotnet", "T", "v", "seek.origins", Outcome.Pass), R("dotnet", "T", "v", "edge.zero-length", Outcome.Skip) }), Is.Empty);
        }
    }
}
