using System;
using System.Collections.Generic;
using System.Linq;

namespace StreamConformance.Meters
{
    // One concept: the allocation meter and the measurement it gives.

    /// <summary>
    /// Bytes allocated per call on the calling thread, from <see cref="GC.GetAllocatedBytesForCurrentThread"/>
    /// (exact on CoreCLR and on Mono's SGen: both count to the allocation pointer, not to the last TLAB).
    /// </summary>
    /// <remarks>
    /// Two windows of N and 2N calls, each on a fresh session after a warm-up as long as the window, give
    /// (bytes(2N) − bytes(N)) / N: whatever is paid once per session (a buffer created on the first call,
    /// lazily built state, a rewind) is paid in both windows and cancels, so only the steady-state cost per
    /// call remains, and the same run gives the same figure. One pair settles it when the larger window cost
    /// exactly twice the smaller; otherwise three pairs are measured and the least window of each size is kept,
    /// since a stray allocation (or, counted process-wide, the runtime's own background work) only ever adds to
    /// a window: one stray does not change the figure, and the same run gives the same figure.
    /// </remarks>
    public static class AllocationMeter
    {
        /// <summary>Calls in the smaller window (the larger has twice as many).</summary>
        public const int DefaultCalls = 10_000;

        /// <summary>
        /// Warm-up calls before a window of <paramref name="calls"/> when no store has to be grown first (reads,
        /// forward-only writes): a tenth of the window (1,000 for the default window) reaches the steady state,
        /// and whatever is still paid once after it is paid alike in both windows and cancels.
        /// </summary>
        public static int ShortWarmCalls(int calls) => Math.Max(1, calls / 10);

        /// <summary>
        /// Warm-up calls that move at least <see cref="SettledBytes"/>, so the measured calls come after whatever the
        /// stream had buffered when it was opened: an HTTP response's first bytes arrive with its headers, and on Mono
        /// 6.8 every 1-byte read after them costs ~700 B, while N = 1,000 calls within them cost 0 B.
        /// </summary>
        public static int WarmCallsPast(int bytesPerCall) => bytesPerCall <= 0 ? 0 : (SettledBytes + bytesPerCall - 1) / bytesPerCall;

        public const int SettledBytes = 8 * 1024;

        /// <summary>Calls in the smaller window in a quick sweep: a smoke figure, not the steady-state one.</summary>
        public const int QuickCalls = 1_000;

        /// <summary>
        /// Pairs are repeated only while all of them, with one more like the last, fit in this: on a slow stream (tens of
        /// µs per call) a second and third pair would cost seconds per operation for protection against a stray
        /// allocation that is already diluted over N calls. Pairs of up to 0.66 s get three, of up to 1 s two.
        /// </summary>
        public static readonly TimeSpan RepeatWithin = TimeSpan.FromSeconds(2);

        /// <summary>
        /// The same in a quick sweep: pairs of cheap calls (milliseconds) are still repeated, since one stray allocation
        /// in a single pair is a false figure (2.94 B per MemoryStream.WriteByte once); a pair of slow calls (a
        /// network write stream's, a few tenths of a second) is not.
        /// </summary>
        public static readonly TimeSpan QuickRepeatWithin = TimeSpan.FromSeconds(0.2);

        static readonly Lazy<string?> s_unavailable = new Lazy<string?>(Probe);

        /// <summary>Why the counter cannot be used on this runtime, or null when it can.</summary>
        public static string? UnavailableReason => s_unavailable.Value;

        static object? s_sink;

        static string? Probe()
        {
            try
            {
                var before = GC.GetAllocatedBytesForCurrentThread();
                s_sink = new byte[64];
                var after = GC.GetAllocatedBytesForCurrentThread();
                s_sink = null;
                return after > before ? null : $"GC.GetAllocatedBytesForCurrentThread() did not move over a 64-byte allocation ({before} → {after})";
            }
            catch (Exception e)
            {
                return $"GC.GetAllocatedBytesForCurrentThread() threw {e.GetType().FullName}: {e.Message}";
            }
        }

