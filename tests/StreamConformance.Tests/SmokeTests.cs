using System.Collections.Generic;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Probe;
using StreamConformance.Results;

namespace StreamConformance.Tests
{
    public class ProbeRunnerTests
    {
        [Test]
        public void MemoryStreamIsBuiltAndNamed()
        {
            var events = new List<ProbeEvent>();
            var request = new ProbeRequest { Runtime = "test", Items = { new ProbeItem { Type = "System.IO.MemoryStream", AssemblyName = typeof(System.IO.MemoryStream).Assembly.FullName } } };
            new ProbeRunner(request, events.Add, new List<Checks.IStreamCheck>()).Run();
            Assert.That(events[0], Is.TypeOf<HelloEvent>());
            var built = events.OfType<BuiltEvent>().FirstOrDefault();
            Assert.That(built, Is.Not.Null, "MemoryStream must be built, not static-only: " + events.OfType<StaticOnlyEvent>().FirstOrDefault()?.Reason);
            Assert.That(built!.Type, Is.EqualTo("System.IO.MemoryStream"));
            Assert.That(built.Variants, Has.Count.GreaterThan(1), "every MemoryStream constructor mode has a recipe");
        }

        [Test]
        public void UnknownTypeIsStaticOnlyWithReason()
        {
            var events = new List<ProbeEvent>();
            var request = new ProbeRequest { Runtime = "test", Items = { new ProbeItem { Type = "No.Such.Stream", AssemblyName = typeof(System.IO.MemoryStream).Assembly.FullName } } };
            new ProbeRunner(request, events.Add, new List<Checks.IStreamCheck>()).Run();
            var staticOnly = events.OfType<StaticOnlyEvent>().FirstOrDefault();
            Assert.That(staticOnly, Is.Not.Null);
            Assert.That(staticOnly!.Reason, Does.Contain("No.Such.Stream"));
        }
    }
}
