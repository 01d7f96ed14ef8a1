using System;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Findings;
using StreamConformance.Probe;
using StreamConformance.Reports;
using StreamConformance.Results;
using StreamConformance.Runtimes;
using StreamConformance.Sweep;
using StreamConformance.Tests.Isolation;

namespace StreamConformance.Tests.Reports
{
    /// <summary>
    /// tests/LibraryStreams swept as `sweep --assembly` sweeps it (its inventory, then the real probe in a child process),
    /// read per assembly: how many of its streams were found and built, how each was built, which stayed static-only
    /// and why, and the findings by class; in the JSON, the Markdown and the HTML alike.
    /// </summary>
    [TestFixture, NonParallelizable]
    public class AssemblyTableTests
    {
        RunDocument _document = null!;
        AssemblyRow _row = null!;

        [OneTimeSetUp]
        public void SweepTheLibrary()
        {
            var runtime = RepoPaths.OnMono ? RuntimeResolver.Resolve("mono") : RuntimeResolver.Resolve("dotnet");
            var assembly = RepoPaths.LibraryStreams(RepoPaths.OnMono ? "net472" : "net10.0");
            Assert.That(File.Exists(assembly), assembly);
            // As LibraryStreamsTests: functional checks only, how a stream was built is the question here.
            var options = new SweepOptions { CheckTimeout = TimeSpan.FromSeconds(20), Quick = true, Checks = "read*,write*,seek*,capabilities*,dispose*,edge*,buffered*" };
            options.Runtimes.Add(runtime);
            options.Assemblies.Add(assembly);
            _document = new SweepRunner(options, SweepTargets.FromInventory, new ProbeLocator(RepoPaths.ProbeRoot)).Run();
            var rows = AssemblyTable.From(_document, FindingBuilder.Build(_document, null));
            Assert.That(rows, Has.Count.EqualTo(1), "one assembly swept");
            _row = rows[0];
            TestContext.Out.WriteLine(MarkdownExporter.ByAssembly(rows));
        }

        string How(string type) => _document.Runtimes.Single().BuiltHow!["LibraryStreams." + type].First();

        [Test]
        public void EveryStreamOfTheLibraryIsCountedOnceAndByHowItWasBuilt()
        {
            Assert.That(_row.Assembly, Is.EqualTo("LibraryStreams"));
            Assert.That(_row.Discovered, Is.EqualTo(13));
            Assert.That(_row.Built, Is.EqualTo(12));
            Assert.That(_row.StaticOnly, Is.EqualTo(1));
            Assert.That(_row.CoveredThrough, Is.EqualTo(0));
            Assert.That(_row.HowCount(RecipeOrigin.Constructor), Is.EqualTo(7), "XorEncoder, XorDecoder, Shift, ArchiveWriter, LoopbackPipe, FrameCodec, CheckedInput");
            Assert.That(_row.HowCount(RecipeOrigin.Factory), Is.EqualTo(3), "SlabPool.GetStream(), DuplexPipe.CreatePair(), PropertiesStream.WithDefaults()");
            Assert.That(_row.HowCount(RecipeOrigin.ExtensionMethod), Is.EqualTo(1), "SegmentStreams.AsStream(this ArraySegment<byte>)");
            Assert.That(_row.HowCount(RecipeOrigin.LibraryRecipe), Is.EqualTo(1), "FramedStreamRecipes");
            Assert.That(_row.HowCount(RecipeOrigin.BuiltInRecipe), Is.EqualTo(0));
            Assert.That(_row.How.Values.Sum(), Is.EqualTo(_row.Built), "each built type counted under one how");
        }

        [TestCase("SlabStream", RecipeOrigin.Factory)]
        [TestCase("PipeEnd", RecipeOrigin.Factory)]
        [TestCase("SegmentStream`1", RecipeOrigin.ExtensionMethod)]
        [TestCase("FramedStream", RecipeOrigin.LibraryRecipe)]
        [TestCase("XorEncoderStream", RecipeOrigin.Constructor)]
        [TestCase("ShiftStream", RecipeOrigin.Constructor)]
        [TestCase("LoopbackPipeStream", RecipeOrigin.Constructor)]
        public void TheHowOfAType(string type, string how) => Assert.That(How(type), Is.EqualTo(how));

        [Test]
        public void StaticOnlyTypesKeepTheirOwnReasonAndFindingsAreCountedByClass()
        {
            Assert.That(_row.StaticOnlyTypes.Select(s => s.Type), Is.EquivalentTo(new[] { "LibraryStreams.OrphanStream" }));
            Assert.That(_row.StaticOnlyTypes.Single(s => s.Type.EndsWith("OrphanStream", StringComparison.Ordinal)).Reason, Does.StartWith("not public, and no public method of its assembly returns it"));
            var findings = FindingBuilder.Build(_document, null);
            Assert.That(_row.FindingCount(FindingClass.Contract), Is.Zero, "the library's streams are correct");
            foreach (var c in AssemblyTable.Classes)
                Assert.That(_row.FindingCount(c), Is.EqualTo(findings.Count(f => f.Class == c && f.Type.StartsWith("LibraryStreams.", StringComparison.Ordinal))), c.ToString());
        }

