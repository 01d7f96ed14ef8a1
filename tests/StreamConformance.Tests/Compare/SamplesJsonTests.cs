using System.IO;
using NUnit.Framework;
using StreamConformance.Reports;
using StreamConformance.Results;

namespace StreamConformance.Tests.Compare
{
    /// <summary>The per-round samples compare reads: rounded, on one line in the indented JSON, and read back (both runtimes write it).</summary>
    public class SamplesJsonTests
    {
        [Test]
        public void SamplesAreRoundedWrittenOnOneLineAndReadBack()
        {
            var result = new CheckResult { Runtime = "mono", Type = "System.IO.BufferedStream", Variant = "over-seekable", Check = "budget.latency.read-byte", Outcome = Outcome.Pass }
                .WithMetric("ratioToBaseline", 2.0)
                .WithSamples("ratioToBaseline", new[] { 2.04567, 1.98765, double.NaN, 123.456, 0.0123456 });
            var doc = new RunDocument();
            doc.Results.Add(result);
            var path = Path.Combine(Path.GetTempPath(), "streamconf-samples-" + System.Guid.NewGuid().ToString("N") + ".json");
            try
            {
                using (var w = new StreamWriter(path)) new JsonExporter().Export(RunAnalysis.Of(doc), w);
                var text = File.ReadAllText(path);
                Assert.That(text, Does.Contain("\"ratioToBaseline\": [2.05,1.99,123,0.0123]"), text);
                Assert.That(JsonExporter.Read(path).Results[0].Samples!["ratioToBaseline"], Is.EqualTo(new[] { 2.05, 1.99, 123, 0.0123 }));
            }
            finally
            {
                File.Delete(path);
            }
        }

        [Test]
        public void AResultWithoutSamplesWritesNoField()
        {
            var doc = new RunDocument();
            doc.Results.Add(new CheckResult { Check = "read-byte.values" });
            var w = new StringWriter();
            new JsonExporter().Export(RunAnalysis.Of(doc), w);
            Assert.That(w.ToString(), Does.Not.Contain("samples"));
        }
    }
}
