using System.Linq;
using NUnit.Framework;
using StreamConformance.Budgets;
using StreamConformance.Checks;
using StreamConformance.Meters;
using StreamConformance.Recipes;
using StreamConformance.Results;

namespace StreamConformance.Tests.Meters
{
    /// <summary>
    /// Verdicts are asserted on synthetic measurements (the judging is exact); real measurements are asserted only
    /// to produce their figures. Times and timing verdicts live in tools/ (tools/Budgets prints them).
    /// </summary>
    public class LatencyMeterTests
    {
        static CheckResult Run(StreamOperation operation, StreamRecipe recipe)
        {
            var check = CheckCatalog.All.OfType<LatencyBudgetCheck>().Single(c => c.Operation == operation);
            return check.Run(recipe, new CheckContext { Quick = true }).Single();
        }

        static LatencyBudgetCheck Check(StreamOperation operation) => CheckCatalog.All.OfType<LatencyBudgetCheck>().Single(c => c.Operation == operation);

        /// <summary>Five rounds at exactly these per-call times: a verdict that depends only on the judging, never on the machine.</summary>
        static BatchTimes Times(double ns, double spread = 0) => new BatchTimes(Enumerable.Range(0, 5).Select(i => ns + spread * (i - 2)).ToArray(), 1000);

        static LatencyMeasurement Synthetic(double operationNs, double baselineNs, double harnessSpread = 0) =>
            new LatencyMeasurement(Times(operationNs), Times(baselineNs), Times(2.0, harnessSpread), Times(0.3));

        /// <summary>
        /// WebAssembly's jiterpreter compiles a path only after thousands of runs: there, a rewindable session's operation is
        /// warmed that long before its first timed round; an unseekable one holds data for its rounds only, and the
        /// runtimes that compile before the first call need nothing more than the warm-up rounds.
        /// </summary>
        [TestCase(true, true, LatencyMeter.JiterpreterWarmCalls)]
        [TestCase(true, false, 0)]
        [TestCase(false, true, 0)]
        [TestCase(false, false, 0)]
        public void OnlyWebAssemblyWarmsAnOperationUntilTheJiterpreterHasCompiledIt(bool onWasm, bool canSeek, int calls)
        {
            Assert.That(LatencyMeter.CompileWarmCalls(onWasm, canSeek), Is.EqualTo(calls));
            Assert.That(LatencyMeter.JiterpreterWarmCalls, Is.GreaterThanOrEqualTo(5_000), "dotnet/runtime's jiterpreter-minimum-trace-hit-count");
        }

        [Test]
        public void ARatioOverTheCeilingFailsAndOneUnderItPasses()
        {
            var check = Check(StreamOperations.ReadByte);
            var slow = check.Judge(Synthetic(100, 2), new BufferedStreamRecipe(), new CheckContext()).Single();
            Assert.That(slow.Outcome, Is.EqualTo(Outcome.Fail), slow.Message);
            Assert.That(slow.Message, Does.StartWith("ReadByte takes 50× MemoryStream.ReadByte").And.Contain("default for buffered streams"));
            var fine = check.Judge(Synthetic(4, 2), new BufferedStreamRecipe(), new CheckContext()).Single();
            Assert.That(fine.Outcome, Is.EqualTo(Outcome.Pass), fine.Message);
            Assert.That(fine.Metrics!["ratioToBaseline"], Is.EqualTo(2));
        }

        /// <summary>A budget inside the ratio's interval is no verdict: neither a pass nor a failure that could flip between runs.</summary>
        [Test]
        public void ABudgetInsideTheIntervalIsInconclusiveAndATightFigureIsNot()
        {
            var check = Check(StreamOperations.ReadByte);
            // Ratios 5, 15, 25, 35, 45 over five rounds against a 30× ceiling: the interval (5–45) holds it.
            var spread = check.Judge(new LatencyMeasurement(Times(50, spread: 20), Times(2), Times(2.0), Times(0.3)), new BufferedStreamRecipe(), new CheckContext()).Single();
            Assert.That(spread.Outcome, Is.EqualTo(Outcome.Inconclusive), spread.Message);
            Assert.That(spread.Message, Does.Contain("lies inside the interval: inconclusive").And.Contain("stopped by the time box"));
            Assert.That(spread.Metrics!["precise"], Is.EqualTo(0));
            var tight = check.Judge(Synthetic(100, 2), new BufferedStreamRecipe(), new CheckContext()).Single();
            Assert.That(tight.Outcome, Is.EqualTo(Outcome.Fail), tight.Message);
            Assert.That(tight.Message, Does.Contain("stopped when the interval was within ±10% of the median"));
            Assert.That(tight.Metrics!["precise"], Is.EqualTo(1));
            Assert.That(FindingBuilderHasNoFindingFor(spread), Is.True, "an inconclusive figure is never a finding");
        }

