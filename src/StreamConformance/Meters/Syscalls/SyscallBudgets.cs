using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;

namespace StreamConformance.Meters.Syscalls
{
    // One concept: syscall budgets: a bound, the allowances it comes from, a cell's bounds, and how they are worked out.
    /// <summary>A bound on one family of calls in one region: at least <see cref="Min"/>, at most <see cref="Max"/>.</summary>
    public sealed class SyscallBudget
    {
        public SyscallBudget(string family, int min, int max, string why, IReadOnlyList<SyscallAllowance>? from = null)
        {
            Family = family;
            Min = min;
            Max = max;
            Why = why;
            From = from ?? Array.Empty<SyscallAllowance>();
        }

        /// <summary>A family from <see cref="SyscallNames.Family"/>.</summary>
        public string Family { get; }
        public int Min { get; }
        public int Max { get; }
        /// <summary>How the bound follows from the cell, e.g. "one per buffer fill: 16 fills + 2 at EOF".</summary>
        public string Why { get; }
        /// <summary>The budget-file allowances the bound was computed from.</summary>
        public IReadOnlyList<SyscallAllowance> From { get; }

        public bool Allows(int count) => count >= Min && count <= Max;

        public string Describe() => Min == Max ? $"exactly {Max}" : Min == 0 ? $"at most {Max}" : $"{Min}..{Max}";

        /// <summary>"readsPerFill 1, readsAtEof 2: default \"file.read\"": the figures and the rules they came from.</summary>
        public string DescribeSources() =>
            string.Join("; ", From.GroupBy(a => a.Source).Select(g => string.Join(", ", g.Select(a => a.Name + " " + Str(a.Value))) + ": " + g.Key));

        static string Str(int value) => value.ToString(CultureInfo.InvariantCulture);
    }

    /// <summary>One figure of a budget file's "syscalls" section as it applies to a cell, and the rule that set it.</summary>
    public sealed class SyscallAllowance
    {
        public SyscallAllowance(string name, int value, string source)
        {
            Name = name;
            Value = value;
            Source = source;
        }

        /// <summary>A name from <see cref="SyscallBudgets.Allowances"/>.</summary>
        public string Name { get; }
        public int Value { get; }
        /// <summary>"default \"file.read\"", "mono \"file.write\"", "override for T \"file.write\" on mono: reason".</summary>
        public string Source { get; }
    }

    /// <summary>The bounds a cell gets from a budget file, and the allowances it needed but the file does not set.</summary>
    public sealed class SyscallBounds
    {
        public SyscallBounds(IReadOnlyList<SyscallBudget> budgets, IReadOnlyList<string> missing)
        {
            Budgets = budgets;
            Missing = missing;
        }

        public IReadOnlyList<SyscallBudget> Budgets { get; }
        /// <summary>Allowance names the cell's bounds need and no rule sets: those bounds are not judged.</summary>
        public IReadOnlyList<string> Missing { get; }
    }

    /// <summary>
    /// How each scenario's region turns the budget file's allowances (figures per operation, per buffer, per handle)
    /// into bounds on call families. The figures are budgets and come from the file (docs/budgets.md, "syscalls");
    /// what stays here is arithmetic that follows from the scenario: how many fills 64 KiB takes, how many reads a
    /// seek-between-reads cell makes, which bounds must be exact because fewer calls would lose data or durability.
    /// </summary>
    public static class SyscallBudgets
    {
        public const string ReadsPerFill = "readsPerFill";
        public const string ReadsAtEof = "readsAtEof";
        public const string WritesPerFlush = "writesPerFlush";
        public const string SeeksPerCall = "seeksPerCall";
        public const string SeeksPerHandle = "seeksPerHandle";
        public const string SeeksPerSeek = "seeksPerSeek";
        public const string StatsPerSeek = "statsPerSeek";
        public const string CallsPerInBufferSeek = "callsPerInBufferSeek";
        public const string CallsPerEmptyFlush = "callsPerEmptyFlush";
        public const string SyncsPerFlushToDisk = "syncsPerFlushToDisk";
        public const string ReadsPerWaitingRead = "readsPerWaitingRead";
        public const string OtherCallsPerRead = "otherCallsPerRead";
        public const string PositionedCallsPerCall = "positionedCallsPerCall";

