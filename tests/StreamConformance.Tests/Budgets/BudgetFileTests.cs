using System;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Budgets;
using StreamConformance.Checks;
using StreamConformance.Meters;
using StreamConformance.Probe;
using StreamConformance.Results;
using StreamConformance.Tests.Meters;

namespace StreamConformance.Tests.Budgets
{
    public class BudgetFileTests
    {
        static readonly string[] s_runtime = { "coreclr" };

        static InputException ParseError(string json, string source = "budgets/x.json") =>
            Assert.Throws<InputException>(() => BudgetLoader.Parse(json, source))!;

        [Test]
        public void MalformedJsonNamesFileLineAndColumn()
        {
            var error = ParseError("{\n  \"schemaVersion\": 1,\n  \"defaults\": { \"buffered\": { \"*\": { \"bytesPerCall\": 0 } } \n  \"overrides\": []\n}");
            Assert.That(error.Message, Does.Match(@"^budgets/x\.json:4:\d+: "), error.Message);
        }

        [Test]
        public void AWrongTypeNamesThePropertyAndWhereItIs()
        {
            var error = ParseError("{\n  \"schemaVersion\": 1,\n  \"defaults\": {\n    \"buffered\": {\n      \"read-byte\": { \"bytesPerCall\": \"none\" }\n    }\n  }\n}");
            Assert.That(error.Message, Does.Match(@"^budgets/x\.json:5:\d+: expected a number for 'bytesPerCall'$"), error.Message);
        }

        [Test]
        public void AnOverrideWithoutAReasonIsAnInputError()
        {
            var error = ParseError("{\n  \"schemaVersion\": 1,\n  \"overrides\": [\n    { \"type\": \"My.Stream\", \"bytesPerCall\": 64 }\n  ]\n}");
            Assert.That(error.Message, Does.Match(@"^budgets/x\.json:4:\d+: the override for My\.Stream needs a 'reason'"), error.Message);
        }

        [Test]
        public void AnEmptyReasonIsNoReason()
        {
            var error = ParseError("{ \"schemaVersion\": 1, \"overrides\": [ { \"type\": \"My.Stream\", \"bytesPerCall\": 64, \"reason\": \" \" } ] }");
            Assert.That(error.Message, Does.Contain("expected a non-empty string for 'reason'"));
        }

        [TestCase("{ \"defaults\": {} }", "missing 'schemaVersion'")]
        [TestCase("{ \"schemaVersion\": 2 }", "unsupported schemaVersion 2")]
        [TestCase("{ \"schemaVersion\": 1, \"defaults\": { \"buffered\": { \"read-bytes\": { \"bytesPerCall\": 0 } } } }", "unknown operation 'read-bytes'")]
        [TestCase("{ \"schemaVersion\": 1, \"defaults\": { \"bufferd\": { } } }", "unknown property 'bufferd'")]
        [TestCase("{ \"schemaVersion\": 1, \"defaults\": { \"buffered\": { \"*\": { } } } }", "sets none of 'bytesPerCall', 'ratioToBaseline' and 'ratioToInner'")]
        [TestCase("{ \"schemaVersion\": 1, \"defaults\": { \"buffered\": { \"*\": { \"bytesPerCall\": -1 } } } }", "expected a finite number ≥ 0 for 'bytesPerCall'")]
        [TestCase("{ \"schemaVersion\": 1 } {", "budgets/x.json:1:23: Additional text")]
        [TestCase("", "budgets/x.json:")]
        public void SchemaErrorsAreInputErrors(string json, string expected)
        {
            var error = ParseError(json);
            Assert.That(error.Message, Does.StartWith("budgets/x.json:"));
            Assert.That(error.Message, Does.Contain(expected));
        }

        [Test]
        public void AMissingFileIsAnInputErrorNamingIt()
        {
            var path = Path.Combine(Path.GetTempPath(), "no-such-budgets-" + Guid.NewGuid().ToString("N") + ".json");
            var error = Assert.Throws<InputException>(() => BudgetLoader.Load(path))!;
            Assert.That(error.Message, Does.StartWith(path + ": "));
        }

