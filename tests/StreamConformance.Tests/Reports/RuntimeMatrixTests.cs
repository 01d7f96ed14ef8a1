using System.Linq;
using NUnit.Framework;
using StreamConformance.Reports;
using StreamConformance.Reports.Matrix;
using StreamConformance.Results;
using static StreamConformance.Tests.Reports.SyntheticRuns;

namespace StreamConformance.Tests.Reports
{
    public class RuntimeMatrixTests
    {
        static MatrixRow Row(RuntimeMatrix m, MatrixMeasure measure, string subject, string operation) =>
            m.Section(measure).Rows.Single(r => r.Subject == subject && r.Operation == operation);

        static string[] StandingOut(RuntimeMatrix m, MatrixRow row) =>
            row.Cells.Select((c, i) => (c, i)).Where(x => x.c.StandsOut).Select(x => m.Runtimes[x.i].Name).ToArray();

        [Test]
        public void ColumnsAreTheRunsRuntimesInOrder()
        {
            var m = RuntimeMatrix.From(FourRuntimeRun());
            Assert.That(m.Runtimes.Select(r => r.Name), Is.EqualTo(FourRuntimes));
            Assert.That(m.Runtimes[2].Title, Is.EqualTo("dotnet (coreclr 10.0.12)"));
            Assert.That(m.Sections.Select(s => s.Measure), Is.EqualTo(new[] { MatrixMeasure.BytesPerCall, MatrixMeasure.RatioToLimit, MatrixMeasure.Syscalls }));
        }

        [Test]
        public void AnAllocationOnOneRuntimeOnlyStandsOut()
        {
            var m = RuntimeMatrix.From(FourRuntimeRun());
            var row = Row(m, MatrixMeasure.BytesPerCall, Memory, "read-byte");
            Assert.That(row.Differs, Is.True);
            Assert.That(StandingOut(m, row), Is.EqualTo(new[] { "mono" }));
            Assert.That(row.Cells.Select(c => c.Display), Is.EqualTo(new[] { "0", "0", "0", "24 ✗" }));
        }

        [Test]
        public void FiguresThatAgreeDoNotStandOut()
        {
            var m = RuntimeMatrix.From(FourRuntimeRun());
            var same = Row(m, MatrixMeasure.BytesPerCall, Memory, "write-byte");
            // 0.004 B/call (a buffer amortised over many calls) against 0 is under the 1 B threshold.
            var amortised = Row(m, MatrixMeasure.BytesPerCall, Buffered, "write-byte");
            // 1.9× against 1.5× is timing noise, well under 2×.
            var noise = Row(m, MatrixMeasure.RatioToLimit, Memory, "read-byte");
            var reads = Row(m, MatrixMeasure.Syscalls, "FileStream", FileRead.Substring(FileRead.IndexOf('[') + 1).TrimEnd(']'));
            foreach (var row in new[] { same, amortised, noise, reads })
            {
                Assert.That(row.Differs, Is.False, row.Label);
                Assert.That(row.Cells.Any(c => c.StandsOut), Is.False, row.Label);
            }
        }

        [Test]
        public void ALatencyRegressionOnOneVersionStandsOut()
        {
            var m = RuntimeMatrix.From(FourRuntimeRun());
            var row = Row(m, MatrixMeasure.RatioToLimit, Buffered, "write-byte");
            Assert.That(row.Differs, Is.True);
            Assert.That(StandingOut(m, row), Is.EqualTo(new[] { "8.0" }));
            Assert.That(row.Spread, Is.EqualTo(4).Within(1e-9));
        }

        [Test]
        public void ASyscallMadeOnOneRuntimeOnlyStandsOut()
        {
            var m = RuntimeMatrix.From(FourRuntimeRun());
            var row = m.Section(MatrixMeasure.Syscalls).Rows.Single(r => r.Variant == "file.seek");
            Assert.That(row.Subject, Is.EqualTo("FileStream"));
            Assert.That(row.Cells.Select(c => c.Value), Is.EqualTo(new double?[] { 0, 0, 0, 100 }));
            Assert.That(StandingOut(m, row), Is.EqualTo(new[] { "mono" }));
        }

        [Test]
        public void ACellARuntimeDidNotMeasureHasNoFigureAndNeverDiffers()
        {
            var m = RuntimeMatrix.From(FourRuntimeRun());
            var row = Row(m, MatrixMeasure.BytesPerCall, File, "read-byte");
            Assert.That(row.Cells.Select(c => c.Text), Is.EqualTo(new[] { "–", "–", "–", "0" }));
            Assert.That(row.Cells.Take(3).All(c => c.Value == null), Is.True);
            Assert.That(row.Differs, Is.False);
        }

        [Test]
        public void WithTwoRuntimesTheCostlierSideStandsOut()
        {
            var doc = new RunDocument();
            doc.Runtimes.Add(Run("dotnet"));
            doc.Runtimes.Add(Run("mono"));
            doc.Results.Add(Alloc("dotnet", Memory, "default", "read-byte", 48));
            doc.Results.Add(Alloc("mono", Memory, "default", "read-byte", 0));
            var m = RuntimeMatrix.From(doc);
            Assert.That(StandingOut(m, m.Section(MatrixMeasure.BytesPerCall).Rows.Single()), Is.EqualTo(new[] { "dotnet" }));
        }

        [Test]
        public void MarkdownListsOnlyTheRowsThatDifferWithTheOutlierInBold()
        {
            var md = MarkdownExporter.Matrix(RuntimeMatrix.From(FourRuntimeRun()));
            Assert.That(md, Does.Contain("## Runtime matrix"));
            Assert.That(md, Does.Contain("| `System.IO.MemoryStream` | default | read-byte | 0 | 0 | 0 | **24 ✗** |"));
            Assert.That(md, Does.Contain("| `System.IO.BufferedStream` | over-seekable | write-byte | **12** | 3 | 3 | 3 |"));
            Assert.That(md, Does.Not.Contain("| `System.IO.MemoryStream` | default | write-byte |"));
            Assert.That(md, Does.Contain("| `FileStream` | file.seek | case=in-buffer,handle=sync,buffer=4096 | 0 | 0 | 0 | **100** |"));
        }

        [Test]
        public void MarkdownExporterCarriesTheMatrixForSeveralRuntimesOnly()
        {
            var four = new System.IO.StringWriter();
            new MarkdownExporter().Export(RunAnalysis.Of(FourRuntimeRun()), four);
            Assert.That(four.ToString(), Does.Contain("## Runtime matrix"));
            var headings = four.ToString().Split('\n').Where(l => l.StartsWith("#", System.StringComparison.Ordinal)).Select(l => l.TrimStart('#').Trim()).ToList();
            Assert.That(headings, Is.Unique, "a heading printed twice");
            var one = FourRuntimeRun();
            one.Runtimes.RemoveAll(r => r.Runtime.Name != "mono");
            one.Results.RemoveAll(r => r.Runtime != "mono");
            var single = new System.IO.StringWriter();
            new MarkdownExporter().Export(RunAnalysis.Of(one), single);
            Assert.That(single.ToString(), Does.Not.Contain("## Runtime matrix"));
        }
    }
}
