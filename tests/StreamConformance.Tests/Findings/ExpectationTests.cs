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

        /// <summary>
        /// expectations/examples/mimekit.json states MimeKit's refused seeks past the end once: a result of those checks with
        /// that message is expected, the same check failing another way is still a finding.
        /// </summary>
        [Test]
        public void TheMimeKitExampleMarksItsRefusedSeeksOnly()
        {
            var path = System.IO.Path.Combine(StreamConformance.Tests.Isolation.RepoPaths.Root, "expectations", "examples", "mimekit.json");
            var set = ExpectationSet.Load(path);
            Assert.That(set.Rules.Single().Reason.Length, Is.GreaterThanOrEqualTo(20));
            var refused = R("dotnet", "MimeKit.IO.BoundStream", "seek.origins");
            refused.Message = "Seek(4196, Begin) threw System.IO.IOException (Cannot seek beyond the end of the stream) (operation 1)";
            var wrongValue = R("dotnet", "MimeKit.IO.ChainedStream", "seek.origins");
            wrongValue.Message = "Position is 12; expected 10 (operation 3)";
            var flush = R("dotnet", "MimeKit.IO.BoundStream", "edge.flush-read-only");
            var findings = FindingBuilder.Build(new[] { refused, wrongValue, flush }, set).ToDictionary(f => f.Type + " " + f.Cause);
            Assert.That(findings["MimeKit.IO.BoundStream seek.origins"].Class, Is.EqualTo(FindingClass.Expected));
            Assert.That(findings["MimeKit.IO.ChainedStream seek.origins"].Class, Is.EqualTo(FindingClass.Contract), "another way of failing");
            Assert.That(findings["MimeKit.IO.BoundStream edge.flush-read-only"].Class, Is.EqualTo(FindingClass.Contract), "a check it does not name");
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
        public void TheShippedNullBufferRuleMakesAnAspNetCoreStreamAdvisoryButNotARuntimeStreamOrAnotherFailure()
        {
            const string check = "edge.argument-validation";
            var findings = FindingBuilder.Build(new[]
            {
                R("dotnet", "Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Http.HttpRequestStream", check,
                    NullBufferOutOfRange + "; " + NullBufferOutOfRange.Replace("Read(", "ReadAsync(")),
                R("dotnet", "SizeLimitedStream", check, NullBufferOutOfRange.Replace("Read(", "ReadAsync(")),
                R("dotnet", "System.Net.HttpWebResponse+TruncatedReadStream", check, NullBufferOutOfRange),
                R("dotnet", "Microsoft.AspNetCore.WebUtilities.FileBufferingWriteStream", check, "Write(null, 0, 1): expected ArgumentNullException, nothing was thrown"),
                R("dotnet", "Microsoft.AspNetCore.WebUtilities.BufferedReadStream", check, "Read(buffer[10], -1, 1): expected ArgumentOutOfRangeException, got System.ArgumentOutOfRangeException (Specified argument was out of the range of valid values.)"),
            }).ToDictionary(f => f.Type);
            var kestrel = findings["Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Http.HttpRequestStream"];
            Assert.That(kestrel.Class, Is.EqualTo(FindingClass.Advisory));
            Assert.That(kestrel.ExpectedBecause, Does.Contain("dotnet/aspnetcore#44405"));
            Assert.That(findings["SizeLimitedStream"].Class, Is.EqualTo(FindingClass.Advisory));
            Assert.That(findings["System.Net.HttpWebResponse+TruncatedReadStream"].Class, Is.EqualTo(FindingClass.Contract), "dotnet/runtime's streams are held to ArgumentNullException");
            Assert.That(findings["Microsoft.AspNetCore.WebUtilities.FileBufferingWriteStream"].Class, Is.EqualTo(FindingClass.Contract));
            Assert.That(findings["Microsoft.AspNetCore.WebUtilities.BufferedReadStream"].Class, Is.EqualTo(FindingClass.Contract), "the rule is about a null buffer only");
        }

        // Messages as the default sweep of .NET 10.0.12 reports them, each beside one the rule must not cover.
        [TestCase("System.Net.HttpRequestStream", "capabilities.unsupported",
            "Read: WriteByte(1) where the capability is false: expected NotSupportedException, got System.InvalidOperationException (The stream does not support writing.)", FindingClass.Expected)]
        [TestCase("System.Net.HttpResponseStream", "capabilities.unsupported",
            "Write: ReadByte() where the capability is false: expected NotSupportedException, nothing was thrown", FindingClass.Contract)]
        [TestCase("System.IO.Stream+NullStream", "edge.argument-validation",
            "Write(null, 0, 1): expected ArgumentNullException, nothing was thrown; Write(buffer[10], -1, 1): expected ArgumentOutOfRangeException, nothing was thrown", FindingClass.Expected)]
        [TestCase("System.IO.Stream+NullStream", "edge.argument-validation",
            "Write(null, 0, 1): expected ArgumentNullException, got System.NullReferenceException (Object reference not set to an instance of an object.)", FindingClass.Contract)]
        [TestCase("Microsoft.AspNetCore.WebUtilities.FileBufferingReadStream", "seek.origins",
            "Seek(10, Begin) threw System.NotSupportedException (The content has not been fully buffered yet.) (operation 0; last: Seek(10, Begin))", FindingClass.Expected)]
        [TestCase("Microsoft.AspNetCore.WebUtilities.FileBufferingReadStream", "buffered.interleave",
            "Length returned 10; expected 4096 (operation 6; last: Read(Span<byte>[10]), Position = 0, Seek(0, Begin), Read(Span<byte>[11]), Length)", FindingClass.Expected)]
        [TestCase("Microsoft.AspNetCore.WebUtilities.FileBufferingReadStream", "buffered.interleave",
            "ReadByte() returned 7; expected 8 (operation 6; last: Seek(0, Begin), ReadByte())", FindingClass.Contract)]
        [TestCase("Microsoft.AspNetCore.Http.ReferenceReadStream", "seek.random-walk",
            "Seek(8, End) threw System.ArgumentOutOfRangeException (The Position must be within the length of the Stream: 4096 (Parameter 'value') Actual value was 4104.) (operation 35; last: Position = 4090, Seek(8, End))", FindingClass.Expected)]
        [TestCase("Microsoft.AspNetCore.Http.ReferenceReadStream", "seek.origins",
            "Seek(-10, Begin) threw System.ArgumentOutOfRangeException (The Position must be within the length of the Stream: 4096 (Parameter 'value') Actual value was -10.) (operation 0; last: Seek(-10, Begin))", FindingClass.Contract)]
        [TestCase("Microsoft.AspNetCore.WebUtilities.FileBufferingWriteStream", "capabilities.unsupported",
            "Write: Length where the capability is false: expected NotSupportedException, nothing was thrown", FindingClass.Expected)]
        [TestCase("Microsoft.AspNetCore.WebUtilities.FileBufferingWriteStream", "capabilities.unsupported",
            "Write: Seek(0, Begin) where the capability is false: expected NotSupportedException, nothing was thrown", FindingClass.Contract)]
        public void TheShippedOwnersRulesCoverWhatTheOwnersHoldAndNothingBeside(string type, string check, string message, FindingClass expected)
        {
            var finding = FindingBuilder.Build(new[] { R("dotnet", type, check, message) }).Single();
            Assert.That(finding.Class, Is.EqualTo(expected));
            Assert.That(finding.ExpectedBecause != null, Is.EqualTo(expected != FindingClass.Contract));
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
