using System.Linq;
using Newtonsoft.Json;
using NUnit.Framework;
using StreamConformance.Reports;
using StreamConformance.Results;

namespace StreamConformance.Tests.Reports
{
    public class CostTableTests
    {
        const string Buffered = "System.IO.BufferedStream";
        const string Memory = "System.IO.MemoryStream";

        static CheckResult Result(string runtime, string type, string variant, string check, Outcome outcome, string message = "", params (string Name, double Value)[] metrics)
        {
            var r = new CheckResult { Runtime = runtime, Type = type, Variant = variant, Check = check, Outcome = outcome, Message = message };
            foreach (var (name, value) in metrics) r.WithMetric(name, value);
            return r;
        }

        static CheckResult Alloc(string runtime, string type, string variant, string op, double bytes, Outcome outcome = Outcome.Pass, string message = "") =>
            Result(runtime, type, variant, "budget.alloc." + op, outcome, message, ("bytesPerCall", bytes), ("budget", 0), ("calls", 10000));

        static CheckResult Latency(string runtime, string type, string variant, string op, double toLimit, double toBaseline, Outcome outcome = Outcome.Pass, string message = "") =>
            Result(runtime, type, variant, "budget.latency." + op, outcome, message, ("ratioToLimit", toLimit), ("ratioToBaseline", toBaseline), ("nsPerCall", 3));

        static RuntimeRun Run(string name, string flavor, string version) =>
            new RuntimeRun { Runtime = new RuntimeInfo { Name = name, Flavor = flavor, Version = version } };

        /// <summary>Two runtimes; on mono BufferedStream allocates in ReadByte (alloc fail) and is slow in WriteByte (latency fail).</summary>
        static RunDocument Document()
        {
            var doc = new RunDocument();
            doc.Runtimes.Add(Run("dotnet", "coreclr", "10.0.0"));
            doc.Runtimes.Add(Run("mono", "mono", "6.8.0.105"));
            doc.Results.AddRange(new[]
            {
                Alloc("dotnet", Memory, "default", "read-byte", 0),
                Latency("dotnet", Memory, "default", "read-byte", 1.5, 1),
                Alloc("dotnet", Memory, "default", "write-byte", 0),
                Latency("dotnet", Memory, "default", "write-byte", 2.25, 1),
                Alloc("mono", Buffered, "over-seekable", "read-byte", 40, Outcome.Fail, "ReadByte allocates 40 B/call, budget 0 B"),
                Latency("mono", Buffered, "over-seekable", "read-byte", 4.567, 3.21),
                Alloc("mono", Buffered, "over-seekable", "write-byte", 0),
                Latency("mono", Buffered, "over-seekable", "write-byte", 123.4, 40.04, Outcome.Fail, "WriteByte takes 40× MemoryStream's, budget 25× <slow>"),
                Result("mono", Buffered, "over-seekable", "budget.alloc.read-span-1", Outcome.Skip, "no allocation counter"),
                Alloc("mono", Buffered, "bufferSize=7", "read-byte", 1.76),
                Result("mono", Memory, "default", "read-byte.values", Outcome.Pass),
                Alloc("mono", Memory, "default", "seek", 0),
            });
            return doc;
        }

        static string Row(string text, string runtimeHeading, string type, string variant)
        {
            var section = text.Substring(text.IndexOf(runtimeHeading, System.StringComparison.Ordinal));
            return section.Split('\n').First(l => l.StartsWith("| `" + type + "` | " + variant + " |"));
        }

        [Test]
        public void MarkdownHasATablePerRuntimeWithFiguresPerOperation()
        {
            var md = MarkdownExporter.Cost(CostTable.From(Document()));
            Assert.That(md, Does.Contain("### dotnet (coreclr 10.0.0)\n"));
            Assert.That(md, Does.Contain("### mono (mono 6.8.0.105)\n"));
            Assert.That(md, Does.Contain("| type | variant | ReadByte B/call | ReadByte ×limit | ReadByte ×baseline | WriteByte B/call | WriteByte ×limit | WriteByte ×baseline | Read(Span[1]) B/call |"));
            Assert.That(Row(md, "### dotnet", Memory, "default"), Is.EqualTo($"| `{Memory}` | default | 0 | 1.5 | 1 | 0 | 2.25 | 1 | – | – | – |"));
        }

        [Test]
        public void MarkdownMarksOnlyTheFigureTheFailedBudgetJudged()
        {
            var md = MarkdownExporter.Cost(CostTable.From(Document()));
            var row = Row(md, "### mono", Buffered, "over-seekable");
            Assert.That(row, Is.EqualTo($"| `{Buffered}` | over-seekable | **40 ✗** | 4.57 | 3.21 | 0 | 123 | **40 ✗** | skip | – | – |"));
            Assert.That(Row(md, "### mono", Buffered, "bufferSize=7"), Is.EqualTo($"| `{Buffered}` | bufferSize=7 | 1.76 | – | – | – | – | – | – | – | – |"));
        }

