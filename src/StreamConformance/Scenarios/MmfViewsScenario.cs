using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.IO.MemoryMappedFiles;

namespace StreamConformance.Scenarios
{
    /// <summary>
    /// mmf-views (seed 001): the same block read again and again from a memory-mapped file through a
    /// MemoryMappedViewStream and through a MemoryMappedViewAccessor, one view kept ("single") or a view created
    /// per read ("multiple"), against Array.Copy of the same bytes, for blocks of 32 B, 1 KiB and 32 KiB.
    /// </summary>
    public sealed class MmfViewsScenario : IScenario
    {
        public const int Rounds = 7;
        /// <summary>Each timed round lasts at least this long (times the size), so a round of 32 B copies is not all timer.</summary>
        public static readonly TimeSpan RoundTarget = TimeSpan.FromMilliseconds(15);
        public static readonly int[] Blocks = { 32, 1024, 32768 };

        public string Name => "mmf-views";
        public string Source => "seed 001 (Memory Mapped File Performance, thargy.com): slowdown factors vs Array.Copy per block size, view stream and accessor, one view reused vs one per read";

        /// <summary>The seed's table: factor vs Array.Copy for (block, case).</summary>
        public static readonly IReadOnlyDictionary<int, double[]> Published = new Dictionary<int, double[]>
        {
            // view stream single, view stream multiple, accessor single, accessor multiple
            [32] = new[] { 3.3, 400, 12, 400 },
            [1024] = new[] { 1.75, 127, 120, 243 },
            [32768] = new[] { 1.03, 9.7, 163, 172 },
        };

        public static readonly string[] CaseNames = { "Array.Copy", "view stream, one view", "view stream, view per read", "accessor, one view", "accessor, view per read" };

        public ScenarioResult Run(ScenarioContext context)
        {
            var result = new ScenarioResult { Scenario = Name, Source = Source };
            var length = Blocks[Blocks.Length - 1];
            var path = ScratchFile.Create(context.TempDirectory, "mmf-views", length);
            var target = TimeSpan.FromTicks((long)(RoundTarget.Ticks * Math.Max(0.05, context.Size)));
            result.Notes.Add($"file {ScenarioMeters.Bytes(length)} mapped read-only; every read is of the same block at offset 0, as in the seed; 1 thread");
            result.Notes.Add($"page cache: warm (written, then read once before timing, as the seed measured after an initial read); {Rounds} rounds per case of at least {target.TotalMilliseconds:0.#} ms each");
            result.Notes.Add("syscalls: not counted (a view per read costs mmap/munmap, which the syscall meter does not trace; the reads themselves make none)");
            var source = File.ReadAllBytes(path);
            using var mmf = MemoryMappedFile.CreateFromFile(path, FileMode.Open, null, 0, MemoryMappedFileAccess.Read);
            using var viewStream = mmf.CreateViewStream(0, length, MemoryMappedFileAccess.Read);
            using var accessor = mmf.CreateViewAccessor(0, length, MemoryMappedFileAccess.Read);
            foreach (var block in Blocks)
            {
                var destination = new byte[block];
                var published = Published[block];
                var reads = new Action[]
                {
                    () => Array.Copy(source, 0, destination, 0, block),
                    () => { viewStream.Position = 0; Read(viewStream, destination, block); },
                    () => { using var s = mmf.CreateViewStream(0, block, MemoryMappedFileAccess.Read); Read(s, destination, block); },
                    () => accessor.ReadArray(0, destination, 0, block),
                    () => { using var a = mmf.CreateViewAccessor(0, block, MemoryMappedFileAccess.Read); a.ReadArray(0, destination, 0, block); },
                };
                for (var i = 0; i < reads.Length; i++)
                {
                    var read = reads[i];
                    Array.Clear(destination, 0, block);
                    var ops = Calibrate(read, target);
                    if (destination[block - 1] != source[block - 1] || destination[0] != source[0])
                        throw new InvalidDataException($"{CaseNames[i]} ({block} B) read wrong bytes");
                    var c = new ScenarioCase
                    {
                        Group = BlockName(block), Name = CaseNames[i], Baseline = i == 0, SyscallNote = "not counted (mmap/munmap are not traced)",
                        Published = i == 0 ? "1×" : published[i - 1].ToString(System.Globalization.CultureInfo.InvariantCulture) + "×",
                    };
                    c.BytesPerOp = ScenarioMeters.BytesPerOp(() => Repeat(read, ops), ops);
                    c.Time = TimeFigure.Measure(Rounds, () => Repeat(read, ops), "read", ops, context.Heartbeat);
                    result.Cases.Add(c);
                }
            }
            return result.WithRatios();
        }

        public static string BlockName(int block) => block >= 1024 ? block / 1024 + " KiB" : block + " B";

        static void Read(Stream stream, byte[] destination, int count)
        {
            var at = 0;
            while (at < count)
            {
                var n = stream.Read(destination, at, count - at);
                if (n <= 0) throw new EndOfStreamException();
                at += n;
            }
        }

        static double Repeat(Action read, int ops)
        {
            var clock = Stopwatch.StartNew();
            for (var i = 0; i < ops; i++) read();
            return clock.Elapsed.TotalSeconds;
        }

        /// <summary>Operations per round: doubled until a round lasts the target (JIT and first-call costs are paid on the way).</summary>
        static int Calibrate(Action read, TimeSpan target)
        {
            var ops = 1;
            while (ops < 1 << 26 && Repeat(read, ops) < target.TotalSeconds) ops *= 2;
            return ops;
        }
    }
}