        /// <summary>
        /// Measures one operation. <paramref name="open"/> returns a fresh session good for at least the number
        /// of calls it is given; it is opened for a short warm-up window, then for one to three pairs of N and 2N windows,
        /// and disposed after each.
        /// </summary>
        /// <param name="warmCalls">Warm-up calls before each measured window; null: as many as the window
        /// measures (writes need that, so a seekable store is already grown to the size the measured calls use).</param>
        /// <param name="onPoolThreads">The stream is known to do its work on pool threads even for synchronous calls.</param>
        /// <param name="livePeer">Another thread feeds or drains the stream (see <see cref="Recipes.StreamRecipe.HasLivePeer"/>):
        /// every pair is measured, and the figure is exact only when all of them agree.</param>
        /// <param name="repeatWithin">Pairs are repeated while they fit in this (default <see cref="RepeatWithin"/>; a quick sweep's
        /// smoke figure: <see cref="QuickRepeatWithin"/>).</param>
        /// <param name="pairLimit">How long one pair of windows may take before N shrinks by ten (default <see cref="PairLimit"/>;
        /// a quick sweep's smoke figure: <see cref="QuickPairLimit"/>).</param>
        /// <param name="passCalls">The content of this many calls passed before each window's warm-up, in a few large calls
        /// where the session can (<see cref="OperationSession.Pass"/>: a stream that cannot be rewound), else as more single
        /// warm-up calls (as many as the larger of the two counts).</param>
        /// <param name="announce">Told, before each window or pair, how long it should take by the pilot's figure
        /// (the host's watchdog allows for it: a slow but working stream is not a hang).</param>
        public static AllocationMeasurement Measure(Func<int, OperationSession> open, int calls = DefaultCalls, int? warmCalls = null, bool onPoolThreads = false,
            bool livePeer = false, Action<TimeSpan>? announce = null, TimeSpan? repeatWithin = null, TimeSpan? pairLimit = null, int passCalls = 0)
        {
            announce ??= _ => { };
            if (UnavailableReason != null) throw new InvalidOperationException(UnavailableReason);
            if (calls < 1) throw new ArgumentOutOfRangeException(nameof(calls));
            int Warm(int measured) => warmCalls ?? measured;
            // A fixed warm-up (reads, forward-only writes) may stop early on a slow stream; one as long as the window
            // (writes into a seekable store, which must grow first) may not.
            var capWarm = warmCalls != null;
            // Two tiny windows first: the second, already compiled, says roughly what a call costs, so that even the
            // warm-up window of a call taking milliseconds (Mono's SslStream.WriteByte) stays a fraction of a second.
            var tinyPooled = false;
            var perCall = double.MaxValue;
            var tinyOpen = 0.0;
            for (var i = 0; i < 2; i++)
            {
                Window(open, 0, TinyCalls, TinyCalls, ThreadCounter, out _, out var p, out var tinySeconds, out tinyOpen);
                tinyPooled |= p;
                perCall = tinySeconds / TinyCalls;
            }
            var jit = Math.Max(1, calls / 10);
            if (2 * jit * perCall > WarmUpTarget.TotalSeconds) jit = Math.Max(TinyCalls, (int)(WarmUpTarget.TotalSeconds / (2 * perCall)));
            announce(TimeSpan.FromSeconds(WarmSeconds(Math.Max(warmCalls ?? jit, passCalls), perCall, capWarm) + jit * perCall + tinyOpen + WarmLimit.TotalSeconds));
            Window(open, passCalls, warmCalls ?? jit, jit, ThreadCounter, out _, out var pooled, out var pilotSeconds, out var openSeconds, capWarm);   // JIT, static constructors, caches of the runtime
            pooled |= onPoolThreads || tinyPooled;
            // A pair of windows makes 6N calls (N and 2N, each after as many warm-up calls). A call that takes
            // ~0.1 ms or more (TLS records, HTTP bodies, a 16 KB buffer allocated per call) would make that pair take
            // many seconds, and the check a timeout: N shrinks by tens until a pair fits in PairLimit. The figure is still
            // (bytes(2N) − bytes(N)) / N, exact when 2N costs exactly twice N.
            // The calls (and the disposal that finishes their work), not the session's opening: a stream whose opening
            // is slow (an HTTP connection on Mono takes ~0.7 s) would otherwise look slow per call and get an N too small
            // to span its buffer refills.
            var secondsPerCall = pilotSeconds / jit;
            var chosen = CallsWithin(calls, secondsPerCall, pairLimit ?? PairLimit);
            string? pilotNote = null;
            if (chosen < calls)
            {
                pilotNote = string.Format(System.Globalization.CultureInfo.InvariantCulture,
                    "N = {0} calls, not {1}: a call took {2:0.###} ms in the warm-up window", chosen, calls, 1000 * secondsPerCall);
                calls = chosen;
            }

            // Calls that complete on pool threads allocate there, where the per-thread counter cannot see: count
            // the whole process instead, where the runtime can (the probe does nothing else meanwhile).
            var counter = ThreadCounter;
            if (pooled)
                counter = ProcessCounter ?? throw new InvalidOperationException(PoolThreadsUncounted);

            var figures = new List<(double PerCall, long Small, long Large)>();
            string? note = null;
            var repeatLimit = (repeatWithin ?? RepeatWithin).TotalSeconds;
            var pairs = System.Diagnostics.Stopwatch.StartNew();
            var lastPair = 0.0;
            while (figures.Count < Repetitions)
            {
                // The watchdog's estimate: the calls, and the two sessions' openings (a connection to a server).
                announce(TimeSpan.FromSeconds(WarmSeconds(Math.Max(Warm(calls), passCalls), secondsPerCall, capWarm) + WarmSeconds(Math.Max(Warm(2 * calls), passCalls), secondsPerCall, capWarm)
                    + 3 * calls * secondsPerCall + 2 * openSeconds));
                var pairStarted = pairs.Elapsed.TotalSeconds;
                var small = Window(open, passCalls, Warm(calls), calls, counter, out _, out var pooledSmall, out _, out _, capWarm);
                var large = Window(open, passCalls, Warm(2 * calls), 2 * calls, counter, out note, out var pooledLarge, out _, out _, capWarm);
                lastPair = pairs.Elapsed.TotalSeconds - pairStarted;
                if (!pooled && (pooledSmall || pooledLarge))
                {
                    // Some calls went to the pool only after the first window: the per-thread figure would miss
                    // their allocations, and by a different amount each run. Start again, counting process-wide.
                    pooled = true;
                    counter = ProcessCounter ?? throw new InvalidOperationException(PoolThreadsUncounted);
                    figures.Clear();
                    pairs.Restart();
                    continue;
                }
                figures.Add(((double)(large - small) / calls, small, large));
                if (Settled(figures, pooled, livePeer) || pairs.Elapsed.TotalSeconds + lastPair > repeatLimit) break;
            }
            if (pilotNote != null) note = (note == null ? "" : note + "; ") + pilotNote;
            if (pooled) note = (note == null ? "" : note + "; ") + "counted process-wide: the calls complete on pool threads";
            // Whatever else allocates on the counted thread meanwhile (a shared pool refilled after a GC trimmed it,
            // a lazily built cache of the runtime) or, process-wide, the runtime's background work, only ever adds
            // to a window: the least window of each size, whichever pair it came from, is the calls' own cost.
            long leastSmall = figures.Min(f => f.Small), leastLarge = figures.Min(f => f.Large);
            var why = WhyNotExact(figures, pooled, livePeer);
            var bytesPerCall = (double)(leastLarge - leastSmall) / calls;
            // N followed this machine's speed: another run may pick another N, and a cost amortized over N (a buffer
            // every 41 calls) would then come out otherwise. Only a whole number of bytes on every call is the same at any N.
            if (why == null && pilotNote != null && bytesPerCall != Math.Floor(bytesPerCall))
                why = "not exact: N followed the speed of the calls here, and a cost amortized over N calls may come out otherwise with another N";
            if (why != null) note = (note == null ? "" : note + "; ") + why;
            // The pairs' own figures bound what another run may measure when the calls' cost moves with timing.
            var highest = Math.Max(bytesPerCall, figures.Max(f => f.PerCall));
            return new AllocationMeasurement(bytesPerCall, calls, leastSmall, leastLarge, note, pooled, exact: why == null, highestBytesPerCall: highest);
        }

