using System;
using NUnit.Framework;
using StreamConformance.Probe;
using StreamConformance.Sweep;

namespace StreamConformance.Tests.Sweep
{
    /// <summary>The watchdog's limit follows the probe's own figures: exact limits from a scripted event stream.</summary>
    public class SilenceLimitTests
    {
        static readonly TimeSpan Check = TimeSpan.FromSeconds(5), Start = TimeSpan.FromSeconds(60);

        static ProbeEvent Ev(string kind, double? seconds = null) => new ProbeEvent { Kind = kind, Seconds = seconds };

        [Test]
        public void StartThenBuildingThenChecksOfAFastType()
        {
            var limit = new SilenceLimit(Check, Start);
            Assert.That(limit.Current, Is.EqualTo(Start));
            limit.Observe(Ev(ProbeEvent.Hello));
            Assert.That(limit.Current, Is.EqualTo(Check));
            limit.Observe(Ev(ProbeEvent.TypeStart));
            Assert.That(limit.Current, Is.EqualTo(limit.ConstructLimit), "building waits longer than the recipes' own peer timeouts");
            limit.Observe(Ev(ProbeEvent.Alive));
            Assert.That(limit.Current, Is.EqualTo(limit.ConstructLimit), "a heartbeat while building keeps the building limit");
            limit.Observe(Ev(ProbeEvent.Built, 0.0));
            Assert.That(limit.Current, Is.EqualTo(Check));
            limit.Observe(Ev(ProbeEvent.CheckStart));
            Assert.That(limit.Current, Is.EqualTo(Check));
            Assert.That(limit.Describe(), Does.Contain("5 s (per check)"));
        }

        [Test]
        public void ASlowOpenWidensEveryCheckOfItsTypeOnly()
        {
            var limit = new SilenceLimit(Check, Start);
            limit.Observe(Ev(ProbeEvent.TypeStart));
            limit.Observe(Ev(ProbeEvent.Built, 2.5));
            limit.Observe(Ev(ProbeEvent.CheckStart));
            Assert.That(limit.Current, Is.EqualTo(TimeSpan.FromSeconds(5 + SilenceLimit.OpenFactor * 2.5)));
            Assert.That(limit.Describe(), Does.Contain("slowest open of 2.5 s"));
            limit.Observe(Ev(ProbeEvent.ResultKind));
            Assert.That(limit.Current, Is.EqualTo(TimeSpan.FromSeconds(15)));

            limit.Observe(Ev(ProbeEvent.TypeStart));
            limit.Observe(Ev(ProbeEvent.Built, 0.001));
            limit.Observe(Ev(ProbeEvent.CheckStart));
            Assert.That(limit.Current.TotalSeconds, Is.EqualTo(5.004).Within(1e-9), "the next type starts from its own figure");
        }

        [Test]
        public void AnAnnouncedStepHoldsThroughHeartbeatsUntilTheResult()
        {
            var limit = new SilenceLimit(Check, Start);
            limit.Observe(Ev(ProbeEvent.TypeStart));
            limit.Observe(Ev(ProbeEvent.Built, 0.0));
            limit.Observe(Ev(ProbeEvent.CheckStart));
            limit.Observe(Ev(ProbeEvent.Alive, 4.0));
            Assert.That(limit.Current, Is.EqualTo(TimeSpan.FromSeconds(SilenceLimit.StepFactor * 4)));
            Assert.That(limit.Describe(), Does.Contain("step announced at 4 s"));
            limit.Observe(Ev(ProbeEvent.Alive));
            Assert.That(limit.Current, Is.EqualTo(TimeSpan.FromSeconds(12)));
            limit.Observe(Ev(ProbeEvent.Alive, 0.2));
            Assert.That(limit.Current, Is.EqualTo(Check), "a short step needs no more than the check's own limit");
            limit.Observe(Ev(ProbeEvent.Alive, 4.0));
            limit.Observe(Ev(ProbeEvent.ResultKind));
            Assert.That(limit.Current, Is.EqualTo(Check));
        }

        [Test]
        public void NoFigureTakesTheLimitPastTheCeiling()
        {
            var limit = new SilenceLimit(Check, Start);
            limit.Observe(Ev(ProbeEvent.TypeStart));
            limit.Observe(Ev(ProbeEvent.Built, 1e6));
            Assert.That(limit.Current, Is.EqualTo(SilenceLimit.Ceiling));
            limit.Observe(Ev(ProbeEvent.Alive, 1e6));
            Assert.That(limit.Current, Is.EqualTo(SilenceLimit.Ceiling), "a stream that spins forever is still a timeout");
        }
    }
}
