#if NET
using System.Linq;
using NUnit.Framework;
using StreamConformance.Compare;
using StreamConformance.Findings;
using StreamConformance.Reports;
using StreamConformance.Results;

namespace StreamConformance.Tests.Compare
{
    public class FindingComparisonTests
    {
        static CheckResult Fail(string runtime, string type) =>
            new CheckResult { Runtime = runtime, Type = type, Variant = "default", Check = "read-byte.values", Outcome = Outcome.Fail, Message = "ReadByte returned 7, expected 3" };

        static CheckResult Pass(string runtime, string type) =>
            new CheckResult { Runtime = runtime, Type = type, Variant = "default", Check = "read-byte.values", Outcome = Outcome.Pass };

        static RunAnalysis Doc(params CheckResult[] results)
        {
            var d = new RunDocument();
            d.Results.AddRange(results);
            return RunAnalysis.Of(d);
        }

        static string Id(string runtime, string type) => FindingBuilder.IdOf(runtime, type, "read-byte.values");

        [Test]
        public void FindingsAreNewFixedOrUnchangedByIdPerRuntime()
        {
            var before = Doc(Fail("dotnet", "A.Kept"), Fail("dotnet", "A.Fixed"), Pass("dotnet", "A.New"), Fail("mono", "A.New"));
            var after = Doc(Fail("dotnet", "A.Kept"), Pass("dotnet", "A.Fixed"), Fail("dotnet", "A.New"), Fail("mono", "A.New"));
            var c = new FindingComparison(new[] { before }, new[] { after });
            Assert.That(c.New.Select(f => f.Id), Is.EqualTo(new[] { Id("dotnet", "A.New") }));
            Assert.That(c.Fixed.Select(f => f.Id), Is.EqualTo(new[] { Id("dotnet", "A.Fixed") }));
            Assert.That(c.Unchanged.Select(f => f.Id), Is.EquivalentTo(new[] { Id("dotnet", "A.Kept"), Id("mono", "A.New") }), "the same type on another runtime is another finding");
            Assert.That(c.HasNewFailure, Is.True);
        }

        /// <summary>A finding in one candidate run of two is not settled: neither new nor a failure of the comparison.</summary>
        [Test]
        public void AFindingInSomeRunsOfASideIsUnsettled()
        {
            var c = new FindingComparison(new[] { Doc(Pass("dotnet", "A.Flaky")), Doc(Pass("dotnet", "A.Flaky")) },
                                          new[] { Doc(Fail("dotnet", "A.Flaky")), Doc(Pass("dotnet", "A.Flaky")) });
            Assert.That(c.New, Is.Empty);
            Assert.That(c.Unsettled.Select(f => f.Id), Is.EqualTo(new[] { Id("dotnet", "A.Flaky") }));
            Assert.That(c.HasNewFailure, Is.False);
        }
    }
}
#endif