        /// <summary>
        /// No further pair can change what the figure promises. Without a live peer: the pairs already repeat
        /// (<see cref="Repeats"/>). With one, where every pair must agree: two that differ already make it not exact, and a
        /// third pair would only cost its time (one clean pair may be luck of timing, so agreeing pairs go on to the third).
        /// </summary>
        static bool Settled(List<(double PerCall, long Small, long Large)> figures, bool pooled, bool livePeer) =>
            livePeer ? figures.Count > 1 && !Repeats(figures, pooled, livePeer) : Repeats(figures, pooled, livePeer);

        /// <summary>
        /// The figure repeats: a pair cost exactly 2:1, or two pairs agree to the byte (with a live peer: every pair
        /// agrees, and there are two or more). Process-wide the runtime's background work adds a few hundredths of a byte
        /// per call, so there pairs agree to the whole byte (the verdict's precision).
        /// </summary>
        static bool Repeats(List<(double PerCall, long Small, long Large)> figures, bool pooled, bool livePeer)
        {
            var distinct = figures.Select(f => pooled ? Math.Round(f.PerCall) : f.PerCall).Distinct().Count();
            return livePeer
                ? figures.Count > 1 && distinct == 1
                : figures.Any(f => f.Large == 2 * f.Small) || distinct < figures.Count;
        }

