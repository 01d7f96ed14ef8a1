using System;
using System.Collections.Generic;
using System.Globalization;

namespace StreamConformance.Meters.Syscalls
{
    /// <summary>A bound on one family of calls in one region: at least <see cref="Min"/>, at most <see cref="Max"/>.</summary>
    public sealed class SyscallBudget
    {
        public SyscallBudget(string family, int min, int max, string why)
        {
            Family = family;
            Min = min;
            Max = max;
            Why = why;
        }

        /// <summary>A family from <see cref="SyscallNames.Family"/>.</summary>
        public string Family { get; }
        public int Min { get; }
        public int Max { get; }
        /// <summary>How the bound follows from the cell, e.g. "one per buffer fill: 16 fills + the EOF read".</summary>
        public string Why { get; }

        public static SyscallBudget AtMost(string family, int max, string why) => new SyscallBudget(family, 0, max, why);
        public static SyscallBudget Exactly(string family, int count, string why) => new SyscallBudget(family, count, count, why);

        public bool Allows(int count) => count >= Min && count <= Max;

        public string Describe() => Min == Max ? $"exactly {Max}" : Min == 0 ? $"at most {Max}" : $"{Min}..{Max}";
    }

    /// <summary>
    /// The syscall budgets, in one place: the per-operation allowances below and how each scenario's region
    /// turns them into bounds. Families without a bound are measured and reported but not judged.
    /// </summary>
    public static class SyscallBudgets
    {
        /// <summary>Read calls per buffer fill, or per read of a chunk at least as large as the buffer (read straight into the caller's array).</summary>
        public const int ReadsPerFill = 1;
        /// <summary>
        /// Read calls at the end of a file: the call that drains the buffer may try to refill it and meet EOF, and the next
        /// call must ask again (the file may have grown). A third read at EOF is waste.
        /// </summary>
        public const int ReadsAtEndOfFile = 2;
        /// <summary>One-time lseek per handle (lseek(fd, 0, SEEK_CUR) on first use, to learn whether it can seek); never per call.</summary>
        public const int OneTimeSeeksPerHandle = 1;
        /// <summary>Write calls per flushed buffer, or per write of a chunk that bypasses the buffer.</summary>
        public const int WritesPerBufferFlush = 1;
        /// <summary>lseek calls per sequential Read/Write: the stream knows its position.</summary>
        public const int SeeksPerSequentialCall = 0;
        /// <summary>Any counted call for a Seek inside the buffer or a Position get.</summary>
        public const int CallsPerInBufferSeek = 0;
        /// <summary>lseek calls per Seek to a target outside the buffer (positional I/O needs none).</summary>
        public const int SeeksPerOutOfBufferSeek = 1;
        /// <summary>Write or sync calls for a Flush() with nothing buffered.</summary>
        public const int CallsPerEmptyFlush = 0;
        /// <summary>fsync/fdatasync calls per Flush(true): exactly one, fewer would lose durability.</summary>
        public const int SyncsPerFlushToDisk = 1;
        /// <summary>Read calls per Read on a pipe or socket when the data is already waiting.</summary>
        public const int ReadsPerWaitingRead = 1;
        /// <summary>pread/pwrite calls per RandomAccess call.</summary>
        public const int PositionedCallsPerRandomAccessCall = 1;

        /// <summary>The bounds for a cell, by scenario; an empty list means "measure only".</summary>
        public static IReadOnlyList<SyscallBudget> For(SyscallCell cell) => cell.Scenario switch
        {
            "file.read" => SequentialRead(cell, BufferOf(cell.Get("buffer")), cell.Get("api") == "ReadByte"),
            "file.write" => SequentialWrite(cell, BufferOf(cell.Get("buffer")), cell.Get("api") == "WriteByte"),
            "buffered" => cell.Get("api").StartsWith("Read", StringComparison.Ordinal)
                ? SequentialRead(cell, cell.GetInt("buffer"), cell.Get("api") == "ReadByte")
                : SequentialWrite(cell, cell.GetInt("buffer"), cell.Get("api") == "WriteByte"),
            "file.seek-in-buffer" => AllFamilies(20 * CallsPerInBufferSeek, "no call for a Seek inside the buffer or a Position get"),
            "file.seek-between-reads" => new[]
            {
                SyscallBudget.AtMost(SyscallNames.Family.Read, 2 * ReadsPerFill, "one per read: the target is outside the buffer"),
                SyscallBudget.AtMost(SyscallNames.Family.Seek, SeeksPerOutOfBufferSeek, "one for the Seek, none per read"),
                SyscallBudget.AtMost(SyscallNames.Family.Stat, 0, "none"),
            },
            "file.flush" => cell.Get("mode") == "to-disk"
                ? new[]
                {
                    SyscallBudget.Exactly(SyscallNames.Family.Sync, 5 * SyncsPerFlushToDisk, "one fsync or fdatasync per Flush(true)"),
                    SyscallBudget.AtMost(SyscallNames.Family.Write, 5 * WritesPerBufferFlush, "one per Flush(true) of 10 buffered bytes"),
                    SyscallBudget.AtMost(SyscallNames.Family.Seek, OneTimeSeeksPerHandle, "none per Flush(true), one per handle"),
                }
                : new[]
                {
                    SyscallBudget.AtMost(SyscallNames.Family.Write, 10 * CallsPerEmptyFlush, "nothing to write"),
                    SyscallBudget.AtMost(SyscallNames.Family.Sync, 10 * CallsPerEmptyFlush, "Flush() does not ask for durability"),
                },
            "pipe.read" or "socket.read" => OnlyReads(10 * ReadsPerWaitingRead, "one per Read with the data waiting"),
            "random-access" => new[]
            {
                SyscallBudget.Exactly(cell.Get("api") == "Write" ? SyscallNames.Family.Write : SyscallNames.Family.Read,
                    16 * PositionedCallsPerRandomAccessCall, "one pread/pwrite per call"),
                SyscallBudget.AtMost(SyscallNames.Family.Seek, OneTimeSeeksPerHandle, "positional I/O needs no lseek per call, one per handle"),
            },
            _ => Array.Empty<SyscallBudget>(),
        };

