using System.Linq;
using NUnit.Framework;
using StreamConformance.Compare;
using StreamConformance.Results;

namespace StreamConformance.Tests.Compare
{
    public class RunComparisonTests
    {
        static RunDocument Doc(params CheckResult[] results)
        {
            var doc = new RunDocument();
            doc.Results.AddRange(results);
            return doc;
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
            var large = Compare(Result("budget.latency.read-byte", Outcome.Pass, ("ratioToBaseline", 2.0)),
                                Result("budget.latency.read-byte", Outcome.Pass, ("ratioToBaseline", 3.0)));
            Assert.That(large.HasRegression, Is.True);
        }

        /// <summary>
        /// A median that moved beyond the threshold is a change only when the rounds can tell the runs apart:
        /// overlapping confidence intervals are noise, disjoint ones are not. The spread figures are never compared.
        /// </summary>
        [TestCase(1.8, 2.8, 2.7, 3.5, false)]
        [TestCase(1.8, 2.2, 2.7, 3.5, true)]
        public void ARatioChangesOnlyWhenItsConfidenceIntervalsAreApart(double lowBefore, double highBefore, double lowAfter, double highAfter, bool change)
        {
            var c = Compare(
                Result("budget.latency.read-byte", Outcome.Pass, ("ratioToBaseline", 2.0), ("ratioToBaselineCiLow", lowBefore), ("ratioToBaselineCiHigh", highBefore),
                    ("ratioToBaselineMin", 1.5), ("ratioToBaselineMax", 4)),
                Result("budget.latency.read-byte", Outcome.Pass, ("ratioToBaseline", 3.0), ("ratioToBaselineCiLow", lowAfter), ("ratioToBaselineCiHigh", highAfter),
                    ("ratioToBaselineMin", 2.5), ("ratioToBaselineMax", 9)));
            Assert.That(c.Changes.Select(x => x.What), change ? Is.EqualTo(new[] { "ratioToBaseline: 2 → 3" }) : Is.Empty);
        }

        [Test]
        public void APassThatBecomesAFailIsARegression()
        {
            var c = Compare(Result("read-byte.values", Outcome.Pass), Result("read-byte.values", Outcome.Fail));
            Assert.That(c.HasRegression, Is.True);
        }
    }
}