        /// <summary>
        /// Null when the figure <see cref="Repeats"/> on the measuring thread alone. Otherwise the calls' own cost moved
        /// between windows (work that depends on when a peer's data arrives, or on which thread finishes first): the figure
        /// is still the least, but it is not promised to repeat, and the result says why. Counted process-wide it is never
        /// promised either: the calls race the pool threads that complete them, and what they allocate can depend on who
        /// wins (FileStream's ReadAsync boxes its state machine only when a refill has not completed by the time it
        /// awaits), a race that can settle one way for a whole run and the other way for the next.
        /// </summary>
        static string? WhyNotExact(List<(double PerCall, long Small, long Large)> figures, bool pooled, bool livePeer)
        {
            if (Repeats(figures, pooled, livePeer)) return pooled ? ProcessWideNotExact : null;
            if (figures.Count == 1)
                return "not exact: one pair of windows only (the calls are slow)" + (livePeer ? ", and a live peer's timing can move it" : " and it did not cost 2:1");
            var spread = figures.Max(f => f.PerCall) - figures.Min(f => f.PerCall);
            return string.Format(System.Globalization.CultureInfo.InvariantCulture,
                livePeer
                    ? "not exact: {0} pairs of windows did not all agree (spread {1:0.##} B/call; a live peer's timing moves the calls' cost), so the figure may differ from run to run"
                    : "not exact: no two of {0} pairs of windows agreed (spread {1:0.##} B/call), so the figure may differ from run to run",
                figures.Count, spread);
        }

        const string ProcessWideNotExact =
            "not exact: counted process-wide, where the calls race the pool threads that complete them: the pairs of windows agreed in this run, but the race can settle otherwise in another";

        const string PoolThreadsUncounted =
            "the calls complete on pool threads, whose allocations the per-thread counter cannot see, and this runtime has no precise process-wide counter";

        /// <summary>
        /// How long one pair of windows (6N calls) may take before N shrinks by ten. Three seconds spent most of a sweep's
        /// allocation time on the few streams with calls of 17–50 µs (HTTP/2, TLS, pool-completed reads), whose figures
        /// come out the same over N/10 (docs/budgets.md).
        /// </summary>
        public static readonly TimeSpan PairLimit = TimeSpan.FromSeconds(1);

        /// <summary>
        /// The same in a quick sweep: a call of 17 µs or more (a TLS record, a request body or an HTTP read on Mono) is
        /// measured over <see cref="MinimumCalls"/>, not <see cref="QuickCalls"/>: its figure is a smoke figure either way
        /// (two quick sweeps of one build already disagree on a few of these network figures' verdicts), and the slow
        /// network streams' allocation checks took most of a quick sweep's Mono half (at 0.3 s, 45 figures over 0.1 s: 8.3 s).
        /// </summary>
        public static readonly TimeSpan QuickPairLimit = TimeSpan.FromSeconds(0.1);

        /// <summary>How long a fixed warm-up may run before the measured calls start anyway.</summary>
        static readonly TimeSpan WarmLimit = TimeSpan.FromSeconds(0.5);

        static double WarmSeconds(int warm, double secondsPerCall, bool capped) =>
            capped ? Math.Min(warm * secondsPerCall, WarmLimit.TotalSeconds) : warm * secondsPerCall;

        /// <summary>About how long the warm-up window may take before it shrinks.</summary>
        static readonly TimeSpan WarmUpTarget = TimeSpan.FromSeconds(0.25);

        /// <summary>Calls in each of the two windows that estimate what a call costs.</summary>
        const int TinyCalls = 16;

        /// <summary>The fewest calls in the smaller window, however slow a call is.</summary>
        public const int MinimumCalls = 100;

        /// <summary>
        /// N, or N/10, or N/100 (not below <see cref="MinimumCalls"/>): the largest whose pair of windows (6N calls at
        /// <paramref name="secondsPerCall"/>) fits in <paramref name="pairLimit"/> (default <see cref="PairLimit"/>). Steps of ten, not a count fitted to the
        /// timing: a figure amortized over N (a Task every 41 calls) must come out bit-identical run to run, and only a
        /// call whose cost sits at a step's edge could land on another N.
        /// </summary>
        public static int CallsWithin(int calls, double secondsPerCall, TimeSpan? pairLimit = null)
        {
            var limit = (pairLimit ?? PairLimit).TotalSeconds;
            for (var n = calls; ; n /= 10)
            {
                if (n <= MinimumCalls) return Math.Min(calls, MinimumCalls);
                if (6.0 * n * secondsPerCall <= limit) return n;
            }
        }

