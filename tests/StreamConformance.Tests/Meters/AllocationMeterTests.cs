using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Budgets;
using StreamConformance.Checks;
using StreamConformance.Meters;
using StreamConformance.Recipes;
using StreamConformance.Results;

namespace StreamConformance.Tests.Meters
{
    public class AllocationMeterTests
    {
        [SetUp]
        public void RequireCounter()
        {
            if (AllocationMeter.UnavailableReason != null) Assert.Ignore(AllocationMeter.UnavailableReason);
        }

        static CheckResult Run(StreamOperation operation, StreamRecipe recipe, CheckContext? context = null)
        {
            var check = CheckCatalog.All.OfType<AllocationBudgetCheck>().Single(c => c.Operation == operation);
            return check.Run(recipe, context ?? new CheckContext { Quick = true }).Single();
        }

        static double Measure(StreamOperation operation, StreamRecipe recipe) =>
            AllocationMeter.Measure(calls => operation.Open(recipe, calls, out var why) ?? throw new AssertionException(why!)).BytesPerCall;

        /// <summary>
        /// A figure that did not repeat is the least of its pairs of windows; when another pair cost more than the
        /// ceiling, the verdict is inconclusive (never a pass that another run turns into a failure). A repeated figure,
        /// or one whose every pair stays on one side, keeps its verdict.
        /// </summary>
        [Test]
        public void AFigureThatMovedAcrossTheCeilingIsInconclusive()
        {
            var check = CheckCatalog.All.OfType<AllocationBudgetCheck>().Single(c => c.Operation == StreamOperations.ReadByte);
            var recipe = new UnbufferedRecipe();   // a 16 B ReadByte ceiling
            CheckResult Judge(double least, bool exact, double highest) =>
                check.Judge(new AllocationMeasurement(least, 1000, 0, 0, exact: exact, highestBytesPerCall: highest), recipe, new CheckContext()).Single();

            var moved = Judge(0, exact: false, highest: 574);
            Assert.That(moved.Outcome, Is.EqualTo(Outcome.Inconclusive), moved.Message);
            Assert.That(moved.Message, Does.Contain("lies between it and the 574 B/call another pair of windows measured"));
            Assert.That(moved.Metrics!["bytesPerCallHighest"], Is.EqualTo(574));
            Assert.That(Judge(0, exact: false, highest: 8).Outcome, Is.EqualTo(Outcome.Pass));
            Assert.That(Judge(40, exact: false, highest: 60).Outcome, Is.EqualTo(Outcome.Fail), "every pair more than twice the ceiling");
            // Every pair over the ceiling but within a factor of 2 of it: such a figure moved that far between runs of one build.
            var near = Judge(20, exact: false, highest: 24);
            Assert.That(near.Outcome, Is.EqualTo(Outcome.Inconclusive), near.Message);
            Assert.That(near.Message, Does.Contain("lies within a factor of 2 of the 20–24 B/call its pairs of windows measured"));
            Assert.That(Judge(20, exact: true, highest: 20).Outcome, Is.EqualTo(Outcome.Fail), "an exact figure keeps its verdict");
            Assert.That(Judge(0, exact: true, highest: 0).Outcome, Is.EqualTo(Outcome.Pass));
        }

        [Test]
        public void OneByteArrayHasTheKnownSize()
        {
            // The meter itself, on a bare allocation: the size the other tests rely on.
            object? keep = null;
            var bytes = AllocationMeter.Measure(calls => new OperationSession(() => keep = new byte[1])).BytesPerCall;
            Assert.That(bytes, Is.EqualTo(HeapSizes.ByteArray(1)));
            Assert.That(keep, Is.Not.Null);
        }

