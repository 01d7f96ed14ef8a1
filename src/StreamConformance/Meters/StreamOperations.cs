using System;
using System.Collections.Generic;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using StreamConformance.Discovery;
using StreamConformance.Recipes;

namespace StreamConformance.Meters
{
    /// <summary>The operations the meters measure, one instance each.</summary>
    public static class StreamOperations
    {
        public static readonly StreamOperation ReadByte = new ReadByteOperation();
        public static readonly StreamOperation WriteByte = new WriteByteOperation();
        public static readonly StreamOperation ReadSpan1 = new ReadSpanOperation(1);
        public static readonly StreamOperation ReadSpan100 = new ReadSpanOperation(100);
        public static readonly StreamOperation WriteSpan1 = new WriteSpanOperation(1);
        public static readonly StreamOperation WriteSpan100 = new WriteSpanOperation(100);
        public static readonly StreamOperation Seek = new SeekOperation();
        public static readonly StreamOperation PositionGet = new PositionGetOperation();
        public static readonly StreamOperation ReadAsyncMemoryBuffered = new ReadAsyncMemoryOperation();
        public static readonly StreamOperation ReadAsyncArray100 = new ReadAsyncArrayOperation(100);

        public static IReadOnlyList<StreamOperation> All { get; } = new[]
        {
            ReadByte, WriteByte, ReadSpan1, ReadSpan100, WriteSpan1, WriteSpan100, Seek, PositionGet,
            ReadAsyncMemoryBuffered, ReadAsyncArray100,
        };

        public static StreamOperation? Find(string name)
        {
            foreach (var op in All)
                if (op.Name == name) return op;
            return null;
        }

        const string EndReached = "a read returned 0 before the content ended: the stream ended early";

        /// <summary>
        /// Waits for a pending call by spinning and yielding, never by blocking (a blocking wait allocates its own
        /// event, or not, depending on who finishes first: the harness's cost, not the stream's) and never by
        /// sleeping (a millisecond's sleep inside a timed batch would be the harness's time).
        /// </summary>
        static void Spin(ref int spins)
        {
            // WebAssembly has one thread: what would complete the call (a pool work item, a later turn of the event loop)
            // cannot run while this one spins, so the wait would never end. That is the platform's limit, not the stream's.
            if (Runtimes.RuntimeResolver.IsRunningOnWasm) throw new PlatformNotSupportedException(SingleThreadWait);
            if (++spins < 20) Thread.SpinWait(30);
            else Thread.Yield();
        }

        /// <summary>
        /// <see cref="OperationSession.Pass"/> for a stream that cannot seek: the content of n calls read or written in calls
        /// of up to 4 KiB, asynchronous ones for an asynchronous operation (a stream may refuse synchronous calls) waited for
        /// as its calls are. Null for a seekable stream: it is rewound to 0 before the measured calls. (A forward-only
        /// writer's store has room set aside, <see cref="ForwardOnlyStore"/>, so what the pass wrote moves no doubling of it
        /// into a window.)
        /// </summary>
        internal static Action<int>? PassOf(Stream s, OperationKind kind, int bytesPerCall, bool asynchronous)
        {
            if (s.CanSeek || bytesPerCall <= 0) return null;
            return calls =>
            {
                var chunk = kind == OperationKind.Write ? ContentCache.Get(PassChunk) : new byte[PassChunk];
                for (var left = (long)calls * bytesPerCall; left > 0;)
                {
                    var n = (int)Math.Min(left, PassChunk);
                    if (kind == OperationKind.Write)
                    {
                        s.Write(chunk, 0, n);
                        left -= n;
                        continue;
                    }
                    var got = asynchronous ? Wait(s.ReadAsync(chunk, 0, n)) : s.Read(chunk, 0, n);
                    if (got <= 0) return;   // ended early: the calls that follow say so (EndReached)
                    left -= got;
                }
            };
        }

        const int PassChunk = 4096;

        static int Wait(Task<int> pending)
        {
            var spins = 0;
            while (!pending.IsCompleted) Spin(ref spins);
            return pending.GetAwaiter().GetResult();
        }

        const string SingleThreadWait =
            "the call did not complete synchronously, and WebAssembly's one thread cannot wait for it to complete later";

        sealed class ReadByteOperation : StreamOperation
        {
            public ReadByteOperation() : base("read-byte", "ReadByte", StreamMembers.ReadByte, OperationKind.Read, 1) { }

            protected override OperationSession Bind(StreamFixture fixture)
            {
                var s = fixture.Stream;
                OperationSession? session = null;
                session = new OperationSession(() => { if (s.ReadByte() < 0) session!.Anomaly = EndReached; }, RewindOf(s), fixture);
                return session.WithLoop(DirectLoop.TryFor(s.GetType(), DirectLoop.Shape.ReadByte), s);
            }
        }

        sealed class WriteByteOperation : StreamOperation
        {
            public WriteByteOperation() : base("write-byte", "WriteByte", StreamMembers.WriteByte, OperationKind.Write, 1) { }

            protected override OperationSession Bind(StreamFixture fixture)
            {
                var s = fixture.Stream;
                return new OperationSession(() => s.WriteByte(42), RewindOf(s), fixture)
                    .WithLoop(DirectLoop.TryFor(s.GetType(), DirectLoop.Shape.WriteByte), s);
            }
        }

        sealed class ReadSpanOperation : StreamOperation
        {
            readonly int _count;

