using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Runtime.CompilerServices;
using MathNet.Numerics.Statistics;
using StreamConformance.Recipes;
using StreamConformance.Runtimes;

namespace StreamConformance.Meters
{
    // One concept: the latency meter, the settings it runs with, and the figures it gives.

    /// <summary>
    /// Nanoseconds per call, as the median of several timed batches, and above all as ratios measured in the
    /// same process moments apart: to a baseline (MemoryStream.ReadByte or WriteByte through the same harness)
    /// and to the limit (a plain loop reading a byte[], the cheapest way managed code gets one byte).
    /// </summary>
    /// <remarks>
    /// Each operation that can be spelled as a direct call is timed in a loop generated for the stream's own type
    /// (<see cref="DirectLoop"/>), as BenchmarkDotNet times a benchmark; so are the MemoryStream baseline and the byte[]
    /// limit. Their overhead is the same loop with an empty body, timed in each round and subtracted. An operation that
    /// must wait for calls completing elsewhere (the asynchronous reads) goes through its session's delegate in one
    /// counted loop (<c>TimeBatch</c>), with an empty delegate's time as its overhead; the result says which way it was
    /// timed (<see cref="LatencyMeasurement.Direct"/>). The limit loop has no overhead subtracted. An operation or baseline whose time per call is within the
    /// harness's own noise was not measured: <see cref="LatencyMeasurement.UnmeasurableReason"/> says so, and no ratio is made of it.
    /// Absolute figures depend on the machine and its load: report them, never assert them.
    /// </remarks>
    public static class LatencyMeter
    {
        /// <summary>
        /// Measures an operation on a recipe's stream together with the harness, the baseline and the limit,
        /// in interleaved rounds (harness, baseline, operation, limit), so that all four see the same machine
        /// state; each round's harness figure is subtracted from that round's baseline and operation.
        /// </summary>
        /// <param name="heartbeat">Called between steps: on a stream whose sessions take seconds to open, still working, not hung.</param>
        /// <param name="announce">Told how long a long step (opening a session that holds data for every round) should take, by the pilot's figure.</param>
        public static LatencyMeasurement Measure(StreamOperation operation, StreamRecipe recipe, bool quick = false, Action? heartbeat = null, Action<TimeSpan>? announce = null) =>
            Measure(operation, recipe, quick ? LatencySettings.Quick : LatencySettings.Normal, heartbeat, announce);

