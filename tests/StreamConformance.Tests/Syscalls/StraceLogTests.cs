using System.Collections.Generic;
using NUnit.Framework;
using StreamConformance.Checks;
using StreamConformance.Checks.Syscalls;
using StreamConformance.Meters.Syscalls;
using StreamConformance.Results;

namespace StreamConformance.Tests.Syscalls
{
    /// <summary>The trace parser, region attribution and budget verdicts on hand-written traces (no strace needed).</summary>
    public class StraceLogTests
    {
        static readonly string[] s_log =
        {
            "100 lstat(\"/streamconf-n-0-b\", 0x7ffc) = -1 ENOENT (No such file or directory)",
            "100 read(3</tmp/f.bin>, \"abc\"..., 4096) = 4096",
            "200 read(5</usr/lib/x.dll>, \"\"..., 16) = 16",
            "100 read(3</tmp/f.bin>,  <unfinished ...>",
            "200 lseek(3</tmp/f.bin>, 0, SEEK_CUR) = 4096",
            "100 <... read resumed>\"\", 4096) = 0",
            "--- SIGCHLD {si_signo=SIGCHLD} ---",
            "200 newfstatat(AT_FDCWD</work>, \"/etc/hosts\", 0x1, 0) = 0",
            "100 newfstatat(AT_FDCWD</work>, \"/etc/passwd\", 0x1, 0) = 0",
            "100 lstat(\"/streamconf-n-0-e\", 0x7ffc) = -1 ENOENT (No such file or directory)",
            "100 read(3</tmp/f.bin>, \"\", 4096) = 0",
        };

        [Test]
        public void ParsesThreadNameAndDescriptor()
        {
            var calls = StraceLog.Parse(s_log);
            Assert.That(calls, Has.Count.EqualTo(9), "signal lines and resumed halves are not calls");
            Assert.That(calls[1].Thread, Is.EqualTo(100));
            Assert.That(calls[1].Name, Is.EqualTo("read"));
            Assert.That(calls[1].Descriptor, Is.EqualTo(3));
            Assert.That(calls[1].DescriptorPath, Is.EqualTo("/tmp/f.bin"));
            Assert.That(calls[6].Descriptor, Is.Null, "AT_FDCWD is not a descriptor");
        }

        [Test]
        public void WatchedFileCountsOnEveryThreadAndPathCallsOnTheMarkingThread()
        {
            var region = StraceLog.CountRegion(StraceLog.Parse(s_log), "/streamconf-n-0-b", "/streamconf-n-0-e", false, null, new[] { "/tmp/f.bin" })!;
            Assert.That(region.Attributed, Is.EqualTo(new SortedDictionary<string, int> { ["lseek"] = 1, ["newfstatat"] = 1, ["read"] = 2 }));
            Assert.That(region.Background, Is.EqualTo(new SortedDictionary<string, int> { ["newfstatat"] = 1, ["read"] = 1 }));
        }

        [Test]
        public void WithoutWatchesOnlyTheMarkingThreadCountsUnlessAllThreads()
        {
            var calls = StraceLog.Parse(s_log);
            var own = StraceLog.CountRegion(calls, "/streamconf-n-0-b", "/streamconf-n-0-e", false)!;
            Assert.That(own.Attributed, Is.EqualTo(new SortedDictionary<string, int> { ["newfstatat"] = 1, ["read"] = 2 }));
            var all = StraceLog.CountRegion(calls, "/streamconf-n-0-b", "/streamconf-n-0-e", true)!;
            Assert.That(all.Attributed, Is.EqualTo(new SortedDictionary<string, int> { ["lseek"] = 1, ["newfstatat"] = 2, ["read"] = 3 }));
        }

        [Test]
        public void MissingMarkerGivesNoRegion()
        {
            var calls = StraceLog.Parse(s_log);
            Assert.That(StraceLog.CountRegion(calls, "/streamconf-n-1-b", "/streamconf-n-1-e", false), Is.Null);
            Assert.That(StraceLog.CountRegion(calls.GetRange(0, 5), "/streamconf-n-0-b", "/streamconf-n-0-e", false), Is.Null);
        }

        static SyscallMeasurement Measurement(int reads, int seeks, string status = SyscallCellReport.Ok)
        {
            var cell = new SyscallCell("file.read", ("handle", "sync"), ("api", "Read"), ("buffer", "4096"), ("chunk", 100), ("length", 65536));
            var region = StraceLog.CountRegion(StraceLog.Parse(Trace(reads, seeks)), "/m-b", "/m-e", false)!;
            return new SyscallMeasurement(cell, new SyscallCellReport { Id = cell.Id, Operations = 657, Status = status, Message = status == SyscallCellReport.Ok ? null : "why" }, region);
        }

        static IEnumerable<string> Trace(int reads, int seeks)
        {
            yield return "7 stat(\"/m-b\", 0x1) = -1 ENOENT";
            for (var i = 0; i < seeks; i++) yield return "7 lseek(3</f>, 0, SEEK_SET) = 0";
            for (var i = 0; i < reads; i++) yield return "7 read(3</f>, \"\"..., 4096) = 4096";
            yield return "7 stat(\"/m-e\", 0x1) = -1 ENOENT";
        }

