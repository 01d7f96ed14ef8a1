using System.Collections.Generic;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Budgets;
using StreamConformance.Checks;
using StreamConformance.Checks.Syscalls;
using StreamConformance.Meters.Syscalls;
using StreamConformance.Results;

namespace StreamConformance.Tests.Budgets
{
    /// <summary>The "syscalls" section of budget files: parsing, errors, which rule applies. No strace needed.</summary>
    public class SyscallBudgetFileTests
    {
        static readonly string[] s_coreclr = { "coreclr" };
        static readonly string[] s_mono = { "mono" };

        static readonly SyscallCell s_read100 = new SyscallCell("file.read", ("handle", "sync"), ("api", "Read"), ("buffer", "4096"), ("chunk", 100), ("length", 65536));
        static readonly SyscallCell s_readByte = new SyscallCell("file.read", ("handle", "async"), ("api", "ReadByte"), ("buffer", "4096"), ("chunk", 1), ("length", 65536));
        static readonly SyscallCell s_pipe = new SyscallCell("pipe.read", ("api", "Read"), ("chunk", 100));

        static InputException ParseError(string json) =>
            Assert.Throws<InputException>(() => BudgetLoader.Parse(json, "budgets/x.json"))!;

        static string WithSyscalls(string section) => "{ \"schemaVersion\": 1, \"defaults\": { \"syscalls\": " + section + " } }";

        [Test]
        public void AMalformedSyscallSectionNamesFileLineAndColumn()
        {
            var error = ParseError("{\n  \"schemaVersion\": 1,\n  \"defaults\": {\n    \"syscalls\": {\n      \"file.read\": { \"readsPerFill\": 1.5 }\n    }\n  }\n}");
            Assert.That(error.Message, Is.EqualTo("budgets/x.json:5:40: expected a whole number ≥ 0 for 'readsPerFill', got 1.5"));
        }

        [TestCase("{ \"file.reed\": { \"readsPerFill\": 1 } }", "unknown syscall scenario 'file.reed'")]
        [TestCase("{ \"file.read[api]\": { \"readsPerFill\": 1 } }", "malformed cell pattern 'file.read[api]'")]
        [TestCase("{ \"file.read[api=Read\": { \"readsPerFill\": 1 } }", "malformed cell pattern 'file.read[api=Read'")]
        [TestCase("{ \"file.read[bufer=0]\": { \"readsPerFill\": 1 } }", "unknown parameter 'bufer' in 'file.read[bufer=0]'")]
        [TestCase("{ \"file.read\": { \"readsPerfill\": 1 } }", "unknown syscall allowance 'readsPerfill'")]
        [TestCase("{ \"file.read\": { \"readsPerFill\": -1 } }", "expected a whole number ≥ 0 for 'readsPerFill', got -1")]
        [TestCase("{ \"file.read\": { \"readsPerFill\": \"1\" } }", "expected a whole number ≥ 0 for 'readsPerFill'")]
        [TestCase("{ \"file.read\": { } }", "'file.read' in defaults.syscalls sets no allowance")]
        [TestCase("[]", "expected an object for 'defaults.syscalls'")]
        public void SyscallSectionErrorsAreInputErrors(string section, string expected)
        {
            var error = ParseError(WithSyscalls(section));
            Assert.That(error.Message, Does.Match(@"^budgets/x\.json:1:\d+: "), error.Message);
            Assert.That(error.Message, Does.Contain(expected));
        }

