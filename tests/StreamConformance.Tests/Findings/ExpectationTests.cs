using System.Linq;
using NUnit.Framework;
using StreamConformance.Findings;
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

        [TestCase(@"{ ""schemaVersion"": 1, ""expectations"": [ { ""type"": ""T"", ""check"": ""c"" } ] }", "test.json:1:41: an expectation needs 'reason'")]
        [TestCase(@"{ ""schemaVersion"": 1, ""expectations"": [ { ""type"": ""T"", ""check"": ""c"", ""reason"": ""short"" } ] }", "at least 20 characters")]
        [TestCase(@"{ ""schemaVersion"": 1, ""expectations"": [ { ""type"": ""T"", ""check"": ""c"", ""why"": ""x"" } ] }", "unknown field 'why'")]
        [TestCase(@"{ ""schemaVersion"": 2, ""expectations"": [] }", "schemaVersion must be 1")]
        [TestCase(@"{ ""schemaVersion"": 1, ""expectations"": [ }", "test.json:1:")]
        public void AMalformedFileNamesTheFault(string json, string message)
        {
            var e = Assert.Throws<InputException>(() => ExpectationSet.Parse(json, "test.json"))!;
            Assert.That(e.Message, Does.Contain(message));
        }
    }
}
