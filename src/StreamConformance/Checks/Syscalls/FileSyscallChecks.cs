using System;
using System.Collections.Generic;
using System.Linq;
using StreamConformance.Meters.Syscalls;
using StreamConformance.Results;

namespace StreamConformance.Checks.Syscalls
{
    // One concept: the syscall checks, one per family, and the FileStream matrix's axes the file families share.

    /// <summary>The FileStream matrix's axes, shared by the file families.</summary>
    public static class FileMatrix
    {
        public static readonly string[] Handles = { "sync", "async" };
        public static readonly string[] Buffers = { "0", "1", "4096", "default", "65536" };
        /// <summary>Buffers that really buffer (byte-at-a-time calls only make sense over these).</summary>
        public static readonly string[] BufferingBuffers = { "4096", "default", "65536" };
        public static readonly int[] Chunks = { 100, 4096, 65536 };
        /// <summary>Content of every sequential cell: 64 KiB (16 fills of a 4 KiB buffer, one of the largest).</summary>
        public const int Length = 65536;

        /// <summary>
        /// The same in a quick run: 16 KiB, or the buffer's size if larger. Counts are exact whatever the length, and each
        /// traced call stops the child, so the unbuffered cells (a call per 100 bytes) take a quarter of the time; a
        /// buffer must still fill at least once (.NET's FileStream flushes a 64 KiB WriteByte buffer a byte early: with
        /// less content than the buffer holds that finding would be lost).
        /// </summary>
        public const int QuickLength = 16384;

        public static int LengthFor(CheckContext context, string buffer) =>
            !context.Quick ? Length : Math.Max(QuickLength, SyscallBudgets.BufferOf(buffer));
    }

    /// <summary>syscalls.file.read: sequential Read/ReadAsync/ReadByte over a whole file, for every handle, buffer and chunk.</summary>
    public sealed class FileReadSyscallCheck : SyscallCheck
    {
        public override SyscallFamily Family => SyscallFamilies.FileRead;

        public override IReadOnlyList<SyscallCell> Cells(CheckContext context)
        {
            var cells = new List<SyscallCell>();
            foreach (var handle in FileMatrix.Handles)
            {
                foreach (var api in new[] { "Read", "ReadAsync" })
                    foreach (var buffer in FileMatrix.Buffers)
                        foreach (var chunk in FileMatrix.Chunks)
                            cells.Add(new SyscallCell(Family.Scenario.Name, ("handle", handle), ("api", api), ("buffer", buffer), ("chunk", chunk), ("length", FileMatrix.LengthFor(context, buffer))));
                foreach (var buffer in FileMatrix.BufferingBuffers)
                    cells.Add(new SyscallCell(Family.Scenario.Name, ("handle", handle), ("api", "ReadByte"), ("buffer", buffer), ("chunk", 1), ("length", FileMatrix.LengthFor(context, buffer))));
            }
            return cells;
        }
    }

    /// <summary>syscalls.file.write: sequential Write/WriteAsync/WriteByte of a whole file and a final Flush.</summary>
    public sealed class FileWriteSyscallCheck : SyscallCheck
    {
        public override SyscallFamily Family => SyscallFamilies.FileWrite;

        public override IReadOnlyList<SyscallCell> Cells(CheckContext context)
        {
            var cells = new List<SyscallCell>();
            foreach (var handle in FileMatrix.Handles)
            {
                foreach (var api in new[] { "Write", "WriteAsync" })
                    foreach (var buffer in FileMatrix.Buffers)
                        foreach (var chunk in FileMatrix.Chunks)
                            cells.Add(new SyscallCell(Family.Scenario.Name, ("handle", handle), ("api", api), ("buffer", buffer), ("chunk", chunk), ("length", FileMatrix.LengthFor(context, buffer))));
                foreach (var buffer in FileMatrix.BufferingBuffers)
                    cells.Add(new SyscallCell(Family.Scenario.Name, ("handle", handle), ("api", "WriteByte"), ("buffer", buffer), ("chunk", 1), ("length", FileMatrix.LengthFor(context, buffer))));
            }
            return cells;
        }
    }

    /// <summary>syscalls.file.seek: Seek inside the buffer and Position get (no call), and Seek between two reads (right data, no lseek per read).</summary>
    public sealed class FileSeekSyscallCheck : SyscallCheck
    {
        public override SyscallFamily Family => SyscallFamilies.FileSeek;

