using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using System.Threading;
using System.Threading.Tasks;
using StreamConformance.Meters.Syscalls;

namespace StreamConformance.Scenarios
{
    /// <summary>
    /// async-vs-sync (seed 003): 16 threads each read their own region of one file in 4 KiB (then 64 KiB) chunks,
    /// hashing each chunk with SHA-1, with Read on a sync handle and with ReadAsync on an async handle, unbuffered
    /// (O_DIRECT) when the runtime and file system allow it. The seed found a seek before every ReadAsync: the
    /// syscall meter counts them beside the times.
    /// </summary>
    public sealed class AsyncVsSyncScenario : IScenario
    {
        public const int Threads = 16, DefaultMiBPerThread = 4, Batches = 3;
        /// <summary>What a traced single-thread read covers (the per-chunk syscall pattern, not the volume).</summary>
        public const int TracedBytes = 1 << 20;
        /// <summary>FILE_FLAG_NO_BUFFERING as the seed passed it; .NET on Unix maps it to O_DIRECT, or ignores it.</summary>
        const FileOptions NoBuffering = (FileOptions)0x20000000;

        public string Name => "async-vs-sync";
        public string Source => "seed 003 (The Cost of Async I/O, Ayende Rahien): 16 threads × 32 MB, 4 KB chunks + SHA1, unbuffered on a network share: sync ~9 s per thread, async 8–15 s; 64 KB sync ~2 s; async 10–30 % slower; a SetFilePointer before every async read";

        public ScenarioResult Run(ScenarioContext context)
        {
            var perThread = (long)Math.Max(64 * 1024, Math.Round(DefaultMiBPerThread * context.Size * (1 << 20) / 65536) * 65536);
            var path = ScratchFile.Create(context.TempDirectory, "async-vs-sync", perThread * Threads);
            var result = new ScenarioResult { Scenario = Name, Source = Source };
            var unbuffered = TryUnbuffered(path, out var unbufferedNote);
            result.Notes.Add($"{Threads} threads × {ScenarioMeters.Bytes(perThread)} (published: 32 MB each), one file of {ScenarioMeters.Bytes(perThread * Threads)} on the local disk (published: a network share); {Environment.ProcessorCount} cores (published: 8)");
            result.Notes.Add("unbuffered: " + unbufferedNote);
            var evict = Evict(path);
            result.Notes.Add(unbuffered ? "page cache: bypassed (O_DIRECT)" : "page cache: " + evict);
            result.Notes.Add($"all threads start at once (the seed started one every 250 ms); time per thread over {Batches} batches ({Batches * Threads} samples); FileStream bufferSize 4096 with SequentialScan as in the seed");
            var traced = new List<(ScenarioCase, SyscallCell, string)>();
            foreach (var chunk in new[] { 4096, 65536 })
            {
                foreach (var isAsync in new[] { false, true })
                {
                    var c = new ScenarioCase
                    {
                        Group = chunk / 1024 + " KiB chunks", Name = isAsync ? "ReadAsync, async handle" : "Read, sync handle", Baseline = !isAsync,
                        Published = (chunk, isAsync) switch
                        {
                            (4096, false) => "~9 s per thread (8.7–9.6 s)",
                            (4096, true) => "8.3–15.2 s per thread: 1.1–1.6×, 10–30 % slower overall",
                            (_, false) => "~2 s for the whole run",
                            _ => "better than 4 KB async (no figure)",
                        },
                    };
                    var samples = new List<double>();
                    var wall = new List<double>();
                    for (var b = 0; b < Batches; b++)
                    {
                        if (!unbuffered) Evict(path);
                        var clock = Stopwatch.StartNew();
                        samples.AddRange(RunBatch(path, perThread, chunk, isAsync, unbuffered));
                        wall.Add(clock.Elapsed.TotalSeconds);
                        context.Heartbeat();
                    }
                    c.Time = TimeFigure.Of(samples, $"thread ({ScenarioMeters.Bytes(perThread)})");
                    c.Note = "whole batch: " + string.Join(", ", wall.Select(w => w.ToString("0.00", System.Globalization.CultureInfo.InvariantCulture) + " s"));
                    c.AllocationNote = "not measured: the work is spread over 16 threads and the pool";
                    result.Cases.Add(c);
                    traced.Add((c, new SyscallCell(SyscallFamilies.FileRead.Scenario.Name, ("handle", isAsync ? "async" : "sync"), ("api", isAsync ? "ReadAsync" : "Read"), ("buffer", "4096"),
                        ("chunk", chunk), ("length", TracedBytes)), $"{ScenarioMeters.Bytes(TracedBytes)} on 1 thread ({TracedBytes / chunk} reads + the one at the end)"));
                }
            }
            ScenarioMeters.CountSyscalls(context, traced);
            return result.WithRatios();
        }

        /// <summary>Runs the 16 workers once; returns each one's seconds.</summary>
        public static double[] RunBatch(string path, long perThread, int chunk, bool isAsync, bool unbuffered)
        {
            var seconds = new double[Threads];
            if (isAsync)
            {
                var tasks = Enumerable.Range(0, Threads).Select(i => Task.Run(async () => seconds[i] = await ReadRegionAsync(path, i, perThread, chunk, unbuffered).ConfigureAwait(false))).ToArray();
                Task.WaitAll(tasks);
                return seconds;
            }
            var threads = Enumerable.Range(0, Threads).Select(i => new Thread(() => seconds[i] = ReadRegion(path, i, perThread, chunk, unbuffered))).ToList();
            threads.ForEach(t => t.Start());
            threads.ForEach(t => t.Join());
            return seconds;
        }

