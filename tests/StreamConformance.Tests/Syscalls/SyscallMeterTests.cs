using System.Collections.Generic;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Budgets;
using StreamConformance.Checks;
using StreamConformance.Checks.Syscalls;
using StreamConformance.Meters.Syscalls;
using StreamConformance.Results;
using StreamConformance.Runtimes;

namespace StreamConformance.Tests.Syscalls
{
    /// <summary>
    /// Real traces on the runtime running the tests. All cells are measured in one traced child (OneTimeSetUp); the
    /// expected counts are what each runtime was measured to do, asserted exactly.
    /// </summary>
    public class SyscallMeterTests
    {
        static readonly SyscallCell s_seekPerRead = new SyscallCell("demo.seek-per-read", ("chunk", 4096), ("length", 65536));
        static readonly SyscallCell s_correct = new SyscallCell("demo.correct", ("chunk", 4096), ("length", 65536));
        /// <summary>The calibration wrappers read like this file.read cell (no buffer, 4096-byte chunks) and are judged by its budgets.</summary>
        static readonly SyscallCell s_unbufferedRead = FileRead("Read", "0", 4096);
        static readonly SyscallCell s_read100 = FileRead("Read", "4096", 100);
        static readonly SyscallCell s_readAsync100 = FileRead("ReadAsync", "4096", 100);
        static readonly SyscallCell s_read4096 = FileRead("Read", "4096", 4096);
        static readonly SyscallCell s_readByte = FileRead("ReadByte", "4096", 1);
        static readonly SyscallCell s_write100 = new SyscallCell("file.write", ("handle", "sync"), ("api", "Write"), ("buffer", "4096"), ("chunk", 100), ("length", 65536));
        static readonly SyscallCell s_writeByte = new SyscallCell("file.write", ("handle", "sync"), ("api", "WriteByte"), ("buffer", "4096"), ("chunk", 1), ("length", 65536));
        static readonly SyscallCell s_seekInBuffer = new SyscallCell("file.seek-in-buffer", ("handle", "sync"), ("buffer", "4096"));
        static readonly SyscallCell s_seekBetweenAsync = new SyscallCell("file.seek-between-reads", ("handle", "async"), ("api", "ReadAsync"), ("buffer", "4096"));
        static readonly SyscallCell s_flushEmpty = new SyscallCell("file.flush", ("handle", "sync"), ("buffer", "4096"), ("mode", "empty"));
        static readonly SyscallCell s_flushToDisk = new SyscallCell("file.flush", ("handle", "sync"), ("buffer", "4096"), ("mode", "to-disk"));
        static readonly SyscallCell s_pipe = new SyscallCell("pipe.read", ("api", "Read"), ("chunk", 100));
        static readonly SyscallCell s_socket = new SyscallCell("socket.read", ("api", "Read"), ("chunk", 100));

        Dictionary<string, SyscallMeasurement> _m = new Dictionary<string, SyscallMeasurement>();

        static SyscallCell FileRead(string api, string buffer, int chunk) =>
            new SyscallCell("file.read", ("handle", "sync"), ("api", api), ("buffer", buffer), ("chunk", chunk), ("length", 65536));

        [OneTimeSetUp]
        public void MeasureAll()
        {
            if (SyscallMeter.ForCurrentRuntime.UnavailableReason != null) return;
            var cells = new[] { s_seekPerRead, s_correct, s_read100, s_readAsync100, s_read4096, s_readByte, s_write100, s_writeByte, s_seekInBuffer, s_seekBetweenAsync, s_flushEmpty, s_flushToDisk, s_pipe, s_socket };
            var measured = SyscallMeter.ForCurrentRuntime.Measure(cells, SyscallTestSupport.Context().TempDirectory, new[] { typeof(SyscallMeterTests).Assembly.Location });
            _m = measured.ToDictionary(m => m.Cell.Id);
        }

        SyscallMeasurement Get(SyscallCell cell)
        {
            SyscallTestSupport.RequireMeter();
            var m = _m[cell.Id];
            Assert.That(m.Report.Status, Is.EqualTo(SyscallCellReport.Ok), m.Report.Message);
            return m;
        }