        public static LatencyMeasurement Measure(StreamOperation operation, StreamRecipe recipe, LatencySettings settings, Action? heartbeat = null, Action<TimeSpan>? announce = null)
        {
            heartbeat ??= () => { };
            announce ??= _ => { };
            _ = s_limitCompiled.Value;
            var baselineOperation = operation.Kind == OperationKind.Write ? StreamOperations.WriteByte : StreamOperations.ReadByte;
            var baselineCalls = CallsPerBatch(baselineOperation, BaselineRecipe.Instance, settings, out _);
            var calls = CallsPerBatch(operation, recipe, settings, out var openSecondsPerCall);
            heartbeat();
            // The most rounds this figure may get: a stream that rewinds between batches, any; one that cannot holds
            // data for every round it may get, so it gets as many as fit in UnseekableBytes (never fewer than Batches).
            var most = Math.Max(settings.Batches, settings.MaxBatches);
            if (!recipe.CanSeek)
                most = (int)Math.Max(settings.Batches, Math.Min(most, UnseekableBytes / ((long)calls * Math.Max(1, operation.BytesPerCall)) - WarmRounds));
            using var baseline = OpenForBatches(baselineOperation, BaselineRecipe.Instance, baselineCalls, settings.MaxBatches);
            // An unseekable stream's session holds data for every round (up to UnseekableBytes, made through the
            // recipe: compressed, encrypted…): its open scales with the calls it holds, as the pilot's open did.
            announce(TimeSpan.FromSeconds(openSecondsPerCall * (recipe.CanSeek ? calls : (double)calls * (WarmRounds + most))));
            // A seekable stream holds at least what the pilot's held: a stream whose cost depends on how much it holds
            // (ASP.NET Core's FileBufferingReadStream spills to a file past 30 KiB: 29 ns or 700 ns per 100-byte read) is
            // measured in the state the pilot saw, not in one chosen by the pilot's timing.
            using var measured = recipe.CanSeek
                ? OpenForBatches(operation, recipe, Math.Max(calls, PilotSessionCalls), most)
                : operation.Open(recipe, UnseekableCalls(calls, most, operation.BytesPerCall), out var notOpened) ?? throw new InvalidOperationException(notOpened);
            heartbeat();
            // A wrapper is also timed against what it wraps, in the same rounds: the same call on its inner stream.
            using var wrapped = WrappedOperand.Open(operation, recipe, measured, calls, WholeTurns(settings.MinCallsPerBatch));
            // The operation's overhead is an empty loop of its own kind: the same generated loop with nothing in it for a
            // direct figure, an empty delegate call for one timed through its delegate. The baseline is always direct.
            var direct = measured.Loop != null;
            Action empty = EmptyTarget.Instance.Nothing;
            var harnessCalls = settings.MaxCallsPerBatch;
            double HarnessOf(OperationSession session) => session.Loop != null ? TimeLoop(DirectLoop.Empty, null, null, harnessCalls) : TimeBatch(empty, harnessCalls);
            // The baseline shares the operation's overhead when both are timed the same way, else it has its own.
            var sameHarness = (baseline.Loop != null) == direct;

            // Warm-up: JIT every path, fill buffers, grow stores to the size a batch needs. On WebAssembly, rounds go on
            // until the operation has run JiterpreterWarmCalls times, where its session can be rewound for them.
            var warmPerCall = 0.0;
            var warmCalls = 0L;
            var compileWarmCalls = CompileWarmCalls(RuntimeResolver.IsRunningOnWasm, recipe.CanSeek);
            var warmClock = Stopwatch.StartNew();
            for (var w = 0; w < WarmRounds || (warmCalls < compileWarmCalls && warmClock.Elapsed < JiterpreterWarmLimit); w++)
            {
                warmCalls += calls;
                HarnessOf(measured);
                if (!sameHarness) HarnessOf(baseline);
                baseline.Rewind();
                Time(baseline, baselineCalls);
                measured.Rewind();
                warmPerCall = Time(measured, calls);
                if (wrapped != null)
                {
                    wrapped.Session.Rewind();
                    Time(wrapped.Session, wrapped.Calls);
                }
                TimeLimitOnce();
                heartbeat(); // a warm-up round may be slow (a compressor handing its first block to the pool): still working
            }
            // The pilot's calls may all have been served from what the stream held when it was opened (an HTTP
            // response's first kilobytes arrive with its headers; past them a 1-byte read on Mono costs ~60 µs): the
            // last warm-up batch, past them, sizes the batches when it ran far longer than one should. Fewer calls
            // per batch always fit the session opened for more.
            if (warmPerCall * calls > OversizedBatch * settings.BatchNanoseconds)
                calls = WholeTurns((int)Math.Max(settings.MinCallsPerBatch, Math.Min(calls, settings.BatchNanoseconds / warmPerCall)));

            // Rounds until the ratio's interval is within ±10% of its median, in steps, up to the most rounds the
            // settings allow or the time box: a figure that settles fast costs little, a noisy one gets more rounds.
            List<double> harness = new List<double>(), baselineNs = new List<double>(), operationNs = new List<double>(), limit = new List<double>(), innerNs = new List<double>();
            var box = Stopwatch.StartNew();
            LatencyMeasurement result;
            while (true)
            {
                var target = harness.Count == 0 ? settings.Batches : Math.Min(most, harness.Count + settings.RoundStep);
                while (harness.Count < target)
                {
                    var h = HarnessOf(measured);
                    var hb = sameHarness ? h : HarnessOf(baseline);
                    harness.Add(h);
                    baseline.Rewind();
                    baselineNs.Add(Math.Max(0, Time(baseline, baselineCalls) - hb));
                    measured.Rewind();
                    operationNs.Add(Math.Max(0, Time(measured, calls) - h));
                    if (wrapped != null)
                    {
                        wrapped.Session.Rewind();
                        innerNs.Add(Math.Max(0, Time(wrapped.Session, wrapped.Calls) - h));
                    }
                    limit.Add(TimeLimitOnce());
                    heartbeat();
                }
                if (measured.Anomaly != null) throw new InvalidOperationException(measured.Anomaly);
                if (baseline.Anomaly != null) throw new InvalidOperationException("baseline: " + baseline.Anomaly);
                result = new LatencyMeasurement(
                    new BatchTimes(operationNs.ToArray(), calls), new BatchTimes(baselineNs.ToArray(), baselineCalls),
                    new BatchTimes(harness.ToArray(), harnessCalls), new BatchTimes(limit.ToArray(), s_limitData.Length))
                    { Note = measured.Note, CompletedAsynchronously = measured.CompletedAsynchronously, Direct = direct };
                result.WaitsOnPeer = recipe.HasLivePeer && result.Operation.Median >= PeerWakeUpNanoseconds;
                // An inner stream that ended early or timed within the noise gives no figure to judge the wrapper by.
                if (wrapped != null && wrapped.Session.Anomaly == null)
                    result.WithInner(new BatchTimes(innerNs.ToArray(), wrapped.Calls), wrapped.TypeName);
                if (result.Precise || result.UnmeasurableReason != null || harness.Count >= most || box.Elapsed > settings.TimeBox) return result;
            }
        }

