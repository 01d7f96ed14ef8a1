using System.Linq;
using NUnit.Framework;
using StreamConformance.Findings;
using StreamConformance.Reports;
using StreamConformance.Results;

namespace StreamConformance.Tests.Findings
{
    public class ExpectationTests
    {
        static CheckResult R(string runtime, string type, string check, Outcome outcome = Outcome.Fail) =>
            new CheckResult { Runtime = runtime, Type = type, Variant = "v", Check = check, Outcome = outcome, Message = "m" };

        [Test]
        public void TheShippedExpectationsLoadAndEachSaysWhy()
        {
            Assert.That(ExpectationSet.Default.Rules, Is.Not.Empty);
            Assert.That(ExpectationSet.Default.Rules.All(r => r.Reason.Length >= 20), Is.True);
        }

        [Test]
        public void AFindingAllOfWhoseResultsAreExpectedIsListedWithTheReasonAndDoesNotFailTheRun()
        {
            var set = ExpectationSet.Parse(@"{ ""schemaVersion"": 1, ""expectations"": [
                { ""type"": ""Lib.KeepsOpen"", ""check"": ""dispose.*"", ""reason"": ""ignoring Dispose is what the type is documented to do"" } ] }", "test.json");
            var findings = FindingBuilder.Build(new[]
            {
                R("dotnet", "Lib.KeepsOpen", "dispose.members-throw"),
                R("dotnet", "Lib.KeepsOpen", "seek.origins"),
                R("dotnet", "Lib.Other", "dispose.members-throw"),
            }, set).ToDictionary(f => f.Type + " " + f.Cause);
            var expected = findings["Lib.KeepsOpen dispose.members-throw"];
            Assert.That(expected.Class, Is.EqualTo(FindingClass.Expected));
            Assert.That(expected.ExpectedBecause, Does.Contain("documented").And.Contain("test.json"));
            Assert.That(expected.FailsTheRun, Is.False);
            Assert.That(findings["Lib.KeepsOpen seek.origins"].Class, Is.EqualTo(FindingClass.Contract), "an expectation covers only what it names");
            Assert.That(findings["Lib.Other dispose.members-throw"].Class, Is.EqualTo(FindingClass.Contract));
        }

        [Test]
        public void TheShippedFileMarksNonDisposableStreamButNotAnotherStream()
        {
            var findings = FindingBuilder.Build(new[]
            {
                R("dotnet", "Microsoft.AspNetCore.Mvc.Infrastructure.NonDisposableStream", "dispose.members-throw"),
                R("dotnet", "System.IO.MemoryStream", "dispose.members-throw"),
            });
            Assert.That(findings.Single(f => f.Type.EndsWith("NonDisposableStream")).Class, Is.EqualTo(FindingClass.Expected));
            Assert.That(findings.Single(f => f.Type == "System.IO.MemoryStream").Class, Is.EqualTo(FindingClass.Contract));
        }

        static CheckResult R(string runtime, string type, string check, string message) =>
            new CheckResult { Runtime = runtime, Type = type, Variant = "v", Check = check, Outcome = Outcome.Fail, Message = message };

        const string NullBufferOutOfRange = "Read(null, 0, 1): expected ArgumentNullException, got System.ArgumentOutOfRangeException (Specified argument was out of the range of valid values.)";