        /// <summary>0 for an unbuffered stream (bufferSize 0 or 1 means "no buffer" on .NET), else the buffer's size.</summary>
        public static int BufferOf(string buffer) =>
            buffer == "default" ? Scenarios.ScenarioFiles.DocumentedDefaultBufferSize
            : int.Parse(buffer, CultureInfo.InvariantCulture) is var size && size > 1 ? size : 0;

        static IReadOnlyList<SyscallBudget> SequentialRead(SyscallCell cell, int buffer, bool byteAtATime) =>
            SequentialRead(cell.GetInt("length"), buffer, byteAtATime ? 1 : cell.GetInt("chunk"));

        /// <summary>Reading <paramref name="length"/> bytes front to back in calls of <paramref name="chunk"/> bytes through a buffer of <paramref name="buffer"/> bytes (0: none).</summary>
        public static IReadOnlyList<SyscallBudget> SequentialRead(int length, int buffer, int chunk)
        {
            var calls = Ceiling(length, chunk) + 1;
            int reads;
            string why;
            if (buffer > chunk)
            {
                reads = Ceiling(length, buffer) * ReadsPerFill + ReadsAtEndOfFile;
                why = $"one per buffer fill: {Ceiling(length, buffer)} fills + {ReadsAtEndOfFile} at EOF";
            }
            else
            {
                reads = (calls - 1) * ReadsPerFill + ReadsAtEndOfFile;
                why = $"one per call, the chunk not being smaller than the buffer: {calls - 1} + {ReadsAtEndOfFile} at EOF";
            }
            return new[]
            {
                SyscallBudget.AtMost(SyscallNames.Family.Read, reads, why),
                SyscallBudget.AtMost(SyscallNames.Family.Seek, calls * SeeksPerSequentialCall + OneTimeSeeksPerHandle, "none per sequential call, one per handle"),
            };
        }

        static IReadOnlyList<SyscallBudget> SequentialWrite(SyscallCell cell, int buffer, bool byteAtATime)
        {
            var length = cell.GetInt("length");
            var chunk = byteAtATime ? 1 : cell.GetInt("chunk");
            var calls = Ceiling(length, chunk);
            int writes;
            string why;
            if (buffer > chunk)
            {
                // A buffer is flushed only when the next chunk no longer fits, so every flush but the last carries at
                // least buffer - chunk + 1 bytes (a full buffer for WriteByte): at most ceil(length / that) flushes.
                var least = buffer - chunk + 1;
                writes = Ceiling(length, least) * WritesPerBufferFlush;
                why = $"one per flushed buffer, each but the last holding at least {least} bytes";
            }
            else
            {
                writes = calls * WritesPerBufferFlush;
                why = $"one per call, the chunk not being smaller than the buffer: {calls}";
            }
            return new[]
            {
                SyscallBudget.AtMost(SyscallNames.Family.Write, writes, why),
                SyscallBudget.AtMost(SyscallNames.Family.Seek, calls * SeeksPerSequentialCall + OneTimeSeeksPerHandle, "none per sequential call, one per handle"),
            };
        }

        static IReadOnlyList<SyscallBudget> AllFamilies(int max, string why)
        {
            var list = new List<SyscallBudget>();
            foreach (var family in SyscallNames.Family.All) list.Add(SyscallBudget.AtMost(family, max, why));
            return list;
        }

        static IReadOnlyList<SyscallBudget> OnlyReads(int reads, string why)
        {
            var list = new List<SyscallBudget> { SyscallBudget.AtMost(SyscallNames.Family.Read, reads, why) };
            foreach (var family in SyscallNames.Family.All)
                if (family != SyscallNames.Family.Read) list.Add(SyscallBudget.AtMost(family, 0, "none extra"));
            return list;
        }

        static int Ceiling(int a, int b) => (a + b - 1) / b;
    }
}