        /// <summary>MemoryStream's own figure (read or write) against itself and the limit: what <see cref="LatencyReference"/> is made of.</summary>
        internal static LatencyMeasurement MeasureBaseline(OperationKind kind, LatencySettings settings, Action? heartbeat) =>
            Measure(kind == OperationKind.Write ? StreamOperations.WriteByte : StreamOperations.ReadByte, BaselineRecipe.Instance, settings, heartbeat);

        /// <summary>
        /// How far a ratio moves between processes of one build, beyond its own interval: ~25% on .NET 10 here, where
        /// MemoryStream's baseline settles at one of two speeds per process (docs/budgets.md). A ceiling within this of a
        /// figure's interval is no verdict.
        /// </summary>
        public const double ProcessSpread = 0.25;

        /// <summary>
        /// The same for calls that complete on pool threads: two default sweeps of one build measured .NET 10's
        /// FileStream(SafeFileHandle).ReadAsync(Memory) at 25× and 239×, Stream.Synchronized's at 2,527× and 25,772×
        /// (docs/budgets.md). Only a figure ten times off its ceiling is a verdict.
        /// </summary>
        public const double HopSpread = 9.0;

        /// <summary>A call on a stream with a live peer that takes this long waited for the peer (a thread's wake-up takes microseconds).</summary>
        public const double PeerWakeUpNanoseconds = 1000;

        /// <summary>Untimed rounds before the timed ones.</summary>
        const int WarmRounds = 2;

        /// <summary>
        /// Calls of the operation before its first timed round on WebAssembly. Mono's jiterpreter compiles a path into
        /// WebAssembly only once it has run some thousands of times (<c>jiterpreter-minimum-trace-hit-count</c>, 5,000 in
        /// dotnet/runtime's options-def.h), and a path timed before then is timed interpreted: the first of
        /// MemoryMappedViewStream's two recipes, which run the same code, measured 60× MemoryStream.ReadByte and the
        /// second 21× (docs/wasm.md). Twice the threshold, for the calls a trace is watched before it is compiled.
        /// </summary>
        internal const int JiterpreterWarmCalls = 10_000;

        /// <summary>
        /// Calls of the operation the warm-up makes at least (beyond <see cref="WarmRounds"/>): <see cref="JiterpreterWarmCalls"/>
        /// on WebAssembly where the session can be rewound for them (an unseekable one holds data for its rounds only), else none.
        /// </summary>
        internal static int CompileWarmCalls(bool onWasm, bool canSeek) => onWasm && canSeek ? JiterpreterWarmCalls : 0;

        /// <summary>The most that warm-up may take for <see cref="JiterpreterWarmCalls"/>: a slow call is a figure of its own speed anyway.</summary>
        static readonly TimeSpan JiterpreterWarmLimit = TimeSpan.FromSeconds(1);

        /// <summary>Calls the pilot's session holds: twice what its chunks may use.</summary>
        const int PilotSessionCalls = 1024;

        /// <summary>A warm-up batch this many times longer than the target re-sizes the batches.</summary>
        const double OversizedBatch = 4;

        /// <summary>A session good for warm-up plus <paramref name="rounds"/> batches (a seekable stream is rewound before each batch).</summary>
        static OperationSession OpenForBatches(StreamOperation operation, StreamRecipe recipe, int calls, int rounds) =>
            operation.Open(recipe, recipe.CanSeek ? calls : calls * (WarmRounds + rounds), out var why) ?? throw new InvalidOperationException(why);

