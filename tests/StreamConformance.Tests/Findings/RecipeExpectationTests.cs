using System;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Checks;
using StreamConformance.Findings;
using StreamConformance.Probe;
using StreamConformance.Recipes.Synthesis;
using StreamConformance.Results;

namespace StreamConformance.Tests.Findings
{
    /// <summary>
    /// A library's design choice stated once: as its recipe class's <c>Expected</c> knob, or in an expectations file. A
    /// window that refuses to seek past its end fails seek.origins as a contract finding until one of them says why.
    /// </summary>
    public class RecipeExpectationTests
    {
        static CheckResult SeekOrigins(out AuthoredRecipe recipe)
        {
            recipe = AuthoredRecipe.TryCreate(typeof(WindowStreamRecipes)) ?? throw new AssertionException("the recipe class builds no stream");
            var result = CheckCatalog.Select("seek.origins").Single().Run(recipe, new CheckContext()).Single();
            result.Runtime = "dotnet";
            result.Type = recipe.TypeName;
            result.Variant = recipe.Variant;
            return result;
        }

        [Test]
        public void WithoutAStatementTheRefusedSeekIsAContractFinding()
        {
            var result = SeekOrigins(out _);
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Message, Does.Contain("ArgumentOutOfRangeException"));
            Assert.That(FindingBuilder.Build(new[] { result }).Single().Class, Is.EqualTo(FindingClass.Contract));
        }

        [Test]
        public void TheRecipeClassKnobMakesTheFindingExpectedWithItsReason()
        {
            var result = SeekOrigins(out var recipe);
            RecipeExpectations.Apply(recipe, result);
            Assert.That(result.ExpectedByRecipe, Is.EqualTo(WindowStreamRecipes.Reason));
            var finding = FindingBuilder.Build(new[] { result }).Single();
            Assert.That(finding.Class, Is.EqualTo(FindingClass.Expected));
            Assert.That(finding.ExpectedBecause, Is.EqualTo(WindowStreamRecipes.Reason + " (the recipe StreamConformance.Tests.Findings.WindowStreamRecipes)"));
            Assert.That(finding.FailsTheRun, Is.False);

            // The knob names seek.* only: another check's failure of the same stream stays a finding.
            var other = CheckResult.Of("dispose.members-throw", Outcome.Fail, "Read: ReadByte() after Dispose succeeded; expected ObjectDisposedException");
            other.Runtime = "dotnet";
            other.Type = recipe.TypeName;
            other.Variant = recipe.Variant;
            RecipeExpectations.Apply(recipe, other);
            Assert.That(other.ExpectedByRecipe, Is.Null);
            Assert.That(FindingBuilder.Build(new[] { other }).Single().Class, Is.EqualTo(FindingClass.Contract));

            // It travels from the probe to the host with the result.
            var json = Newtonsoft.Json.JsonConvert.SerializeObject(result);
            Assert.That(Newtonsoft.Json.JsonConvert.DeserializeObject<CheckResult>(json)!.ExpectedByRecipe, Is.EqualTo(WindowStreamRecipes.Reason));
        }

