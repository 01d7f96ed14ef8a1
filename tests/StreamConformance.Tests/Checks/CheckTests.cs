using System.Collections.Generic;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Checks;
using StreamConformance.Findings;
using StreamConformance.Recipes;
using StreamConformance.Results;

namespace StreamConformance.Tests.StreamChecks
{
    /// <summary>
    /// Every check fails each broken stream meant for it, and passes (or skips, with a reason) the runtime's own
    /// streams and the tests' correct <see cref="TestStream"/>.
    /// </summary>
    public class CheckTests
    {
        /// <summary>
        /// Every contract check of the catalog (a <see cref="StreamCheck"/>), so a new one is held to a broken stream, to
        /// the runtime's streams and to a stream with nothing to offer without being listed here.
        /// </summary>
        static readonly string[] FunctionalChecks = CheckCatalog.All.OfType<StreamCheck>().Select(c => c.Name).ToArray();

        static CheckContext Context(bool lenient = false) => new CheckContext { Strict = !lenient };

        static IStreamCheck Check(string name) =>
            CheckCatalog.All.SingleOrDefault(c => c.Name == name) ?? throw new AssertionException($"no check named {name}");

        static CheckResult RunOne(string check, TestRecipe recipe, bool lenient = false)
        {
            var results = Check(check).Run(recipe, Context(lenient)).ToList();
            Assert.That(results, Has.Count.EqualTo(1), $"{check} gives one verdict per recipe");
            return results[0];
        }

        public static IEnumerable<TestCaseData> BrokenCases() =>
            from c in BrokenStreams.All()
            from check in c.MustFail
            select new TestCaseData(check, c.Recipe).SetName($"{check} fails {c.Recipe.Label}");

        /// <summary>
        /// Where a runtime's own stream breaks its documented contract (each reproduced by hand outside the harness,
        /// see the report), the check must keep flagging it: those pairs are asserted to Fail, with the evidence.
        /// </summary>
        static readonly (string Runtime, string Recipe, string Check, string Evidence)[] KnownFindings =
        {
            // Read 100 of 4096 bytes, Flush(): Position says 100 but the next Read returns 0 (the read buffer is dropped).
            ("mono", "System.IO.FileStream[bufferSize=4096]", "edge.flush-read-only", "reading across Flush calls"),
            // ReadByte, WriteByte, ReadByte, Length, Read: after Length the read returns 0 in the middle of the file
            // (bufferSize=4096) or bytes from 5 positions further on (bufferSize=1). The model's trace ends in Length.
            ("mono", "System.IO.FileStream[bufferSize=4096]", "buffered.interleave", "Length"),
            ("mono", "System.IO.FileStream[bufferSize=1]", "buffered.interleave", "Length"),
            // Read(buffer, -1, 1) throws ArgumentException ("Dest or count is negative.") instead of ArgumentOutOfRangeException.
            ("mono", "System.IO.Compression.DeflateStream[decompress]", "edge.argument-validation", "got System.ArgumentException"),
        };

        static bool IsKnownFinding(string check, TestRecipe recipe) =>
            KnownFindings.Any(f => f.Runtime == RuntimeFlavor.Name && f.Recipe == recipe.Label && f.Check == check);

        public static IEnumerable<TestCaseData> CorrectCases() =>
            from recipe in RuntimeRecipes.All()
            from check in FunctionalChecks
            where !IsKnownFinding(check, recipe)
            select new TestCaseData(check, recipe).SetName($"{check} passes {recipe.Label}");

        public static IEnumerable<TestCaseData> FindingCases() =>
            from f in KnownFindings
            where f.Runtime == RuntimeFlavor.Name
            select new TestCaseData(f.Check, RuntimeRecipes.All().Single(r => r.Label == f.Recipe), f.Evidence)
                .SetName($"{f.Check} flags {f.Recipe} on {f.Runtime}");

