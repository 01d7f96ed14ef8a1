using System;
using NUnit.Framework;
using StreamConformance.Probe;
using StreamConformance.Results;
using StreamConformance.Runtimes;
using StreamConformance.Sweep;

namespace StreamConformance.Tests.Sweep
{
    /// <summary>The watchdog's limit follows the probe's own figures, read from the request's trace: exact limits from a scripted event stream.</summary>
    public class SilenceLimitTests
    {
        static readonly TimeSpan Check = TimeSpan.FromSeconds(5), Start = TimeSpan.FromSeconds(60);

        readonly ProbeTrace _trace = new ProbeTrace();

        SilenceLimit Started()
        {
            _trace.StartProcess();
            return new SilenceLimit(_trace, Check, Start);
        }

        void Hello() => _trace.Observe(new HelloEvent { Runtime = new RuntimeInfo { Name = "test" } });
        void Type() => _trace.Observe(new TypeEvent { Type = "T" });
        void Built(double seconds) => _trace.Observe(new BuiltEvent { Type = "T", Variants = { "v" }, Seconds = seconds });
        void CheckStart() => _trace.Observe(new CheckEvent { Type = "T", Variant = "v", Check = "c" });
        void Result() => _trace.Observe(new ResultEvent { Result = new CheckResult { Type = "T", Variant = "v", Check = "c" } });
        void Alive(double? seconds = null) => _trace.Observe(new AliveEvent { Seconds = seconds });

        [Test]
        public void StartThenBuildingThenChecksOfAFastType()
        {
            var limit = Started();
            Assert.That(limit.Current, Is.EqualTo(Start));
            Hello();
            Assert.That(limit.Current, Is.EqualTo(Check));
            Type();
            Assert.That(limit.Current, Is.EqualTo(limit.ConstructLimit), "building waits longer than the recipes' own peer timeouts");
            Alive();
            Assert.That(limit.Current, Is.EqualTo(limit.ConstructLimit), "a heartbeat while building keeps the building limit");
            Built(0.0);
            Assert.That(limit.Current, Is.EqualTo(Check));
            CheckStart();
            Assert.That(limit.Current, Is.EqualTo(Check));
            Assert.That(limit.Describe(), Does.Contain("5 s (per check)"));
        }

        [Test]
        public void ASlowOpenWidensEveryCheckOfItsTypeOnly()
        {
            var limit = Started();
            Hello();
            Type();
            Built(2.5);
            CheckStart();
            Assert.That(limit.Current, Is.EqualTo(TimeSpan.FromSeconds(5 + SilenceLimit.OpenFactor * 2.5)));
            Assert.That(limit.Describe(), Does.Contain("slowest open of 2.5 s"));
            Result();
            Assert.That(limit.Current, Is.EqualTo(TimeSpan.FromSeconds(15)));

            Type();
            Built(0.001);
            CheckStart();
            Assert.That(limit.Current.TotalSeconds, Is.EqualTo(5.004).Within(1e-9), "the next type starts from its own figure");
        }

        [Test]
        public void AnAnnouncedStepHoldsThroughHeartbeatsUntilTheResult()
        {
            var limit = Started();
            Hello();
            Type();
            Built(0.0);
            CheckStart();
            Alive(4.0);
            Assert.That(limit.Current, Is.EqualTo(TimeSpan.FromSeconds(SilenceLimit.StepFactor * 4)));
            Assert.That(limit.Describe(), Does.Contain("step announced at 4 s"));
            Alive();
            Assert.That(limit.Current, Is.EqualTo(TimeSpan.FromSeconds(12)));
            Alive(0.2);
            Assert.That(limit.Current, Is.EqualTo(Check), "a short step needs no more than the check's own limit");
            Alive(4.0);
            Result();
            Assert.That(limit.Current, Is.EqualTo(Check));
        }

        [Test]
        public void NoFigureTakesTheLimitPastTheCeiling()
        {
            var limit = Started();
            Hello();
            Type();
            Built(1e6);
            Assert.That(limit.Current, Is.EqualTo(SilenceLimit.Ceiling));
            Alive(1e6);
            Assert.That(limit.Current, Is.EqualTo(SilenceLimit.Ceiling), "a stream that spins forever is still a timeout");
        }

        [Test]
        public void AFreshProcessGetsTheStartTimeoutAgain()
        {
            var limit = Started();
            Hello();
            Type();
            Assert.That(limit.Current, Is.EqualTo(limit.ConstructLimit));
            _trace.StartProcess();
            Assert.That(limit.Current, Is.EqualTo(Start), "a probe started after a crash has its runtime to start again");
        }

        /// <summary>The interpreter's checks get three times --timeout: 5 s on CoreCLR and Mono, 15 s on WebAssembly, in the limit's words too.</summary>
        [Test]
        public void AWebAssemblyCheckGetsThreeTimesTheTimeout()
        {
            Assert.That(RuntimeFlavor.CoreClr.CheckTimeout(Check), Is.EqualTo(Check));
            Assert.That(RuntimeFlavor.Mono.CheckTimeout(Check), Is.EqualTo(Check));
            var wasm = RuntimeFlavor.Wasm.CheckTimeout(Check);
            Assert.That(wasm, Is.EqualTo(TimeSpan.FromSeconds(15)));
            _trace.StartProcess();
            var limit = new SilenceLimit(_trace, wasm, Start);
            Hello();
            Type();
            Built(0.5);
            CheckStart();
            Assert.That(limit.Current, Is.EqualTo(TimeSpan.FromSeconds(17)));
            Assert.That(limit.Describe(), Does.Contain("per check, 15 s + 4× its slowest open of 0.5 s"));
        }
    }
}