        /// <summary>N shrinks by tens for slow calls so a pair of windows (6N calls) fits in one second, never below the floor.</summary>
        [TestCase(10_000, 0.000_000_01, 10_000)]   // 10 ns: 60,000 calls take 0.6 ms
        [TestCase(10_000, 0.000_016, 10_000)]      // 16 µs: 0.96 s
        [TestCase(10_000, 0.000_05, 1_000)]        // 50 µs: 3 s for N, 0.3 s for N/10
        [TestCase(10_000, 0.000_1, 1_000)]         // 0.1 ms: 6 s for N, 0.6 s for N/10
        [TestCase(10_000, 0.000_2, AllocationMeter.MinimumCalls)] // 0.2 ms: 1.2 s for N/10
        [TestCase(10_000, 0.01, AllocationMeter.MinimumCalls)]
        [TestCase(1_000, 0.000_05, 1_000)]         // quick: 6,000 calls × 0.05 ms = 0.3 s
        [TestCase(1_000, 0.001, AllocationMeter.MinimumCalls)]
        public void TheCallCountFollowsTheTimeACallTakes(int calls, double secondsPerCall, int expected) =>
            Assert.That(AllocationMeter.CallsWithin(calls, secondsPerCall), Is.EqualTo(expected));

        /// <summary>A quick sweep's pair may take 0.1 s: a call of 16 µs still gets its N, one of 17 µs the floor.</summary>
        [TestCase(AllocationMeter.QuickCalls, 0.000_016, AllocationMeter.QuickCalls)]
        [TestCase(AllocationMeter.QuickCalls, 0.000_017, AllocationMeter.MinimumCalls)]
        [TestCase(AllocationMeter.QuickCalls, 0.000_000_01, AllocationMeter.QuickCalls)]
        public void AQuickSweepShrinksNSooner(int calls, double secondsPerCall, int expected) =>
            Assert.That(AllocationMeter.CallsWithin(calls, secondsPerCall, AllocationMeter.QuickPairLimit), Is.EqualTo(expected));

        /// <summary>With fewer calls, a slow call's allocation is still counted exactly, and the note says how many.</summary>
        [Test]
        public void ASlowCallIsStillMeasuredExactly()
        {
            object? keep = null;
            var measurement = AllocationMeter.Measure(calls => new OperationSession(() =>
            {
                System.Threading.Thread.SpinWait(20_000);   // tens of microseconds, allocating nothing
                keep = new byte[1];
            }));
            // The same whole number of bytes on every call: exact at whatever N the machine's speed chose.
            Assert.That(measurement.BytesPerCall, Is.EqualTo(HeapSizes.ByteArray(1)));
            Assert.That(measurement.Exact, Is.True, measurement.Note);
            Assert.That(measurement.Calls, Is.GreaterThanOrEqualTo(AllocationMeter.MinimumCalls).And.LessThanOrEqualTo(AllocationMeter.DefaultCalls));
        }

        /// <summary>
        /// A stream that cannot be rewound is read past its first <see cref="AllocationMeter.SettledBytes"/> before the measured
        /// calls, however slow its single calls: this one serves its first 7 KiB free (as Mono's HTTP bodies serve the bytes
        /// that came with the headers) and allocates a byte[1] per ReadByte after them, each call taking 100 µs. Warmed one
        /// call at a time, the warm-up's half-second limit stopped about 5,000 bytes in, and the windows started inside the
        /// free bytes: a figure of 0, or a part of the cost, depending on the machine's speed.
        /// </summary>
        [Test]
        public void ASlowUnseekableReadIsMeasuredPastItsOpeningBytes()
        {
            const int FreeBytes = 7 * 1024;
            object? keep = null;
            var passed = 0L;
            var measurement = AllocationMeter.Measure(calls =>
            {
                var position = 0L;
                return new OperationSession(() =>
                {
                    var until = Stopwatch.GetTimestamp() + Stopwatch.Frequency / 10_000;
                    while (Stopwatch.GetTimestamp() < until) { }
                    if (position++ >= FreeBytes) keep = new byte[1];
                }, pass: n => { position += n; passed += n; });
            }, warmCalls: AllocationMeter.ShortWarmCalls(AllocationMeter.DefaultCalls), passCalls: AllocationMeter.WarmCallsPast(1));
            Assert.That(measurement.BytesPerCall, Is.EqualTo(HeapSizes.ByteArray(1)), measurement.Note);
            Assert.That(measurement.Exact, Is.True, measurement.Note);
            Assert.That(passed, Is.GreaterThan(0), "the content was passed in large calls");
        }