        /// <summary>The most data an unseekable stream's session may hold for its extra rounds.</summary>
        internal const long UnseekableBytes = 16 << 20;

        /// <summary>
        /// Calls an unseekable stream's session holds: warm-up and <paramref name="rounds"/> batches of <paramref name="calls"/>,
        /// and, when that is over half of <see cref="UnseekableBytes"/>, as many calls as fill it: every such session of
        /// one operation then holds the same bytes, which a recipe that compresses its content (half a second for 16 MiB)
        /// compresses once for all of them (<see cref="Recipes.EncodingCache"/>).
        /// </summary>
        internal static int UnseekableCalls(int calls, int rounds, int bytesPerCall)
        {
            var held = (long)calls * (WarmRounds + rounds);
            if (bytesPerCall > 0 && held * bytesPerCall > UnseekableBytes / 2)
                held = Math.Max(held, UnseekableBytes / bytesPerCall);
            return (int)held;
        }

        /// <summary>The loop of figures that have no generated one: <paramref name="calls"/> delegate calls, in ns per call.</summary>
#if NET
        // Fully optimized from the first call: no tier-0 code or on-stack replacement inside a timed loop.
        [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
#else
        [MethodImpl(MethodImplOptions.NoInlining)]
#endif
        static double TimeBatch(Action call, int calls)
        {
            var start = Stopwatch.GetTimestamp();
            for (var i = 0; i < calls; i++) call();
            var end = Stopwatch.GetTimestamp();
            return Nanoseconds(end - start) / calls;
        }

        /// <summary>A batch of the session's operation, through its generated loop where it has one.</summary>
        static double Time(OperationSession session, int calls)
        {
            if (session.Loop == null) return TimeBatch(session.Call, calls);
            var perCall = TimeLoop(session.Loop, session.LoopStream, session.LoopBuffer, calls, out var folded);
            if (folded < 0) session.Anomaly = EndReached;
            return perCall;
        }

        const string EndReached = "a read returned 0 before the content ended: the stream ended early";

        static double TimeLoop(DirectLoop loop, Stream? stream, byte[]? buffer, int calls) => TimeLoop(loop, stream, buffer, calls, out _);

        /// <summary><paramref name="calls"/> (a whole number of turns) through a generated loop, in ns per call.</summary>
        static double TimeLoop(DirectLoop loop, Stream? stream, byte[]? buffer, int calls, out int folded)
        {
            var turns = calls / DirectLoop.Unroll;
            var start = Stopwatch.GetTimestamp();
            folded = loop.Run(stream, buffer, turns);
            var end = Stopwatch.GetTimestamp();
            return Nanoseconds(end - start) / (turns * DirectLoop.Unroll);
        }

        /// <summary>Calls rounded down to whole turns of a generated loop (at least one).</summary>
        static int WholeTurns(int calls) => Math.Max(DirectLoop.Unroll, calls / DirectLoop.Unroll * DirectLoop.Unroll);

        /// <summary>Calls per batch so that a batch lasts about <see cref="LatencySettings.BatchNanoseconds"/>.</summary>
        /// <param name="openSecondsPerCall">How long opening the pilot's session took per call it holds.</param>
        static int CallsPerBatch(StreamOperation operation, StreamRecipe recipe, LatencySettings settings, out double openSecondsPerCall)
        {
            var open = Stopwatch.StartNew();
            using var session = operation.Open(recipe, PilotSessionCalls, out var why) ?? throw new InvalidOperationException(why);
            openSecondsPerCall = open.Elapsed.TotalSeconds / PilotSessionCalls;
            // Untimed: the first calls compile the loop and fill the stream's buffers.
            Time(session, PilotChunk);
            // Chunks, and their median: one interruption inside a single timed batch of 64 calls of a 9 ns ReadByte sized the
            // batches so small that the figure fell within the harness's noise (docs/compare.md). A slow call stops after
            // a few chunks of one turn each: 512 calls of a ~100 µs network read were half of a quick figure's time.
            var chunk = PilotChunk;
            var perChunk = new List<double>();
            var spent = 0.0;
            while (perChunk.Count < PilotChunks && (perChunk.Count < PilotMinChunks || spent < settings.BatchNanoseconds))
            {
                var perCallOfChunk = Time(session, chunk);
                perChunk.Add(perCallOfChunk);
                spent += perCallOfChunk * chunk;
                if (spent > settings.BatchNanoseconds) chunk = DirectLoop.Unroll;
            }
            var perCall = perChunk.Median();
            var calls = perCall <= 0 ? settings.MaxCallsPerBatch : settings.BatchNanoseconds / perCall;
            return WholeTurns((int)Math.Max(settings.MinCallsPerBatch, Math.Min(settings.MaxCallsPerBatch, calls)));
        }

        /// <summary>Calls of a pilot chunk (one turn once the chunks have lasted a batch), and how many chunks: at least
        /// <see cref="PilotMinChunks"/>, then until a batch's time has passed, at most <see cref="PilotChunks"/>
        /// (with the untimed first, 512 calls: half of what the pilot's session holds).</summary>
        const int PilotChunk = 64, PilotMinChunks = 3, PilotChunks = 7;

        /// <summary>
        /// The harness's empty call is an instance method, like the closures of the operations: on CoreCLR a
        /// delegate to a static method goes through a shuffle thunk and would cost more than the one measured.
        /// </summary>
        sealed class EmptyTarget
        {
            public static readonly EmptyTarget Instance = new EmptyTarget();
            public void Nothing() { }
        }

        static readonly byte[] s_limitData = StreamContent.Of(16 << 10);

        /// <summary>
        /// On WebAssembly the interpreter optimizes a method, and the jiterpreter then compiles its loops, only once it has
        /// been called many times, however long its loops ran: the limit's loop, called eight times a round, ran
        /// interpreted (21–23 ns per byte) through the first part of a probe and compiled (3.9 ns) after it, so MemoryStream's
        /// typical cost, taken early, disagreed with every later figure's own baseline (docs/wasm.md). It is called that
        /// many times over a few bytes before anything is timed.
        /// </summary>
        static readonly Lazy<bool> s_limitCompiled = new Lazy<bool>(() =>
        {
            if (!RuntimeResolver.IsRunningOnWasm) return true;
            var few = new byte[16];
            for (var i = 0; i < JiterpreterWarmCalls; i++) LimitSink += DirectLoop.SumBytes(few);
            return true;
        });
        internal static int LimitSink;

        /// <summary>
        /// The limit: a plain loop summing a byte[] small enough for the L1 cache, in ns per byte (its loop
        /// included: it is the floor). The fastest of a few passes, so that the floor does not depend on what
        /// the operation before it evicted from the caches.
        /// </summary>
        static double TimeLimitOnce()
        {
            var data = s_limitData;
            var best = double.MaxValue;
            for (var pass = 0; pass < LimitPasses; pass++)
            {
                var start = Stopwatch.GetTimestamp();
                LimitSink += DirectLoop.SumBytes(data);
                var end = Stopwatch.GetTimestamp();
                best = Math.Min(best, Nanoseconds(end - start) / data.Length);
            }
            return best;
        }

        const int LimitPasses = 8;

        static double Nanoseconds(long ticks) => ticks * 1e9 / Stopwatch.Frequency;

        /// <summary>The baseline stream: a MemoryStream over an array (reads) or a growable MemoryStream (writes).</summary>
        [NotInCatalog]
        sealed class BaselineRecipe : StreamRecipe
        {
            public static readonly BaselineRecipe Instance = new BaselineRecipe();
            public override string TypeName => "System.IO.MemoryStream";
            public override bool CanSeek => true;
            public override bool IsBuffered => true;
            public override StreamFixture? OpenRead(byte[] content) => new StreamFixture(new MemoryStream(content, writable: false));
            public override StreamFixture? OpenWrite() => new StreamFixture(new MemoryStream());
        }
    }

