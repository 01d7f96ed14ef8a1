using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using NUnit.Framework;
using StreamConformance.Reports;
using StreamConformance.Reports.Charts;
using StreamConformance.Results;

namespace StreamConformance.Tests.Reports
{
    /// <summary>The HTML page's shape, on both runtimes (the charts themselves: HtmlChartTests, through the CLI).</summary>
    public class HtmlReportTests
    {
        /// <summary>Draws a chart as one rect per value, in its series' colour: enough to see what the page asks for.</summary>
        sealed class RectRenderer : IChartRenderer
        {
            public int Calls;

            public string Svg(BarChart chart)
            {
                Calls++;
                return "<svg>" + string.Concat(chart.Series.SelectMany(s => s.Values.Where(v => v != null).Select(v => $"<rect fill=\"{s.Color}\" width=\"{v}\" height=\"1\"/>"))) + "</svg>";
            }
        }

        static string Page(RunDocument doc, IChartRenderer? charts = null)
        {
            var w = new StringWriter();
            new HtmlExporter(charts).Export(RunAnalysis.Of(doc), w);
            return w.ToString();
        }

        [Test]
        public void ThePageNamesNothingOutsideItself()
        {
            var html = Page(SyntheticRuns.FourRuntimeRun(), new RectRenderer());
            foreach (var outside in new[] { "http:", "https:", "src=", "<link", "<script", "url(", "@import", "href=" })
                Assert.That(html, Does.Not.Contain(outside));
        }

        [Test]
        public void EveryHeadingIsPrintedOnce()
        {
            var html = Page(SyntheticRuns.FourRuntimeRun(), new RectRenderer());
            var headings = Regex.Matches(html, "<h([1-3])>(.*?)</h\\1>").Cast<Match>().Select(m => m.Groups[2].Value).ToList();
            Assert.That(headings, Is.Unique);
            Assert.That(headings.Count(h => h == "streamconf sweep"), Is.EqualTo(1));
            Assert.That(Regex.Matches(html, "<h1>").Count, Is.EqualTo(1));
        }

        [Test]
        public void FindingsComeFirstThenCoverageThenTheMatrix()
        {
            var html = Page(SyntheticRuns.FourRuntimeRun(), new RectRenderer());
            var findings = html.IndexOf("<h2>Findings", System.StringComparison.Ordinal);
            var coverage = html.IndexOf("<h2>Coverage", System.StringComparison.Ordinal);
            var matrix = html.IndexOf("<h2>Runtime matrix", System.StringComparison.Ordinal);
            Assert.That(findings, Is.GreaterThan(0));
            Assert.That(coverage, Is.GreaterThan(findings));
            Assert.That(matrix, Is.GreaterThan(coverage));
            Assert.That(html.Substring(findings, coverage - findings), Does.Contain("MemoryStream"), "the mono allocation is a finding");
        }

        [Test]
        public void EachMatrixSectionHasAChartAndACollapsibleTable()
        {
            var renderer = new RectRenderer();
            var html = Page(SyntheticRuns.FourRuntimeRun(), renderer);
            var sections = Regex.Matches(html, "<section class=\"matrix\" id=\"(\\w+)\">(.*?)</section>", RegexOptions.Singleline).Cast<Match>().ToList();
            Assert.That(sections.Select(s => s.Groups[1].Value), Is.EqualTo(new[] { "bytespercall", "ratiotolimit", "syscalls" }));
            Assert.That(renderer.Calls, Is.EqualTo(3));
            foreach (var s in sections)
            {
                Assert.That(s.Groups[2].Value, Does.Contain("<figure class=\"chart\" data-series-colors=\"#0072B2 #E69F00 #009E73 #CC79A7\"><svg><rect"), s.Groups[1].Value);
                Assert.That(s.Groups[2].Value, Does.Contain("<details><summary>"), s.Groups[1].Value);
            }
            // The cell that parts from its row is marked in the table too.
            Assert.That(html, Does.Contain("<td class=\"out\">24 ✗</td>"));
        }

        /// <summary>The page has the per-call cost table, as the Markdown report does.</summary>
        [Test]
        public void ThePageHasThePerCallCostOfTheMarkdownReport()
        {
            var html = Page(SyntheticRuns.FourRuntimeRun());
            Assert.That(html, Does.Contain("<section class=\"cost-table\"><h2>Per-call cost</h2>"));
            Assert.That(html, Does.Contain("<h3>mono (mono 6.8.0.105)</h3>"));
            Assert.That(html.IndexOf("Per-call cost", System.StringComparison.Ordinal), Is.GreaterThan(html.IndexOf("<h2>Runtime matrix", System.StringComparison.Ordinal)));
        }

        [Test]
        public void WithoutARendererThePageSaysItHasTablesOnly()
        {
            var html = Page(SyntheticRuns.FourRuntimeRun());
            Assert.That(html, Does.Not.Contain("<figure"));
            Assert.That(html, Does.Contain("this page has the tables only"));
        }
    }
}
