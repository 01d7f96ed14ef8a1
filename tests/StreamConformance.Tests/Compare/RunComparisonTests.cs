#if NET
// Compare runs in the host only (net10.0): its Mann–Whitney test comes from Perfolizer, not built for the probe's runtimes.
using System.Linq;
using NUnit.Framework;
using StreamConformance.Compare;
using StreamConformance.Reports;
using StreamConformance.Results;

namespace StreamConformance.Tests.Compare
{
    public class RunComparisonTests
    {
        static RunAnalysis Doc(params CheckResult[] results)
        {
            var doc = new RunDocument();
            doc.Results.AddRange(results);
            return RunAnalysis.Of(doc);
        }

        static CheckResult Result(string check, Outcome outcome, params (string Name, double Value)[] metrics)
        {
            var r = new CheckResult { Runtime = "dotnet", Type = "System.IO.BufferedStream", Variant = "over-seekable", Check = check, Outcome = outcome };
            foreach (var (name, value) in metrics) r.WithMetric(name, value);
            return r;
        }

        static RunComparison Compare(CheckResult before, CheckResult after) => new RunComparison(Doc(before), Doc(after));

        [Test]
        public void AnExactAllocationFigureChangesOnAnyDifference()
        {
            var c = Compare(Result("budget.alloc.read-byte", Outcome.Pass, ("bytesPerCall", 0), ("exact", 1)),
                            Result("budget.alloc.read-byte", Outcome.Pass, ("bytesPerCall", 0.0032), ("exact", 1)));
            Assert.That(c.HasRegression, Is.True);
            Assert.That(c.Changes.Single().What, Does.StartWith("bytesPerCall: 0 → "));
        }

        [Test]
        public void OneByteMoreOfAnExactAllocationIsARegression()
        {
            var c = Compare(Result("budget.alloc.read-byte", Outcome.Pass, ("bytesPerCall", 32), ("exact", 1)),
                            Result("budget.alloc.read-byte", Outcome.Pass, ("bytesPerCall", 33), ("exact", 1)));
            Assert.That(c.Changes.Select(x => (x.Kind, x.What)), Is.EqualTo(new[] { (RunComparison.ChangeKind.Regression, "bytesPerCall: 32 → 33") }));
            Assert.That(c.CountsCompared, Is.EqualTo(1));
        }

        [Test]
        public void ASyscallCountChangesOnAnyDifference()
        {
            var c = Compare(Result("syscalls.read-byte[default]", Outcome.Pass, ("syscalls.lseek", 1)),
                            Result("syscalls.read-byte[default]", Outcome.Pass, ("syscalls.lseek", 0)));
            Assert.That(c.Changes.Single().Kind, Is.EqualTo(RunComparison.ChangeKind.Improvement));
        }

        [Test]
        public void AFindingThatBecomesAdvisoryIsAnImprovementAndTheWayBackARegression()
        {
            var fail = Result("dispose.members-throw", Outcome.Fail);
            var advisory = Result("dispose.members-throw", Outcome.Advisory);
            Assert.That(Compare(fail, advisory).Changes.Select(x => (x.Kind, x.What)), Is.EqualTo(new[] { (RunComparison.ChangeKind.Improvement, "fail → advisory") }));
            Assert.That(Compare(advisory, fail).Changes.Single().Kind, Is.EqualTo(RunComparison.ChangeKind.Regression));
            Assert.That(Compare(fail, Result("dispose.members-throw", Outcome.Inconclusive)).Changes, Is.Empty, "inconclusive claims neither");
            Assert.That(Compare(fail, Result("dispose.members-throw", Outcome.Skip)).Changes, Is.Empty, "a check that could not run fixed nothing");
        }

        [Test]
        public void TheSameFiguresAreNoChange()
        {
            var r = Result("budget.alloc.read-byte", Outcome.Pass, ("bytesPerCall", 32), ("exact", 1));
            Assert.That(Compare(r, r).Changes, Is.Empty);
        }

        [Test]
        public void AFigureTheMeterDidNotCallExactIsComparedBeyondTheThreshold()
        {
            var within = Compare(Result("budget.alloc.read-byte", Outcome.Fail, ("bytesPerCall", 33353), ("exact", 0)),
                                 Result("budget.alloc.read-byte", Outcome.Fail, ("bytesPerCall", 33350.6), ("exact", 1)));
            Assert.That(within.Changes, Is.Empty);
            var beyond = Compare(Result("budget.alloc.read-byte", Outcome.Fail, ("bytesPerCall", 20000), ("exact", 0)),
                                 Result("budget.alloc.read-byte", Outcome.Fail, ("bytesPerCall", 34000), ("exact", 0)));
            Assert.That(beyond.HasRegression, Is.True);
        }