        public override IReadOnlyList<SyscallCell> Cells(CheckContext context)
        {
            var cells = new List<SyscallCell>();
            foreach (var handle in FileMatrix.Handles)
                foreach (var buffer in FileMatrix.BufferingBuffers)
                    cells.Add(new SyscallCell(SyscallFamilies.FileSeekInBuffer.Name, ("case", "in-buffer"), ("handle", handle), ("buffer", buffer)));
            foreach (var handle in FileMatrix.Handles)
                foreach (var api in new[] { "Read", "ReadAsync" })
                    foreach (var buffer in new[] { "0", "4096" })
                        cells.Add(new SyscallCell(SyscallFamilies.FileSeekBetweenReads.Name, ("case", "between-reads"), ("handle", handle), ("api", api), ("buffer", buffer)));
            return cells;
        }
    }

    /// <summary>syscalls.file.flush: Flush() with nothing buffered writes nothing; Flush(true) issues exactly one fsync/fdatasync.</summary>
    public sealed class FileFlushSyscallCheck : SyscallCheck
    {
        public override SyscallFamily Family => SyscallFamilies.FileFlush;

        public override IReadOnlyList<SyscallCell> Cells(CheckContext context) =>
            (from handle in FileMatrix.Handles
             from buffer in new[] { "0", "4096" }
             from mode in new[] { "empty", "to-disk" }
             select new SyscallCell(Family.Scenario.Name, ("handle", handle), ("buffer", buffer), ("mode", mode))).ToList();
    }

    /// <summary>syscalls.buffered-stream: BufferedStream over an unbuffered FileStream has the buffered budgets.</summary>
    public sealed class BufferedStreamSyscallCheck : SyscallCheck
    {
        public override SyscallFamily Family => SyscallFamilies.BufferedStream;

        public override IReadOnlyList<SyscallCell> Cells(CheckContext context)
        {
            var cells = new List<SyscallCell>();
            foreach (var api in new[] { "Read", "Write" })
                foreach (var chunk in FileMatrix.Chunks)
                    cells.Add(new SyscallCell(Family.Scenario.Name, ("api", api), ("buffer", 4096), ("chunk", chunk), ("length", FileMatrix.LengthFor(context, "4096"))));
            cells.Add(new SyscallCell(Family.Scenario.Name, ("api", "ReadByte"), ("buffer", 4096), ("chunk", 1), ("length", FileMatrix.LengthFor(context, "4096"))));
            cells.Add(new SyscallCell(Family.Scenario.Name, ("api", "WriteByte"), ("buffer", 4096), ("chunk", 1), ("length", FileMatrix.LengthFor(context, "4096"))));
            return cells;
        }
    }

    /// <summary>syscalls.pipe: one read per Read on an anonymous pipe with data waiting, nothing else.</summary>
    public sealed class PipeSyscallCheck : SyscallCheck
    {
        public override SyscallFamily Family => SyscallFamilies.Pipe;

        public override IReadOnlyList<SyscallCell> Cells(CheckContext context) =>
            new[] { "Read", "ReadAsync" }.Select(api => new SyscallCell(Family.Scenario.Name, ("api", api), ("chunk", 100))).ToList();
    }

    /// <summary>syscalls.socket: one receive per Read on a loopback NetworkStream with data waiting, nothing else.</summary>
    public sealed class SocketSyscallCheck : SyscallCheck
    {
        public override SyscallFamily Family => SyscallFamilies.Socket;

        public override IReadOnlyList<SyscallCell> Cells(CheckContext context) =>
            new[] { "Read", "ReadAsync" }.Select(api => new SyscallCell(Family.Scenario.Name, ("api", api), ("chunk", 100))).ToList();
    }

    /// <summary>syscalls.random-access: one pread/pwrite per RandomAccess call and no lseek (.NET only).</summary>
    public sealed class RandomAccessSyscallCheck : SyscallCheck
    {
        public override SyscallFamily Family => SyscallFamilies.RandomAccess;

#if NET
        public override string? RuntimeUnsupportedReason => null;
#else
        public override string? RuntimeUnsupportedReason => "RandomAccess does not exist on this runtime";
#endif

