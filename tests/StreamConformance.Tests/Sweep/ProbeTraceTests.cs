using NUnit.Framework;
using StreamConformance.Probe;
using StreamConformance.Results;
using StreamConformance.Sweep;

namespace StreamConformance.Tests.Sweep
{
    /// <summary>The record of a probe request's events: where a process was when it died, what it finished, what it reported.</summary>
    public class ProbeTraceTests
    {
        [Test]
        public void ACrashIsBlamedOnTheLastStepAnnouncedAndTheStepsBeforeItAreFinished()
        {
            var trace = new ProbeTrace();
            trace.StartProcess();
            trace.Observe(new HelloEvent());
            trace.Observe(new TypeEvent { Type = "A" });
            trace.Observe(new StaticOnlyEvent { Type = "A", Reason = "none" });
            trace.Observe(new TypeEvent { Type = "B" });
            trace.Observe(new BuiltEvent { Type = "B", Variants = { "v" }, Seconds = 0.5 });
            trace.Observe(new CheckEvent { Type = "B", Variant = "v", Check = "one" });
            trace.Observe(new ResultEvent { Result = new CheckResult { Type = "B", Variant = "v", Check = "one", Outcome = Outcome.Pass } });
            trace.Observe(new CheckEvent { Type = "B", Variant = "v", Check = "two" });

            Assert.That((trace.Type, trace.Variant, trace.Check), Is.EqualTo(("B", "v", "two")));
            Assert.That(trace.Finished, Is.EquivalentTo(new[] { ProbeRequest.Key("B", "v", "one") }));
            Assert.That(trace.Phase, Is.EqualTo(ProbePhase.Checking));
            Assert.That(trace.SlowestOpen, Is.EqualTo(0.5));
            Assert.That(trace.Completed, Is.False);
            Assert.That(trace.EventCount, Is.EqualTo(8));
            Assert.That(trace.StaticOnly, Has.Count.EqualTo(1));
            Assert.That(trace.Built, Has.Count.EqualTo(1));
            Assert.That(trace.Results, Has.Count.EqualTo(1));
        }

        /// <summary>
        /// A type whose round trips a probe deferred past their limit is named in every later probe's request of the run,
        /// so a stream that hangs is not waited for again each time its hangs restart the probe.
        /// </summary>
        [Test]
        public void ADeferredRoundTripGoesIntoTheRequestsOfTheProbesThatFollow()
        {
            var trace = new ProbeTrace();
            trace.StartProcess();
            trace.Observe(new HelloEvent());
            trace.Observe(new TypeEvent { Type = "A" });
            trace.Observe(new BuiltEvent { Type = "A", Variants = { "v" } });
            trace.Observe(new TypeEvent { Type = "B" });
            trace.Observe(new BuiltEvent { Type = "B", Variants = { "v" }, RoundTripDeferred = true });
            Assert.That(trace.DeferredRoundTrips, Is.EqualTo(new[] { "B" }));

            var first = new ProbeRequest { DeferredRoundTrips = { "C" } };
            var resumed = first.Resume(new System.Collections.Generic.List<ProbeItem> { new ProbeItem { Type = "B" } }, new System.Collections.Generic.HashSet<string>(), trace.DeferredRoundTrips);
            Assert.That(resumed.DeferredRoundTrips, Is.EquivalentTo(new[] { "B", "C" }));
            Assert.That(first.Resume(resumed.Items, resumed.Skip).DeferredRoundTrips, Is.EquivalentTo(new[] { "C" }), "only the request's own");
        }

        [Test]
        public void AFreshProcessStartsWithNothingKnownOfItAndKeepsWhatTheLastReported()
        {
            var trace = new ProbeTrace();
            trace.StartProcess();
            trace.Observe(new HelloEvent { Runtime = new RuntimeInfo { Version = "1" } });
            trace.Observe(new TypeEvent { Type = "A" });
            trace.AddHostResult(new CheckResult { Type = "A", Check = "construct", Outcome = Outcome.Crash });
            trace.StartProcess();

            Assert.That((trace.Processes, trace.EventCount, trace.Type, trace.Check, trace.Phase), Is.EqualTo((2, 0, (string?)null, (string?)null, ProbePhase.Starting)));
            Assert.That(trace.Runtime!.Version, Is.EqualTo("1"));
            Assert.That(trace.Results, Has.Count.EqualTo(1));
            trace.Observe(new HelloEvent { Runtime = new RuntimeInfo { Version = "1" } });
            trace.Observe(new DoneEvent());
            Assert.That(trace.Completed, Is.True);
        }
    }
}