            public ReadSpanOperation(int count) : base("read-span-" + count, $"Read(Span) of {count} byte{(count == 1 ? "" : "s")}", StreamMembers.ReadSpan, OperationKind.Read, count) =>
                _count = count;

            protected override OperationSession Bind(StreamFixture fixture)
            {
                var s = fixture.Stream;
                var buffer = new byte[_count];
                OperationSession? session = null;
                session = new OperationSession(() => { if (s.Read(new Span<byte>(buffer)) == 0) session!.Anomaly = EndReached; }, RewindOf(s), fixture);
                return session.WithLoop(DirectLoop.TryFor(s.GetType(), DirectLoop.Shape.ReadSpan), s, buffer);
            }
        }

        sealed class WriteSpanOperation : StreamOperation
        {
            readonly int _count;

            public WriteSpanOperation(int count) : base("write-span-" + count, $"Write(ReadOnlySpan) of {count} byte{(count == 1 ? "" : "s")}", StreamMembers.WriteSpan, OperationKind.Write, count) =>
                _count = count;

            protected override OperationSession Bind(StreamFixture fixture)
            {
                var s = fixture.Stream;
                var buffer = ContentCache.Get(_count);
                var count = _count;
                return new OperationSession(() => s.Write(new ReadOnlySpan<byte>(buffer, 0, count)), RewindOf(s), fixture)
                    .WithLoop(DirectLoop.TryFor(s.GetType(), DirectLoop.Shape.WriteSpan), s, buffer);
            }
        }

        /// <summary>Seek to offsets 1 and 2 in turn, after a first read filled the stream's buffer: never leaves the buffer.</summary>
        sealed class SeekOperation : StreamOperation
        {
            public SeekOperation() : base("seek", "Seek inside the buffer", StreamMembers.Seek, OperationKind.Read, 0) { }

            public override string? WhyNotApplicable(StreamRecipe recipe) => recipe.CanSeek ? null : "the recipe's streams cannot seek";

            protected override OperationSession Bind(StreamFixture fixture)
            {
                var s = fixture.Stream;
                s.ReadByte();
                var offset = 1L;
                return new OperationSession(() => { s.Seek(offset, SeekOrigin.Begin); offset = 3 - offset; }, null, fixture)
                    .WithLoop(DirectLoop.TryFor(s.GetType(), DirectLoop.Shape.SeekAlternating), s);
            }
        }

        sealed class PositionGetOperation : StreamOperation
        {
            internal static long Sink;

            public PositionGetOperation() : base("position-get", "Position get", StreamMembers.GetPosition, OperationKind.Read, 0) { }

            public override string? WhyNotApplicable(StreamRecipe recipe) => recipe.CanSeek ? null : "the recipe's streams cannot seek";

            protected override OperationSession Bind(StreamFixture fixture)
            {
                var s = fixture.Stream;
                s.ReadByte();
                return new OperationSession(() => Sink = s.Position, null, fixture)
                    .WithLoop(DirectLoop.TryFor(s.GetType(), DirectLoop.Shape.PositionGet), s);
            }
        }

        /// <summary>ReadAsync(Memory) of 1 byte on a buffered stream: the data is in the buffer, so the call should complete synchronously and allocate nothing.</summary>
        sealed class ReadAsyncMemoryOperation : StreamOperation
        {
            public ReadAsyncMemoryOperation() : base("read-async-memory", "ReadAsync(Memory) of 1 buffered byte", StreamMembers.ReadAsyncMemory, OperationKind.Read, 1) { }

            protected override bool Asynchronous => true;

            public override string? WhyNotApplicable(StreamRecipe recipe) =>
                recipe.IsBuffered ? null : "the recipe's streams are not buffered: no call finds its data already buffered";

            protected override OperationSession Bind(StreamFixture fixture)
            {
                var s = fixture.Stream;
                var memory = new Memory<byte>(new byte[1]);
                OperationSession? session = null;
                session = new OperationSession(() =>
                {
                    var pending = s.ReadAsync(memory);
                    if (!pending.IsCompleted)
                    {
                        session!.Note = "ReadAsync(Memory) did not complete synchronously although its data was buffered";
                        session.CompletedAsynchronously = true;
                        var spins = 0;
                        while (!pending.IsCompleted) Spin(ref spins);
                    }
                    if (pending.Result == 0) session!.Anomaly = EndReached;
                }, RewindOf(s), fixture);
                return session;
            }
        }

        sealed class ReadAsyncArrayOperation : StreamOperation
        {
            readonly int _count;

            public ReadAsyncArrayOperation(int count) : base("read-async-array-" + count, $"ReadAsync(byte[]) of {count} bytes", StreamMembers.ReadAsyncArray, OperationKind.Read, count) =>
                _count = count;

            protected override bool Asynchronous => true;

            protected override OperationSession Bind(StreamFixture fixture)
            {
                var s = fixture.Stream;
                var buffer = new byte[_count];
                var count = _count;
                OperationSession? session = null;
                session = new OperationSession(() =>
                {
                    Task<int> pending = s.ReadAsync(buffer, 0, count);
                    if (!pending.IsCompleted)
                    {
                        session!.CompletedAsynchronously = true;
                        var spins = 0;
                        while (!pending.IsCompleted) Spin(ref spins);
                    }
                    if (pending.GetAwaiter().GetResult() == 0) session!.Anomaly = EndReached;
                }, RewindOf(s), fixture);
                return session;
            }
        }
    }
}