        [Test]
        public void WithinBudgetPassesWithPerOperationMetrics()
        {
            var m = Measurement(18, 0);
            var result = SyscallTestSupport.Judge("syscalls.file.read", m);
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), result.Message);
            Assert.That(result.Check, Is.EqualTo("syscalls.file.read[handle=sync,api=Read,buffer=4096,chunk=100,length=65536]"));
            Assert.That(result.Metrics!["operations"], Is.EqualTo(657));
            Assert.That(result.Metrics!["syscalls.read"], Is.EqualTo(18.0 / 657));
        }

        [Test]
        public void ReadPerCallAndSeekPerCallFail()
        {
            var tooManyReads = Measurement(657, 0);
            var result = SyscallTestSupport.Judge("syscalls.file.read", tooManyReads);
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail));
            Assert.That(result.Message, Does.Contain("read calls: expected at most 18").And.Contain("measured 657"));
            var seeks = Measurement(18, 657);
            result = SyscallTestSupport.Judge("syscalls.file.read", seeks);
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail));
            Assert.That(result.Message, Does.Contain("seek calls: expected at most 1").And.Contain("measured 657"));
        }

        [Test]
        public void UnsupportedCellSkipsAndWrongDataFails()
        {
            var m = Measurement(0, 0, SyscallCellReport.Unsupported);
            Assert.That(SyscallTestSupport.Judge("x", m).Outcome, Is.EqualTo(Outcome.Skip));
            m = Measurement(18, 0, SyscallCellReport.Wrong);
            var result = SyscallTestSupport.Judge("x", m);
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail));
            Assert.That(result.Message, Does.StartWith("wrong data: why"));
        }
    
        static SyscallMeasurement Syncs(string mode, int n, int syncs)
        {
            var cell = new SyscallCell("file.fsync-batching", ("handle", "sync"), ("mode", mode), ("n", n));
            var trace = new List<string> { "7 stat(\"/m-b\", 0x1) = -1 ENOENT" };
            for (var i = 0; i < syncs; i++) trace.Add("7 fsync(3</f>) = 0");
            trace.Add("7 stat(\"/m-e\", 0x1) = -1 ENOENT");
            var region = StraceLog.CountRegion(StraceLog.Parse(trace), "/m-b", "/m-e", false);
            return new SyscallMeasurement(cell, new SyscallCellReport { Id = cell.Id, Operations = n }, region);
        }

        static CheckResult Verdict(SyscallMeasurement[] cells, SyscallAllowance? syncsPerFlushToDisk = null) =>
            FsyncBatchingSyscallCheck.Verdict("syscalls.fsync-batching", cells,
                syncsPerFlushToDisk ?? SyscallCheck.Allowance(SyscallBudgets.SyncsPerFlushToDisk, cells[0].Cell, new CheckContext()), "test.json");

        [Test]
        public void BatchingVerdictSkipsWithoutABudgetForPerItemSyncs()
        {
            var good = new[] { Syncs("per-item", 10, 10), Syncs("per-item", 20, 20), Syncs("batched", 10, 1), Syncs("batched", 20, 1) };
            var verdict = FsyncBatchingSyscallCheck.Verdict("syscalls.fsync-batching", good, null, "empty.json");
            Assert.That(verdict.Outcome, Is.EqualTo(Outcome.Skip));
            Assert.That(verdict.Message, Does.Contain("no budget: syncsPerFlushToDisk for file.fsync-batching in empty.json"));
            Assert.That(verdict.Metrics!["syncs.batched.n=20"], Is.EqualTo(1));
        }

        [Test]
        public void BatchingVerdictFailsWhenBatchedSyncsGrowWithN()
        {
            var perItemBatch = new[] { Syncs("per-item", 10, 10), Syncs("per-item", 20, 20), Syncs("batched", 10, 10), Syncs("batched", 20, 20) };
            var verdict = Verdict(perItemBatch);
            Assert.That(verdict.Outcome, Is.EqualTo(Outcome.Fail));
            Assert.That(verdict.Message, Does.Contain("grows with n"));
            var good = new[] { Syncs("per-item", 10, 10), Syncs("per-item", 20, 20), Syncs("batched", 10, 1), Syncs("batched", 20, 1) };
            Assert.That(Verdict(good).Outcome, Is.EqualTo(Outcome.Pass));
        }

        [Test]
        public void BatchingVerdictFailsWhenFlushToDiskDoesNotSync()
        {
            var noSync = new[] { Syncs("per-item", 10, 0), Syncs("per-item", 20, 0), Syncs("batched", 10, 0), Syncs("batched", 20, 0) };
            var verdict = Verdict(noSync);
            Assert.That(verdict.Outcome, Is.EqualTo(Outcome.Fail));
            Assert.That(verdict.Message, Does.Contain("expected 1 per item"));
        }
    }
}