        [TestCaseSource(nameof(BrokenCases))]
        public void FlagsBrokenStream(string check, TestRecipe recipe)
        {
            var result = RunOne(check, recipe);
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Message, Is.Not.Empty);
            TestContext.Out.WriteLine(result.Message);
        }

        /// <summary>
        /// The runtime's own streams are held to dotnet/runtime's disposal rule (the default): their base class's async
        /// and APM wrappers test CanRead/CanWrite before anything else, so after Dispose they throw NotSupportedException,
        /// which the stricter rule reports as an advisory. The tests' own stream is held to the strict rule.
        /// </summary>
        [TestCaseSource(nameof(CorrectCases))]
        public void PassesCorrectStream(string check, TestRecipe recipe)
        {
            var runtimeStream = !recipe.TypeName.StartsWith("test.", System.StringComparison.Ordinal);
            var result = RunOne(check, recipe, lenient: runtimeStream);
            var accepted = runtimeStream ? new[] { Outcome.Pass, Outcome.Skip, Outcome.Advisory } : new[] { Outcome.Pass, Outcome.Skip };
            Assert.That(result.Outcome, Is.AnyOf(accepted), result.Message);
            Assert.That(result.Message, Is.Not.Empty);
            TestContext.Out.WriteLine($"{result.Outcome}: {result.Message}");
        }