        [Test]
        public void TheTableIsInTheJsonTheMarkdownAndTheHtml()
        {
            var json = new StringWriter();
            new JsonExporter().Export(RunAnalysis.Of(_document), json);
            var parsed = Newtonsoft.Json.Linq.JObject.Parse(json.ToString());
            var row = parsed["byAssembly"]!.Single();
            Assert.That((string?)row["assembly"], Is.EqualTo("LibraryStreams"));
            Assert.That((int)row["built"]!, Is.EqualTo(12));
            Assert.That((int)row["how"]![RecipeOrigin.ExtensionMethod]!, Is.EqualTo(1));
            Assert.That((string?)parsed["runtimes"]![0]!["builtHow"]!["LibraryStreams.FramedStream"]![0], Is.EqualTo(RecipeOrigin.LibraryRecipe));

            var markdown = new StringWriter();
            new MarkdownExporter().Export(RunAnalysis.Of(_document), markdown);
            Assert.That(markdown.ToString(), Does.Contain("| " + string.Join(" | ", AssemblyTable.Cells(_row)) + " |"));
            Assert.That(markdown.ToString(), Does.Contain("`LibraryStreams.OrphanStream`: not public"));

            var html = new StringWriter();
            new HtmlExporter().Export(RunAnalysis.Of(_document), html);
            Assert.That(html.ToString(), Does.Contain("<td>" + string.Join("</td><td>", AssemblyTable.Cells(_row)) + "</td>"));
        }
    }
}

namespace StreamConformance.Tests.Reports
{
    /// <summary>The table from a hand-made document: the rules that a sweep of one small library never meets.</summary>
    public class AssemblyTableRulesTests
    {
        static RunDocument Document()
        {
            var run = new RuntimeRun { Runtime = new RuntimeInfo { Name = "dotnet" } };
            run.Assemblies = new System.Collections.Generic.SortedDictionary<string, System.Collections.Generic.List<string>>
            {
                ["Pipelines"] = new System.Collections.Generic.List<string> { "N.PipeWriterStream", "N.Inner", "N.Orphan" },
                ["Connections"] = new System.Collections.Generic.List<string> { "N.PipeWriterStream" },
            };
            run.Built["N.PipeWriterStream"] = new System.Collections.Generic.List<string> { "a", "b" };
            run.BuiltHow = new System.Collections.Generic.SortedDictionary<string, System.Collections.Generic.List<string>> { ["N.PipeWriterStream"] = new System.Collections.Generic.List<string> { RecipeOrigin.BuiltInRecipe, RecipeOrigin.Factory } };
            run.CoveredThrough.Add(new CoveredType { Type = "N.Inner", Through = { "N.PipeWriterStream" } });
            run.StaticOnly.Add(new StaticOnlyType { Type = "N.Orphan", Reason = "not public" });
            var doc = new RunDocument();
            doc.Runtimes.Add(run);
            return doc;
        }

        [Test]
        public void ATypeNameTwoAssembliesShareCountsInBothAndEachRowAddsUp()
        {
            var rows = AssemblyTable.From(Document(), new Finding[0]).ToDictionary(r => r.Assembly);
            Assert.That(rows.Keys, Is.EquivalentTo(new[] { "Pipelines", "Connections" }));
            foreach (var row in rows.Values)
                Assert.That(row.Built + row.CoveredThrough + row.StaticOnly, Is.EqualTo(row.Discovered), row.Assembly);
            Assert.That(rows["Connections"].Built, Is.EqualTo(1));
            Assert.That(rows["Pipelines"].CoveredThrough, Is.EqualTo(1));
            Assert.That(rows["Pipelines"].StaticOnlyTypes.Single().Reason, Is.EqualTo("not public"));
            // A type counts once, under the how of its first variant.
            Assert.That(rows["Pipelines"].HowCount(RecipeOrigin.BuiltInRecipe), Is.EqualTo(1));
            Assert.That(rows["Pipelines"].HowCount(RecipeOrigin.Factory), Is.EqualTo(0));
        }

        [Test]
        public void ARunSavedBeforeTheAssembliesWereRecordedHasNoRows()
        {
            var doc = Document();
            doc.Runtimes[0].Assemblies = null;
            Assert.That(AssemblyTable.From(doc, new Finding[0]), Is.Empty);
        }
    }
}