    /// <summary>How long the latency meter spends: batches per figure and the size of a batch.</summary>
    public sealed class LatencySettings
    {
        public static readonly LatencySettings Normal = new LatencySettings { Batches = 11, MaxBatches = 161, BatchNanoseconds = 1_000_000 };
        // Quick: 32 calls a batch at least, not 100: five batches of 100 calls of a ~100 µs network read were most of its figure's time.
        public static readonly LatencySettings Quick = new LatencySettings { Batches = 5, MaxBatches = 5, BatchNanoseconds = 300_000, MinCallsPerBatch = 32 };

        /// <summary>Rounds every figure gets.</summary>
        public int Batches { get; set; }
        /// <summary>Rounds a figure may get while its interval is wider than ±10% of its median (seekable streams).</summary>
        public int MaxBatches { get; set; }
        /// <summary>Rounds added at a time while the interval is too wide.</summary>
        public int RoundStep { get; set; } = 6;
        /// <summary>Time after which no more rounds are added, however wide the interval.</summary>
        public TimeSpan TimeBox { get; set; } = TimeSpan.FromMilliseconds(400);
        public double BatchNanoseconds { get; set; }
        public int MinCallsPerBatch { get; set; } = 100;
        public int MaxCallsPerBatch { get; set; } = 20_000;
    }