        [TestCaseSource(nameof(FindingCases))]
        public void FlagsKnownRuntimeFinding(string check, TestRecipe recipe, string evidence)
        {
            var result = RunOne(check, recipe, lenient: true);
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Message, Does.Contain(evidence));
            TestContext.Out.WriteLine(result.Message);
        }

        [Test]
        public void StrictDisposalRejectsWhatLenientAccepts()
        {
            var recipe = TestRecipe.Over("invalid-operation-after-dispose", (c, r, w, s) => new BrokenStreams.InvalidOperationAfterDispose(c, r, w, s));
            var strict = RunOne("dispose.members-throw", recipe);
            var lenient = RunOne("dispose.members-throw", recipe, lenient: true);
            Assert.That(strict.Outcome, Is.EqualTo(Outcome.Fail), strict.Message);
            Assert.That(strict.Message, Does.Contain("InvalidOperationException"));
            Assert.That(lenient.Outcome, Is.EqualTo(Outcome.Advisory), "within the official rule, outside the strict one: " + lenient.Message);
            Assert.That(lenient.Message, Does.Contain("InvalidOperationException, not ObjectDisposedException"));
        }

        /// <summary>
        /// Capabilities that stay true after Dispose fail, unless the type's knob says what dotnet/runtime's pipe tests
        /// say (CansReturnFalseAfterDispose = false): then they are an advisory, and a failure only with --strict.
        /// </summary>
        [Test]
        public void CapabilitiesAfterDisposeFailUnlessTheKnobAllowsThem()
        {
            TestRecipe Make(bool knob)
            {
                var recipe = TestRecipe.Over("capabilities-after-dispose", (c, r, w, s) => new BrokenStreams.CapabilitiesAfterDispose(c, r, w, s));
                recipe.CapabilitiesFalseAfterDispose = knob;
                return recipe;
            }
            var held = RunOne("dispose.members-throw", Make(knob: true), lenient: true);
            Assert.That(held.Outcome, Is.EqualTo(Outcome.Fail), held.Message);
            Assert.That(held.Message, Does.Contain("CanRead is true"));
            var allowed = RunOne("dispose.members-throw", Make(knob: false), lenient: true);
            Assert.That(allowed.Outcome, Is.EqualTo(Outcome.Advisory), allowed.Message);
            var strict = RunOne("dispose.members-throw", Make(knob: false));
            Assert.That(strict.Outcome, Is.EqualTo(Outcome.Fail), strict.Message);
        }

        /// <summary>A capability that throws after Dispose is named, with the contract it breaks, not reported as an unexpected exception.</summary>
        [Test]
        public void ACapabilityThatThrowsAfterDisposeIsNamed()
        {
            var result = RunOne("dispose.members-throw", TestRecipe.Over("capabilities-throw-after-dispose", (c, r, w, s) => new BrokenStreams.CapabilitiesThrowAfterDispose(c, r, w, s)));
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Message, Does.Contain("CanRead threw System.ObjectDisposedException").And.Contain("has it return false after Dispose").And.Not.Contain("unexpected"));
        }

        /// <summary>
        /// A Position getter that answers although CanSeek is false is within dotnet/runtime's rules (its
        /// CanGetPositionWhenCanSeekIsFalse knob): advisory, a failure only with --strict. Throwing the wrong exception fails.
        /// </summary>
        [Test]
        public void APositionGetterOnAnUnseekableStreamIsAdvisoryButTheWrongExceptionFails()
        {
            var answers = TestRecipe.Over("position-on-unseekable", (c, r, w, s) => new BrokenStreams.PositionOnUnseekable(c, r, w, s), seek: false);
            var lenient = RunOne("capabilities.unsupported", answers, lenient: true);
            Assert.That(lenient.Outcome, Is.EqualTo(Outcome.Advisory), lenient.Message);
            Assert.That(lenient.Message, Does.Contain("CanGetPositionWhenCanSeekIsFalse").And.Contain("Position getter returned 0"));
            Assert.That(RunOne("capabilities.unsupported", answers).Outcome, Is.EqualTo(Outcome.Fail));

            var wrong = TestRecipe.Over("position-throws-invalid-operation", (c, r, w, s) => new PositionThrowsInvalidOperation(c, r, w, s), seek: false);
            var result = RunOne("capabilities.unsupported", wrong, lenient: true);
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Message, Does.Contain("InvalidOperationException"));
        }

        sealed class PositionThrowsInvalidOperation : TestStream
        {
            public PositionThrowsInvalidOperation(byte[] c, bool r, bool w, bool s) : base(c, r, w, s) { }
            public override long Position
            {
                get => CanSeek ? base.Position : throw new System.InvalidOperationException("no position");
                set => base.Position = value;
            }
        }

        /// <summary>
        /// Where dotnet/runtime's own tests skip the disposal rule for a type (HTTP response streams), members that
        /// still work after Dispose are advisory; elsewhere they fail.
        /// </summary>
        [Test]
        public void MembersThatWorkAfterDisposeAreAdvisoryOnlyWhereTheOfficialSuiteSkipsTheRule()
        {
            TestRecipe Make(bool held)
            {
                var recipe = TestRecipe.Over("alive-after-dispose", (c, r, w, s) => new BrokenStreams.AliveAfterDispose(c, r, w, s));
                recipe.HeldToThrowingAfterDispose = held;
                return recipe;
            }
            Assert.That(RunOne("dispose.members-throw", Make(held: true), lenient: true).Outcome, Is.EqualTo(Outcome.Fail));
            var skipped = RunOne("dispose.members-throw", Make(held: false), lenient: true);
            Assert.That(skipped.Outcome, Is.EqualTo(Outcome.Advisory), skipped.Message);
            Assert.That(skipped.Message, Does.Contain("does not hold this type"));
            Assert.That(RunOne("dispose.members-throw", Make(held: false)).Outcome, Is.EqualTo(Outcome.Fail), "--strict");
        }

        [Test]
        public void AWriteThatFailsWithAnIOExceptionDoesNotContradictCanWrite()
        {
            var recipe = TestRecipe.Over("peer-closed-for-writes", (c, r, w, s) => new BrokenStreams.PeerClosedForWrites(c, r, w, s));
            var result = RunOne("capabilities.unsupported", recipe);
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), result.Message);
        }

        [Test]
        public void ARecipeThatCannotOpenIsAnErrorNotAFail()
        {
            var recipe = new TestRecipe("test.throwing-recipe", "default") { Read = _ => throw new System.InvalidOperationException("no fixture") };
            var result = RunOne("read.differential", recipe);
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Error), result.Message);
            Assert.That(result.Message, Does.Contain("no fixture"));
        }

        [Test]
        public void AStreamWithNothingToOfferIsSkippedWithAReason()
        {
            var recipe = new TestRecipe("test.nothing", "default");
            foreach (var check in FunctionalChecks)
            {
                var result = RunOne(check, recipe);
                Assert.That(result.Outcome, Is.EqualTo(Outcome.Skip), $"{check}: {result.Message}");
                Assert.That(result.Message, Is.Not.Empty, check);
            }
        }

        /// <summary>
        /// A stream only ever built empty (HttpClient's body of a response without one): the checks that need bytes to
        /// read skip with the recipe's reason, never pass; the rules that hold at the end run over the empty stream, and
        /// still catch one that breaks them.
        /// </summary>
        [Test]
        public void AnEmptyOnlyRecipeSkipsWhatNeedsContentAndJudgesTheRest()
        {
            const string why = "holds nothing, by nature";
            static TestRecipe EmptyOnly(string name, System.Func<byte[], TestStream> make) => new TestRecipe("test." + name, "default")
            {
                EmptyOnly = why,
                Read = c => c.Length == 0 ? new StreamFixture(make(c)) : null,
            };
            var correct = EmptyOnly("empty-only", c => new TestStream(c, canSeek: false));
            foreach (var check in new[] { "edge.flush-read-only", "buffered.interleave", "seek.origins", "seek.random-walk", "budget.latency.read-byte" })
            {
                var result = Check(check).Run(correct, Context()).Single();
                Assert.That(result.Outcome, Is.EqualTo(Outcome.Skip), $"{check}: {result.Message}");
                Assert.That(result.Message, Does.Contain(why), check);
            }
            foreach (var check in new[] { "read-byte.values", "read.differential", "edge.zero-length", "edge.argument-validation", "capabilities.unsupported", "dispose.members-throw", "dispose.twice" })
            {
                var result = RunOne(check, correct);
                Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), $"{check}: {result.Message}");
            }
            var broken = EmptyOnly("empty-only-read-byte-never-ends", c => new BrokenStreams.ReadByteNeverEnds(c, true, false, false));
            foreach (var check in new[] { "read-byte.values", "read.differential" })
                Assert.That(RunOne(check, broken).Outcome, Is.EqualTo(Outcome.Fail), check + " over the empty stream still sees ReadByte() return 0 at the end");
        }

        /// <summary>
        /// A stream that a refused Write leaves waiting in Dispose (DotNetZip's ParallelDeflateOutputStream) is a finding
        /// naming that Dispose and the calls before it, made inside the check: not a timeout that kills the probe.
        /// </summary>
        [Test]
        public void ADisposeThatHangsAfterRefusedWritesIsAFindingNamingIt()
        {
            var recipe = BrokenStreams.All().Single(c => c.Recipe.Label.Contains("refused-write-hangs-dispose")).Recipe;
            var result = RunOne("edge.argument-validation", recipe);
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Message, Does.StartWith("Write: Dispose() had not returned after 2 s, after 12 calls with invalid arguments on the same stream (12 refused them, the first: Write(null, 0, 1) threw ArgumentNullException)"));
            // Its arguments are refused with the right exceptions: the hang is the only violation.
            Assert.That(result.Message, Does.Not.Contain("expected"));
        }

        /// <summary>
        /// A read that waits for ever on a disposed stream (FSharpx.Async's CircularStream) is a finding naming that read,
        /// made inside the check and ranked as a hang: not a timeout that kills the probe.
        /// </summary>
        [Test]
        public void AReadThatWaitsAfterDisposeIsAFindingNamingIt()
        {
            var recipe = BrokenStreams.All().Single(c => c.Recipe.Label.Contains("read-after-dispose-waits")).Recipe;
            var result = RunOne("dispose.members-throw", recipe);
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Message, Does.Contain("ReadByte() after Dispose had not returned after 2 s; expected ObjectDisposedException (or NotSupported/InvalidOperation)"));
            Assert.That(result.Message, Does.Not.Contain("Read(byte[], 0, 8)"), "the members after a call that never returned are not tried");
            Assert.That(ImpactOf.Result(result), Is.EqualTo(Impact.Hang));
        }

        [Test]
        public void ShortReadsAreLegalWhenTheRecipeAllowsThem()
        {
            // The same stream the "short-reads" case fails, once its recipe no longer promises full reads.
            var recipe = TestRecipe.Over("short-reads-allowed", (c, r, w, s) => new BrokenStreams.ShortReads(c, r, w, s), seek: false);
            recipe.FullReads = false;
            foreach (var check in new[] { "read.differential", "buffered.interleave" })
            {
                var result = RunOne(check, recipe);
                Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), $"{check}: {result.Message}");
            }
        }

        [Test]
        public void QuickModeStillPassesTheRuntimeStreams()
        {
            foreach (var recipe in RuntimeRecipes.All())
                foreach (var check in FunctionalChecks)
                {
                    if (IsKnownFinding(check, recipe)) continue;
                    var result = Check(check).Run(recipe, new CheckContext { Quick = true }).Single();
                    Assert.That(result.Outcome, Is.AnyOf(Outcome.Pass, Outcome.Skip, Outcome.Advisory), $"{check} on {recipe.Label}: {result.Message}");
                }
        }

        [Test]
        public void AStreamThatNeverEndsFailsWithinTheReadLimit()
        {
            var recipe = BrokenStreams.All().Single(c => c.Recipe.Label == "test.read-byte-never-ends").Recipe;
            var context = new CheckContext { MaxBytesRead = 3000 };
            var result = Check("read.differential").Run(recipe, context).Single();
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Message, Does.Contain("did not report the end within 3000 bytes"));
        }

        [Test]
        public void FailuresNameTheSeedSoTheyCanBeReplayed()
        {
            var recipe = BrokenStreams.All().Single(c => c.Recipe.Label == "test.span-read-off-by-one").Recipe;
            var result = Check("read.differential").Run(recipe, new CheckContext { Seed = 42 }).Single();
            Assert.That(result.Message, Does.Contain("seed 42"));
        }

        [Test]
        public void TheCatalogHoldsEveryContractCheck() =>
            Assert.That(FunctionalChecks, Is.SupersetOf(new[]
            {
                "read-byte.values", "read.differential", "write-byte.round-trip", "buffered.interleave", "seek.origins",
                "seek.random-walk", "capabilities.unsupported", "dispose.members-throw", "dispose.twice",
                "edge.zero-length", "edge.flush-read-only", "edge.argument-validation", "seek.gap-zeroed",
            }));

        /// <summary>A library's findings by cause name each contract check in an author's words, not by its key.</summary>
        [TestCaseSource(nameof(FunctionalChecks))]
        public void EveryCheckHasItsCauseInWords(string check) =>
            Assert.That(StreamConformance.Findings.FindingCauses.HasWordsFor(check), Is.True,
                $"{check} has no words in Findings/FindingCauses.cs: its findings by cause would show the key '{check}'");

        [TestCaseSource(nameof(FunctionalChecks))]
        public void EveryCheckHasABrokenStream(string check) =>
            Assert.That(BrokenStreams.All().Any(c => c.MustFail.Contains(check)), Is.True, $"no broken stream exercises {check}");

        [TestCaseSource(nameof(FunctionalChecks))]
        public void EveryCheckPassesSomeRuntimeStream(string check)
        {
            var passed = RuntimeRecipes.All().Where(r => !r.TypeName.StartsWith("test.")).Select(r => (r.Label, RunOne(check, r)))
                .Where(x => x.Item2.Outcome == Outcome.Pass).Select(x => x.Label).ToList();
            Assert.That(passed, Is.Not.Empty, $"{check} passes none of the runtime's streams");
        }
    }
}