        /// <summary>
        /// A tight interval just beside the ceiling is no verdict either: another process of the same build can settle
        /// the figure up to LatencyMeter.ProcessSpread away. Beyond that band the verdict stands.
        /// </summary>
        [Test]
        public void ACeilingWithinTheSpreadBetweenProcessesIsInconclusive()
        {
            var check = Check(StreamOperations.ReadByte);
            var ceiling = check.Judge(Synthetic(100, 2), new BufferedStreamRecipe(), new CheckContext()).Single().Metrics!["budget"];
            foreach (var factor in new[] { 0.85, 1.15 })
            {
                var near = check.Judge(Synthetic(2 * ceiling * factor, 2), new BufferedStreamRecipe(), new CheckContext()).Single();
                Assert.That(near.Outcome, Is.EqualTo(Outcome.Inconclusive), near.Message);
                Assert.That(near.Message, Does.Contain("as far as a figure moves between processes of one build"));
                Assert.That(FindingBuilderHasNoFindingFor(near), Is.True);
            }
            var under = check.Judge(Synthetic(2 * ceiling / (1.05 + LatencyMeter.ProcessSpread), 2), new BufferedStreamRecipe(), new CheckContext()).Single();
            Assert.That(under.Outcome, Is.EqualTo(Outcome.Pass), under.Message);
            var over = check.Judge(Synthetic(2 * ceiling * (1.05 + LatencyMeter.ProcessSpread), 2), new BufferedStreamRecipe(), new CheckContext()).Single();
            Assert.That(over.Outcome, Is.EqualTo(Outcome.Fail), over.Message);
        }

        /// <summary>Calls that complete on pool threads time the pool's wake-up, which moves ~10× between processes: only a figure that far off is a verdict.</summary>
        [Test]
        public void ACallThatHopsToThePoolNeedsTenTimesItsCeiling()
        {
            var check = Check(StreamOperations.ReadByte);
            var ceiling = check.Judge(Synthetic(100, 2), new BufferedStreamRecipe(), new CheckContext()).Single().Metrics!["budget"];
            LatencyMeasurement Hopping(double ratio)
            {
                var m = Synthetic(2 * ratio, 2);
                m.CompletedAsynchronously = true;
                return m;
            }
            var fiveTimes = check.Judge(Hopping(5 * ceiling), new BufferedStreamRecipe(), new CheckContext()).Single();
            Assert.That(fiveTimes.Outcome, Is.EqualTo(Outcome.Inconclusive), fiveTimes.Message);
            Assert.That(fiveTimes.Message, Does.Contain("within a factor of 10 of the interval").And.Contain("complete on pool threads"));
            Assert.That(check.Judge(Hopping(ceiling / 5), new BufferedStreamRecipe(), new CheckContext()).Single().Outcome, Is.EqualTo(Outcome.Inconclusive));
            Assert.That(check.Judge(Hopping(11 * ceiling), new BufferedStreamRecipe(), new CheckContext()).Single().Outcome, Is.EqualTo(Outcome.Fail));
            Assert.That(check.Judge(Hopping(ceiling / 11), new BufferedStreamRecipe(), new CheckContext()).Single().Outcome, Is.EqualTo(Outcome.Pass));
        }

