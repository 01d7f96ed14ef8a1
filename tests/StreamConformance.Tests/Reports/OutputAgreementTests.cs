using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using NUnit.Framework;
using StreamConformance.Findings;
using StreamConformance.Reports;

namespace StreamConformance.Tests.Reports
{
    /// <summary>
    /// One run, one list of findings: every registered format (JSON, Markdown, HTML) renders the analysis's findings,
    /// every one by id, in its order, with and without an expectations file. (The console's agreement: Cli/OutputAgreementTests.)
    /// </summary>
    public class OutputAgreementTests
    {
        static readonly Regex Id = new Regex(@"\bSC[0-9a-f]{6}\b");

        public static string Render(IExporter exporter, RunAnalysis analysis)
        {
            var w = new StringWriter();
            exporter.Export(analysis, w);
            return w.ToString();
        }

        /// <summary>The finding ids of a rendered output, each once, in the order they first appear.</summary>
        public static List<string> IdsIn(string text) => Id.Matches(text).Cast<Match>().Select(m => m.Value).Distinct().ToList();

        public static List<string> JsonIds(string json) =>
            Newtonsoft.Json.Linq.JObject.Parse(json)["findings"]!.Select(f => (string)f["id"]!).ToList();

        [TestCase(false)]
        [TestCase(true)]
        public void JsonMarkdownAndHtmlListTheSameFindingsInTheSameOrder(bool withExpectations)
        {
            var analysis = RunAnalysis.Of(SyntheticRuns.FindingsRun(), withExpectations ? SyntheticRuns.FindingsExpectations : null);
            var ids = analysis.Findings.Select(f => f.Id).ToList();
            Assert.That(ids, Has.Count.EqualTo(45).And.Unique, "one finding per type");
            Assert.That(analysis.Findings.Single(f => f.Type == "Lib.S00").Class, Is.EqualTo(withExpectations ? FindingClass.Expected : FindingClass.Contract));

            Assert.That(JsonIds(Render(new JsonExporter(), analysis)), Is.EqualTo(ids), "json");
            foreach (var exporter in Exporters.All(null))
                Assert.That(IdsIn(Render(exporter, analysis)), Is.EqualTo(ids), exporter.Format);
            var markdown = Render(new MarkdownExporter(), analysis);
            Assert.That(IdsIn(markdown), Is.EqualTo(ids), "markdown");
            Assert.That(markdown, Does.Contain("## Findings (" + analysis.CountsByClass() + ")"));
            Assert.That(markdown, Does.Contain($"| `{ids[0]}` | {analysis.Findings[0].Class.ToString().ToLowerInvariant()} |"), "a row per finding: id, then class");
        }

        [Test]
        public void AnExpectationChangesAFindingsClassNotItsId()
        {
            var plain = RunAnalysis.Of(SyntheticRuns.FindingsRun());
            var expected = RunAnalysis.Of(SyntheticRuns.FindingsRun(), SyntheticRuns.FindingsExpectations);
            Assert.That(expected.Findings.Select(f => f.Id), Is.EquivalentTo(plain.Findings.Select(f => f.Id)));
            Assert.That(expected.Findings.Last().Class, Is.EqualTo(FindingClass.Expected), "expected findings rank last");
        }
    }
}