        /// <summary>
        /// A stream that writes forward only cannot be rewound before its measured calls, so its store grows while measured.
        /// Into a MemoryStream given no room, a pass-through that allocates nothing measures 4 MiB / N per 100-byte write:
        /// after 1,000 warm-up calls the N window ends at 1.1 MB and the 2N one at 2.1 MB, past the store's doubling at 2 MiB.
        /// Into <see cref="ForwardOnlyStore"/> it measures 0, as the recipes' forward-only writers now write.
        /// </summary>
        [TestCase(false)]
        [TestCase(true)]
        public void AForwardOnlyWritersFigureDoesNotCountItsStoresGrowth(bool roomSetAside)
        {
            var check = CheckCatalog.All.OfType<AllocationBudgetCheck>().Single(c => c.Operation == StreamOperations.WriteSpan100);
            var result = check.Run(new ForwardOnlyPassThroughRecipe(roomSetAside), new CheckContext()).Single();
            var bytes = result.Metrics!["bytesPerCall"];
            if (roomSetAside)
                Assert.That(bytes, Is.EqualTo(0), result.Message);
            else
                Assert.That(bytes, Is.GreaterThan(0), "the control: a store with no room set aside grows inside a window, " + result.Message);
        }

        [NotInCatalog]
        sealed class ForwardOnlyPassThroughRecipe : StreamRecipe
        {
            readonly bool _roomSetAside;
            public ForwardOnlyPassThroughRecipe(bool roomSetAside) => _roomSetAside = roomSetAside;
            public override string TypeName => "Test.ForwardOnlyPassThrough";
            public override StreamFixture? OpenWrite()
            {
                var store = _roomSetAside ? ForwardOnlyStore.New() : new System.IO.MemoryStream();
                return new StreamFixture(new UnseekableStream(store), store.ToArray);
            }
        }

        /// <summary>
        /// Only a stream that cannot be rewound passes content in large calls: a seekable stream is rewound to 0 before its
        /// measured calls anyway.
        /// </summary>
        [Test]
        public void OnlyStreamsThatCannotBeRewoundPassTheirOpeningBytesInLargeCalls()
        {
            var content = new byte[64 * 1024];
            using (var unseekable = StreamOperations.ReadByte.OpenOn(new UnseekableStream(new System.IO.MemoryStream(content))))
            {
                Assert.That(unseekable.Pass, Is.Not.Null);
                unseekable.Pass!(AllocationMeter.SettledBytes);
                var rest = new byte[content.Length];
                Assert.That(unseekable.LoopStream!.Read(rest, 0, rest.Length), Is.EqualTo(content.Length - AllocationMeter.SettledBytes));
            }
            using (var span = StreamOperations.ReadSpan100.OpenOn(new UnseekableStream(new System.IO.MemoryStream(content))))
            {
                span.Pass!(10);
                var rest = new byte[content.Length];
                Assert.That(span.LoopStream!.Read(rest, 0, rest.Length), Is.EqualTo(content.Length - 1000), "10 calls of 100 bytes were passed");
            }
            using (var seekable = StreamOperations.ReadByte.OpenOn(new System.IO.MemoryStream(content)))
                Assert.That(seekable.Pass, Is.Null);
            var store = new System.IO.MemoryStream();
            using (var write = StreamOperations.WriteSpan100.OpenOn(new UnseekableStream(store)))
            {
                write.Pass!(10);
                Assert.That(store.Length, Is.EqualTo(1000), "10 calls of 100 bytes were written");
            }
            using (var seekableWrite = StreamOperations.WriteByte.OpenOn(new System.IO.MemoryStream()))
                Assert.That(seekableWrite.Pass, Is.Null);
        }

        /// <summary>
        /// A cost amortized over N (one array every 25 calls: 1.28 B/call on .NET, and every window of 100 or 1,000 calls costs
        /// exactly its share, so the pairs are 2:1) is not called exact when N followed the machine's speed.
        /// </summary>
        [Test]
        public void AnAmortizedFigureAtAReducedCountIsNotCalledExact()
        {
            object? keep = null;
            var n = 0;
            var measurement = AllocationMeter.Measure(calls => new OperationSession(() =>
            {
                System.Threading.Thread.SpinWait(100_000);
                if (++n % 25 == 0) keep = new byte[1];
            }));
            Assert.That(keep, Is.Not.Null);
            if (measurement.Calls == AllocationMeter.DefaultCalls)
                Assert.Inconclusive("the calls were fast enough here for the full count: nothing to show");
            Assert.That(measurement.BytesPerCall, Is.EqualTo(HeapSizes.ByteArray(1) / 25.0).Within(1e-9));
            Assert.That(measurement.Exact, Is.False, measurement.Note);
            Assert.That(measurement.Note, Does.Contain("N followed the speed of the calls"));
            Assert.That(keep, Is.Not.Null);
        }

