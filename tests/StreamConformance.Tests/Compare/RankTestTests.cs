#if NET
using System;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Compare;
using StreamConformance.Reports;
using StreamConformance.Results;

namespace StreamConformance.Tests.Compare
{
    /// <summary>The Mann–Whitney rule on per-round samples, with samples drawn like timing rounds: skewed, with rare outliers.</summary>
    public class RankTestTests
    {
        /// <summary>Rounds of a ratio around <paramref name="center"/>: mostly within a few percent, an interruption now and then adds up to half.</summary>
        internal static double[] Rounds(double center, int count, int seed)
        {
            var random = new Random(seed);
            return Enumerable.Range(0, count).Select(_ =>
            {
                var jitter = 1 + 0.04 * Math.Abs(random.NextDouble() + random.NextDouble() - 1);
                var spike = random.NextDouble() < 0.08 ? 1 + 0.5 * random.NextDouble() : 1;
                return CompactArrayConverter.RoundToSignificant(center * jitter * spike, 3);
            }).ToArray();
        }

        static readonly CompareSettings Settings = new CompareSettings();

        [Test]
        public void TwoSampleSetsOfOneDistributionAreTheSame()
        {
            for (var seed = 1; seed <= 20; seed++)
                Assert.That(RankTest.Decide(Rounds(2.0, 41, seed), Rounds(2.0, 41, 1000 + seed), Settings), Is.Null, $"seed {seed}");
        }

        [Test]
        public void ATwofoldShiftIsSlowerAndItsReverseFaster()
        {
            Assert.That(RankTest.Decide(Rounds(2.0, 11, 1), Rounds(4.0, 11, 2), Settings), Is.EqualTo(RunComparison.ChangeKind.Regression));
            Assert.That(RankTest.Decide(Rounds(4.0, 11, 3), Rounds(2.0, 11, 4), Settings), Is.EqualTo(RunComparison.ChangeKind.Improvement));
        }

        /// <summary>A shift the test sees clearly but below the threshold is not a change (10% with a 15% threshold).</summary>
        [Test]
        public void AShiftBelowTheThresholdIsNotAChange()
        {
            var before = Rounds(2.0, 61, 5);
            var after = before.Select(v => v * 1.10).ToArray();
            Assert.That(RankTest.Decide(before, after, Settings), Is.Null);
            Assert.That(RankTest.Decide(before, after, new CompareSettings { Threshold = 0.05 }), Is.EqualTo(RunComparison.ChangeKind.Regression));
        }

        /// <summary>A ratio of a very cheap operation moving by 30% (0.2 → 0.26 of a MemoryStream call) is under the noise floor.</summary>
        [Test]
        public void TheNoiseFloorSuppressesATinyAbsoluteChange()
        {
            var before = Rounds(0.2, 31, 6);
            var after = Rounds(0.26, 31, 7);
            Assert.That(RankTest.Decide(before, after, Settings), Is.Null);
            Assert.That(RankTest.Decide(before, after, new CompareSettings { Noise = 0 }), Is.EqualTo(RunComparison.ChangeKind.Regression), "without the floor the test sees it");
        }

        [Test]
        public void TooFewRoundsDecideNothing() =>
            Assert.That(RankTest.Decide(new[] { 1.0, 1.0 }, new[] { 9.0, 9.0 }, Settings), Is.Null);

        static CheckResult Latency(double[] rounds)
        {
            var sorted = rounds.OrderBy(v => v).ToArray();
            var median = sorted[sorted.Length / 2];
            return new CheckResult { Runtime = "dotnet", Type = "System.IO.BufferedStream", Variant = "over-seekable", Check = "budget.latency.read-byte", Outcome = Outcome.Pass }
                .WithMetric("ratioToBaseline", median).WithMetric("ratioToBaselineCiLow", sorted[1]).WithMetric("ratioToBaselineCiHigh", sorted[sorted.Length - 2])
                .WithMetric("nsPerCall", 3 * median).WithMetric("ratioToLimit", 5 * median)
                .WithSamples("ratioToBaseline", rounds);
        }

        static RunAnalysis Doc(CheckResult r)
        {
            var d = new RunDocument();
            d.Results.Add(r);
            return RunAnalysis.Of(d);
        }

