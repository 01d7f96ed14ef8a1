using System.Linq;
using NUnit.Framework;
using StreamConformance.Budgets;
using StreamConformance.Checks;
using StreamConformance.Meters;
using StreamConformance.Recipes;
using StreamConformance.Results;

namespace StreamConformance.Tests.Meters
{
    /// <summary>Outcomes only: times are never asserted, and the ceilings are far from both the correct and the broken stream.</summary>
    public class LatencyMeterTests
    {
        static CheckResult Run(StreamOperation operation, StreamRecipe recipe)
        {
            var check = CheckCatalog.All.OfType<LatencyBudgetCheck>().Single(c => c.Operation == operation);
            return check.Run(recipe, new CheckContext { Quick = true }).Single();
        }

        [Test]
        public void ASlowReadByteIsFlagged()
        {
            var result = Run(StreamOperations.ReadByte, WrapperRecipe.SlowReadByte());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Message, Does.StartWith("ReadByte takes ").And.Contain("× MemoryStream.ReadByte").And.Contain("default for buffered streams"));
        }

        [Test]
        public void MemoryStreamPassesItsReadAndWriteBudgets()
        {
            foreach (var op in new[] { StreamOperations.ReadByte, StreamOperations.WriteByte })
            {
                var result = Run(op, new MemoryStreamRecipe());
                Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), result.Message);
            }
        }

        [Test]
        public void BufferedStreamPassesItsReadByteBudget()
        {
            var result = Run(StreamOperations.ReadByte, new BufferedStreamRecipe());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), result.Message);
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
    }
}