        [Test]
        public void AnExpectationsFileDoesTheSame()
        {
            var result = SeekOrigins(out _);
            var file = ExpectationSet.Parse(@"{ ""schemaVersion"": 1, ""expectations"": [ {
                ""type"": ""StreamConformance.Tests.Findings.WindowStream"", ""check"": ""seek.*|buffered.interleave"",
                ""reason"": """ + WindowStreamRecipes.Reason + @""" } ] }", "window.json");
            var finding = FindingBuilder.Build(new[] { result }, ExpectationSet.Default.With(file)).Single();
            Assert.That(finding.Class, Is.EqualTo(FindingClass.Expected));
            Assert.That(finding.ExpectedBecause, Is.EqualTo(WindowStreamRecipes.Reason + " (window.json)"));
        }

        [Test]
        public void AnEntryThatIsNoRuleIsNotApplied()
        {
            Assert.That(RecipeExpectations.Parse("seek.*"), Is.Null, "no reason");
            Assert.That(RecipeExpectations.Parse("seek.*: by design"), Is.Null, "a reason says why and where it is documented");
            Assert.That(RecipeExpectations.Parse("seek origins: a window refuses positions past its end, documented in README"), Is.Null, "checks are one glob");
            Assert.That(RecipeExpectations.Parse("seek.origin: a window refuses positions past its end, documented in README"), Is.Null, "names no check");
            Assert.That(RecipeExpectations.Parse("seek.*|buffered.interleave: a window refuses positions past its end (README)"),
                Is.EqualTo(("seek.*|buffered.interleave", "a window refuses positions past its end (README)")));
        }

        [Test]
        public void AnEntryThatIsNoRuleIsOneWarningOfTheRunNamingIt()
        {
            var recipe = AuthoredRecipe.TryCreate(typeof(MisstatedWindowStreamRecipes)) ?? throw new AssertionException("the recipe class builds no stream");
            var results = new[] { "seek.origins", "dispose.twice" }.Select(check =>
            {
                var r = CheckResult.Of(check, check == "seek.origins" ? Outcome.Fail : Outcome.Pass, "Seek(4196, Begin) threw ArgumentOutOfRangeException");
                r.Runtime = "dotnet";
                r.Type = recipe.TypeName;
                r.Variant = recipe.Variant;
                RecipeExpectations.Apply(recipe, r);
                return r;
            }).ToList();
            // The well-formed entry still applies; the others are named, not silently dropped.
            Assert.That(results[0].ExpectedByRecipe, Is.EqualTo(WindowStreamRecipes.Reason));
            var analysis = StreamConformance.Reports.RunAnalysis.Of(new RunDocument { Results = results });
            Assert.That(analysis.Warnings, Is.EqualTo(new[]
            {
                "StreamConformance.Tests.Findings.MisstatedWindowStreamRecipes.Expected entry \"seek origins: a window refuses positions past its end, documented in README\" is not applied: its checks 'seek origins' is not a check name or glob (lower-case names, '.', '-', '*' and '?', alternatives joined by '|')",
                "StreamConformance.Tests.Findings.MisstatedWindowStreamRecipes.Expected entry \"seek.*\" is not applied: not of the form \"CHECKS: REASON\" (checks, a colon and a space, then why)",
            }));
            var json = new StringWriter();
            new StreamConformance.Reports.JsonExporter().Export(analysis, json);
            Assert.That(Newtonsoft.Json.Linq.JObject.Parse(json.ToString())["warnings"]!.Select(w => (string)w!), Is.EqualTo(analysis.Warnings));

            // A knob whose entries all are rules warns of nothing.
            var clean = CheckResult.Of("seek.origins", Outcome.Fail, "x");
            RecipeExpectations.Apply(AuthoredRecipe.TryCreate(typeof(WindowStreamRecipes))!, clean);
            Assert.That(clean.RecipeWarnings, Is.Null);
        }

        [TestCase("seek origins", "'check' 'seek origins' is not a check name or glob")]
        [TestCase("Seek.Origins", "'check' 'Seek.Origins' is not a check name or glob")]
        [TestCase("seek.*|", "'check' 'seek.*|' has an empty alternative")]
        public void AnExpectationsFileEntryThatIsNoRuleIsBadInputNamingItsLine(string check, string expected)
        {
            var json = "{ \"schemaVersion\": 1, \"expectations\": [\n  { \"type\": \"StreamConformance.Tests.Findings.WindowStream\", \"check\": \"" + check
                + "\",\n    \"reason\": \"" + WindowStreamRecipes.Reason + "\" } ] }";
            var e = Assert.Throws<InputException>(() => ExpectationSet.Parse(json, "window.json"))!;
            Assert.That(e.Message, Does.StartWith("window.json:2:"));
            Assert.That(e.Message, Does.Contain(expected));

            var text = Assert.Throws<InputException>(() => ExpectationSet.Parse("{ \"schemaVersion\": 1, \"expectations\": [\n \"seek.*: " + WindowStreamRecipes.Reason + "\" ] }", "window.json"))!;
            Assert.That(text.Message, Does.StartWith("window.json:2:"));
            Assert.That(text.Message, Does.Contain("\"seek.*: a window over a fixed range").And.Contain("each expectation is an object"));
        }
    }

    [AttributeUsage(AttributeTargets.Class)]
    public sealed class StreamRecipesAttribute : Attribute { }

    /// <summary>A library's recipe class stating its stream's design choice once.</summary>
    [StreamRecipes]
    public static class WindowStreamRecipes
    {
        public const string Reason = "a window over a fixed range of bytes refuses any position past its end by design (WindowStream's documentation)";

        public static bool CanSeek => true;
        public static bool ReadsReadUntilSizeOrEof => true;
        public static string[] Expected => new[] { "seek.*|buffered.interleave: " + Reason };
        public static Stream OpenRead(byte[] content) => new WindowStream(content);
    }

    /// <summary>The same stream, its knob with two entries that are no rule beside one that is.</summary>
    [StreamRecipes]
    public static class MisstatedWindowStreamRecipes
    {
        public static bool CanSeek => true;
        public static bool ReadsReadUntilSizeOrEof => true;
        public static string[] Expected => new[]
        {
            "seek.*",
            "seek origins: a window refuses positions past its end, documented in README",
            "seek.*|buffered.interleave: " + WindowStreamRecipes.Reason,
        };
        public static Stream OpenRead(byte[] content) => new MisstatedWindowStream(content);
    }

    /// <summary>A type of its own for the misstated knob, so a sweep of WindowStream meets one recipe class.</summary>
    public sealed class MisstatedWindowStream : WindowStream
    {
        public MisstatedWindowStream(byte[] bytes) : base(bytes) { }
    }

    /// <summary>A read-only window over a range of bytes: a position past its end is refused (ArgumentOutOfRangeException), by design.</summary>
    public class WindowStream : Stream
    {
        readonly byte[] _bytes;
        long _position;
        bool _disposed;

        public WindowStream(byte[] bytes) => _bytes = bytes;

        public override bool CanRead => !_disposed;
        public override bool CanSeek => !_disposed;
        public override bool CanWrite => false;
        public override long Length => Open()._bytes.Length;

        public override long Position
        {
            get => Open()._position;
            set => _position = value >= 0 && value <= Open()._bytes.Length ? value : throw new ArgumentOutOfRangeException(nameof(value), "a window has no position past its end");
        }

        WindowStream Open() => _disposed ? throw new ObjectDisposedException(nameof(WindowStream)) : this;

        public override int Read(byte[] buffer, int offset, int count)
        {
            if (buffer == null) throw new ArgumentNullException(nameof(buffer));
            if (offset < 0 || count < 0 || offset > buffer.Length - count) throw new ArgumentOutOfRangeException(nameof(count));
            var n = (int)Math.Min(count, Open()._bytes.Length - _position);
            Array.Copy(_bytes, _position, buffer, offset, n);
            _position += n;
            return n;
        }

        public override long Seek(long offset, SeekOrigin origin)
        {
            var target = origin == SeekOrigin.Begin ? offset : origin == SeekOrigin.Current ? Position + offset : Length + offset;
            if (target < 0) throw new IOException("An attempt was made to move the position before the beginning of the stream.");
            Position = target;
            return target;
        }

        public override void Flush() { }
        public override void SetLength(long value) => throw new NotSupportedException();
        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
        protected override void Dispose(bool disposing)
        {
            _disposed = true;
            base.Dispose(disposing);
        }
    }
}