        [Test]
        public void TheBuiltInBudgetsHoldTheDocumentedDefaults()
        {
            var set = BudgetSet.Default;
            var buffered = set.Find(BudgetMeter.Allocation, "read-byte", new MemoryStreamRecipe(), s_runtime)!;
            Assert.That(buffered.Ceiling, Is.EqualTo(0));
            Assert.That(buffered.Source, Is.EqualTo("default for buffered streams"));
            foreach (var op in StreamOperations.All)
            {
                // Every (stream class, operation, meter) has a ceiling: no budget check ends without a verdict for want of one.
                Assert.That(set.Find(BudgetMeter.Allocation, op.Name, new MemoryStreamRecipe(), s_runtime), Is.Not.Null, op.Name);
                Assert.That(set.Find(BudgetMeter.Latency, op.Name, new MemoryStreamRecipe(), s_runtime), Is.Not.Null, op.Name);
                Assert.That(set.Find(BudgetMeter.Allocation, op.Name, WrapperRecipeUnbuffered(), s_runtime), Is.Not.Null, op.Name);
                Assert.That(set.Find(BudgetMeter.Latency, op.Name, WrapperRecipeUnbuffered(), s_runtime), Is.Not.Null, op.Name);
            }
        }

        /// <summary>
        /// Each flavour's buffered streams are held to ceilings calibrated on it (tools/calibrate-latency.sh), found by the
        /// name the probe's flavour goes by: WebAssembly's Mono took CoreCLR's while it was asked for a Mono.Runtime type.
        /// </summary>
        [TestCase(StreamConformance.Runtimes.RuntimeFlavor.CoreClr, 30)]
        [TestCase(StreamConformance.Runtimes.RuntimeFlavor.Mono, 14)]
        [TestCase(StreamConformance.Runtimes.RuntimeFlavor.Wasm, 24)]
        public void EachFlavourHasLatencyCeilingsOfItsOwn(StreamConformance.Runtimes.RuntimeFlavor flavor, double readByte)
        {
            var key = StreamConformance.Runtimes.RuntimeFlavors.Key(flavor);
            var budget = BudgetSet.Default.Find(BudgetMeter.Latency, "read-byte", new MemoryStreamRecipe(), new[] { key })!;
            Assert.That(budget.Ceiling, Is.EqualTo(readByte));
            Assert.That(budget.Source, Does.StartWith(key + " "));
            Assert.That(BudgetCheck.RuntimeKeys(new CheckContext()), Is.EqualTo(new[] { StreamConformance.Runtimes.RuntimeFlavors.Key(StreamConformance.Runtimes.RuntimeFlavors.Current) }));
        }

        [Test]
        public void TheEmbeddedDefaultsAreTheRepositoryFile()
        {
            var file = FindRepositoryFile("budgets/default.json");
            if (file == null) Assert.Ignore("budgets/default.json not found above the test assembly");
            using var resource = typeof(BudgetSet).Assembly.GetManifestResourceStream("StreamConformance.Budgets.default.json")!;
            using var reader = new StreamReader(resource);
            Assert.That(reader.ReadToEnd(), Is.EqualTo(File.ReadAllText(file!)));
        }

        static string? FindRepositoryFile(string relative)
        {
            for (var dir = new DirectoryInfo(AppDomain.CurrentDomain.BaseDirectory); dir != null; dir = dir.Parent)
            {
                var candidate = Path.Combine(dir.FullName, relative);
                if (File.Exists(candidate)) return candidate;
            }
            return null;
        }

        static global::StreamConformance.Recipes.StreamRecipe WrapperRecipeUnbuffered() => new UnbufferedRecipe();

        [global::StreamConformance.Recipes.NotInCatalog]
        sealed class UnbufferedRecipe : MemoryStreamRecipe
        {
            public override bool IsBuffered => false;
        }

        const string Rules = @"{
  ""schemaVersion"": 1,
  ""defaults"": {
    ""buffered"": { ""*"": { ""bytesPerCall"": 0, ""ratioToBaseline"": 10 }, ""read-byte"": { ""ratioToBaseline"": 5 } }
  },
  ""runtimes"": {
    ""mono"": { ""buffered"": { ""write-byte"": { ""bytesPerCall"": 8 } } }
  },
  ""overrides"": [
    { ""type"": ""System.IO.MemoryStream"", ""bytesPerCall"": 16, ""reason"": ""any op"" },
    { ""type"": ""System.IO.MemoryStream"", ""operation"": ""seek"", ""bytesPerCall"": 32, ""reason"": ""seek only"" },
    { ""type"": ""System.IO.MemoryStream"", ""operation"": ""seek"", ""runtime"": ""mono"", ""bytesPerCall"": 48, ""reason"": ""seek on mono"" }
  ]
}";