        /// <summary>At most this many pairs of windows are measured.</summary>
        public const int Repetitions = 3;

        static readonly Func<long> ThreadCounter = GC.GetAllocatedBytesForCurrentThread;

#if NET
        static readonly Func<long>? ProcessCounter = () => GC.GetTotalAllocatedBytes(precise: true);
#else
        // Mono 6.8 has no GC.GetTotalAllocatedBytes, and AppDomain monitoring throws NotImplementedException.
        static readonly Func<long>? ProcessCounter = null;
#endif

        /// <summary>
        /// Bytes allocated by <paramref name="calls"/> calls on a fresh session after the content of <paramref name="pass"/>
        /// calls passed in large calls, <paramref name="warm"/> unmeasured ones and a rewind. <paramref name="callSeconds"/>: the measured calls and the session's disposal
        /// (a compressor's Dispose does the work its writes deferred); <paramref name="openSeconds"/>: opening the session.
        /// With <paramref name="capWarm"/>, the warm-up stops after <see cref="WarmLimit"/>.
        /// </summary>
        static long Window(Func<int, OperationSession> open, int pass, int warm, int calls, Func<long> counter, out string? note, out bool pooled,
            out double callSeconds, out double openSeconds, bool capWarm = false)
        {
            var clock = System.Diagnostics.Stopwatch.StartNew();
            var session = open(pass + warm + calls);
            openSeconds = clock.Elapsed.TotalSeconds;
            double seconds;
            long before, after;
            try
            {
                var call = session.Call;
                clock.Restart();
                if (pass > 0 && session.Pass is { } passContent) passContent(pass);
                else warm = Math.Max(warm, pass);
                for (var i = 0; i < warm; i++)
                {
                    call();
                    if (capWarm && (i & 255) == 255 && clock.Elapsed > WarmLimit) break;
                }
                session.Rewind();
                clock.Restart();
                before = counter();
                for (var i = 0; i < calls; i++) call();
                after = counter();
                seconds = clock.Elapsed.TotalSeconds;
                if (session.Anomaly != null) throw new InvalidOperationException(session.Anomaly);
                note = session.Note;
                pooled = session.CompletedAsynchronously;
            }
            finally
            {
                clock.Restart();
                session.Dispose();
            }
            callSeconds = seconds + clock.Elapsed.TotalSeconds;
            return after - before;
        }
    }

    /// <summary>Steady-state allocation of one operation.</summary>
    public readonly struct AllocationMeasurement
    {
        public AllocationMeasurement(double bytesPerCall, int calls, long bytesSmallWindow, long bytesLargeWindow, string? note = null, bool processWide = false,
            bool exact = true, double? highestBytesPerCall = null)
        {
            Exact = exact;
            HighestBytesPerCall = highestBytesPerCall ?? bytesPerCall;
            ProcessWide = processWide;
            Note = note;
            BytesPerCall = bytesPerCall;
            Calls = calls;
            BytesSmallWindow = bytesSmallWindow;
            BytesLargeWindow = bytesLargeWindow;
        }

        /// <summary>
        /// Counted for the whole process (the calls complete on pool threads): exact to the byte per call, not to
        /// the fraction, since the runtime's own background work (timers, the thread pool) allocates meanwhile.
        /// </summary>
        public bool ProcessWide { get; }

        /// <summary>
        /// A pair of windows cost exactly 2:1, or two pairs agreed to the byte, on the measuring thread: the figure
        /// repeats from run to run. False when every pair differed (the calls' cost depends on timing) and for every
        /// figure counted process-wide (it depends on the timing of the pool threads the calls race).
        /// </summary>
        public bool Exact { get; }

        /// <summary>(bytes over 2N calls − bytes over N calls) / N.</summary>
        public double BytesPerCall { get; }

        /// <summary>
        /// The largest per-call figure of any pair of windows measured (each pair's own (2N − N) / N): equal to
        /// <see cref="BytesPerCall"/> for a figure that repeated, above it when the calls' cost moved between pairs.
        /// </summary>
        public double HighestBytesPerCall { get; }

        /// <summary>N: calls in the smaller window.</summary>
        public int Calls { get; }

        /// <summary>What the session noticed about the calls (see <see cref="OperationSession.Note"/>).</summary>
        public string? Note { get; }

        public long BytesSmallWindow { get; }
        public long BytesLargeWindow { get; }

        /// <summary>Bytes paid once per window (not per call): buffers created on first use and the like.</summary>
        public double FixedBytes => BytesSmallWindow - BytesPerCall * Calls;
    }
}