    /// <summary>Nanoseconds per call of each batch (or one ratio per round), with their median and spread.</summary>
    public sealed class BatchTimes
    {
        public BatchTimes(IReadOnlyList<double> perCall, int callsPerBatch)
        {
            PerCall = perCall;
            CallsPerBatch = callsPerBatch;
            var sorted = perCall.ToArray();
            Array.Sort(sorted);
            Median = SortedArrayStatistics.Median(sorted);
            Min = SortedArrayStatistics.Minimum(sorted);
            Max = SortedArrayStatistics.Maximum(sorted);
            Interval = MedianInterval.OfSorted(sorted);
        }

        public IReadOnlyList<double> PerCall { get; }
        public int CallsPerBatch { get; }
        public double Median { get; }
        public double Min { get; }
        public double Max { get; }
        /// <summary>Where the median of the distribution the batches were drawn from lies, at about 95%.</summary>
        public MedianInterval Interval { get; }
        public int Calls => PerCall.Count * CallsPerBatch;
    }

    /// <summary>An operation's time per call with everything it is compared to.</summary>
    public sealed class LatencyMeasurement
    {
        public LatencyMeasurement(BatchTimes operation, BatchTimes baseline, BatchTimes harness, BatchTimes limit)
        {
            Operation = operation;
            Baseline = baseline;
            Harness = harness;
            Limit = limit;
            // The harness's noise: how far its own per-call median can be trusted. A net figure inside it is not a measurement.
            NoiseNanoseconds = Math.Max(harness.Interval.High - harness.Interval.Low, 0);
            if (operation.Median <= NoiseNanoseconds)
                UnmeasurableReason = string.Format(System.Globalization.CultureInfo.InvariantCulture,
                    "the operation's time ({0:0.###} ns/call net of the harness) is within the harness's noise ({1:0.###} ns): too fast for this meter", operation.Median, NoiseNanoseconds);
            else if (baseline.Median <= NoiseNanoseconds)
                UnmeasurableReason = string.Format(System.Globalization.CultureInfo.InvariantCulture,
                    "the baseline's time ({0:0.###} ns/call net of the harness) is within the harness's noise ({1:0.###} ns): no reference to compare with", baseline.Median, NoiseNanoseconds);
            BaselineRatios = RoundRatios(baseline);
            LimitRatios = RoundRatios(limit);
            BaselineRoundSpeeds = RoundsWith(baseline).Select(r => limit.PerCall[r]).ToList();
        }

        /// <summary>Why no ratio can be made (operation or baseline within the harness noise), or null.</summary>
        public string? UnmeasurableReason { get; }

        /// <summary>The width of the harness's per-call confidence interval: the least net time that means anything.</summary>
        public double NoiseNanoseconds { get; }

        /// <summary>What the session noticed about the calls (see <see cref="OperationSession.Note"/>).</summary>
        public string? Note { get; set; }

        /// <summary>The same call on the stream this one wraps (<see cref="WrappedOperand"/>), net of the harness; null for a stream that wraps none that can be timed.</summary>
        public BatchTimes? Inner { get; private set; }

        /// <summary>The wrapped stream's type.</summary>
        public string? InnerType { get; private set; }

        /// <summary>Each round's ratio of the operation to the same call on the wrapped stream; null without <see cref="Inner"/>.</summary>
        public BatchTimes? InnerRatios { get; private set; }

