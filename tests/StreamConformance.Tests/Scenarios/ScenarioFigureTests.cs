using System.Linq;
using NUnit.Framework;
using StreamConformance.Reports;
using StreamConformance.Scenarios;

namespace StreamConformance.Tests.Scenarios
{
    /// <summary>The arithmetic and the tables around the measurements: exact, with made-up figures.</summary>
    public class ScenarioFigureTests
    {
        [Test]
        public void TimeFigureIsTheMedianWithTheOrderStatisticInterval()
        {
            var f = TimeFigure.Of(new[] { 5.0, 1, 4, 2, 3, 11, 7, 6, 9, 8, 10 }, "run", operations: 2);
            Assert.That(f.Median, Is.EqualTo(3));
            Assert.That(f.Samples, Is.EqualTo(11));
            // 11 samples: [x(2), x(10)] at 98.8 % (MedianInterval).
            Assert.That((f.Low, f.High), Is.EqualTo((1.0, 5.0)));
        }

        [Test]
        public void RatioBoundsUseTheFarEndsOfBothIntervals()
        {
            var x = new TimeFigure { Median = 10, Low = 8, High = 12 };
            var b = new TimeFigure { Median = 2, Low = 1, High = 4 };
            var r = TimeFigure.Ratio(x, b);
            Assert.That((r.Median, r.Low, r.High), Is.EqualTo((5.0, 2.0, 12.0)));
        }

        [Test]
        public void SizeMustBeAPositiveNumberWithinTheLimit()
        {
            Assert.That(ScenarioArguments.Size(null), Is.EqualTo(1));
            Assert.That(ScenarioArguments.Size("0.5"), Is.EqualTo(0.5));
            foreach (var bad in new[] { "0", "-1", "abc", "NaN", "1e9", "" })
                Assert.That(() => ScenarioArguments.Size(bad), Throws.TypeOf<InputException>().With.Message.Contains("'" + bad + "'"), bad);
        }

        [Test]
        public void NamesAreKnownAndAllMeansEveryScenarioInOrder()
        {
            Assert.That(ScenarioArguments.Names(new[] { "all" }), Is.EqualTo(new[] { "small-chunks", "mmf-views", "byte-at-a-time", "async-vs-sync", "per-item-commit" }));
            Assert.That(ScenarioArguments.Names(new[] { "per-item-commit", "small-chunks", "small-chunks" }), Is.EqualTo(new[] { "small-chunks", "per-item-commit" }));
            Assert.That(() => ScenarioArguments.Names(new[] { "small-chunks", "bogus" }), Throws.TypeOf<InputException>().With.Message.Contains("'bogus'"));
        }

        static ScenarioResult Result(string runtime, double file, double buffered) => new ScenarioResult
        {
            Scenario = "byte-at-a-time", Runtime = runtime, Version = "1.0", Seconds = 2,
            Cases =
            {
                new ScenarioCase { Name = ByteAtATimeScenario.FileCase, Baseline = true, Published = "45 s", Time = new TimeFigure { Per = "byte", Median = file, Low = file, High = file } },
                new ScenarioCase { Name = ByteAtATimeScenario.BufferedCase, Published = "fixed", Time = new TimeFigure { Per = "byte", Median = buffered, Low = buffered, High = buffered }, BytesPerOp = 0 },
            },
        }.WithRatios();

        [Test]
        public void TheCopysRowsJoinAsAGroupWithTheirOwnBaselineAndTheSeedsFigure()
        {
            var original = Result("dotnet", 2e-9, 3e-9);
            var copy = Result("dotnet+0001", 2e-9, 3e-8);
            copy.Cases[1].BytesPerOp = 32;
            ByteAtATimeScenario.AddCopy(original, copy);
            Assert.That(original.Cases, Has.Count.EqualTo(4));
            var body = ByteAtATimeScenario.Body2010(original)!;
            Assert.That(body.Group, Does.Contain("dotnet+0001"));
            Assert.That(body.Ratio!.Median, Is.EqualTo(15).Within(1e-9));
            Assert.That(body.Published, Does.Contain("12 min"));
            Assert.That(original.Seconds, Is.EqualTo(4));
        }

        [Test]
        public void TheTableHasARowPerCaseAndFourColumnsPerRuntime()
        {
            var table = ScenarioTable.Of(new[] { Result("dotnet", 2e-9, 3e-9), Result("mono", 2e-8, 3e-8) });
            Assert.That(table.Header, Has.Count.EqualTo(2 + 2 * 4));
            Assert.That(table.Rows.Select(r => r[0]), Is.EqualTo(new[] { ByteAtATimeScenario.FileCase, ByteAtATimeScenario.BufferedCase }));
            Assert.That(table.Rows[1][1], Is.EqualTo("fixed"));
            Assert.That(table.Rows[1][3], Does.StartWith("1.50×"));
            Assert.That(table.Notes, Has.Some.StartWith("mono: 2 s"));
        }
    }
}
