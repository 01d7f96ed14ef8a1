using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Threading.Tasks;
using StreamConformance.Meters.Syscalls;

namespace StreamConformance.Scenarios
{
    /// <summary>
    /// small-chunks (seed 000): a database reads its file in 5000 chunks of 100 B, each a Seek then a read, as
    /// SiaqoDb did: synchronous Read, ReadAsync on an async handle, ReadAsync on a sync handle.
    /// </summary>
    public sealed class SmallChunksScenario : IScenario
    {
        public const int DefaultReads = 5000, Chunk = 100, Rounds = 11;
        /// <summary>Reads counted under strace: enough to show the per-read pattern, few enough to stay fast when traced.</summary>
        public const int TracedReads = 1000;

        public string Name => "small-chunks";
        public string Source => "seed 000 (Forensics: StorageFile vs IsolatedStorage Performance, 2014): 5000 reads of 100 B; WinRT ReadAsync 6.4 s vs 0.3 s synchronous on the phone, 250 ms after moving to the synchronous stream";

        public static readonly IReadOnlyList<(string Mode, string Case, string Published)> Cases = new[]
        {
            ("read", "Seek + Read, sync handle", "0.3 s (Windows Phone); 250 ms after the fix"),
            ("async-handle", "Seek + ReadAsync, async handle", "6.4 s: ~21× (WinRT ReadAsync)"),
            ("sync-handle", "Seek + ReadAsync, sync handle", "not published"),
        };

        public ScenarioResult Run(ScenarioContext context)
        {
            var reads = context.Scaled(DefaultReads);
            var path = ScratchFile.Create(context.TempDirectory, "small-chunks", (long)reads * Chunk);
            var result = new ScenarioResult { Scenario = Name, Source = Source };
            result.Notes.Add($"file {ScenarioMeters.Bytes((long)reads * Chunk)}, {reads} reads of {Chunk} B front to back, each after a Seek; 1 thread; FileStream bufferSize 4096");
            result.Notes.Add($"page cache: warm (the file was just written); time per run of {reads} reads, {Rounds} runs per case after one warm-up run");
            var traced = new List<(ScenarioCase, SyscallCell, string)>();
            foreach (var (mode, name, published) in Cases)
            {
                var c = new ScenarioCase { Name = name, Baseline = mode == "read", Published = published };
                using (var stream = Open(path, mode))
                {
                    var buffer = new byte[Chunk];
                    ReadAll(stream, mode, buffer, reads); // warm-up: JIT, the handle's first calls
                    c.BytesPerOp = ScenarioMeters.BytesPerOp(() => ReadAll(stream, mode, buffer, reads), reads);
                    if (mode != "read") c.AllocationNote = "the calling thread only: continuations on pool threads are not counted";
                    c.Time = TimeFigure.Measure(Rounds, () =>
                    {
                        var clock = Stopwatch.StartNew();
                        ReadAll(stream, mode, buffer, reads);
                        return clock.Elapsed.TotalSeconds;
                    }, $"{reads} reads", heartbeat: context.Heartbeat);
                }
                result.Cases.Add(c);
                traced.Add((c, new SyscallCell(Traced.ScenarioName, ("mode", mode), ("reads", TracedReads)), $"{TracedReads} reads"));
            }
            ScenarioMeters.CountSyscalls(context, traced);
            return result.WithRatios();
        }

        public static FileStream Open(string path, string mode) =>
            new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, mode == "async-handle" ? FileOptions.Asynchronous : FileOptions.None);

        /// <summary>Reads chunk i at offset i·100, checking the bytes; the async modes await each read in turn.</summary>
        public static void ReadAll(Stream stream, string mode, byte[] buffer, int reads)
        {
            if (mode == "read")
            {
                for (var i = 0; i < reads; i++)
                {
                    stream.Seek((long)i * Chunk, SeekOrigin.Begin);
                    Check(stream.Read(buffer, 0, Chunk), buffer, i);
                }
            }
            else ReadAllAsync(stream, buffer, reads).GetAwaiter().GetResult();
        }

        static async Task ReadAllAsync(Stream stream, byte[] buffer, int reads)
        {
            for (var i = 0; i < reads; i++)
            {
                stream.Seek((long)i * Chunk, SeekOrigin.Begin);
                Check(await stream.ReadAsync(buffer, 0, Chunk).ConfigureAwait(false), buffer, i);
            }
        }

        static void Check(int n, byte[] buffer, int chunk)
        {
            if (n != Chunk || buffer[0] != ScratchFile.ValueAt((long)chunk * Chunk) || buffer[Chunk - 1] != ScratchFile.ValueAt((long)chunk * Chunk + Chunk - 1))
                throw new InvalidDataException($"chunk {chunk}: read {n} bytes, or wrong bytes");
        }

        /// <summary>The same reads in the syscall meter's traced child. Parameters: mode, reads.</summary>
        public sealed class Traced : ISyscallScenario
        {
            public const string ScenarioName = "scenario.small-chunks";
            public string Name => ScenarioName;

            public int Run(SyscallCell cell, SyscallRegion region)
            {
                var reads = cell.GetInt("reads");
                var mode = cell.Get("mode");
                var content = new byte[reads * Chunk];
                for (var i = 0; i < content.Length; i++) content[i] = ScratchFile.ValueAt(i);
                var path = region.NewFile(content);
                region.WatchFile(path);
                region.AllThreads = mode != "read";
                using var stream = Open(path, mode);
                var buffer = new byte[Chunk];
                region.Begin();
                try { ReadAll(stream, mode, buffer, reads); }
                catch (InvalidDataException e) { throw new ScenarioWrongResultException(e.Message); }
                finally { region.End(); }
                return reads;
            }
        }
    }
}