        /// <summary>Adds the wrapped stream's figure, unless it is within the harness's noise (no reference then).</summary>
        public LatencyMeasurement WithInner(BatchTimes inner, string type)
        {
            if (inner.Median <= NoiseNanoseconds || UnmeasurableReason != null) return this;
            Inner = inner;
            InnerType = type;
            InnerRatios = RoundRatios(inner);
            return this;
        }

        /// <summary>Whether the figure was timed through a loop generated for the stream's type (<see cref="DirectLoop"/>), not through a delegate.</summary>
        public bool Direct { get; set; }

        /// <summary>
        /// Calls went on to pool threads: the figure is mostly the pool's wake-up, which moves by up to ~10× between
        /// processes and with the machine's load (<see cref="LatencyMeter.HopSpread"/>).
        /// </summary>
        public bool CompletedAsynchronously { get; set; }

        /// <summary>
        /// The stream's calls wait for another thread that feeds or drains it (a socket's or pipe's peer, an HTTP server):
        /// a recipe with a live peer whose calls take a microsecond or more, the cost of waking a thread. Such a figure is
        /// mostly the wake-up: two default sweeps of one build measured Mono's gzip WebResponseStream Read of 100 bytes
        /// at 50 µs and 580 µs per call.
        /// </summary>
        public bool WaitsOnPeer { get; set; }

        /// <summary>Calls that complete on or wait for another thread (<see cref="CompletedAsynchronously"/>, <see cref="WaitsOnPeer"/>).</summary>
        public bool CrossThread => CompletedAsynchronously || WaitsOnPeer;

        /// <summary>How far another process of the same build may settle this figure, beyond its own interval.</summary>
        public double ProcessSpread => CrossThread ? LatencyMeter.HopSpread : LatencyMeter.ProcessSpread;

        /// <summary>The operation, net of the harness.</summary>
        public BatchTimes Operation { get; }
        /// <summary>MemoryStream.ReadByte or WriteByte, net of the harness.</summary>
        public BatchTimes Baseline { get; }
        /// <summary>An empty delegate call in the same loop: already subtracted from Operation and Baseline.</summary>
        public BatchTimes Harness { get; }
        /// <summary>Summing a byte[] in a plain loop, per byte.</summary>
        public BatchTimes Limit { get; }

        /// <summary>
        /// Each round's own ratio of the operation to the baseline (and to the limit), with their median, min and
        /// max: the operation and its reference are timed moments apart in one round, so what drifts between rounds
        /// (the clock speed, the other runtime's probe on the next core) moves both and cancels, where a ratio of two
        /// medians taken over different rounds would keep it.
        /// </summary>
        public BatchTimes BaselineRatios { get; }

        /// <summary>
        /// The limit loop's time per byte in each round <see cref="BaselineRatios"/> kept, in the same order: how fast the
        /// machine ran at that moment. A virtual machine's core runs plain code at one speed and then at up to 2.4× slower
        /// for 0.1–3 s at a time (a C loop shows it as well), and the slowdown is not the same for every piece of code, so
        /// a round's ratio depends on it (docs/compare.md, tools/machine-speed.sh).
        /// </summary>
        public IReadOnlyList<double> BaselineRoundSpeeds { get; }
        public BatchTimes LimitRatios { get; }

        public double RatioToBaseline => BaselineRatios.Median;

        /// <summary>Timed rounds the figure took.</summary>
        public int Rounds => Operation.PerCall.Count;

        /// <summary>Whether the ratio's interval lies within ±10% of its median, the precision the meter stops at.</summary>
        public bool Precise => BaselineRatios.Interval.Low >= 0.9 * RatioToBaseline && BaselineRatios.Interval.High <= 1.1 * RatioToBaseline;
        public double RatioToLimit => LimitRatios.Median;

        /// <summary>Per-round ratios; a round whose reference was not above zero gives none (NaN would poison the median).</summary>
        BatchTimes RoundRatios(BatchTimes reference)
        {
            var ratios = RoundsWith(reference).Select(r => Operation.PerCall[r] / reference.PerCall[r]).ToList();
            return new BatchTimes(ratios.Count > 0 ? ratios : new List<double> { double.NaN }, 1);
        }

        /// <summary>The rounds that give a ratio to <paramref name="reference"/>: those where it took time above zero.</summary>
        IEnumerable<int> RoundsWith(BatchTimes reference) => Enumerable.Range(0, Operation.PerCall.Count).Where(r => reference.PerCall[r] > 0);
    }
}