        [TestCase("{ \"type\": \"System.IO.FileStream\", \"syscalls\": { \"file.read\": { \"readsPerFill\": 2 } } }",
            "the override for System.IO.FileStream needs a 'reason'")]
        [TestCase("{ \"type\": \"System.IO.FileStream\", \"syscalls\": { \"pipe.read\": { \"readsPerWaitingRead\": 2 } }, \"reason\": \"r\" }",
            "'pipe.read' measures System.IO.Pipes.AnonymousPipeClientStream, not System.IO.FileStream")]
        [TestCase("{ \"type\": \"My.Stream\", \"syscalls\": { \"*\": { \"seeksPerCall\": 2 } }, \"reason\": \"r\" }",
            "no syscall scenario measures My.Stream")]
        [TestCase("{ \"type\": \"System.IO.FileStream\", \"operation\": \"seek\", \"syscalls\": { \"*\": { \"seeksPerCall\": 2 } }, \"reason\": \"r\" }",
            "unknown property 'operation' in a syscall override")]
        public void SyscallOverrideErrorsAreInputErrors(string entry, string expected)
        {
            var error = ParseError("{ \"schemaVersion\": 1,\n  \"overrides\": [\n    " + entry + "\n  ] }");
            Assert.That(error.Message, Does.Match(@"^budgets/x\.json:3:\d+: "), error.Message);
            Assert.That(error.Message, Does.Contain(expected));
        }

        const string Rules = @"{
  ""schemaVersion"": 1,
  ""defaults"": {
    ""syscalls"": {
      ""*"": { ""seeksPerCall"": 0, ""seeksPerHandle"": 1 },
      ""file.read"": { ""readsPerFill"": 1, ""readsAtEof"": 2 },
      ""file.read[api=ReadByte]"": { ""readsAtEof"": 3 }
    }
  },
  ""runtimes"": {
    ""mono"": { ""syscalls"": { ""file.read"": { ""readsPerFill"": 4 } } }
  },
  ""overrides"": [
    { ""type"": ""System.IO.FileStream"", ""syscalls"": { ""file.read"": { ""readsPerFill"": 2 } }, ""reason"": ""all read cells"" },
    { ""type"": ""System.IO.FileStream"", ""syscalls"": { ""file.read[handle=async]"": { ""readsPerFill"": 5 } }, ""reason"": ""async handles"" },
    { ""type"": ""System.IO.FileStream"", ""runtime"": ""mono"", ""syscalls"": { ""file.read[handle=async]"": { ""seeksPerCall"": 1 } }, ""reason"": ""mono async"" }
  ]
}";

