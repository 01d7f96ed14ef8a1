#if NET
using System.Linq;
using NUnit.Framework;
using StreamConformance.Evidence;
using StreamConformance.Evidence.Page;

namespace StreamConformance.Tests.Reports
{
    /// <summary>The evidence page's chart model from hand-made figures: what gets an interval, and how rows group into operations.</summary>
    public class EvidenceChartsTests
    {
        static Figure F(double value, double low, double high) => new Figure { Value = value, Low = low, High = high, Runs = 5, Outcomes = { "pass" } };

        static FigureRow Row(string check, string metric, bool exact, Figure? original, Figure? aa, Figure? patched, string change = "") =>
            new FigureRow { Type = "System.IO.BufferedStream", Variant = "over-seekable", Check = check, Metric = metric, Exact = exact, Original = original, Aa = aa, Patched = patched, Change = change };

        [Test]
        public void AnExactFigureHasNoIntervalEvenWhereItsProcessesSpanOne()
        {
            // Exact allocations that differ between processes (a first-call cost) stay exact: the table has the range, the chart no whisker.
            var runtime = new RuntimeEvidence { Figures = { Row("budget.alloc.read-byte", "bytesPerCall", true, F(0, 0, 0), F(0, 0, 8), F(32, 32, 40), "regression") } };
            var chart = EvidenceCharts.Of(EvidenceCharts.Operations(runtime).Single())!;
            Assert.That(EvidenceCharts.IntervalCount(chart), Is.Zero);
            Assert.That(chart.Series.Select(s => s.Values.Single()), Is.EqualTo(new double?[] { 0, 0, 32 }));
        }

        [Test]
        public void AMeasuredFigureHasItsSidesRangeAsItsInterval()
        {
            var runtime = new RuntimeEvidence { Figures = { Row("budget.latency.read-byte", "ratioToBaseline", false, F(1.6, 1.1, 2.0), F(1.5, 1.5, 1.5), F(9, 7, 12)) } };
            var chart = EvidenceCharts.Of(EvidenceCharts.Operations(runtime).Single())!;
            var intervals = chart.Series.Select(s => s.Intervals!.Single()).ToList();
            Assert.That(intervals[0]!.Low, Is.EqualTo(1.1));
            Assert.That(intervals[0]!.High, Is.EqualTo(2.0));
            Assert.That(intervals[1], Is.Null, "processes that agree have no interval to draw");
            Assert.That(intervals[2]!.High, Is.EqualTo(12));
            Assert.That(chart.CutsAnInterval, Is.False);
        }

        [Test]
        public void AnUnboundedIntervalIsCutAtTheChartsReachNotTheBars()
        {
            var runtime = new RuntimeEvidence { Figures = { Row("budget.latency.seek", "ratioToBaseline", false, F(8, 5, 12), F(14, 8, 1e9), F(10, 3, 57)) } };
            var chart = EvidenceCharts.Of(EvidenceCharts.Operations(runtime).Single())!;
            Assert.That(chart.CutsAnInterval, Is.True);
            Assert.That(chart.Reach, Is.EqualTo(57));
        }

        [Test]
        public void ASyscallScenarioIsOneOperationPerSyscallItsParametersARowEach()
        {
            var one = F(1, 1, 1);
            var runtime = new RuntimeEvidence
            {
                Figures =
                {
                    Row("syscalls.file.read[api=Read,chunk=100]", "syscalls.pread64", true, one, one, F(0.5, 0.5, 0.5), "improvement"),
                    Row("syscalls.file.read[api=Read,chunk=4096]", "syscalls.pread64", true, one, one, one),
                    Row("syscalls.file.read[api=Read,chunk=100]", "syscalls.total", true, one, one, one),
                    Row("budget.alloc.seek", "bytesPerCall", true, F(0, 0, 0), F(0, 0, 0), F(0, 0, 0)),
                },
            };
            var operations = EvidenceCharts.Operations(runtime);
            Assert.That(operations.Select(o => o.Title), Is.EqualTo(new[]
            {
                "syscalls.file.read · pread64 calls per operation", "syscalls.file.read · total calls per operation", "budget.alloc.seek · bytes allocated per call",
            }), "the operation that changed first");
            Assert.That(EvidenceCharts.Of(operations[0])!.Categories, Is.EqualTo(new[] { "BufferedStream over-seekable api=Read,chunk=100", "BufferedStream over-seekable api=Read,chunk=4096" }));
            Assert.That(EvidenceCharts.Of(operations[2]), Is.Null, "0 on every side: the table only");
        }
    }
}
#endif