        /// <summary>
        /// A twofold slowdown: with samples on both sides the rank test decides on the judged ratio alone; the interval
        /// rule also calls nsPerCall and ratioToLimit, the same rounds in absolute time and against another reference.
        /// </summary>
        [Test]
        public void WithSamplesTheRankTestDecidesAndOnlyTheJudgedRatioIsCompared()
        {
            var slow = new RunComparison(new[] { Doc(Latency(Rounds(2.0, 21, 8))) }, new[] { Doc(Latency(Rounds(4.0, 21, 9))) }, new CompareSettings());
            Assert.That(slow.Changes.Select(c => c.What), Has.Exactly(1).StartsWith("ratioToBaseline: "));
            Assert.That((slow.RankTested, slow.IntervalTested), Is.EqualTo((1, 0)));

            var old = new RunComparison(new[] { Doc(Latency(Rounds(2.0, 21, 8))) }, new[] { Doc(Latency(Rounds(4.0, 21, 9))) }, new CompareSettings { Test = TimingTest.Intervals });
            Assert.That(old.Changes, Has.Count.EqualTo(3), "intervals: nsPerCall, ratioToBaseline, ratioToLimit");
            Assert.That(old.RankTested, Is.Zero);
        }

        /// <summary>An older JSON without samples falls back to the interval rule.</summary>
        [Test]
        public void WithoutSamplesTheIntervalRuleDecides()
        {
            var before = Latency(Rounds(2.0, 21, 10));
            var after = Latency(Rounds(4.0, 21, 11));
            before.Samples = null;
            var c = new RunComparison(new[] { Doc(before) }, new[] { Doc(after) }, new CompareSettings());
            Assert.That(c.RankTested, Is.Zero);
            Assert.That(c.HasRegression, Is.True);
        }

        /// <summary>
        /// Processes of one build can settle at different levels: pooled, rounds of runs at 2.6 and 3.0 look slower
        /// than rounds of runs at 2.0 and 2.7, but the sides' intervals (spanning every run) overlap, so it is not a
        /// change; a twofold shift in every run is.
        /// </summary>
        [Test]
        public void WithSeveralRunsTheSidesIntervalsMustPartToo()
        {
            var mixed = new RunComparison(
                new[] { Doc(Latency(Rounds(2.0, 31, 16))), Doc(Latency(Rounds(2.7, 31, 17))) },
                new[] { Doc(Latency(Rounds(2.6, 31, 18))), Doc(Latency(Rounds(3.0, 31, 19))) }, new CompareSettings { Threshold = 0.05 });
            Assert.That(mixed.Changes, Is.Empty);
            var pooledAlone = RankTest.Decide(Rounds(2.0, 31, 16).Concat(Rounds(2.7, 31, 17)).ToList(), Rounds(2.6, 31, 18).Concat(Rounds(3.0, 31, 19)).ToList(), new CompareSettings { Threshold = 0.05 });
            Assert.That(pooledAlone, Is.EqualTo(RunComparison.ChangeKind.Regression), "the pooled rounds alone would call it");
            var twofold = new RunComparison(
                new[] { Doc(Latency(Rounds(2.0, 31, 20))), Doc(Latency(Rounds(2.6, 31, 21))) },
                new[] { Doc(Latency(Rounds(4.0, 31, 22))), Doc(Latency(Rounds(5.2, 31, 23))) }, new CompareSettings());
            Assert.That(twofold.HasRegression, Is.True);
        }

        /// <summary>
        /// A figure whose calls complete on pool threads (metric crossThread) times the pool's wake-up, which moves up to ~10×
        /// between processes of one build: a fivefold move is no change, a twentyfold one is, and the same fivefold move
        /// on a figure that stayed on its thread is.
        /// </summary>
        [Test]
        public void APooledFigureChangesOnlyBeyondTheSpreadOfThePool()
        {
            CheckResult Pooled(CheckResult r) => r.WithMetric(MetricNames.CrossThread, 1);
            var fivefold = new RunComparison(new[] { Doc(Pooled(Latency(Rounds(100, 21, 30)))) }, new[] { Doc(Pooled(Latency(Rounds(500, 21, 31)))) }, new CompareSettings());
            Assert.That(fivefold.Changes, Is.Empty);
            var twentyfold = new RunComparison(new[] { Doc(Pooled(Latency(Rounds(100, 21, 32)))) }, new[] { Doc(Pooled(Latency(Rounds(2000, 21, 33)))) }, new CompareSettings());
            Assert.That(twentyfold.HasRegression, Is.True);
            var onItsThread = new RunComparison(new[] { Doc(Latency(Rounds(100, 21, 30))) }, new[] { Doc(Latency(Rounds(500, 21, 31))) }, new CompareSettings());
            Assert.That(onItsThread.HasRegression, Is.True);
        }

        /// <summary>Several runs per side pool their rounds.</summary>
        [Test]
        public void RunsOfASidePoolTheirRounds()
        {
            var c = new RunComparison(
                new[] { Doc(Latency(Rounds(2.0, 11, 12))), Doc(Latency(Rounds(2.0, 11, 13))) },
                new[] { Doc(Latency(Rounds(2.0, 11, 14))), Doc(Latency(Rounds(2.0, 11, 15))) }, new CompareSettings());
            Assert.That(c.Changes, Is.Empty);
            Assert.That(c.RankTested, Is.EqualTo(1));
        }
    }
}
#endif
