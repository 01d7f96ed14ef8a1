#if NET
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Compare;
using StreamConformance.Reports;
using StreamConformance.Results;

namespace StreamConformance.Tests.Compare
{
    public class ComparisonMarkdownTests
    {
        static CheckResult Alloc(string type, double bytes) =>
            new CheckResult { Runtime = "dotnet", Type = type, Variant = "default", Check = "budget.alloc.read-byte", Outcome = Outcome.Pass }
                .WithMetric("bytesPerCall", bytes).WithMetric(MetricNames.Exact, 1);

        static CheckResult Values(string type, Outcome outcome) =>
            new CheckResult { Runtime = "mono", Type = type, Variant = "default", Check = "read-byte.values", Outcome = outcome, Message = "ReadByte returned 7, expected 3" };

        static RunAnalysis Doc(params CheckResult[] results)
        {
            var d = new RunDocument();
            d.Results.AddRange(results);
            return RunAnalysis.Of(d);
        }

        static string Markdown(RunComparison c)
        {
            var w = new StringWriter();
            ComparisonMarkdown.Write(c, w);
            return w.ToString();
        }

        [Test]
        public void TheSummaryLineComesFirstThenRegressionsThenImprovementsThenFindings()
        {
            // The improvement's type sorts first and is listed first in the run: the order must come from the kind.
            var before = Doc(Alloc("A.Better", 64), Alloc("Z.Worse", 0), Values("M.Broken", Outcome.Pass), Values("M.Mended", Outcome.Fail));
            var after = Doc(Alloc("A.Better", 32), Alloc("Z.Worse", 1), Values("M.Broken", Outcome.Fail), Values("M.Mended", Outcome.Pass));
            var text = Markdown(new RunComparison(before, after));
            var lines = text.Split('\n');
            Assert.That(lines[0], Does.StartWith("**streamconf compare**: 2 regressions, 2 improvements, 1 new finding, 1 fixed"));
            int regressions = text.IndexOf("### Regressions"), improvements = text.IndexOf("### Improvements"),
                added = text.IndexOf("### New findings on mono"), fixedAt = text.IndexOf("### Fixed findings on mono");
            var order = new[] { regressions, improvements, added, fixedAt };
            Assert.That(order, Is.All.GreaterThan(0), text);
            Assert.That(order, Is.Ordered, text);
            Assert.That(text.IndexOf("Z.Worse"), Is.InRange(regressions, improvements), "the regression sits under Regressions");
            Assert.That(text.IndexOf("A.Better"), Is.GreaterThan(improvements));
            Assert.That(text, Does.Contain("bytesPerCall: 0 → 1"));
        }

        [Test]
        public void ALongListIsFoldedInDetails()
        {
            var before = Doc(Enumerable.Range(0, ComparisonMarkdown.OpenRows + 1).Select(i => Alloc("T" + i, 0)).ToArray());
            var after = Doc(Enumerable.Range(0, ComparisonMarkdown.OpenRows + 1).Select(i => Alloc("T" + i, 8)).ToArray());
            var text = Markdown(new RunComparison(before, after));
            Assert.That(text, Does.Contain($"<details><summary>{ComparisonMarkdown.OpenRows + 1} rows</summary>").And.Contain("</details>"));
            var few = Markdown(new RunComparison(Doc(Alloc("T", 0)), Doc(Alloc("T", 8))));
            Assert.That(few, Does.Not.Contain("<details>"));
        }
    }
}
#endif