        [Test]
        public void BackgroundFiguresAreNotCompared()
        {
            var c = Compare(
                Result("budget.alloc.read-async-array-100", Outcome.Pass, ("bytesPerCall", 72), ("bytesPerCallProcessWide", 72.0), ("syscalls.background.total", 0)),
                Result("budget.alloc.read-async-array-100", Outcome.Pass, ("bytesPerCall", 72), ("bytesPerCallProcessWide", 72.0136), ("syscalls.background.total", 0.009)));
            Assert.That(c.Changes, Is.Empty);
        }

        [Test]
        public void ARatioChangesOnlyBeyondTheThreshold()
        {
            var small = Compare(Result("budget.latency.read-byte", Outcome.Pass, ("ratioToBaseline", 2.0)),
                                Result("budget.latency.read-byte", Outcome.Pass, ("ratioToBaseline", 2.2)));
            Assert.That(small.Changes, Is.Empty);
            // One run per side: 2.0 → 3.0 lies within the spread between processes (×/÷ 1.25 each side), 2.0 → 4.0 does not.
            var within = Compare(Result("budget.latency.read-byte", Outcome.Pass, ("ratioToBaseline", 2.0)),
                                 Result("budget.latency.read-byte", Outcome.Pass, ("ratioToBaseline", 3.0)));
            Assert.That(within.Changes, Is.Empty);
            var large = Compare(Result("budget.latency.read-byte", Outcome.Pass, ("ratioToBaseline", 2.0)),
                                Result("budget.latency.read-byte", Outcome.Pass, ("ratioToBaseline", 4.0)));
            Assert.That(large.HasRegression, Is.True);
        }

        /// <summary>
        /// A median that moved beyond the threshold is a change only when the rounds can tell the runs apart:
        /// overlapping confidence intervals are noise, disjoint ones are not; with one run per side each interval is
        /// first widened by the spread between processes. The spread figures are never compared.
        /// </summary>
        [TestCase(1.8, 2.8, 3.0, 4.5, false)]
        [TestCase(1.8, 2.2, 3.6, 4.5, true)]
        public void ARatioChangesOnlyWhenItsConfidenceIntervalsAreApart(double lowBefore, double highBefore, double lowAfter, double highAfter, bool change)
        {
            var c = Compare(
                Result("budget.latency.read-byte", Outcome.Pass, ("ratioToBaseline", 2.0), ("ratioToBaselineCiLow", lowBefore), ("ratioToBaselineCiHigh", highBefore),
                    ("ratioToBaselineMin", 1.5), ("ratioToBaselineMax", 4)),
                Result("budget.latency.read-byte", Outcome.Pass, ("ratioToBaseline", 4.0), ("ratioToBaselineCiLow", lowAfter), ("ratioToBaselineCiHigh", highAfter),
                    ("ratioToBaselineMin", 2.5), ("ratioToBaselineMax", 9)));
            Assert.That(c.Changes.Select(x => x.What), change ? Is.EqualTo(new[] { "ratioToBaseline: 2 → 4" }) : Is.Empty);
        }

        static CheckResult Latency(double ratio, double low, double high, Outcome outcome = Outcome.Pass) =>
            Result("budget.latency.read-byte", outcome, ("ratioToBaseline", ratio), ("ratioToBaselineCiLow", low), ("ratioToBaselineCiHigh", high));

        static RunComparison Compare(CheckResult[] before, CheckResult[] after) =>
            new RunComparison(before.Select(r => Doc(r)).ToList(), after.Select(r => Doc(r)).ToList());

        /// <summary>
        /// Two processes of one build can settle apart by more than either's rounds show (here 2.0 and 2.6, each
        /// with a tight interval): one run per side widens each interval by the spread between processes, so it is no
        /// change, while twice the figure is; with more runs per side the intervals span both settlings themselves.
        /// </summary>
        [Test]
        public void MoreRunsPerSideAbsorbTheSpreadBetweenProcesses()
        {
            Assert.That(Compare(Latency(2.0, 1.95, 2.05), Latency(2.6, 2.55, 2.65)).Changes, Is.Empty);
            Assert.That(Compare(Latency(2.0, 1.95, 2.05), Latency(4.0, 3.9, 4.1)).HasRegression, Is.True);
            var c = Compare(new[] { Latency(2.0, 1.95, 2.05), Latency(2.6, 2.55, 2.65), Latency(2.1, 2.05, 2.15) },
                            new[] { Latency(2.6, 2.55, 2.65), Latency(2.0, 1.95, 2.05), Latency(2.5, 2.45, 2.55) });
            Assert.That(c.Changes, Is.Empty);
        }

