using System.Collections.Generic;
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
            Assert.That(events[0].Kind, Is.EqualTo(ProbeEvent.Hello));
            var built = events.Find(e => e.Kind == ProbeEvent.Built);
            Assert.That(built, Is.Not.Null, "MemoryStream must be built, not static-only: " + events.Find(e => e.Kind == ProbeEvent.StaticOnly)?.Reason);
            Assert.That(built!.Type, Is.EqualTo("System.IO.MemoryStream"));
            Assert.That(built.Variants, Has.Count.GreaterThan(1), "every MemoryStream constructor mode has a recipe");
        }

        [Test]
        public void UnknownTypeIsStaticOnlyWithReason()
        {
            var events = new List<ProbeEvent>();
            var request = new ProbeRequest { Runtime = "test", Items = { new ProbeItem { Type = "No.Such.Stream", AssemblyName = typeof(System.IO.MemoryStream).Assembly.FullName } } };
            new ProbeRunner(request, events.Add, new List<Checks.IStreamCheck>()).Run();
            var staticOnly = events.Find(e => e.Kind == ProbeEvent.StaticOnly);
            Assert.That(staticOnly, Is.Not.Null);
            Assert.That(staticOnly!.Reason, Does.Contain("No.Such.Stream"));
        }
    }
}