        [Test]
        public void AMessageRuleCoversOnlyAResultWhoseWholeMessageMatchesAndGivesItsClass()
        {
            var set = ExpectationSet.Parse(@"{ ""schemaVersion"": 1, ""expectations"": [
                { ""type"": ""Lib.*"", ""check"": ""edge.argument-validation"", ""class"": ""advisory"",
                  ""message"": ""(Read\\(null, 0, 1\\): expected ArgumentNullException, got System\\.ArgumentOutOfRangeException \\([^)]*\\)(; |$))+"",
                  ""reason"": ""the owners rely on AsMemory's validation for a null buffer"" } ] }", "test.json");
            var findings = FindingBuilder.Build(new[]
            {
                R("dotnet", "Lib.Allowed", "edge.argument-validation", NullBufferOutOfRange),
                R("dotnet", "Lib.NothingThrown", "edge.argument-validation", "Read(null, 0, 1): expected ArgumentNullException, nothing was thrown"),
                R("dotnet", "Lib.OtherException", "edge.argument-validation", "Read(null, 0, 1): expected ArgumentNullException, got System.NullReferenceException (Object reference not set to an instance of an object.)"),
                R("dotnet", "Lib.AndMore", "edge.argument-validation", NullBufferOutOfRange + "; Read(buffer[10], -1, 1): expected ArgumentOutOfRangeException, nothing was thrown"),
            }, set).ToDictionary(f => f.Type);
            var allowed = findings["Lib.Allowed"];
            Assert.That(allowed.Class, Is.EqualTo(FindingClass.Advisory));
            Assert.That(allowed.ExpectedBecause, Does.Contain("AsMemory").And.Contain("test.json"));
            Assert.That(allowed.FailsTheRun, Is.False);
            Assert.That(FindingIssue.Render(allowed, new RunDocument()), Does.Contain("Advisory by the type's owners' rule: the owners rely on AsMemory").And.Not.Contain("Marked as expected"));
            Assert.That(findings["Lib.NothingThrown"].Class, Is.EqualTo(FindingClass.Contract), "no exception is not the exception the owners chose");
            Assert.That(findings["Lib.OtherException"].Class, Is.EqualTo(FindingClass.Contract), "another exception is not the one the owners chose");
            Assert.That(findings["Lib.AndMore"].Class, Is.EqualTo(FindingClass.Contract), "the whole message must match: another violation beside it is not covered");
            Assert.That(findings.Values.Where(f => f.Class == FindingClass.Contract).All(f => f.ExpectedBecause == null), Is.True);
        }

        [Test]
        public void AnAdvisoryRuleOutranksAnExpectedOneOverTheSameFinding()
        {
            var set = ExpectationSet.Parse(@"{ ""schemaVersion"": 1, ""expectations"": [
                { ""type"": ""Lib.T"", ""check"": ""c"", ""variant"": ""a"", ""reason"": ""variant a does this by design, documented"" },
                { ""type"": ""Lib.T"", ""check"": ""c"", ""variant"": ""b"", ""class"": ""advisory"", ""reason"": ""variant b is allowed by the owners' rule"" } ] }", "test.json");
            var a = R("dotnet", "Lib.T", "c", "m");
            var b = R("dotnet", "Lib.T", "c", "m");
            b.Variant = "b";
            a.Variant = "a";
            Assert.That(FindingBuilder.Build(new[] { a, b }, set).Single().Class, Is.EqualTo(FindingClass.Advisory));
            Assert.That(FindingBuilder.Build(new[] { a }, set).Single().Class, Is.EqualTo(FindingClass.Expected));
        }

        [TestCase(@"{ ""schemaVersion"": 1, ""expectations"": [ { ""type"": ""T"", ""check"": ""c"" } ] }", "test.json:1:41: an expectation needs 'reason'")]
        [TestCase(@"{ ""schemaVersion"": 1, ""expectations"": [ { ""type"": ""T"", ""check"": ""c"", ""reason"": ""short"" } ] }", "at least 20 characters")]
        [TestCase(@"{ ""schemaVersion"": 1, ""expectations"": [ { ""type"": ""T"", ""check"": ""c"", ""why"": ""x"" } ] }", "unknown field 'why'")]
        [TestCase(@"{ ""schemaVersion"": 1, ""expectations"": [ { ""type"": ""T"", ""check"": ""c"", ""class"": ""defect"", ""reason"": ""a reason long enough to pass"" } ] }", "'class' must be \"expected\" or \"advisory\"")]
        [TestCase(@"{ ""schemaVersion"": 1, ""expectations"": [ { ""type"": ""T"", ""check"": ""c"", ""message"": ""(unclosed"", ""reason"": ""a reason long enough to pass"" } ] }", "'message' is not a regular expression")]
        [TestCase(@"{ ""schemaVersion"": 2, ""expectations"": [] }", "schemaVersion must be 1")]
        [TestCase(@"{ ""schemaVersion"": 1, ""expectations"": [ }", "test.json:1:")]
        public void AMalformedFileNamesTheFault(string json, string message)
        {
            var e = Assert.Throws<InputException>(() => ExpectationSet.Parse(json, "test.json"))!;
            Assert.That(e.Message, Does.Contain(message));
        }
    }
}