        static CheckResult Bytes(double perCall) =>
            Result("budget.alloc.read-span-100", Outcome.Pass, ("bytesPerCall", perCall), ("exact", 1));

        /// <summary>
        /// Runs of one side that disagree on an exact figure make it a spread: a median of 0 on both sides is no change
        /// whatever the first run said, while runs that agree still change on any difference.
        /// </summary>
        [Test]
        public void AnExactFigureWhoseRunsDisagreeIsComparedAsASpread()
        {
            Assert.That(Compare(new[] { Bytes(2.16), Bytes(0), Bytes(0) }, new[] { Bytes(0), Bytes(0), Bytes(0) }).Changes, Is.Empty);
            Assert.That(Compare(new[] { Bytes(32), Bytes(32), Bytes(32) }, new[] { Bytes(0), Bytes(0), Bytes(0) }).Changes.Select(x => x.Kind),
                Is.EqualTo(new[] { RunComparison.ChangeKind.Improvement }));
            Assert.That(Compare(new[] { Bytes(0), Bytes(0), Bytes(0) }, new[] { Bytes(0.5), Bytes(0.5), Bytes(0.5) }).HasRegression, Is.True);
        }

        [Test]
        public void AChangeBeyondEveryRunsSpreadIsStillAChange()
        {
            var c = Compare(new[] { Latency(2.0, 1.95, 2.05), Latency(2.2, 2.15, 2.25), Latency(2.1, 2.05, 2.15) },
                            new[] { Latency(4.0, 3.9, 4.1), Latency(4.4, 4.3, 4.5), Latency(4.2, 4.1, 4.3) });
            Assert.That(c.Changes.Select(x => x.What), Is.EqualTo(new[] { "ratioToBaseline: 2.1 (median of 3 runs) → 4.2 (median of 3 runs)" }));
            Assert.That(c.HasRegression, Is.True);
        }

        /// <summary>A syscall figure is calls per operation: its change is told in counts of the cell's operations, so
        /// 17 → 16 write calls in 65,536 operations never reads "0 → 0".</summary>
        [Test]
        public void ASyscallChangeReadsAsCountsNotAsRoundedRates()
        {
            var c = Compare(Result("syscalls.buffered-stream", Outcome.Fail, ("syscalls.write", 17.0 / 65536), ("operations", 65536)),
                            Result("syscalls.buffered-stream", Outcome.Fail, ("syscalls.write", 16.0 / 65536), ("operations", 65536)));
            Assert.That(c.Changes.Select(x => x.What), Is.EqualTo(new[] { "syscalls.write: 17 calls in 65536 operations → 16 calls in 65536 operations" }));
            Assert.That(c.Changes.Single().Kind, Is.EqualTo(RunComparison.ChangeKind.Improvement));
        }

        /// <summary>A verdict near its ceiling that differs among one side's own runs is not settled: no outcome change.</summary>
        [Test]
        public void AnOutcomeTheSidesOwnRunsDisagreeOnIsNotAChange()
        {
            var c = Compare(new[] { Latency(2.0, 1.9, 2.1), Latency(2.0, 1.9, 2.1) },
                            new[] { Latency(2.0, 1.9, 2.1, Outcome.Fail), Latency(2.0, 1.9, 2.1) });
            Assert.That(c.Changes, Is.Empty);
            var settled = Compare(new[] { Latency(2.0, 1.9, 2.1), Latency(2.0, 1.9, 2.1) },
                                  new[] { Latency(2.0, 1.9, 2.1, Outcome.Fail), Latency(2.0, 1.9, 2.1, Outcome.Fail) });
            Assert.That(settled.HasRegression, Is.True);
        }

        [Test]
        public void APassThatBecomesAFailIsARegression()
        {
            var c = Compare(Result("read-byte.values", Outcome.Pass), Result("read-byte.values", Outcome.Fail));
            Assert.That(c.HasRegression, Is.True);
        }
    }
}
#endif
