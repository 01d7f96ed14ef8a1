using System.Collections.Generic;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Checks;
using StreamConformance.Probe;
using StreamConformance.Results;

namespace StreamConformance.Tests.StreamChecks
{
    /// <summary>The functional checks run through the probe like any other: found by the catalog, one verdict each, no harness errors.</summary>
    public class ProbeIntegrationTests
    {
        [Test]
        public void FunctionalChecksRunOnMemoryStreamThroughTheProbe()
        {
            var events = new List<ProbeEvent>();
            var request = new ProbeRequest
            {
                Runtime = "test",
                Items = { new ProbeItem { Type = "System.IO.MemoryStream", AssemblyName = typeof(System.IO.MemoryStream).Assembly.FullName } },
            };
            var checks = CheckCatalog.All.Where(c => c is StreamCheck).ToList();
            new ProbeRunner(request, events.Add, checks).Run();
            var results = events.OfType<ResultEvent>().Select(e => e.Result).ToList();
            Assert.That(results, Is.Not.Empty);
            Assert.That(results.Where(r => r.Outcome == Outcome.Error).Select(r => r.ToString()), Is.Empty);
            Assert.That(results.Select(r => r.Check).Distinct(), Is.SupersetOf(checks.Select(c => c.Name)));
            Assert.That(results.All(r => r.Type == "System.IO.MemoryStream" && r.Message.Length > 0), Is.True);
        }
    }
}