        /// <summary>Every allowance a "syscalls" rule may set, with its meaning.</summary>
        public static readonly IReadOnlyDictionary<string, string> Allowances = new Dictionary<string, string>(StringComparer.Ordinal)
        {
            [ReadsPerFill] = "read calls per buffer fill, or per call whose chunk is not smaller than the buffer",
            [ReadsAtEof] = "read calls at the end of the file (the call draining the buffer may meet EOF refilling it, the next must ask again)",
            [WritesPerFlush] = "write calls per flushed buffer, per call that bypasses the buffer, or per Flush(true) of buffered bytes",
            [SeeksPerCall] = "lseek calls per sequential Read/Write",
            [SeeksPerHandle] = "one-time lseek calls per handle (lseek(fd, 0, SEEK_CUR) to learn whether it can seek)",
            [SeeksPerSeek] = "lseek calls per Seek to a target outside the buffer",
            [StatsPerSeek] = "stat-family calls per Seek",
            [CallsPerInBufferSeek] = "calls of any family per Seek inside the buffer or Position get",
            [CallsPerEmptyFlush] = "write or sync calls per Flush() with nothing buffered",
            [SyncsPerFlushToDisk] = "fsync/fdatasync calls per Flush(true) (exact: fewer would lose durability)",
            [ReadsPerWaitingRead] = "read calls per Read on a pipe or socket with the data waiting",
            [OtherCallsPerRead] = "calls of other families per Read on a pipe or socket",
            [PositionedCallsPerCall] = "pread/pwrite calls per RandomAccess call (exact)",
        };

        /// <summary>The scenarios budgets speak about (every family's, <see cref="SyscallFamilies"/>); a budget file may name only these (or "*").</summary>
        public static IReadOnlyDictionary<string, SyscallScenarioInfo> Scenarios => SyscallFamilies.Scenarios;

        /// <summary>The type a scenario measures, or null for a scenario budgets do not know (e.g. a test's own).</summary>
        public static string? TypeOf(string scenario) => Scenarios.TryGetValue(scenario, out var info) ? info.Type : null;