        [Test]
        public void AnAllocationFigureTheMeterDidNotCallExactIsMarked()
        {
            var doc = Document();
            doc.Results.Add(Result("mono", "System.Net.Security.SslStream", "loopback-tls client", "budget.alloc.read-byte", Outcome.Fail, "",
                ("bytesPerCall", 33351.08), ("exact", 0)));
            doc.Results.Add(Result("mono", "System.Net.Security.SslStream", "loopback-tls client", "budget.alloc.write-byte", Outcome.Pass, "",
                ("bytesPerCall", 0), ("exact", 1)));
            var md = MarkdownExporter.Cost(CostTable.From(doc));
            Assert.That(md, Does.Contain("~: not exact"));
            Assert.That(Row(md, "### mono", "System.Net.Security.SslStream", "loopback-tls client"),
                Does.StartWith("| `System.Net.Security.SslStream` | loopback-tls client | **33351.08 ~ ✗** | – | – | 0 | "));
            Assert.That(HtmlExporter.Cost(CostTable.From(doc)), Does.Contain("33351.08 ~"));
        }

        [Test]
        public void RowsAreTheStreamsWithResultsForTheShownOperationsSorted()
        {
            var md = MarkdownExporter.Cost(CostTable.From(Document()));
            var mono = md.Substring(md.IndexOf("### mono", System.StringComparison.Ordinal));
            var rows = mono.Split('\n').Where(l => l.StartsWith("| `")).ToList();
            // MemoryStream has only a seek budget and a functional check on mono: no row.
            Assert.That(rows.Select(r => r.Split('|')[2].Trim()), Is.EqualTo(new[] { "bufferSize=7", "over-seekable" }));
        }

        [Test]
        public void HtmlIsAnEncodedFragmentWithOverBudgetCellsMarked()
        {
            var html = HtmlExporter.Cost(CostTable.From(Document()));
            Assert.That(html, Does.StartWith("<section class=\"cost-table\">"));
            Assert.That(html, Does.Not.Contain("<html"));
            Assert.That(html, Does.Contain("<h3>mono (mono 6.8.0.105)</h3>"));
            Assert.That(html, Does.Contain("<td class=\"fail\" title=\"ReadByte allocates 40 B/call, budget 0 B\">40 ✗</td>"));
            // The message's angle brackets reach the page encoded.
            Assert.That(html, Does.Contain("title=\"WriteByte takes 40× MemoryStream&#39;s, budget 25× &lt;slow&gt;\">40 ✗</td>"));
            Assert.That(html, Does.Not.Contain("<slow>"));
            Assert.That(html.Split('\n').Count(l => l.Contains("class=\"fail\"")), Is.EqualTo(1), "one row holds both failures");
        }

        [Test]
        public void HtmlEncodesTypeNames()
        {
            var doc = new RunDocument();
            doc.Results.Add(Alloc("x", "My.Stream<T>&Co", "a<b>", "read-byte", 8));
            var html = HtmlExporter.Cost(CostTable.From(doc));
            Assert.That(html, Does.Contain("<code>My.Stream&lt;T&gt;&amp;Co</code></td><td>a&lt;b&gt;</td><td>8</td>"));
            Assert.That(html, Does.Contain("<h3>x</h3>"), "a runtime only the results name is titled by its name");
        }

        [Test]
        public void ASavedDocumentGivesTheSameTable()
        {
            var saved = JsonConvert.DeserializeObject<RunDocument>(JsonConvert.SerializeObject(Document()))!;
            Assert.That(MarkdownExporter.Cost(CostTable.From(saved)), Is.EqualTo(MarkdownExporter.Cost(CostTable.From(Document()))));
            Assert.That(HtmlExporter.Cost(CostTable.From(saved)), Is.EqualTo(HtmlExporter.Cost(CostTable.From(Document()))));
        }

        [Test]
        public void NothingToShowGivesEmptyText()
        {
            var doc = new RunDocument();
            doc.Runtimes.Add(Run("dotnet", "coreclr", "10.0.0"));
            doc.Results.Add(Result("dotnet", Memory, "default", "read-byte.values", Outcome.Pass));
            Assert.That(MarkdownExporter.Cost(CostTable.From(doc)), Is.Empty);
            Assert.That(HtmlExporter.Cost(CostTable.From(doc)), Is.Empty);
        }

        [Test]
        public void ACellWithoutAFigureShowsTheOutcome()
        {
            var doc = new RunDocument();
            doc.Results.Add(Result("dotnet", "Generic`1", "v|1", "budget.latency.read-byte", Outcome.Timeout, "silent for 10 s"));
            var md = MarkdownExporter.Cost(CostTable.From(doc));
            Assert.That(md, Does.Contain("| `` Generic`1 `` | v\\|1 | – | timeout | timeout | – |"));
        }
    }
}