        public override IReadOnlyList<SyscallCell> Cells(CheckContext context) =>
            new[] { new SyscallCell(Family.Scenario.Name, ("api", "Read"), ("chunk", 4096)), new SyscallCell(Family.Scenario.Name, ("api", "Write"), ("chunk", 4096)) };
    }

    /// <summary>
    /// syscalls.fsync-batching (seed 004): n writes made durable per item or once at the end, for two values of n.
    /// Per cell: the counts. Then one verdict: batched durability must cost the same number of syncs whatever n,
    /// and per-item durability must cost one per item (else the meter, or Flush(true), is not doing its job).
    /// </summary>
    public sealed class FsyncBatchingSyscallCheck : SyscallCheck
    {
        public static readonly int[] Sizes = { 10, 20 };

        public override SyscallFamily Family => SyscallFamilies.FsyncBatching;

        public override IReadOnlyList<SyscallCell> Cells(CheckContext context) =>
            (from mode in new[] { "per-item", "batched" }
             from n in Sizes
             select new SyscallCell(Family.Scenario.Name, ("handle", "sync"), ("mode", mode), ("n", n))).ToList();

        protected override IEnumerable<CheckResult> Judge(IReadOnlyList<SyscallMeasurement> measurements, CheckContext context)
        {
            foreach (var m in measurements)
                yield return JudgeCell(Name, m, BoundsFor(m, context), BudgetSource(context));
            var perItem = measurements.FirstOrDefault(m => m.Cell.Get("mode") == "per-item");
            var syncs = perItem == null ? null : Allowance(SyscallBudgets.SyncsPerFlushToDisk, perItem.Cell, context);
            yield return Verdict(Name, measurements, syncs, BudgetSource(context));
        }

        /// <summary>
        /// The family's verdict over its four cells (one per mode and n); per item must cost
        /// <paramref name="syncsPerFlushToDisk"/> per item (no figure: Skip, "no budget").
        /// </summary>
        internal static CheckResult Verdict(string name, IReadOnlyList<SyscallMeasurement> measurements, SyscallAllowance? syncsPerFlushToDisk, string budgetSource)
        {
            var broken = measurements.FirstOrDefault(m => m.Report.Status != SyscallCellReport.Ok);
            if (broken != null)
                return CheckResult.Of(name, broken.Report.Status == SyscallCellReport.Unsupported ? Outcome.Skip : Outcome.Error,
                    $"{broken.Cell.Id}: {broken.Report.Message}");
            int Syncs(string mode, int n) => measurements.First(m => m.Cell.Get("mode") == mode && m.Cell.GetInt("n") == n).FamilyCount(SyscallNames.Family.Sync);
            var result = CheckResult.Of(name, Outcome.Pass, "");
            foreach (var n in Sizes)
            {
                result.WithMetric($"syncs.per-item.n={n}", Syncs("per-item", n));
                result.WithMetric($"syncs.batched.n={n}", Syncs("batched", n));
            }
            var batched = Sizes.Select(n => Syncs("batched", n)).ToList();
            var perItem = Sizes.Select(n => Syncs("per-item", n)).ToList();
            var constant = batched.Distinct().Count() == 1;
            var each = syncsPerFlushToDisk?.Value;
            var scales = each != null && Sizes.Select((n, i) => perItem[i] == n * each.Value).All(x => x);
            result.Outcome = !constant || (each != null && !scales) ? Outcome.Fail : each == null ? Outcome.Skip : Outcome.Pass;
            var perItemVerdict = each == null ? $"no budget: {SyscallBudgets.SyncsPerFlushToDisk} for {SyscallFamilies.FsyncBatching.Scenario.Name} in {budgetSource}"
                : scales ? $"{each} per item" : $"expected {each} per item ({SyscallBudgets.SyncsPerFlushToDisk} {each}: {syncsPerFlushToDisk!.Source})";
            result.Message = $"batched: {string.Join(", ", Sizes.Select((n, i) => $"n={n} → {batched[i]}"))} syncs ({(constant ? "constant" : "grows with n, expected constant")}); "
                             + $"per item: {string.Join(", ", Sizes.Select((n, i) => $"n={n} → {perItem[i]}"))} syncs ({perItemVerdict})";
            return result;
        }
    }
}