        [Test]
        public void TheMostSpecificRuleWins()
        {
            var set = BudgetLoader.Parse(Rules, "rules.json");
            var memory = new MemoryStreamRecipe();
            var buffered = new BufferedStreamRecipe();
            Assert.That(set.Find(BudgetMeter.Latency, "read-byte", buffered, s_runtime)!.Ceiling, Is.EqualTo(5), "exact operation beats *");
            Assert.That(set.Find(BudgetMeter.Latency, "write-byte", buffered, s_runtime)!.Ceiling, Is.EqualTo(10), "* when no exact entry");
            Assert.That(set.Find(BudgetMeter.Allocation, "write-byte", buffered, new[] { "mono" })!.Source, Is.EqualTo("mono default for buffered streams"));
            Assert.That(set.Find(BudgetMeter.Allocation, "write-byte", buffered, s_runtime)!.Ceiling, Is.EqualTo(0), "runtime section only for its runtime");
            Assert.That(set.Find(BudgetMeter.Allocation, "read-byte", memory, s_runtime)!.Ceiling, Is.EqualTo(16));
            Assert.That(set.Find(BudgetMeter.Allocation, "seek", memory, s_runtime)!.Ceiling, Is.EqualTo(32));
            Assert.That(set.Find(BudgetMeter.Allocation, "seek", memory, new[] { "mono" })!.Source, Is.EqualTo("override for System.IO.MemoryStream seek on mono: seek on mono"));
            Assert.That(set.Find(BudgetMeter.Latency, "seek", memory, s_runtime)!.Ceiling, Is.EqualTo(10), "an override that sets only bytesPerCall leaves the latency default");
            Assert.That(set.Find(BudgetMeter.Latency, "seek", WrapperRecipeUnbuffered(), s_runtime), Is.Null, "no unbuffered rules in this file");
        }

        [Test]
        public void APerTypeOverrideChangesTheVerdict()
        {
            if (AllocationMeter.UnavailableReason != null) Assert.Ignore(AllocationMeter.UnavailableReason);
            var recipe = WrapperRecipe.BaseReadByte();
            var check = CheckCatalog.All.OfType<AllocationBudgetCheck>().Single(c => c.Operation == StreamOperations.ReadByte);
            var json = @"{ ""schemaVersion"": 1,
  ""overrides"": [ { ""type"": """ + recipe.TypeName + @""", ""operation"": ""read-byte"", ""bytesPerCall"": 64, ""reason"": ""a test stream that inherits Stream.ReadByte on purpose"" } ] }";
            var path = Path.Combine(Path.GetTempPath(), "budgets-" + Guid.NewGuid().ToString("N") + ".json");
            File.WriteAllText(path, json);
            try
            {
                var withDefaults = check.Run(recipe, new CheckContext()).Single();
                var withOverride = check.Run(recipe, new CheckContext { Budgets = BudgetLoader.Load(path) }).Single();
                Assert.That(withDefaults.Outcome, Is.EqualTo(Outcome.Fail), withDefaults.Message);
                Assert.That(withOverride.Outcome, Is.EqualTo(Outcome.Pass), withOverride.Message);
                Assert.That(withOverride.Message, Does.EndWith("budget 64 B (override for " + recipe.TypeName + " read-byte: a test stream that inherits Stream.ReadByte on purpose)"));
            }
            finally
            {
                File.Delete(path);
            }
        }

        [Test]
        public void WithoutAnyRuleTheFigureIsReportedAndTheCheckSkips()
        {
            if (AllocationMeter.UnavailableReason != null) Assert.Ignore(AllocationMeter.UnavailableReason);
            var check = CheckCatalog.All.OfType<AllocationBudgetCheck>().Single(c => c.Operation == StreamOperations.ReadByte);
            var empty = BudgetLoader.Parse("{ \"schemaVersion\": 1 }", "empty.json");
            var result = check.Run(new MemoryStreamRecipe(), new CheckContext { Budgets = empty }).Single();
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Skip));
            Assert.That(result.Message, Is.EqualTo("ReadByte allocates 0 B/call; no bytesPerCall budget for buffered streams in empty.json"));
            Assert.That(result.Metrics!["bytesPerCall"], Is.EqualTo(0));
        }

        [Test]
        public void TheProbeRunnerLoadsTheBudgetFileItIsGiven()
        {
            var path = Path.Combine(Path.GetTempPath(), "budgets-" + Guid.NewGuid().ToString("N") + ".json");
            File.WriteAllText(path, "{ \"schemaVersion\": 1 }");
            try
            {
                var runner = new ProbeRunner(new ProbeRequest { Runtime = "test", BudgetsPath = path }, _ => { }, new CheckCatalogStub());
                Assert.That(runner.Context.Budgets!.Source, Is.EqualTo(path));
            }
            finally
            {
                File.Delete(path);
            }
        }

        sealed class CheckCatalogStub : System.Collections.Generic.List<IStreamCheck> { }
    }
}
