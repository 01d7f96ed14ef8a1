using System;
using System.Collections.Generic;
using System.Linq;

namespace StreamConformance.Meters.Syscalls
{
    // One concept: syscall families: a family, the scenarios it runs, and the list of every family.
    /// <summary>
    /// A syscall budget family: the check that measures it ("syscalls.file.read"), the stream its table rows name, and
    /// the scenarios its cells run. The check, the scenarios, the budgets and the syscall table all read it, so a
    /// family's names are spelled once.
    /// </summary>
    public sealed class SyscallFamily
    {
        public SyscallFamily(string check, string stream, params SyscallScenarioInfo[] scenarios)
        {
            Check = check;
            Stream = stream;
            Scenarios = scenarios;
        }

        /// <summary>The check's name, and the prefix of its cells' result names: "syscalls.file.read".</summary>
        public string Check { get; }
        /// <summary>What the syscall table's rows call the measured stream: "FileStream", "AnonymousPipe".</summary>
        public string Stream { get; }
        public IReadOnlyList<SyscallScenarioInfo> Scenarios { get; }

        /// <summary>The family's one scenario (a family of several names each of its own).</summary>
        public SyscallScenarioInfo Scenario => Scenarios.Count == 1 ? Scenarios[0]
            : throw new InvalidOperationException($"{Check} has {Scenarios.Count} scenarios: name the one meant");

        public override string ToString() => Check;
    }

    /// <summary>A scenario the syscall budgets know: its name in cells, the type it measures and the parameters its cells carry.</summary>
    public sealed class SyscallScenarioInfo
    {
        public SyscallScenarioInfo(string name, string type, params string[] parameters)
        {
            Name = name;
            Type = type;
            Parameters = parameters;
        }

        /// <summary>The name cells carry and the <see cref="ISyscallScenario"/> answers to: "file.read".</summary>
        public string Name { get; }
        /// <summary>Full name of the type under test, what a budget override's "type" names.</summary>
        public string Type { get; }
        public IReadOnlyList<string> Parameters { get; }

        public override string ToString() => Name;
    }

    /// <summary>
    /// Every syscall family, in the order the syscall table shows them. A new family is one entry here (and in
    /// <see cref="All"/>); tests/…/Syscalls/SyscallFamilyTests.cs then asks for its check, scenarios and bounds.
    /// </summary>
    public static class SyscallFamilies
    {
        const string FileStreamType = "System.IO.FileStream";

        /// <summary>Scenario names as constants, for <see cref="SyscallBudgets.For"/>'s switch; each is spelled nowhere else.</summary>
        public const string FileReadScenario = "file.read", FileWriteScenario = "file.write",
            FileSeekInBufferScenario = "file.seek-in-buffer", FileSeekBetweenReadsScenario = "file.seek-between-reads",
            FileFlushScenario = "file.flush", FileFsyncBatchingScenario = "file.fsync-batching", BufferedScenario = "buffered",
            PipeReadScenario = "pipe.read", SocketReadScenario = "socket.read", RandomAccessScenario = "random-access";

        public static readonly SyscallScenarioInfo FileSeekInBuffer = new SyscallScenarioInfo(FileSeekInBufferScenario, FileStreamType, "case", "handle", "buffer");
        public static readonly SyscallScenarioInfo FileSeekBetweenReads = new SyscallScenarioInfo(FileSeekBetweenReadsScenario, FileStreamType, "case", "handle", "api", "buffer");

        public static readonly SyscallFamily FileRead = new SyscallFamily("syscalls.file.read", "FileStream",
            new SyscallScenarioInfo(FileReadScenario, FileStreamType, "handle", "api", "buffer", "chunk", "length"));
        public static readonly SyscallFamily FileWrite = new SyscallFamily("syscalls.file.write", "FileStream",
            new SyscallScenarioInfo(FileWriteScenario, FileStreamType, "handle", "api", "buffer", "chunk", "length"));
        public static readonly SyscallFamily FileSeek = new SyscallFamily("syscalls.file.seek", "FileStream", FileSeekInBuffer, FileSeekBetweenReads);
        public static readonly SyscallFamily FileFlush = new SyscallFamily("syscalls.file.flush", "FileStream",
            new SyscallScenarioInfo(FileFlushScenario, FileStreamType, "handle", "buffer", "mode"));
        public static readonly SyscallFamily FsyncBatching = new SyscallFamily("syscalls.fsync-batching", "FileStream",
            new SyscallScenarioInfo(FileFsyncBatchingScenario, FileStreamType, "handle", "mode", "n"));
        public static readonly SyscallFamily BufferedStream = new SyscallFamily("syscalls.buffered-stream", "BufferedStream",
            new SyscallScenarioInfo(BufferedScenario, "System.IO.BufferedStream", "api", "buffer", "chunk", "length"));
        public static readonly SyscallFamily Pipe = new SyscallFamily("syscalls.pipe", "AnonymousPipe",
            new SyscallScenarioInfo(PipeReadScenario, "System.IO.Pipes.AnonymousPipeClientStream", "api", "chunk"));
        public static readonly SyscallFamily Socket = new SyscallFamily("syscalls.socket", "NetworkStream",
            new SyscallScenarioInfo(SocketReadScenario, "System.Net.Sockets.NetworkStream", "api", "chunk"));
        public static readonly SyscallFamily RandomAccess = new SyscallFamily("syscalls.random-access", "RandomAccess",
            new SyscallScenarioInfo(RandomAccessScenario, "System.IO.RandomAccess", "api", "chunk"));

        public static IReadOnlyList<SyscallFamily> All { get; } = new[]
        {
            FileRead, FileWrite, FileSeek, FileFlush, FsyncBatching, BufferedStream, Pipe, Socket, RandomAccess,
        };

        /// <summary>Every family's scenarios by name.</summary>
        public static IReadOnlyDictionary<string, SyscallScenarioInfo> Scenarios { get; } =
            All.SelectMany(f => f.Scenarios).ToDictionary(s => s.Name, StringComparer.Ordinal);

        /// <summary>The family a check name belongs to, or null (a test's own family).</summary>
        public static SyscallFamily? Find(string check) => All.FirstOrDefault(f => f.Check == check);
    }
}