        static FileStream Open(string path, bool isAsync, bool unbuffered) =>
            new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096,
                FileOptions.SequentialScan | (isAsync ? FileOptions.Asynchronous : FileOptions.None) | (unbuffered ? NoBuffering : FileOptions.None));

        static double ReadRegion(string path, int index, long perThread, int chunk, bool unbuffered)
        {
            var clock = Stopwatch.StartNew();
            var buffer = new byte[chunk];
            using var sha = SHA1.Create();
            using var stream = Open(path, false, unbuffered);
            stream.Seek(index * perThread, SeekOrigin.Begin);
            long size = 0;
            int read;
            while (size < perThread && (read = stream.Read(buffer, 0, buffer.Length)) != 0)
            {
                Check(buffer, index * perThread + size);
                sha.ComputeHash(buffer, 0, read);
                size += read;
            }
            if (size < perThread) throw new InvalidDataException($"thread {index} read {size} bytes, expected {perThread}");
            return clock.Elapsed.TotalSeconds;
        }

        static async Task<double> ReadRegionAsync(string path, int index, long perThread, int chunk, bool unbuffered)
        {
            var clock = Stopwatch.StartNew();
            var buffer = new byte[chunk];
            using var sha = SHA1.Create();
            using var stream = Open(path, true, unbuffered);
            stream.Seek(index * perThread, SeekOrigin.Begin);
            long size = 0;
            int read;
            while (size < perThread && (read = await stream.ReadAsync(buffer, 0, buffer.Length).ConfigureAwait(false)) != 0)
            {
                Check(buffer, index * perThread + size);
                sha.ComputeHash(buffer, 0, read);
                size += read;
            }
            if (size < perThread) throw new InvalidDataException($"thread {index} read {size} bytes, expected {perThread}");
            return clock.Elapsed.TotalSeconds;
        }

        static void Check(byte[] buffer, long offset)
        {
            if (buffer[0] != ScratchFile.ValueAt(offset)) throw new InvalidDataException($"wrong byte at offset {offset}");
        }

        /// <summary>
        /// Opens the file as the seed did (FILE_FLAG_NO_BUFFERING) and reads one 4 KiB chunk; true only when the
        /// descriptor really has O_DIRECT (/proc/self/fdinfo) and the read succeeded.
        /// </summary>
        public static bool TryUnbuffered(string path, out string note)
        {
            try
            {
                using var stream = Open(path, false, true);
                var flags = DescriptorFlags(stream);
                if (flags == null) { note = "not tried: /proc/self/fdinfo is not readable, so O_DIRECT could not be confirmed; buffered reads instead"; return false; }
                if ((flags.Value & ODirect) == 0) { note = $"this runtime ignores FILE_FLAG_NO_BUFFERING on Linux (the descriptor's flags 0{Convert.ToString(flags.Value, 8)} have no O_DIRECT); buffered reads instead"; return false; }
                var buffer = new byte[4096];
                if (stream.Read(buffer, 0, buffer.Length) != buffer.Length) { note = "O_DIRECT open, but a 4 KiB read returned less; buffered reads instead"; return false; }
                note = "O_DIRECT (FILE_FLAG_NO_BUFFERING honoured: the descriptor has O_DIRECT and 4 KiB reads into a byte[] succeed)";
                return true;
            }
            catch (Exception e) when (e is IOException || e is ArgumentException || e is UnauthorizedAccessException)
            {
                note = $"O_DIRECT refused here ({e.GetType().Name}: {e.Message.Split('\n')[0]}); buffered reads instead";
                return false;
            }
        }

        const int ODirect = 0x4000; // 040000 on x86-64 Linux

        static int? DescriptorFlags(FileStream stream)
        {
            var info = "/proc/self/fdinfo/" + stream.SafeFileHandle.DangerousGetHandle().ToInt64();
            if (!File.Exists(info)) return null;
            var line = File.ReadAllLines(info).FirstOrDefault(l => l.StartsWith("flags:", StringComparison.Ordinal));
            return line == null ? (int?)null : Convert.ToInt32(line.Substring(6).Trim(), 8);
        }

        /// <summary>Drops the file's pages from the page cache (it was fsynced when written), so each batch reads from the disk.</summary>
        static string Evict(string path)
        {
            try
            {
                using var stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read);
                var rc = posix_fadvise(checked((int)stream.SafeFileHandle.DangerousGetHandle().ToInt64()), 0, 0, PosixFadvDontNeed);
                return rc == 0 ? "cold: the file's pages dropped with posix_fadvise(POSIX_FADV_DONTNEED) before every batch"
                    : $"warm: posix_fadvise(POSIX_FADV_DONTNEED) returned {rc}";
            }
            catch (Exception e) when (e is DllNotFoundException || e is EntryPointNotFoundException)
            {
                return $"warm: posix_fadvise unavailable ({e.GetType().Name})";
            }
        }

        const int PosixFadvDontNeed = 4;

        [DllImport("libc.so.6")]
        static extern int posix_fadvise(int fd, long offset, long length, int advice);
    }
}