        /// <summary>A call that waits for a live peer thread is a wake-up too: the same factor of 10, and compare is told (crossThread).</summary>
        [Test]
        public void ACallThatWaitsForAPeerNeedsTenTimesItsCeiling()
        {
            var check = Check(StreamOperations.ReadByte);
            var ceiling = check.Judge(Synthetic(100, 2), new BufferedStreamRecipe(), new CheckContext()).Single().Metrics!["budget"];
            var waiting = Synthetic(2 * 5 * ceiling, 2);
            waiting.WaitsOnPeer = true;
            var result = check.Judge(waiting, new BufferedStreamRecipe(), new CheckContext()).Single();
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Inconclusive), result.Message);
            Assert.That(result.Message, Does.Contain("when its calls wait for a peer thread"));
            Assert.That(result.Metrics![MetricNames.CrossThread], Is.EqualTo(1));
            Assert.That(check.Judge(Synthetic(2 * 5 * ceiling, 2), new BufferedStreamRecipe(), new CheckContext()).Single().Metrics![MetricNames.CrossThread], Is.EqualTo(0));
        }

        /// <summary>
        /// A verdict must hold against both references: the figure's own baseline and MemoryStream's typical cost in the
        /// process (through the limit). Where they disagree about the ceiling, the figure is inconclusive, never a verdict
        /// that another process could reverse; where they agree, it stands.
        /// </summary>
        [Test]
        public void AVerdictTheTwoReferencesDisagreeOnIsInconclusive()
        {
            var check = Check(StreamOperations.ReadByte);
            var ceiling = check.Judge(Synthetic(100, 2), new BufferedStreamRecipe(), new CheckContext()).Single().Metrics!["budget"];
            // The operation takes 3× the ceiling against its own baseline (2 ns) and 6.67 ns/0.3 ns = 22.2× the limit.
            var measurement = Synthetic(2 * 3 * ceiling, 2);
            var agreeing = new CheckContext { LatencyReference = new LatencyReference(2 / 0.3, 2 / 0.3) };
            var fail = check.Judge(measurement, new BufferedStreamRecipe(), agreeing).Single();
            Assert.That(fail.Outcome, Is.EqualTo(Outcome.Fail), fail.Message);
            Assert.That(fail.Metrics!["ratioToReference"], Is.EqualTo(3 * ceiling).Within(1e-9));
            // A process where MemoryStream typically costs 6× what this figure's baseline did: against that the operation is under its ceiling.
            var disagreeing = new CheckContext { LatencyReference = new LatencyReference(6 * 2 / 0.3, 6 * 2 / 0.3) };
            var split = check.Judge(measurement, new BufferedStreamRecipe(), disagreeing).Single();
            Assert.That(split.Outcome, Is.EqualTo(Outcome.Inconclusive), split.Message);
            Assert.That(split.Message, Does.Contain("the figure's own baseline says fail, MemoryStream's typical cost does not"));
            Assert.That(FindingBuilderHasNoFindingFor(split), Is.True);
            // The reference is in the units of the operation's kind: a write is judged against the write reference.
            var write = Check(StreamOperations.WriteByte);
            var writeResult = write.Judge(measurement, new BufferedStreamRecipe(), new CheckContext { LatencyReference = new LatencyReference(6 * 2 / 0.3, 2 / 0.3) }).Single();
            Assert.That(writeResult.Metrics!["referencePerLimit"], Is.EqualTo(2 / 0.3).Within(1e-9));
        }

        /// <summary>The reference is measured, not assumed: MemoryStream's figure over the limit, a positive finite ratio for reads and writes.</summary>
        [Test]
        public void TheReferenceIsMeasuredInTheProcess()
        {
            var reference = LatencyReference.Measure();
            Assert.That(reference.ReadBaselinePerLimit, Is.GreaterThan(0).And.LessThan(double.PositiveInfinity));
            Assert.That(reference.WriteBaselinePerLimit, Is.GreaterThan(0).And.LessThan(double.PositiveInfinity));
        }

        static bool FindingBuilderHasNoFindingFor(CheckResult result)
        {
            result.Runtime = "dotnet";
            result.Type = "System.IO.BufferedStream";
            return StreamConformance.Findings.FindingBuilder.Build(new[] { result }).Count == 0;
        }

        [Test]
        public void AnOperationWithinTheHarnessNoiseIsSkippedNotPassed()
        {
            // Net of a harness whose own median is uncertain by 0.4 ns (2 ± 0.2 ns over the rounds), 0.3 ns was not measured.
            var result = Check(StreamOperations.ReadByte).Judge(Synthetic(0.3, 2, harnessSpread: 0.2), new BufferedStreamRecipe(), new CheckContext()).Single();
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Skip), result.Message);
            Assert.That(result.Message, Does.Contain("within the harness's noise"));
            Assert.That(result.Metrics!.ContainsKey("ratioToBaseline"), Is.False, "no ratio is made of an unmeasured figure");
        }

        [Test]
        public void ABaselineWithinTheHarnessNoiseIsSkippedNotFailed()
        {
            var result = Check(StreamOperations.ReadByte).Judge(Synthetic(50, 0), new BufferedStreamRecipe(), new CheckContext()).Single();
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Skip), result.Message);
            Assert.That(result.Message, Does.Contain("baseline"));
        }

        /// <summary>Real measurements: that a figure is produced, never what it is or what the budget says of it.</summary>
        [Test]
        public void ASlowReadByteIsMeasured()
        {
            var result = Run(StreamOperations.ReadByte, WrapperRecipe.SlowReadByte());
            Assert.That(result.Outcome, Is.AnyOf(Outcome.Pass, Outcome.Fail, Outcome.Inconclusive), result.Message);
            Assert.That(result.Message, Does.StartWith("ReadByte takes ").And.Contain("× MemoryStream.ReadByte"));
            Assert.That(result.Metrics!["rounds"], Is.EqualTo(5), "quick: five rounds, no more");
            Assert.That(result.Samples![MetricNames.Limit], Has.Length.EqualTo(result.Samples[MetricNames.RatioToBaseline].Length),
                "each round's machine speed beside its ratio (tools/machine-speed.sh)");
        }

        /// <summary>
        /// The pilot that sizes the batches takes the median of several chunks: one stall inside it (here 3 ms on one call
        /// of a read of tens of ns) would otherwise make every batch a hundred calls, too few for a cheap call to be
        /// told from the harness's noise. The pilot's session stalls once in each half: a pilot that timed its second half
        /// in one batch gave 100 calls a batch (tried).
        /// </summary>
        [Test]
        public void OneStallInThePilotDoesNotSizeTheBatches()
        {
            var recipe = new CountingRecipe(firstStallsAt: new[] { 300, 700 }, stall: System.TimeSpan.FromMilliseconds(3));
            var measured = LatencyMeter.Measure(StreamOperations.ReadByte, recipe, quick: true);
            Assert.That(recipe.Opened[0].Calls, Is.GreaterThan(300), "a stall fell in the pilot's timed calls");
            // A pilot sized by the stall gives the minimum, 100 calls a batch; a quiet machine gives thousands, and the
            // tests' own load beside it in CI gave 768 once (a call's time, not the stall): the bound tells the two apart.
            Assert.That(measured.Operation.CallsPerBatch, Is.GreaterThan(300));
        }

        /// <summary>A slow call's pilot stops after a few chunks: 160 calls of 200 µs where the pilot made 1,024 (tried).</summary>
        [Test]
        public void ASlowCallsPilotStopsAfterAFewChunks()
        {
            var recipe = new CountingRecipe(callTime: System.TimeSpan.FromTicks(2_000)); // 200 µs
            LatencyMeter.Measure(StreamOperations.ReadByte, recipe, quick: true);
            Assert.That(recipe.Opened[0].Calls, Is.InRange(64 + 3 * 16, 64 + 64 + 2 * 16));
        }

        [Test]
        public void EveryFigureIsReportedAsAMetric()
        {
            var result = Run(StreamOperations.ReadSpan100, new MemoryStreamRecipe());
            Assert.That(result.Metrics!.Keys, Is.SupersetOf(new[]
            {
                "nsPerCall", "nsPerCallMin", "nsPerCallMax", "ratioToBaseline", "ratioToLimit", "loopOverheadNs", "baselineNs", "limitNs", "calls", "budget",
                "ciCoverage",
            }));
            foreach (var figure in new[] { "nsPerCall", "ratioToBaseline", "ratioToLimit" })
            {
                var m = result.Metrics;
                Assert.That(new[] { m[figure + "Min"], m[figure + "CiLow"], m[figure], m[figure + "CiHigh"], m[figure + "Max"] }, Is.Ordered, figure);
            }
            Assert.That(result.Metrics["ciCoverage"], Is.EqualTo(0.9375).Within(1e-12), "these tests run quick: 5 rounds, an interval from the least to the greatest");
        }

        /// <summary>
        /// An unseekable stream cannot be rewound between batches: its session must hold content for the warm-up
        /// rounds and every timed batch, or the last batch reads past the end and the figure is lost.
        /// </summary>
        [Test]
        public void EveryReadOfAnUnseekableStreamIsMeasured([Values("read-byte", "read-span-1", "read-span-100", "read-async-array-100")] string operation)
        {
            var result = Run(StreamOperations.Find(operation)!, WrapperRecipe.Unseekable());
            Assert.That(result.Metrics, Is.Not.Null.And.ContainKey("nsPerCall"), result.Message);
        }

        [Test]
        public void AnOperationThatDoesNotApplyIsSkipped()
        {
            var result = Run(StreamOperations.PositionGet, WrapperRecipe.Unseekable());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Skip));
            Assert.That(result.Message, Does.Contain("cannot seek"));
        }

        /// <summary>Each round's machine speed (its byte[] loop) is kept beside that round's ratio, and a round with no ratio has no speed either.</summary>
        [Test]
        public void EachRatiosRoundKeepsTheSpeedTheMachineRanAt()
        {
            var operation = new BatchTimes(new[] { 4.0, 4.4, 9.0, 4.2 }, 1000);
            var baseline = new BatchTimes(new[] { 2.0, 2.2, 0.0, 2.1 }, 1000);
            var limit = new BatchTimes(new[] { 1.0, 1.1, 2.3, 2.2 }, 16384);
            var measured = new LatencyMeasurement(operation, baseline, new BatchTimes(new[] { 0.1, 0.1, 0.1, 0.1 }, 1000), limit);
            Assert.That(measured.BaselineRatios.PerCall, Is.EqualTo(new[] { 2.0, 2.0, 2.0 }));
            Assert.That(measured.BaselineRoundSpeeds, Is.EqualTo(new[] { 1.0, 1.1, 2.2 }));
        }
    }
}