        /// <summary>
        /// The bounds for a cell whose region made <paramref name="operations"/> operations, with figures from
        /// <paramref name="find"/> (allowance name → the rule that applies to this cell, or null).
        /// </summary>
        public static SyscallBounds For(SyscallCell cell, int operations, Func<string, SyscallAllowance?> find)
        {
            var b = new Builder(find);
            switch (cell.Scenario)
            {
                case SyscallFamilies.FileReadScenario:
                    SequentialRead(b, cell, BufferOf(cell.Get("buffer")));
                    break;
                case SyscallFamilies.FileWriteScenario:
                    SequentialWrite(b, cell, BufferOf(cell.Get("buffer")));
                    break;
                case SyscallFamilies.BufferedScenario:
                    if (cell.Get("api").StartsWith("Read", StringComparison.Ordinal)) SequentialRead(b, cell, cell.GetInt("buffer"));
                    else SequentialWrite(b, cell, cell.GetInt("buffer"));
                    break;
                case SyscallFamilies.FileSeekInBufferScenario:
                    foreach (var family in SyscallNames.Family.All)
                        b.AtMost(family, v => operations * v(CallsPerInBufferSeek), v => $"{v(CallsPerInBufferSeek)} per Seek inside the buffer or Position get", CallsPerInBufferSeek);
                    break;
                case SyscallFamilies.FileSeekBetweenReadsScenario:
                    // The region is read, Seek, read: two reads outside the buffer, one Seek.
                    b.AtMost(SyscallNames.Family.Read, v => 2 * v(ReadsPerFill), v => $"{v(ReadsPerFill)} per read, the target being outside the buffer", ReadsPerFill);
                    b.AtMost(SyscallNames.Family.Seek, v => v(SeeksPerSeek) + 2 * v(SeeksPerCall), v => $"{v(SeeksPerSeek)} for the Seek, {v(SeeksPerCall)} per read", SeeksPerSeek, SeeksPerCall);
                    b.AtMost(SyscallNames.Family.Stat, v => v(StatsPerSeek), v => $"{v(StatsPerSeek)} per Seek", StatsPerSeek);
                    break;
                case SyscallFamilies.FileFlushScenario when cell.Get("mode") == "to-disk":
                    b.Exactly(SyscallNames.Family.Sync, v => operations * v(SyncsPerFlushToDisk), v => $"{v(SyncsPerFlushToDisk)} fsync or fdatasync per Flush(true)", SyncsPerFlushToDisk);
                    b.AtMost(SyscallNames.Family.Write, v => operations * v(WritesPerFlush), v => $"{v(WritesPerFlush)} per Flush(true) of 10 buffered bytes", WritesPerFlush);
                    b.AtMost(SyscallNames.Family.Seek, v => v(SeeksPerHandle), v => $"none per Flush(true), {v(SeeksPerHandle)} per handle", SeeksPerHandle);
                    break;
                case SyscallFamilies.FileFlushScenario:
                    b.AtMost(SyscallNames.Family.Write, v => operations * v(CallsPerEmptyFlush), v => $"{v(CallsPerEmptyFlush)} per Flush() with nothing to write", CallsPerEmptyFlush);
                    b.AtMost(SyscallNames.Family.Sync, v => operations * v(CallsPerEmptyFlush), v => $"{v(CallsPerEmptyFlush)} per Flush(), which does not ask for durability", CallsPerEmptyFlush);
                    break;
                case SyscallFamilies.FileFsyncBatchingScenario:
                    // Per item: a Flush(true) per write; batched: one Flush(true) at the end.
                    var flushes = cell.Get("mode") == "per-item" ? cell.GetInt("n") : 1;
                    b.Exactly(SyscallNames.Family.Sync, v => flushes * v(SyncsPerFlushToDisk), v => $"{v(SyncsPerFlushToDisk)} per Flush(true), {flushes} Flush(true)", SyncsPerFlushToDisk);
                    break;
                case SyscallFamilies.PipeReadScenario:
                case SyscallFamilies.SocketReadScenario:
                    b.AtMost(SyscallNames.Family.Read, v => operations * v(ReadsPerWaitingRead), v => $"{v(ReadsPerWaitingRead)} per Read with the data waiting", ReadsPerWaitingRead);
                    foreach (var family in SyscallNames.Family.All.Where(f => f != SyscallNames.Family.Read))
                        b.AtMost(family, v => operations * v(OtherCallsPerRead), v => $"{v(OtherCallsPerRead)} per Read", OtherCallsPerRead);
                    break;
                case SyscallFamilies.RandomAccessScenario:
                    b.Exactly(cell.Get("api") == "Write" ? SyscallNames.Family.Write : SyscallNames.Family.Read,
                        v => operations * v(PositionedCallsPerCall), v => $"{v(PositionedCallsPerCall)} pread/pwrite per call", PositionedCallsPerCall);
                    b.AtMost(SyscallNames.Family.Seek, v => v(SeeksPerHandle), v => $"positional I/O needs no lseek per call, {v(SeeksPerHandle)} per handle", SeeksPerHandle);
                    break;
            }
            return b.Build();
        }

        /// <summary>0 for an unbuffered stream (bufferSize 0 or 1 means "no buffer" on .NET), else the buffer's size.</summary>
        public static int BufferOf(string buffer) =>
            buffer == "default" ? global::StreamConformance.Meters.Syscalls.Scenarios.ScenarioFiles.DocumentedDefaultBufferSize
            : int.Parse(buffer, CultureInfo.InvariantCulture) is var size && size > 1 ? size : 0;

