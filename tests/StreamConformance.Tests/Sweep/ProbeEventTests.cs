using System.Collections.Generic;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Probe;
using StreamConformance.Results;

namespace StreamConformance.Tests.Sweep
{
    /// <summary>
    /// The probe protocol's lines (docs/probe-protocol.md): each kind is written exactly as the flat event of earlier
    /// probes wrote it, and read back as its own type, so a probe and a host of either side still understand each other.
    /// </summary>
    public class ProbeEventTests
    {
        static IEnumerable<TestCaseData> Lines()
        {
            yield return Case(new HelloEvent { Runtime = new RuntimeInfo { Name = "mono", Flavor = "mono", Version = "6.8.0.105", Path = "lib" } },
                "{\"e\":\"hello\",\"runtime\":{\"name\":\"mono\",\"flavor\":\"mono\",\"version\":\"6.8.0.105\",\"path\":\"lib\"}}");
            yield return Case(new TypeEvent { Type = "System.IO.Stream/NullStream" }, "{\"e\":\"type\",\"type\":\"System.IO.Stream/NullStream\"}");
            yield return Case(new BuiltEvent { Type = "T", Variants = { "a", "b" }, How = new List<string> { "constructor", "factory" }, Seconds = 0.25, Inner = new List<string> { "U" } },
                "{\"e\":\"built\",\"type\":\"T\",\"variants\":[\"a\",\"b\"],\"how\":[\"constructor\",\"factory\"],\"seconds\":0.25,\"inner\":[\"U\"]}");
            yield return Case(new StaticOnlyEvent { Type = "T", Reason = "no public constructor" }, "{\"e\":\"static-only\",\"type\":\"T\",\"reason\":\"no public constructor\"}");
            yield return Case(new CheckEvent { Type = "T", Variant = "", Check = "scenario" }, "{\"e\":\"check\",\"type\":\"T\",\"variant\":\"\",\"check\":\"scenario\"}");
            yield return Case(new AliveEvent(), "{\"e\":\"alive\"}");
            yield return Case(new AliveEvent { Seconds = 1.5 }, "{\"e\":\"alive\",\"seconds\":1.5}");
            yield return Case(new DoneEvent(), "{\"e\":\"done\"}");
        }

        static TestCaseData Case(ProbeEvent ev, string json) => new TestCaseData(ev, json).SetName("{m}(" + ev.Kind + (ev is AliveEvent a && a.Seconds != null ? "+seconds" : "") + ")");

        [TestCaseSource(nameof(Lines))]
        public void EachKindIsWrittenAsBeforeAndReadBackAsItsType(ProbeEvent ev, string json)
        {
            Assert.That(ev.ToLine(), Is.EqualTo("\n" + ProbeEvent.Marker + json));
            var back = ProbeEvent.TryParse("console noise " + ProbeEvent.Marker + json);
            Assert.That(back, Is.TypeOf(ev.GetType()));
            Assert.That(back!.ToLine(), Is.EqualTo(ev.ToLine()), "every field survives the round trip");
        }

        [Test]
        public void AResultCarriesTheCheckResult()
        {
            var line = new ResultEvent { Result = new CheckResult { Runtime = "dotnet", Type = "T", Variant = "v", Check = "read.byte", Outcome = Outcome.Fail, Message = "m" } }.ToLine();
            Assert.That(line, Does.StartWith("\n" + ProbeEvent.Marker + "{\"e\":\"result\",\"result\":{"));
            var back = (ResultEvent)ProbeEvent.TryParse(line)!;
            Assert.That((back.Result.Type, back.Result.Check, back.Result.Outcome, back.Result.Message), Is.EqualTo(("T", "read.byte", Outcome.Fail, "m")));
        }

        [Test]
        public void AKindThatDoesNotLeadTheLineIsStillRead()
        {
            // The host reads the kind ahead of the rest when it leads the line, as every probe writes it; JSON does not fix the order.
            var back = ProbeEvent.TryParse(ProbeEvent.Marker + "{\"type\":\"T\",\"e\":\"type\"}");
            Assert.That(back, Is.TypeOf<TypeEvent>());
            Assert.That(((TypeEvent)back!).Type, Is.EqualTo("T"));
        }

        [TestCase("no marker here")]
        [TestCase(ProbeEvent.Marker + "{\"e\":\"hello\"")]
        [TestCase(ProbeEvent.Marker + "{\"e\":\"no-such-kind\",\"type\":\"T\"}")]
        [TestCase(ProbeEvent.Marker + "{\"type\":\"T\"}")]
        [TestCase(ProbeEvent.Marker + "[1,2]")]
        public void ALineThatIsNoEventOfAKnownKindIsIgnored(string line) => Assert.That(ProbeEvent.TryParse(line), Is.Null);
    }
}
