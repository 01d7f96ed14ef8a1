using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Meters.Syscalls;
using StreamConformance.Probe;
using StreamConformance.Reports;
using StreamConformance.Scenarios;

namespace StreamConformance.Tests.Scenarios
{
    /// <summary>
    /// The scenarios run in this process (on .NET and on Mono) at a small size: every case is measured and checked
    /// for correct data, carries the published figure and a ratio to its baseline. Timing is never asserted.
    /// </summary>
    [NonParallelizable]
    public class ScenarioTests
    {
        string _temp = null!;

        [OneTimeSetUp]
        public void Folder()
        {
            _temp = Path.Combine(Path.GetTempPath(), "streamconf-scenarios-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(_temp);
        }

        [OneTimeTearDown]
        public void Cleanup() => Directory.Delete(_temp, recursive: true);

        ScenarioResult Run(string name, double size)
        {
            var result = ScenarioCatalog.Run(ScenarioCatalog.Find(name)!, new ScenarioContext { Size = size, TempDirectory = _temp });
            Assert.That(result.Error, Is.Null);
            Assert.That(result.Notes, Has.Some.Contains("page cache"), "the page cache is stated");
            foreach (var c in result.Cases)
            {
                Assert.That(c.Time, Is.Not.Null, c.Name);
                Assert.That(c.Time!.Median, Is.GreaterThan(0), c.Name);
                Assert.That(c.Time.Low, Is.LessThanOrEqualTo(c.Time.Median).And.Not.GreaterThan(c.Time.High), c.Name);
                Assert.That(c.Ratio, Is.Not.Null, c.Name);
                if (c.Baseline) Assert.That(c.Ratio!.Median, Is.EqualTo(1), c.Name);
                Assert.That(c.Published, Is.Not.Empty, c.Name);
                Assert.That(c.Syscalls, Is.Null, c.Name);
                Assert.That(c.SyscallNote, Does.StartWith(name == "mmf-views" ? "not counted" : "skip: no syscall meter"), "no meter given: the syscalls are a skip with the reason, not a count");
            }
            return result;
        }

        [Test]
        public void SmallChunksHasTheThreeReadModes()
        {
            var r = Run("small-chunks", 0.02);
            Assert.That(r.Cases.Select(c => c.Name), Is.EqualTo(SmallChunksScenario.Cases.Select(c => c.Case)));
            Assert.That(r.Cases[1].Published, Does.Contain("6.4 s"));
            Assert.That(r.Cases[0].Time!.Per, Is.EqualTo("100 reads"));
        }

        [Test]
        public void MmfViewsHasTheSeedsTable()
        {
            var r = Run("mmf-views", 0.05);
            Assert.That(r.Cases, Has.Count.EqualTo(15));
            Assert.That(r.Cases.Select(c => c.Group).Distinct(), Is.EqualTo(new[] { "32 B", "1 KiB", "32 KiB" }));
            var published = r.Cases.Where(c => !c.Baseline).Select(c => c.Published).ToList();
            Assert.That(published, Is.EqualTo(new[] { "3.3×", "400×", "12×", "400×", "1.75×", "127×", "120×", "243×", "1.03×", "9.7×", "163×", "172×" }));
        }

        [Test]
        public void ByteAtATimeReadsEveryByteAndTheShippedBufferedStreamDoesNotAllocatePerByte()
        {
            var r = Run("byte-at-a-time", 0.01);
            Assert.That(r.Cases.Select(c => c.Name), Is.EqualTo(new[] { ByteAtATimeScenario.FileCase, ByteAtATimeScenario.BufferedCase }));
            var buffered = r.Cases[1];
            if (buffered.BytesPerOp == null) Assert.Ignore("allocation counter unavailable");
            // The whole read (streams, 4 KiB buffers) over 84 KB: far below the byte[1] per call of the 2010 body.
            Assert.That(buffered.BytesPerOp, Is.LessThan(1), "bytes allocated per byte read");
            Assert.That(buffered.Note, Does.StartWith("1.5 GB at this rate: "));
        }

        [Test]
        public void AsyncVsSyncSaysWhetherItReadUnbufferedAndHasBothChunkSizes()
        {
            var r = Run("async-vs-sync", 1.0 / 64);
            Assert.That(r.Cases.Select(c => c.Group + "/" + c.Name), Is.EqualTo(new[]
            {
                "4 KiB chunks/Read, sync handle", "4 KiB chunks/ReadAsync, async handle", "64 KiB chunks/Read, sync handle", "64 KiB chunks/ReadAsync, async handle",
            }));
            Assert.That(r.Notes, Has.Some.StartsWith("unbuffered: "));
            Assert.That(r.Notes, Has.Some.Contains("16 threads"));
            Assert.That(r.Cases.All(c => c.Time!.Samples == AsyncVsSyncScenario.Threads * AsyncVsSyncScenario.Batches), "one sample per thread and batch");
        }

        [Test]
        public void PerItemCommitHasTheTwoCases()
        {
            var r = Run("per-item-commit", 0.02);
            Assert.That(r.Cases.Select(c => c.Name), Is.EqualTo(new[] { "Flush(true) per record", "Flush(true) per batch" }));
            Assert.That(r.Cases[1].Published, Does.Contain("108 calls"));
        }

        [Test]
        public void PerItemCommitFsyncsExactlyOncePerRecordOrOncePerBatch()
        {
            var meter = SyscallMeter.ForCurrentRuntime;
            if (meter.UnavailableReason != null) Assert.Ignore("syscall meter unavailable: " + meter.UnavailableReason);
            var cells = new[]
            {
                new SyscallCell(PerItemCommitScenario.Traced.ScenarioName, ("records", 45), ("commits", 45)),
                new SyscallCell(PerItemCommitScenario.Traced.ScenarioName, ("records", 45), ("commits", 2)),
            };
            var m = meter.Measure(cells, _temp);
            Assert.That(m.Select(x => x.Report.Status), Is.All.EqualTo(SyscallCellReport.Ok), string.Join("; ", m.Select(x => x.Report.Message)));
            Assert.That(m[0].FamilyCount(SyscallNames.Family.Sync), Is.EqualTo(45), m[0].Describe());
            Assert.That(m[1].FamilyCount(SyscallNames.Family.Sync), Is.EqualTo(2), m[1].Describe());
        }

        [Test]
        public void SmallChunksReadsOncePerChunkOrLessAndSeeksOnlyWhereTheRuntimeDiscardsItsBuffer()
        {
            var meter = SyscallMeter.ForCurrentRuntime;
            if (meter.UnavailableReason != null) Assert.Ignore("syscall meter unavailable: " + meter.UnavailableReason);
            var m = meter.Measure(new[] { new SyscallCell(SmallChunksScenario.Traced.ScenarioName, ("mode", "read"), ("reads", 200)) }, _temp)[0];
            Assert.That(m.Report.Status, Is.EqualTo(SyscallCellReport.Ok), m.Report.Message);
            // 200 reads of 100 B = 20,000 B. Mono 6.8 drops its buffer on every Seek: a read and a seek per chunk. .NET keeps
            // the buffer when the Seek lands inside it: 9 reads as measured (20,000 B is 5 buffers' worth), never a seek.
            var mono = Type.GetType("Mono.Runtime") != null;
            Assert.That(m.FamilyCount(SyscallNames.Family.Read), Is.EqualTo(mono ? 200 : 9), m.Describe());
            Assert.That(m.FamilyCount(SyscallNames.Family.Seek), Is.EqualTo(mono ? 200 : 0), m.Describe());
        }

        [Test]
        public void TheProbeRunsScenarioRequestsAndReportsAnUnknownOne()
        {
            var events = new List<ProbeEvent>();
            new ProbeRunner(new ProbeRequest
            {
                Runtime = "here", Kind = ProbeRequest.ScenarioKind, ScenarioSize = 0.01, TempDirectory = _temp,
                Items = { new ProbeItem { Type = "byte-at-a-time" }, new ProbeItem { Type = "no-such" } },
            }, events.Add).Run();
            var results = events.OfType<ScenarioEvent>().Select(e => e.Scenario).ToList();
            Assert.That(results.Select(r => r.Scenario), Is.EqualTo(new[] { "byte-at-a-time", "no-such" }));
            Assert.That(results[0].Error, Is.Null);
            Assert.That(results[0].Runtime, Is.EqualTo("here"));
            Assert.That(results[1].Error, Does.Contain("no scenario"));
            Assert.That(events.OfType<CheckEvent>().Select(e => e.Check), Is.All.EqualTo(ProbeRunner.ScenarioStep), "announced, so a crash is blamed on it");
        }
    }
}