        [Test]
        public void BaseStreamReadByteIsFlaggedWithTheSizeOfAByteArrayOfOne()
        {
            var result = Run(StreamOperations.ReadByte, WrapperRecipe.BaseReadByte());
            var expected = HeapSizes.ByteArray(1); // 32 B on CoreCLR x64, 40 B on Mono x64
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Metrics!["bytesPerCall"], Is.EqualTo(expected));
            Assert.That(result.Message, Is.EqualTo($"ReadByte allocates {expected} B/call, budget 0 B (default for buffered streams)"));
        }

        /// <summary>The seed-002 defect is a cost on any stream, not only a buffered one: an unbuffered stream may spend
        /// up to 1 KiB on a 100-byte call, but less than one object per single-byte call.</summary>
        [Test]
        public void AnUnbufferedStreamAllocatingPerReadByteIsFlaggedToo()
        {
            var result = Run(StreamOperations.ReadByte, WrapperRecipe.BaseReadByte(buffered: false));
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Message, Does.EndWith("budget 16 B (default for unbuffered streams)"));
            var amortized = Run(StreamOperations.ReadSpan100, WrapperRecipe.BaseReadByte(buffered: false));
            Assert.That(amortized.Outcome, Is.EqualTo(Outcome.Pass), amortized.Message);
        }

        [Test]
        public void BaseStreamWriteByteIsFlaggedToo()
        {
            var result = Run(StreamOperations.WriteByte, WrapperRecipe.BaseReadByte());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Metrics!["bytesPerCall"], Is.EqualTo(HeapSizes.ByteArray(1)));
        }

        [Test]
        public void WriteByteAllocatingOneHundredBytesIsFlagged()
        {
            var result = Run(StreamOperations.WriteByte, WrapperRecipe.AllocatingWriteByte());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Metrics!["bytesPerCall"], Is.EqualTo(HeapSizes.ByteArray(100))); // 128 B on CoreCLR, 136 B on Mono
        }

        static IEnumerable<TestCaseData> ZeroAllocationCases()
        {
            var zero = new[]
            {
                StreamOperations.ReadByte, StreamOperations.WriteByte, StreamOperations.ReadSpan1, StreamOperations.ReadSpan100,
                StreamOperations.WriteSpan1, StreamOperations.WriteSpan100, StreamOperations.Seek, StreamOperations.PositionGet,
                StreamOperations.ReadAsyncMemoryBuffered,
            };
            foreach (var op in zero)
            {
                yield return new TestCaseData(op.Name, "MemoryStream").SetName($"MemoryStream {op.Name} allocates nothing");
                yield return new TestCaseData(op.Name, "BufferedStream").SetName($"BufferedStream {op.Name} allocates nothing");
            }
            yield return new TestCaseData(StreamOperations.ReadAsyncArray100.Name, "MemoryStream").SetName("MemoryStream read-async-array-100 allocates nothing");
        }

        static StreamRecipe Recipe(string name) => name == "MemoryStream" ? new MemoryStreamRecipe() : (StreamRecipe)new BufferedStreamRecipe();

        [TestCaseSource(nameof(ZeroAllocationCases))]
        public void CorrectBufferedStreamsMeasureExactlyZeroAndPass(string operation, string stream)
        {
            var result = Run(StreamOperations.Find(operation)!, Recipe(stream));
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), result.Message);
            Assert.That(result.Metrics!["bytesPerCall"], Is.EqualTo(0));
            Assert.That(result.Metrics["calls"], Is.EqualTo(AllocationMeter.QuickCalls), "these tests run quick");
        }

        /// <summary>
        /// The unseekable source under the sweep's wrappers forwards its async reads to the MemoryStream's own
        /// (which complete synchronously from a cached task): a BufferedStream refilling from it costs nothing,
        /// on either runtime, so a figure on a wrapper over it is the wrapper's own.
        /// </summary>
        [Test]
        public void BufferedStreamOverTheUnseekableSourceReadsAsyncWithoutAllocating()
        {
            var result = Run(StreamOperations.ReadAsyncMemoryBuffered, new StreamConformance.Recipes.BufferedStreamUnseekableRecipe(), new CheckContext { Quick = false });
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), result.Message);
            Assert.That(result.Metrics!["bytesPerCall"], Is.EqualTo(0));
            Assert.That(result.Metrics["exact"], Is.EqualTo(1));
            Assert.That(result.Metrics, Does.Not.ContainKey("bytesPerCallProcessWide"), "every refill completed synchronously, on this thread");
        }

        [Test]
        public void DefaultSweepAmortizesOverTenThousandCalls()
        {
            var result = Run(StreamOperations.ReadByte, new MemoryStreamRecipe(), new CheckContext { Quick = false });
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), result.Message);
            Assert.That(result.Metrics!["calls"], Is.EqualTo(AllocationMeter.DefaultCalls));
            Assert.That(AllocationMeter.DefaultCalls, Is.GreaterThanOrEqualTo(10_000));
        }

        [Test]
        public void BufferedStreamReadAsyncArrayPassesItsCeiling()
        {
            // A Task per refill of the 4096-byte buffer, amortized over the ~41 calls one refill serves.
            var result = Run(StreamOperations.ReadAsyncArray100, new BufferedStreamRecipe());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), result.Message);
            Assert.That(result.Metrics!["bytesPerCall"], Is.GreaterThan(0).And.LessThan(10));
        }

        [Test]
        public void MeasuringTheSameOperationTwiceGivesIdenticalFigures()
        {
            Assert.That(Measure(StreamOperations.ReadByte, WrapperRecipe.BaseReadByte()),
                Is.EqualTo(Measure(StreamOperations.ReadByte, WrapperRecipe.BaseReadByte())));
            // A fractional figure (allocations every ~41 calls) is repeatable to the last bit as well.
            var first = Measure(StreamOperations.ReadAsyncArray100, new BufferedStreamRecipe());
            var second = Measure(StreamOperations.ReadAsyncArray100, new BufferedStreamRecipe());
            Assert.That(second, Is.EqualTo(first));
        }

        /// <summary>
        /// Sessions whose every call allocates a byte[1] (the calls' own cost) and, in the measured part of the
        /// <paramref name="straySession"/>-th session opened (0: none), one stray byte[1000] at the tenth call.
        /// </summary>
        sealed class StraySessions
        {
            readonly int _straySession;
            object? _sink;

            public StraySessions(int straySession) => _straySession = straySession;

            public int Opened { get; private set; }

            public OperationSession Open(int calls)
            {
                var session = ++Opened;
                var measuring = false;
                var done = 0;
                return new OperationSession(() =>
                {
                    _sink = new byte[1];
                    if (measuring && session == _straySession && ++done == 10) _sink = new byte[1000];
                }, rewind: () => measuring = true);
            }
        }

        /// <summary>
        /// Something else allocating on the measuring thread once (in the first small window, the first large
        /// one, or the second small one) must not change the figure: it only ever adds to a window, and the least
        /// window of each size is kept. Sessions 1 and 2 estimate a call's cost, session 3 is the warm-up window.
        /// </summary>
        [Test]
        public void AStrayAllocationInOneWindowDoesNotChangeTheFigure([Values(4, 5, 6)] int straySession)
        {
            var measured = AllocationMeter.Measure(new StraySessions(straySession).Open);
            Assert.That(measured.BytesPerCall, Is.EqualTo(HeapSizes.ByteArray(1)));
        }

        /// <summary>
        /// With a live peer one clean pair may be luck of timing: every pair is measured, and a figure is called
        /// exact only when all agree. The figure itself is still the least window of each size.
        /// </summary>
        [TestCase(0, true)]
        [TestCase(9, false)] // the last large window
        public void WithALivePeerEveryPairMustAgree(int straySession, bool exact)
        {
            var sessions = new StraySessions(straySession);
            var measured = AllocationMeter.Measure(sessions.Open, livePeer: true);
            Assert.That(sessions.Opened, Is.EqualTo(3 + 2 * AllocationMeter.Repetitions), "two cost estimates, a warm-up window and every pair");
            Assert.That(measured.Exact, Is.EqualTo(exact), measured.Note);
            Assert.That(measured.BytesPerCall, Is.EqualTo(HeapSizes.ByteArray(1)));
            if (!exact) Assert.That(measured.Note, Does.Contain("live peer"));
        }

        /// <summary>
        /// Pairs stop as soon as one more could not change what the figure promises: a clean pair (2N cost exactly twice N)
        /// settles it; with a live peer, two pairs that differ already make it not exact, so a third is not measured.
        /// </summary>
        [TestCase(0, false, 1, true)]
        [TestCase(4, false, 2, true)]  // the first pair's small window: the second pair settles it
        [TestCase(5, true, 2, false)]  // live peer, the first pair's large window: pairs 1 and 2 differ, no third
        public void PairsEndWhenNoFurtherPairCanChangeTheVerdict(int straySession, bool livePeer, int pairs, bool exact)
        {
            var sessions = new StraySessions(straySession);
            var measured = AllocationMeter.Measure(sessions.Open, livePeer: livePeer);
            Assert.That(sessions.Opened, Is.EqualTo(3 + 2 * pairs), "two cost estimates, a warm-up window and the pairs");
            Assert.That(measured.Exact, Is.EqualTo(exact), measured.Note);
            Assert.That(measured.BytesPerCall, Is.EqualTo(HeapSizes.ByteArray(1)));
        }

        /// <summary>
        /// Counted process-wide, the calls race the pool threads that complete them, and a race can settle alike
        /// for a whole run: agreeing pairs prove nothing there, so such a figure is never called exact.
        /// </summary>
        [Test]
        public void AFigureCountedProcessWideIsNeverCalledExact()
        {
#if NET
            var measured = AllocationMeter.Measure(new StraySessions(0).Open, onPoolThreads: true);
            Assert.That(measured.ProcessWide, Is.True);
            Assert.That(measured.Exact, Is.False, measured.Note);
            Assert.That(measured.Note, Does.Contain("not exact: counted process-wide"));
            Assert.That(System.Math.Round(measured.BytesPerCall), Is.EqualTo(HeapSizes.ByteArray(1)));
#else
            var e = Assert.Throws<System.InvalidOperationException>(() => AllocationMeter.Measure(new StraySessions(0).Open, onPoolThreads: true));
            Assert.That(e!.Message, Does.Contain("no precise process-wide counter"));
#endif
        }

        [Test]
        public void SeekOnAnUnseekableStreamIsSkippedWithTheReason()
        {
            var result = Run(StreamOperations.Seek, WrapperRecipe.Unseekable());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Skip));
            Assert.That(result.Message, Does.Contain("cannot seek"));
        }

        [Test]
        public void AStreamThatCannotDoTheOperationIsSkippedNotPassed()
        {
            var result = Run(StreamOperations.ReadByte, WrapperRecipe.AllocatingWriteByte()); // its ReadByte throws NotSupported
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Skip));
            Assert.That(result.Message, Does.Contain("NotSupportedException"));
        }

        /// <summary>Seek and Position read a byte before they are timed: a stream whose ReadByte throws has no figure, and no harness error.</summary>
        [Test]
        public void AStreamWhoseFirstCallThrowsIsSkippedNotAnError()
        {
            foreach (var check in new IStreamCheck[] { new AllocationBudgetCheck(StreamOperations.Seek), new LatencyBudgetCheck(StreamOperations.PositionGet) })
            {
                var result = check.Run(WrapperRecipe.AllocatingWriteByte(), new CheckContext { Quick = true }).Single();
                Assert.That(result.Outcome, Is.EqualTo(Outcome.Skip), check.Name);
                Assert.That(result.Message, Does.Contain("could not be measured: NotSupportedException"), check.Name);
            }
        }

        [Test]
        public void EveryOperationHasAnAllocationAndALatencyCheck()
        {
            var names = CheckCatalog.Select("budget.*").Select(c => c.Name).ToList();
            foreach (var op in StreamOperations.All)
            {
                Assert.That(names, Does.Contain("budget.alloc." + op.Name));
                Assert.That(names, Does.Contain("budget.latency." + op.Name));
            }
            Assert.That(names, Has.Count.EqualTo(2 * StreamOperations.All.Count));
        }
    }
}
