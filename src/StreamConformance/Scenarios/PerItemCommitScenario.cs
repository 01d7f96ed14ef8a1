using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using StreamConformance.Meters.Syscalls;

namespace StreamConformance.Scenarios
{
    /// <summary>
    /// per-item-commit (seed 004, transposed to streams): N records of 100 B made durable with Flush(true) after
    /// each (one SaveChanges per row) or once per batch (one per media object). The seed's 2404 rows in 108
    /// batches become the same 22.3 records per batch here.
    /// </summary>
    public sealed class PerItemCommitScenario : IScenario
    {
        /// <summary>A quarter of the seed's 2404 rows and 108 batches: the same records per batch, within a minute here (--size 4: the seed's counts).</summary>
        public const int DefaultRecords = 601, DefaultBatches = 27, RecordBytes = 100, Rounds = 5;

        public string Name => "per-item-commit";
        public string Source => "seed 004 (SQL CE performance improvements in 2.6.1, 2012): SaveChanges per row vs per media object: 2404 → 108 calls, 9.3 → 4.8 min";

        public ScenarioResult Run(ScenarioContext context)
        {
            var records = context.Scaled(DefaultRecords);
            var batches = System.Math.Min(records, context.Scaled(DefaultBatches));
            var result = new ScenarioResult { Scenario = Name, Source = Source };
            result.Notes.Add($"{records} records of {RecordBytes} B ({ScenarioMeters.Bytes((long)records * RecordBytes)}) appended to a new file, {batches} batches; 1 thread; FileStream bufferSize 4096; local disk ({System.Environment.ProcessorCount} cores)");
            result.Notes.Add($"page cache: writes go through it; Flush(true) forces them to the disk; {Rounds} runs per case");
            var traced = new List<(ScenarioCase, SyscallCell, string)>();
            foreach (var perItem in new[] { true, false })
            {
                var c = new ScenarioCase
                {
                    Name = perItem ? "Flush(true) per record" : "Flush(true) per batch", Baseline = perItem,
                    Published = perItem ? "2404 calls, 9.3 min" : "108 calls, 4.8 min: 0.52×",
                };
                var count = perItem ? records : batches;
                WriteAll(context.TempDirectory, 10, System.Math.Min(10, count)); // warm-up: JIT and first-call costs, a few fsyncs
                var samples = new List<double>();
                for (var r = 0; r < Rounds; r++)
                {
                    var clock = Stopwatch.StartNew();
                    var bytes = ScenarioMeters.BytesPerOp(() => WriteAll(context.TempDirectory, records, count), records);
                    samples.Add(clock.Elapsed.TotalSeconds);
                    if (r == 0) c.BytesPerOp = bytes;
                    context.Heartbeat();
                }
                c.Time = TimeFigure.Of(samples, $"{records} records");
                c.AllocationNote = "includes opening the file once per run";
                result.Cases.Add(c);
                traced.Add((c, new SyscallCell(Traced.ScenarioName, ("records", records), ("commits", count)), $"{records} records"));
            }
            ScenarioMeters.CountSyscalls(context, traced);
            return result.WithRatios();
        }

        static void WriteAll(string folder, int records, int commits)
        {
            var path = Path.Combine(folder, "per-item-commit-" + System.Guid.NewGuid().ToString("N").Substring(0, 8) + ".bin");
            try
            {
                using (var stream = new FileStream(path, FileMode.CreateNew, FileAccess.Write, FileShare.None, 4096))
                    Write(stream, records, commits);
                if (new FileInfo(path).Length != (long)records * RecordBytes) throw new InvalidDataException($"{path}: wrong length");
            }
            finally { File.Delete(path); }
        }

        /// <summary>
        /// Writes <paramref name="records"/> records and calls Flush(true) <paramref name="commits"/> times, after the
        /// last record of each of that many equal batches (commits = records: after every record).
        /// </summary>
        public static void Write(Stream stream, int records, int commits)
        {
            var record = new byte[RecordBytes];
            var file = (FileStream)stream;
            var done = 0;
            for (var i = 0; i < records; i++)
            {
                record[0] = (byte)i;
                stream.Write(record, 0, record.Length);
                // Batch b ends after record ⌈(b+1)·records/commits⌉ − 1.
                if ((long)(i + 1) * commits >= (long)(done + 1) * records)
                {
                    file.Flush(true);
                    done++;
                }
            }
            if (done != commits) throw new InvalidDataException($"{done} commits, expected {commits}");
        }

        /// <summary>The same writes in the syscall meter's traced child. Parameters: records, commits.</summary>
        public sealed class Traced : ISyscallScenario
        {
            public const string ScenarioName = "scenario.per-item-commit";
            public string Name => ScenarioName;

            public int Run(SyscallCell cell, SyscallRegion region)
            {
                var records = cell.GetInt("records");
                var path = region.NewFile(new byte[0]);
                region.WatchFile(path);
                using (var stream = new FileStream(path, FileMode.Create, FileAccess.Write, FileShare.None, 4096))
                {
                    region.Begin();
                    try { Write(stream, records, cell.GetInt("commits")); }
                    catch (InvalidDataException e) { throw new ScenarioWrongResultException(e.Message); }
                    finally { region.End(); }
                }
                if (new FileInfo(path).Length != (long)records * RecordBytes) throw new ScenarioWrongResultException("the file has the wrong length");
                return records;
            }
        }
    }
}