        /// <summary>The example of docs/budgets.md, "Syscall budgets".</summary>
        const string DocumentedExample = @"{ ""schemaVersion"": 1,
""defaults"": {
  ""syscalls"": {
    ""*"":                       { ""seeksPerCall"": 0, ""seeksPerHandle"": 1 },
    ""file.read"":               { ""readsPerFill"": 1, ""readsAtEof"": 2 },
    ""file.seek-in-buffer"":     { ""callsPerInBufferSeek"": 0 }
  }
},
""runtimes"": {
  ""mono"": { ""syscalls"": { ""file.seek-in-buffer"": { ""callsPerInBufferSeek"": 1 } } }
},
""overrides"": [
  { ""type"": ""System.IO.FileStream"", ""runtime"": ""mono"",
    ""syscalls"": { ""file.write[handle=sync]"": { ""seeksPerCall"": 1 } },
    ""reason"": ""Mono 6.8 positions the descriptor before every write syscall"" }
] }";

        [Test]
        public void TheDocumentedExampleParses()
        {
            var set = BudgetLoader.Parse(DocumentedExample, "example.json");
            var write = new SyscallCell("file.write", ("handle", "sync"), ("api", "Write"), ("buffer", "4096"), ("chunk", 100), ("length", 65536));
            Assert.That(set.FindSyscall(SyscallBudgets.SeeksPerCall, write, s_mono)!.Value, Is.EqualTo(1));
            Assert.That(set.FindSyscall(SyscallBudgets.SeeksPerCall, write, s_coreclr)!.Value, Is.EqualTo(0));
            var inBuffer = new SyscallCell("file.seek-in-buffer", ("case", "in-buffer"), ("handle", "sync"), ("buffer", "4096"));
            Assert.That(set.FindSyscall(SyscallBudgets.CallsPerInBufferSeek, inBuffer, s_mono)!.Source, Is.EqualTo("mono \"file.seek-in-buffer\""));
        }

        [Test]
        public void TheMostSpecificSyscallRuleWins()
        {
            var set = BudgetLoader.Parse(Rules, "rules.json");
            SyscallAllowance Find(string name, SyscallCell cell, string[] runtime) => set.FindSyscall(name, cell, runtime)!;

            Assert.That(Find("readsAtEof", s_read100, s_coreclr).Value, Is.EqualTo(2));
            Assert.That(Find("readsAtEof", s_readByte, s_coreclr).Value, Is.EqualTo(3), "a pattern with parameters beats the scenario");
            Assert.That(Find("readsAtEof", s_readByte, s_coreclr).Source, Is.EqualTo("default \"file.read[api=ReadByte]\""));
            Assert.That(Find("seeksPerHandle", s_pipe, s_coreclr).Source, Is.EqualTo("default \"*\""));
            Assert.That(Find("readsPerFill", s_read100, s_coreclr).Source, Is.EqualTo("override for System.IO.FileStream \"file.read\": all read cells"),
                "an override beats the runtime section and the defaults");
            Assert.That(Find("readsPerFill", s_readByte, s_mono).Value, Is.EqualTo(5), "the more specific override pattern wins");
            Assert.That(Find("seeksPerCall", s_readByte, s_coreclr).Value, Is.EqualTo(0), "a mono override does not apply on coreclr");
            Assert.That(Find("seeksPerCall", s_readByte, s_mono).Source, Is.EqualTo("override for System.IO.FileStream \"file.read[handle=async]\" on mono: mono async"));
            Assert.That(set.FindSyscall("readsPerWaitingRead", s_pipe, s_coreclr), Is.Null, "no rule for pipes in this file");

            var runtimeOnly = BudgetLoader.Parse(Rules.Substring(0, Rules.IndexOf("\"overrides\"", System.StringComparison.Ordinal)) + "\"overrides\": [] }", "rules.json");
            Assert.That(runtimeOnly.FindSyscall("readsPerFill", s_read100, s_mono)!.Source, Is.EqualTo("mono \"file.read\""));
            Assert.That(runtimeOnly.FindSyscall("readsPerFill", s_read100, s_coreclr)!.Value, Is.EqualTo(1));
        }

        [Test]
        public void TheBuiltInBudgetsGiveEveryCellOfEveryFamilyItsBounds()
        {
            var context = new CheckContext();
            foreach (var check in CheckCatalog.Select("syscalls.*").OfType<SyscallCheck>())
                foreach (var cell in check.Cells(context))
                {
                    var bounds = SyscallBudgets.For(cell, 10, name => SyscallCheck.Allowance(name, cell, context));
                    Assert.That(bounds.Missing, Is.Empty, cell.Id);
                    Assert.That(bounds.Budgets, Is.Not.Empty, cell.Id);
                }
        }

        [Test]
        public void TheBuiltInFiguresAreTheDocumentedOnes()
        {
            var context = new CheckContext();
            int Value(string name, SyscallCell cell) => SyscallCheck.Allowance(name, cell, context)!.Value;
            Assert.That(Value(SyscallBudgets.ReadsPerFill, s_read100), Is.EqualTo(1));
            Assert.That(Value(SyscallBudgets.ReadsAtEof, s_read100), Is.EqualTo(2));
            Assert.That(Value(SyscallBudgets.SeeksPerCall, s_read100), Is.EqualTo(0));
            Assert.That(Value(SyscallBudgets.SeeksPerHandle, s_read100), Is.EqualTo(1));
            Assert.That(Value(SyscallBudgets.ReadsPerWaitingRead, s_pipe), Is.EqualTo(1));
            Assert.That(Value(SyscallBudgets.OtherCallsPerRead, s_pipe), Is.EqualTo(0));
            var flush = new SyscallCell("file.flush", ("handle", "sync"), ("buffer", "4096"), ("mode", "to-disk"));
            Assert.That(Value(SyscallBudgets.SyncsPerFlushToDisk, flush), Is.EqualTo(1));
            var bounds = SyscallBudgets.For(s_read100, 657, name => SyscallCheck.Allowance(name, s_read100, context));
            Assert.That(bounds.Budgets.Select(b => (b.Family, b.Max)), Is.EqualTo(new[] { ("read", 18), ("seek", 1) }));
        }

        static SyscallMeasurement Measured(SyscallCell cell, int operations, params string[] trace)
        {
            var lines = new List<string> { "7 stat(\"/m-b\", 0x1) = -1 ENOENT" };
            lines.AddRange(trace);
            lines.Add("7 stat(\"/m-e\", 0x1) = -1 ENOENT");
            var region = StraceLog.CountRegion(StraceLog.Parse(lines), "/m-b", "/m-e", false);
            return new SyscallMeasurement(cell, new SyscallCellReport { Id = cell.Id, Operations = operations }, region);
        }

        static CheckResult Judge(SyscallMeasurement m, BudgetSet budgets)
        {
            var context = new CheckContext { Budgets = budgets };
            return SyscallCheck.JudgeCell("syscalls.pipe", m, SyscallCheck.BoundsFor(m, context), SyscallCheck.BudgetSource(context));
        }

        [Test]
        public void ACellWithoutARuleSkipsWithNoBudgetButKeepsItsFigures()
        {
            var m = Measured(s_pipe, 10, Enumerable.Repeat("7 read(3<pipe:[1]>, \"\"..., 100) = 100", 10).ToArray());
            var result = Judge(m, BudgetLoader.Parse("{ \"schemaVersion\": 1 }", "empty.json"));
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Skip));
            Assert.That(result.Message, Does.StartWith("no budget: readsPerWaitingRead, otherCallsPerRead for pipe.read in empty.json; 10 operations"));
            Assert.That(result.Metrics!["syscalls.read"], Is.EqualTo(1.0));
        }

        [Test]
        public void APartialRuleStillFailsWhatItBounds()
        {
            var m = Measured(s_pipe, 10, Enumerable.Repeat("7 read(3<pipe:[1]>, \"\"..., 50) = 50", 20).ToArray());
            var partial = BudgetLoader.Parse(WithSyscalls("{ \"pipe.read\": { \"readsPerWaitingRead\": 1 } }"), "partial.json");
            var result = Judge(m, partial);
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Message, Does.Contain("read calls: expected at most 10 (1 per Read with the data waiting; readsPerWaitingRead 1: default \"pipe.read\"), measured 20"));
            Assert.That(result.Message, Does.Contain("no budget: otherCallsPerRead"));
        }

        [Test]
        public void AnOverrideWithAReasonChangesTheVerdictOfAHandBuiltCell()
        {
            var m = Measured(s_pipe, 10, Enumerable.Repeat("7 read(3<pipe:[1]>, \"\"..., 50) = 50", 20).ToArray());
            Assert.That(Judge(m, BudgetSet.Default).Outcome, Is.EqualTo(Outcome.Fail));
            var json = "{ \"schemaVersion\": 1, \"defaults\": " + DefaultsOf(BudgetSet.Default) + ", \"overrides\": [ { \"type\": \"System.IO.Pipes.AnonymousPipeClientStream\", "
                       + "\"syscalls\": { \"pipe.read\": { \"readsPerWaitingRead\": 2 } }, \"reason\": \"this pipe delivers 50-byte pieces\" } ] }";
            var result = Judge(m, BudgetLoader.Parse(json, "override.json"));
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), result.Message);
        }

        /// <summary>The built-in "defaults" object, read back from the embedded file.</summary>
        static string DefaultsOf(BudgetSet _)
        {
            using var resource = typeof(BudgetSet).Assembly.GetManifestResourceStream("StreamConformance.Budgets.default.json")!;
            using var reader = new System.IO.StreamReader(resource);
            return Newtonsoft.Json.Linq.JObject.Parse(reader.ReadToEnd())["defaults"]!.ToString();
        }
    }
}