        [Test]
        public void SeekBeforeEveryReadIsFlaggedWithOneLseekPerRead()
        {
            var m = Get(s_seekPerRead);
            Assert.That(m.Report.Operations, Is.EqualTo(17), "16 reads of 4096 bytes and the one that returns 0");
            Assert.That(m.Count("lseek"), Is.EqualTo(m.Report.Operations));
            var result = SyscallTestSupport.JudgeAs(s_unbufferedRead, "demo", m);
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Message, Does.Contain("seek calls"));
            Assert.That(result.Metrics!["syscalls.lseek"], Is.EqualTo(1.0));
        }

        [Test]
        public void ForwardingWrapperPassesWithNoLseek()
        {
            var m = Get(s_correct);
            Assert.That(m.Count("lseek"), Is.EqualTo(0));
            Assert.That(m.FamilyCount(SyscallNames.Family.Read), Is.EqualTo(17));
            var result = SyscallTestSupport.JudgeAs(s_unbufferedRead, "demo", m);
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), result.Message);
        }

        [Test]
        public void ReadingInSmallChunksThroughA4KBuffer()
        {
            var m = Get(s_read100);
            Assert.That(m.Report.Operations, Is.EqualTo(657));
            if (SyscallTestSupport.IsMono)
                // 16 fills, a refill attempt at EOF by the call that drains the buffer, and the final call's read.
                Assert.That(m.Counts, Is.EqualTo(new Dictionary<string, int> { ["read"] = 18 }));
            else
                // .NET 10 completes a short buffered read with a direct pread of the missing 4 bytes: 2 calls per fill.
                Assert.That(m.Counts, Is.EqualTo(new Dictionary<string, int> { ["pread64"] = 33 }));
        }

        [Test]
        public void ReadAsyncInSmallChunksThroughA4KBuffer()
        {
            var m = Get(s_readAsync100);
            var read = SyscallTestSupport.IsMono ? "read" : "pread64";
            Assert.That(m.Counts, Is.EqualTo(new Dictionary<string, int> { [read] = 18 }));
        }

        [Test]
        public void ReadingInBufferSizedChunksAndByteByByte()
        {
            var read = SyscallTestSupport.IsMono ? "read" : "pread64";
            Assert.That(Get(s_read4096).Counts, Is.EqualTo(new Dictionary<string, int> { [read] = 17 }));
            Assert.That(Get(s_readByte).Counts, Is.EqualTo(new Dictionary<string, int> { [read] = 17 }));
            Assert.That(Get(s_readByte).Report.Operations, Is.EqualTo(65537));
        }

        [Test]
        public void WritingInSmallChunksThroughA4KBuffer()
        {
            var m = Get(s_write100);
            if (SyscallTestSupport.IsMono)
                // Mono positions the descriptor before every buffer flush.
                Assert.That(m.Counts, Is.EqualTo(new Dictionary<string, int> { ["lseek"] = 16, ["write"] = 16 }));
            else
                // .NET asks once whether the handle can seek (lseek(fd, 0, SEEK_CUR)), then writes at explicit offsets.
                Assert.That(m.Counts, Is.EqualTo(new Dictionary<string, int> { ["lseek"] = 1, ["pwrite64"] = 16 }));
        }

        [Test]
        public void WritingByteByByteThroughA4KBuffer()
        {
            var m = Get(s_writeByte);
            Assert.That(m.Report.Operations, Is.EqualTo(65536));
            var result = SyscallTestSupport.Judge("syscalls.file.write", m);
            if (SyscallTestSupport.IsMono)
            {
                Assert.That(m.Counts, Is.EqualTo(new Dictionary<string, int> { ["lseek"] = 16, ["write"] = 16 }));
                Assert.That(result.Message, Does.Contain("seek calls: expected at most 1"));
            }
            else
            {
                // .NET 10 flushes the 4096-byte buffer when it holds 4095 bytes: 16 writes of 4095, then 16 bytes.
                Assert.That(m.Counts, Is.EqualTo(new Dictionary<string, int> { ["lseek"] = 1, ["pwrite64"] = 17 }));
                Assert.That(result.Message, Does.Contain("write calls: expected at most 16"));
            }
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail));
        }

        const string WriteByteOverride = @"[
  { ""type"": ""System.IO.FileStream"", ""syscalls"": { ""file.write[api=WriteByte]"": { ""writesPerFlush"": 2, ""seeksPerCall"": 1 } }
    REASON }
]";

        [Test]
        public void AnOverrideWithAReasonTurnsTheWriteByteFailureIntoAPass()
        {
            var m = Get(s_writeByte);
            Assert.That(SyscallTestSupport.Judge("syscalls.file.write", m).Outcome, Is.EqualTo(Outcome.Fail));
            var budgets = SyscallTestSupport.LoadWithOverrides(WriteByteOverride.Replace("REASON", @", ""reason"": ""flushes at bufferSize - 1 (.NET), lseek per flush (Mono)"""));
            var result = SyscallTestSupport.Judge("syscalls.file.write", m, new CheckContext { Budgets = budgets });
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), result.Message);
            Assert.That(budgets.FindSyscall(SyscallBudgets.WritesPerFlush, s_writeByte, new[] { "coreclr" })!.Source,
                Is.EqualTo("override for System.IO.FileStream \"file.write[api=WriteByte]\": flushes at bufferSize - 1 (.NET), lseek per flush (Mono)"));
        }

        [Test]
        public void AnOverrideWithoutAReasonIsRefusedAndChangesNothing()
        {
            var error = Assert.Throws<InputException>(() => SyscallTestSupport.LoadWithOverrides(WriteByteOverride.Replace("REASON", "")))!;
            Assert.That(error.Message, Does.Match(@"budgets-\w+\.json:3:3: the override for System\.IO\.FileStream needs a 'reason'"), error.Message);
        }

        [Test]
        public void AFamilyRunWithoutSyscallRulesSkipsEveryCellWithNoBudget()
        {
            SyscallTestSupport.RequireMeter();
            var context = SyscallTestSupport.Context();
            context.Budgets = BudgetLoader.Parse("{ \"schemaVersion\": 1 }", "empty.json");
            var results = new PipeSyscallCheck().Run(new HostFileStreamRecipe(), context).ToList();
            Assert.That(results, Has.Count.EqualTo(2));
            foreach (var result in results)
            {
                Assert.That(result.Outcome, Is.EqualTo(Outcome.Skip), result.Message);
                Assert.That(result.Message, Does.StartWith("no budget: readsPerWaitingRead, otherCallsPerRead for pipe.read in empty.json"));
                Assert.That(result.Metrics!["syscalls.read"], Is.EqualTo(1.0));
            }
        }

        [Test]
        public void SeekInsideTheBuffer()
        {
            var m = Get(s_seekInBuffer);
            if (SyscallTestSupport.IsMono)
                Assert.That(m.Counts, Is.EqualTo(new Dictionary<string, int> { ["lseek"] = 10 }), "Mono 6.8 seeks the descriptor on every Seek");
            else
                Assert.That(m.Total, Is.EqualTo(0));
        }

        [Test]
        public void SeekBetweenAsyncReadsReadsTheRightBytes()
        {
            var m = Get(s_seekBetweenAsync);
            Assert.That(m.FamilyCount(SyscallNames.Family.Read), Is.EqualTo(2));
            Assert.That(m.Count("lseek"), Is.EqualTo(SyscallTestSupport.IsMono ? 1 : 0));
        }

        [Test]
        public void FlushWithNothingBufferedIsFreeAndFlushToDiskSyncsOnce()
        {
            Assert.That(Get(s_flushEmpty).Total, Is.EqualTo(0));
            var m = Get(s_flushToDisk);
            Assert.That(m.Report.Operations, Is.EqualTo(5));
            Assert.That(m.FamilyCount(SyscallNames.Family.Sync), Is.EqualTo(5));
            Assert.That(m.FamilyCount(SyscallNames.Family.Write), Is.EqualTo(5));
        }

        [Test]
        public void PipeAndSocketReadOncePerCallWithDataWaiting()
        {
            Assert.That(Get(s_pipe).Counts, Is.EqualTo(new Dictionary<string, int> { ["read"] = 10 }));
            var socket = Get(s_socket);
            Assert.That(socket.Total, Is.EqualTo(10));
            Assert.That(socket.FamilyCount(SyscallNames.Family.Read), Is.EqualTo(10));
        }

        [Test]
        public void BatchedDurabilityIsConstantAndPerItemScales()
        {
            SyscallTestSupport.RequireMeter();
            var results = new FsyncBatchingSyscallCheck().Run(new HostFileStreamRecipe(), SyscallTestSupport.Context()).ToList();
            var verdict = results.Single(r => r.Check == "syscalls.fsync-batching");
            Assert.That(verdict.Outcome, Is.EqualTo(Outcome.Pass), verdict.Message);
            Assert.That(verdict.Metrics!["syncs.per-item.n=10"], Is.EqualTo(10));
            Assert.That(verdict.Metrics!["syncs.per-item.n=20"], Is.EqualTo(20));
            Assert.That(verdict.Metrics!["syncs.batched.n=10"], Is.EqualTo(1));
            Assert.That(verdict.Metrics!["syncs.batched.n=20"], Is.EqualTo(1));
        }

        [Test]
        public void RandomAccessIsOnePositionedCallPerCall()
        {
            SyscallTestSupport.RequireMeter();
            var results = new RandomAccessSyscallCheck().Run(new HostFileStreamRecipe(), SyscallTestSupport.Context()).ToList();
            if (SyscallTestSupport.IsMono)
            {
                Assert.That(results.Single().Outcome, Is.EqualTo(Outcome.Skip));
                Assert.That(results.Single().Message, Is.EqualTo("RandomAccess does not exist on this runtime"));
                return;
            }
            Assert.That(results.Select(r => r.Outcome), Is.All.EqualTo(Outcome.Pass), string.Join("\n", results));
            Assert.That(results[0].Metrics!["syscalls.pread64"], Is.EqualTo(1.0));
            Assert.That(results[1].Metrics!["syscalls.pwrite64"], Is.EqualTo(1.0));
        }

        [Test]
        public void EveryFamilyMeasuresItsWholeMatrixWithoutErrorsInOneTracedChild()
        {
            SyscallTestSupport.RequireMeter();
            // As a probe runs them: every family selected, in the catalog's order, sharing one context.
            var context = SyscallTestSupport.Context();
            context.Checks = CheckCatalog.Select("syscalls.*");
            foreach (var check in context.Checks.OfType<SyscallCheck>())
            {
                var results = check.Run(new HostFileStreamRecipe(), context).ToList();
                Assert.That(results, Is.Not.Empty, check.Name);
                Assert.That(results.Where(r => r.Outcome == Outcome.Error || r.Outcome == Outcome.Crash), Is.Empty, check.Name);
                Assert.That(results.All(r => r.Check.StartsWith(check.Name, System.StringComparison.Ordinal)), Is.True, check.Name);
                var cells = results.Where(r => r.Check.Contains("[") && (r.Outcome == Outcome.Pass || r.Outcome == Outcome.Fail)).ToList();
                Assert.That(cells.All(r => r.Metrics != null && r.Metrics.ContainsKey("operations")), Is.True, check.Name);
                if (check.RuntimeUnsupportedReason == null)
                    Assert.That(results.Count(r => r.Check.Contains("[")), Is.EqualTo(check.Cells(context).Count), check.Name + ": one result per cell of its own matrix");
            }
            Assert.That(context.SyscallFamilies.Children, Is.EqualTo(1));
        }

        [Test]
        public void ABatchedFamilyGetsTheCountsItGetsAlone()
        {
            SyscallTestSupport.RequireMeter();
            var batched = SyscallTestSupport.Context();
            batched.Checks = new IStreamCheck[] { new SocketSyscallCheck(), new PipeSyscallCheck() };
            var socket = batched.Checks[0].Run(new HostFileStreamRecipe(), batched).ToList();
            var pipe = batched.Checks[1].Run(new HostFileStreamRecipe(), batched).ToList();
            Assert.That(batched.SyscallFamilies.Children, Is.EqualTo(1));
            var alone = new PipeSyscallCheck().Run(new HostFileStreamRecipe(), SyscallTestSupport.Context()).ToList();
            Assert.That(pipe.Select(r => r.Check), Is.EqualTo(alone.Select(r => r.Check)));
            Assert.That(pipe.Select(r => r.Metrics!["syscalls.read"]), Is.EqualTo(alone.Select(r => r.Metrics!["syscalls.read"])));
            Assert.That(pipe.Select(r => r.Outcome), Is.All.EqualTo(Outcome.Pass), string.Join("\n", pipe));
            Assert.That(socket.Select(r => r.Outcome), Is.All.EqualTo(Outcome.Pass), string.Join("\n", socket));
        }

        [Test]
        public void AFamilyWhoseChildDiesDoesNotLoseTheOthersFigures()
        {
            SyscallTestSupport.RequireMeter();
            var context = SyscallTestSupport.Context();
            context.Checks = new IStreamCheck[] { new ChildExitFamily(), new PipeSyscallCheck() };
            var broken = context.Checks[0].Run(new HostFileStreamRecipe(), context).ToList();
            Assert.That(broken.Single().Outcome, Is.EqualTo(Outcome.Error));
            Assert.That(broken.Single().Message, Does.Contain("exited with code 3"));
            var pipe = context.Checks[1].Run(new HostFileStreamRecipe(), context).ToList();
            Assert.That(pipe.Select(r => r.Outcome), Is.All.EqualTo(Outcome.Pass), string.Join("\n", pipe));
            Assert.That(context.SyscallFamilies.Children, Is.EqualTo(3), "the batch, then each family alone");
        }

        sealed class ChildExitFamily : SyscallCheck
        {
            public override string Name => "syscalls.demo.child-exit";
            public override IEnumerable<string> ScenarioAssemblies => new[] { typeof(ChildExitFamily).Assembly.Location };
            public override IReadOnlyList<SyscallCell> Cells(CheckContext context) => new[] { new SyscallCell("demo.child-exit") };
        }
    }

    /// <summary>Availability: a meter that cannot trace must make every syscall check skip, with the reason.</summary>
    public class SyscallAvailabilityTests
    {
        [Test]
        public void MissingStraceSkipsEveryCheckWithTheReason()
        {
            var meter = new SyscallMeter(RuntimeLauncher.ForCurrentProcess(), stracePath: "/nonexistent/strace");
            Assert.That(meter.UnavailableReason, Does.Contain("/nonexistent/strace"));
            foreach (var check in CheckCatalog.Select("syscalls.*"))
            {
                var results = check.Run(new HostFileStreamRecipe(), new CheckContext { Syscalls = meter }).ToList();
                Assert.That(results, Has.Count.EqualTo(1), check.Name);
                Assert.That(results[0].Outcome, Is.EqualTo(Outcome.Skip), check.Name);
                Assert.That(results[0].Message, Is.Not.Empty, check.Name);
            }
        }

        [Test]
        public void OtherRecipesGetNoResult()
        {
            var results = new FileReadSyscallCheck().Run(new OtherRecipe(), new CheckContext()).ToList();
            Assert.That(results, Is.Empty);
        }

        [Test]
        public void TheMeterIsAvailableOnThisMachine()
        {
            // The development machine has strace and may trace: if this fails, every other syscall test only skipped.
            if (System.Environment.GetEnvironmentVariable("STREAMCONF_EXPECT_NO_STRACE") == "1") Assert.Ignore("told strace is absent here");
            Assert.That(SyscallMeter.ForCurrentRuntime.UnavailableReason, Is.Null);
        }

        sealed class OtherRecipe : global::StreamConformance.Recipes.StreamRecipe
        {
            public override string TypeName => "System.IO.MemoryStream";
        }
    }

    /// <summary>A quick run's file cells hold less content, but never less than one fill of the cell's buffer.</summary>
    public class FileMatrixTests
    {
        [Test]
        public void AQuickRunReadsAndWritesSixteenKibibytesOrOneWholeBuffer()
        {
            var quick = new CheckContext { Quick = true };
            var cells = new FileWriteSyscallCheck().Cells(quick).Concat(new FileReadSyscallCheck().Cells(quick)).Concat(new BufferedStreamSyscallCheck().Cells(quick)).ToList();
            Assert.That(cells.Where(c => c.Get("buffer") == "65536").Select(c => c.GetInt("length")), Is.Not.Empty.And.All.EqualTo(65536));
            Assert.That(cells.Where(c => c.Get("buffer") != "65536").Select(c => c.GetInt("length")), Is.Not.Empty.And.All.EqualTo(16384));
            var full = new FileWriteSyscallCheck().Cells(new CheckContext()).Select(c => c.GetInt("length"));
            Assert.That(full, Is.All.EqualTo(65536));
        }
    }
}