        /// <summary>Reading "length" bytes front to back in calls of "chunk" bytes (1 for ReadByte) through a buffer of <paramref name="buffer"/> bytes (0: none).</summary>
        static void SequentialRead(Builder b, SyscallCell cell, int buffer)
        {
            var length = cell.GetInt("length");
            var chunk = cell.Get("api") == "ReadByte" ? 1 : cell.GetInt("chunk");
            var calls = Ceiling(length, chunk) + 1; // the last one returns 0
            if (buffer > chunk)
            {
                var fills = Ceiling(length, buffer);
                b.AtMost(SyscallNames.Family.Read, v => fills * v(ReadsPerFill) + v(ReadsAtEof),
                    v => $"{v(ReadsPerFill)} per buffer fill: {fills} fills + {v(ReadsAtEof)} at EOF", ReadsPerFill, ReadsAtEof);
            }
            else
            {
                b.AtMost(SyscallNames.Family.Read, v => (calls - 1) * v(ReadsPerFill) + v(ReadsAtEof),
                    v => $"{v(ReadsPerFill)} per call, the chunk not being smaller than the buffer: {calls - 1} calls + {v(ReadsAtEof)} at EOF", ReadsPerFill, ReadsAtEof);
            }
            SequentialSeeks(b, calls);
        }

        static void SequentialWrite(Builder b, SyscallCell cell, int buffer)
        {
            var length = cell.GetInt("length");
            var chunk = cell.Get("api") == "WriteByte" ? 1 : cell.GetInt("chunk");
            var calls = Ceiling(length, chunk);
            if (buffer > chunk)
            {
                // A buffer is flushed only when the next chunk no longer fits, so every flush but the last carries at
                // least buffer - chunk + 1 bytes (a full buffer for WriteByte): at most ceil(length / that) flushes.
                var least = buffer - chunk + 1;
                var flushes = Ceiling(length, least);
                b.AtMost(SyscallNames.Family.Write, v => flushes * v(WritesPerFlush),
                    v => $"{v(WritesPerFlush)} per flushed buffer, each but the last holding at least {least} bytes: {flushes} flushes", WritesPerFlush);
            }
            else
            {
                b.AtMost(SyscallNames.Family.Write, v => calls * v(WritesPerFlush),
                    v => $"{v(WritesPerFlush)} per call, the chunk not being smaller than the buffer: {calls} calls", WritesPerFlush);
            }
            SequentialSeeks(b, calls);
        }

        static void SequentialSeeks(Builder b, int calls) =>
            b.AtMost(SyscallNames.Family.Seek, v => calls * v(SeeksPerCall) + v(SeeksPerHandle),
                v => $"{v(SeeksPerCall)} per sequential call, {v(SeeksPerHandle)} per handle", SeeksPerCall, SeeksPerHandle);

        static int Ceiling(int a, int b) => (a + b - 1) / b;

        /// <summary>Collects bounds; a bound whose allowances are not all set is left out and its names reported missing.</summary>
        sealed class Builder
        {
            readonly Func<string, SyscallAllowance?> _find;
            readonly List<SyscallBudget> _budgets = new List<SyscallBudget>();
            readonly List<string> _missing = new List<string>();

            public Builder(Func<string, SyscallAllowance?> find) => _find = find;

            public void AtMost(string family, Func<Func<string, int>, int> max, Func<Func<string, int>, string> why, params string[] names) =>
                Add(family, false, max, why, names);

            public void Exactly(string family, Func<Func<string, int>, int> count, Func<Func<string, int>, string> why, params string[] names) =>
                Add(family, true, count, why, names);

            void Add(string family, bool exact, Func<Func<string, int>, int> bound, Func<Func<string, int>, string> why, string[] names)
            {
                var found = names.Select(n => (Name: n, Allowance: _find(n))).ToList();
                var absent = found.Where(f => f.Allowance == null).Select(f => f.Name).ToList();
                if (absent.Count > 0)
                {
                    _missing.AddRange(absent.Where(n => !_missing.Contains(n)));
                    return;
                }
                var from = found.Select(f => f.Allowance!).ToList();
                int V(string name) => from.First(a => a.Name == name).Value;
                var value = checked(bound(V));
                _budgets.Add(new SyscallBudget(family, exact ? value : 0, value, why(V), from));
            }

            public SyscallBounds Build() => new SyscallBounds(_budgets, _missing);
        }
    }
}
