using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Runtime.ExceptionServices;
using StreamConformance.Recipes;
using StreamConformance.Results;

namespace StreamConformance.Checks
{
    // One concept: the checks at the contract's edges: zero-byte calls, Flush on a read-only stream, invalid arguments.

    /// <summary>
    /// Reads and writes of zero bytes are harmless: every read API returns 0 without consuming anything (the next
    /// ReadByte still sees the first byte, Position is unchanged), and zero-byte writes between real writes leave
    /// no trace in the store.
    /// </summary>
    public sealed class ZeroLengthCheck : StreamCheck
    {
        protected override bool AssumesPassThrough => true;

        public override string Name => "edge.zero-length";

        protected override CheckResult Evaluate(StreamRecipe recipe, CheckContext context)
        {
            var content = recipe.ContentFor(CheckContext.Content(64));
            var findings = new Violations();
            var parts = new List<string>();
            var opening = Stopwatch.StartNew();
            var readable = Fixtures.Readable(recipe, content);
            var bound = CallBound.After(opening);
            ReproTrace? trace = null;
            if (readable != null)
                using (readable)
                {
                    parts.Add("reads return 0 and consume nothing");
                    var calls = new List<ReproStep>();
                    findings.Run("reads", () =>
                    {
                        try
                        {
                            ZeroReads(readable, content, bound, calls);
                        }
                        catch (ContractViolation v) when (calls.Count > 0)
                        {
                            trace = ReadTrace(content.Length, calls, v.Message);
                            throw;
                        }
                    });
                }
            // An empty fixed-size store has no room for the bytes around the zero-byte writes.
            var access = StreamAccess.Write;
            var writable = recipe.CanGrow ? Fixtures.Writable(recipe, out access) : null;
            if (writable != null)
                using (writable)
                {
                    parts.Add("writes leave no trace");
                    findings.Run("writes", () =>
                    {
                        try
                        {
                            ZeroWrites(writable, recipe.ReadBackBeforeDispose);
                        }
                        catch (ContractViolation v)
                        {
                            trace ??= ZeroWritesTrace(ModelRepro.Name(access), recipe.ReadBackBeforeDispose, v.Message);
                            throw;
                        }
                    });
                }
            if (parts.Count == 0) return Skip("the recipe opens no readable stream and no writable stream with a read-back");
            var result = Verdict(findings, "zero-byte " + string.Join("; zero-byte ", parts));
            if (result.Outcome == Outcome.Fail) result.Repro = trace;
            return result;
        }

        /// <summary>
        /// <see cref="ZeroWrites"/>'s calls as steps, for the program of its failure: ten calls at most, with nothing to
        /// shrink (each zero-byte write is one of the ways the rule is held).
        /// </summary>
        static ReproTrace ZeroWritesTrace(string access, bool beforeDispose, string violation)
        {
            var steps = new List<ReproStep>
            {
                ReproStep.Of(ReproOps.Write, new long[] { 0, 6 }, new byte[] { 1, 2, 3 }),
                ReproStep.Of(ReproOps.Write, new long[] { 0, 6 }, Array.Empty<byte>()),
                ReproStep.Of(ReproOps.Write, new long[] { 6, 6 }, Array.Empty<byte>()),
                ReproStep.Of(ReproOps.WriteSpan, new long[] { 0, 0 }, Array.Empty<byte>()),
                ReproStep.Of(ReproOps.WriteAsync, new long[] { 0, 6 }, Array.Empty<byte>()),
                ReproStep.Of(ReproOps.WriteAsyncMemory, new long[] { 0, 0 }, Array.Empty<byte>()),
                ReproStep.Of(ReproOps.Write, new long[] { 3, 6 }, new byte[] { 4, 5, 6 }),
            };
            if (beforeDispose)
            {
                steps.Add(ReproStep.Of(ReproOps.Flush));
                steps.Add(ReproStep.Of(ReproOps.StoreIs, new long[] { 0 }));
                steps.Add(ReproStep.Of(ReproOps.Dispose));
            }
            else
            {
                steps.Add(ReproStep.Of(ReproOps.Dispose));
                steps.Add(ReproStep.Of(ReproOps.StoreIs, new long[] { 1 }));
            }
            return new ReproTrace { Access = access, ContentLength = 64, ShrunkFrom = steps.Count, Violation = violation, Steps = steps };
        }

        /// <summary>A read fixture's calls up to the failing one, as they ran: each one call with nothing to shrink.</summary>
        internal static ReproTrace ReadTrace(int contentLength, List<ReproStep> calls, string violation) =>
            new ReproTrace { Access = "read", ContentLength = contentLength, ShrunkFrom = calls.Count, Violation = violation, Steps = calls };

        /// <param name="calls">Each call as a step, logged before it is made; cleared when a read blocked (no program replays a hang).</param>
        static void ZeroReads(StreamFixture fixture, byte[] content, TimeSpan bound, List<ReproStep> calls)
        {
            var s = fixture.Stream;
            var buffer = new byte[4];
            var seekable = s.CanSeek;
            var none = new long[] { 0, 0 };
            var reads = new (string Name, string Op, Func<int> Call)[]
            {
                ("Read(byte[], 0, 0)", ReproOps.Read, () => s.Read(buffer, 0, 0)),
                ("Read(byte[], 4, 0) (offset at the array's end)", ReproOps.Read, () => s.Read(buffer, 4, 0)),
                ("Read(Span<byte>.Empty)", ReproOps.ReadSpan, () => s.Read(Span<byte>.Empty)),
                ("ReadAsync(byte[], 0, 0)", ReproOps.ReadAsync, () => s.ReadAsync(buffer, 0, 0).GetAwaiter().GetResult()),
                ("ReadAsync(Memory<byte>.Empty)", ReproOps.ReadAsyncMemory, () => s.ReadAsync(Memory<byte>.Empty).AsTask().GetAwaiter().GetResult()),
            };
            // Where the stream starts: 0 for most, past an entry's header for an archive reader that reports its
            // archive's position (DotNetZip's ZipInputStream after GetNextEntry()). A zero-byte read must not move it.
            var start = seekable ? Expect.Call("Position", () => s.Position) : 0;
            foreach (var (name, op, call) in reads)
            {
                calls.Add(ReproStep.Of(op, none, Array.Empty<byte>(), 0));
                var n = Expect.Call(name, () => Bounded(name, call, bound, fixture, content.Length, calls));
                Expect.That(n == 0, $"{name} returned {n}; expected 0");
                if (seekable)
                {
                    calls.Add(ReproStep.Of(ReproOps.Position, expect: start));
                    var position = Expect.Call("Position", () => s.Position);
                    Expect.That(position == start, $"Position is {position} after {name}; expected {start}, where it was before");
                }
            }
            // Over empty content (an empty-only recipe) the next byte is the end.
            var expected = content.Length == 0 ? -1 : content[0];
            calls.Add(ReproStep.Of(ReproOps.ReadByte, expect: expected));
            var first = Expect.Call("ReadByte() after the zero-byte reads", s.ReadByte);
            Expect.That(first == expected, $"ReadByte() after zero-byte reads returned {first}; expected {(content.Length == 0 ? "-1 (the content is empty)" : $"the first byte {expected}")}");
        }

        /// <summary>
        /// A zero-byte read may block only until data is available (the official suite's
        /// ZeroByteRead_BlocksUntilDataAvailableOrNops): with the content unread, one still blocked after
        /// <paramref name="bound"/> is a finding. The fixture is then disposed to release the blocked call, instead of
        /// the whole probe being killed as hung.
        /// </summary>
        static int Bounded(string name, Func<int> call, TimeSpan bound, StreamFixture fixture, int unread, List<ReproStep> calls)
        {
            if (!BoundedCall.TryRun(call, bound, "zero-byte read", fixture.Dispose, bound, out var result, out var error))
            {
                calls.Clear();
                throw Expect.Violation(string.Format(CultureInfo.InvariantCulture,
                    "{0} had not returned after {1:0.#} s with all {2} bytes of content unread; a zero-byte read may block only until data is available",
                    name, bound.TotalSeconds, unread));
            }
            if (error != null) ExceptionDispatchInfo.Capture(error).Throw();
            return result;
        }

        static void ZeroWrites(StreamFixture fixture, bool beforeDispose)
        {
            var s = fixture.Stream;
            var data = new byte[] { 1, 2, 3, 4, 5, 6 };
            Expect.Call("Write(byte[], 0, 3)", () => s.Write(data, 0, 3));
            Expect.Call("Write(byte[], 0, 0)", () => s.Write(data, 0, 0));
            Expect.Call("Write(byte[], 6, 0) (offset at the array's end)", () => s.Write(data, 6, 0));
            Expect.Call("Write(ReadOnlySpan<byte>.Empty)", () => s.Write(ReadOnlySpan<byte>.Empty));
            Expect.Call("WriteAsync(byte[], 0, 0)", () => s.WriteAsync(data, 0, 0).GetAwaiter().GetResult());
            Expect.Call("WriteAsync(ReadOnlyMemory<byte>.Empty)", () => s.WriteAsync(ReadOnlyMemory<byte>.Empty).AsTask().GetAwaiter().GetResult());
            Expect.Call("Write(byte[], 3, 3)", () => s.Write(data, 3, 3));
            if (beforeDispose) Expect.Call("Flush()", s.Flush);
            var early = beforeDispose ? Fixtures.ReadBack(fixture) : null;
            Expect.Call("Dispose()", s.Dispose);
            var stored = early ?? Fixtures.ReadBack(fixture);
            Expect.That(Describe.Same(data, stored), $"3 bytes, zero-byte writes, 3 bytes: the store differs: {Describe.Difference(data, stored)}");
        }
    }

    /// <summary>Flush on a read-only stream does not throw (sync and async) and does not disturb reading, even mid-content.</summary>
    public sealed class FlushReadOnlyCheck : StreamCheck
    {
        protected override bool AssumesPassThrough => true;
        protected override bool NeedsContent => true;

        public override string Name => "edge.flush-read-only";

        protected override CheckResult Evaluate(StreamRecipe recipe, CheckContext context)
        {
            var content = CheckContext.Content(Fixtures.ContentLength(recipe, context));
            var fixture = Fixtures.Open(recipe, StreamAccess.Read, content);
            if (fixture == null) return Skip("the recipe opens no read-only stream");
            using (fixture)
            {
                if (fixture.Stream.CanWrite) return Skip("the recipe's read stream is writable (CanWrite is true)");
                // Each call is logged before it is made, the program of a failure: a handful of calls, nothing to shrink.
                var calls = new List<ReproStep>();
                return Verify(() =>
                {
                    var s = fixture.Stream;
                    calls.Add(ReproStep.Of(ReproOps.Flush));
                    Expect.Call("Flush() before reading", s.Flush);
                    var head = new byte[100];
                    var got = 0;
                    while (got < head.Length)
                    {
                        calls.Add(ReproStep.Of(ReproOps.Read, new long[] { head.Length - got, 1 }, Slice(content, got, head.Length - got)));
                        var n = Expect.Call("Read(byte[], int, int)", () => s.Read(head, got, head.Length - got));
                        Expect.That(n > 0 && n <= head.Length - got, $"Read returned {n} at offset {got} of {content.Length}; expected 1..{head.Length - got}");
                        got += n;
                    }
                    calls.Add(ReproStep.Of(ReproOps.Flush));
                    Expect.Call("Flush() after reading 100 bytes", s.Flush);
                    calls.Add(ReproStep.Of(ReproOps.FlushAsync));
                    Expect.Call("FlushAsync() after reading 100 bytes", () => s.FlushAsync().GetAwaiter().GetResult());
                    calls.Add(ReproStep.Of(ReproOps.ReadToEnd, new long[] { 50, head.Length }, expect: content.Length - head.Length));
                    var rest = StreamReading.ReadToEnd(s, ReadMode.SyncArray, 50, StreamReading.LimitFor(content.Length, context), false);
                    var all = new byte[head.Length + rest.Length];
                    Buffer.BlockCopy(head, 0, all, 0, head.Length);
                    Buffer.BlockCopy(rest, 0, all, head.Length, rest.Length);
                    Expect.That(Describe.Same(content, all), $"reading across Flush calls: {Describe.Difference(content, all)}");
                    return "Flush and FlushAsync on a read-only stream did not throw and reading continued intact";
                }, v => ZeroLengthCheck.ReadTrace(content.Length, calls, v.Message));
            }
        }

        static byte[] Slice(byte[] content, int from, int count)
        {
            var slice = new byte[Math.Max(0, Math.Min(count, content.Length - from))];
            Buffer.BlockCopy(content, from, slice, 0, slice.Length);
            return slice;
        }
    }

    /// <summary>
    /// Read, Write, ReadAsync and WriteAsync validate their arguments: a null buffer throws ArgumentNullException, a
    /// negative offset or count ArgumentOutOfRangeException, and a range beyond the array ArgumentException (any
    /// subclass). Async members may throw or return a faulted task. A call that rejects its arguments leaves the stream
    /// usable: dotnet/runtime's suite disposes the stream after the same calls, so a later call or the Dispose that never
    /// returns is a finding naming that call (each runs bounded), not a hang of the probe.
    /// </summary>
    public sealed class ArgumentValidationCheck : StreamCheck
    {
        public override string Name => "edge.argument-validation";

        protected override CheckResult Evaluate(StreamRecipe recipe, CheckContext context)
        {
            var content = CheckContext.Content(64);
            var findings = new Violations();
            var parts = new List<string>();
            // A stream that reads what it parses before it looks at the arguments answers content it rejects with a format
            // exception: which exception comes first is the content's doing there, so its reads are not judged.
            var rejected = recipe.RejectedContentReason;
            var opening = Stopwatch.StartNew();
            var readable = rejected == null ? Fixtures.Readable(recipe, content) : null;
            if (readable != null)
            {
                var calls = new MisuseCalls(readable, "Read", CallBound.After(opening));
                try
                {
                    if (readable.Stream.CanRead)
                    {
                        parts.Add("Read/ReadAsync");
                        var s = readable.Stream;
                        Validate(findings, calls, "Read", (b, o, c) => s.Read(b!, o, c));
                        Validate(findings, calls, "ReadAsync", (b, o, c) => s.ReadAsync(b!, o, c).GetAwaiter().GetResult());
                    }
                }
                catch
                {
                    calls.Abandon();
                    throw;
                }
                calls.Dispose(findings);
            }
            opening.Restart();
            var writable = Fixtures.Open(recipe, StreamAccess.Write, Array.Empty<byte>()) ?? Fixtures.Open(recipe, StreamAccess.ReadWrite, content);
            if (writable != null)
            {
                var calls = new MisuseCalls(writable, "Write", CallBound.After(opening));
                try
                {
                    if (writable.Stream.CanWrite)
                    {
                        parts.Add("Write/WriteAsync");
                        var s = writable.Stream;
                        Validate(findings, calls, "Write", (b, o, c) => { s.Write(b!, o, c); return 0; });
                        Validate(findings, calls, "WriteAsync", (b, o, c) => { s.WriteAsync(b!, o, c).GetAwaiter().GetResult(); return 0; });
                    }
                }
                catch
                {
                    calls.Abandon();
                    throw;
                }
                calls.Dispose(findings);
            }
            if (parts.Count == 0) return Skip(rejected != null ? "reads not judged: " + rejected : "the recipe opens no readable or writable stream");
            return Verdict(findings, $"{string.Join(" and ", parts)} reject null, negative and out-of-range arguments" + (rejected != null ? "; reads not judged: " + rejected : ""));
        }

        static void Validate(Violations findings, MisuseCalls calls, string method, Func<byte[]?, int, int, int> call)
        {
            var buffer = new byte[10];
            void Case<T>(string args, byte[]? b, int o, int c) where T : Exception
            {
                // A stream stuck in one call is not asked again: its next call would wait behind the first.
                if (calls.Stuck) return;
                var what = $"{method}({args})";
                if (!calls.TryMake(what, () => call(b, o, c), out var error))
                {
                    findings.AddFirst(calls.Hung(what));
                    return;
                }
                findings.Run(null, () => Expect.Throws<T>(what, () => { if (error != null) ExceptionDispatchInfo.Capture(error).Throw(); }));
            }
            Case<ArgumentNullException>("null, 0, 1", null, 0, 1);
            Case<ArgumentOutOfRangeException>("buffer[10], -1, 1", buffer, -1, 1);
            Case<ArgumentOutOfRangeException>("buffer[10], 0, -1", buffer, 0, -1);
            Case<ArgumentException>("buffer[10], 5, 6", buffer, 5, 6);
            Case<ArgumentException>("buffer[10], 11, 0", buffer, 11, 0);
            Case<ArgumentException>("buffer[10], 0, 11", buffer, 0, 11);
        }

        /// <summary>
        /// One fixture's misuse calls, each run bounded (<see cref="BoundedCall"/>), and what each answered: a call that
        /// never returns is reported with the calls before it, and the fixture is then left to its parked thread.
        /// </summary>
        sealed class MisuseCalls
        {
            readonly StreamFixture _fixture;
            readonly string _access;
            readonly TimeSpan _bound;
            readonly List<string> _refused = new List<string>();
            int _made;

            /// <param name="access">"Read" or "Write": a Dispose that hangs is named with the calls it follows, as <c>report --finding</c> replays them.</param>
            public MisuseCalls(StreamFixture fixture, string access, TimeSpan bound)
            {
                _fixture = fixture;
                _access = access;
                _bound = bound;
            }

            public bool Stuck { get; private set; }

            /// <summary>Makes the call: false when it did not return in time, else true with the exception it threw, if any.</summary>
            public bool TryMake(string what, Func<int> call, out Exception? error)
            {
                if (!BoundedCall.TryRun(call, _bound, "argument validation", null, TimeSpan.Zero, out _, out error))
                {
                    Stuck = true;
                    return false;
                }
                _made++;
                if (error != null) _refused.Add($"{what} threw {Describe.Unwrap(error).GetType().Name}");
                return true;
            }

            /// <summary>Disposes the fixture, bounded as the calls were; one that throws is the check's error as before.</summary>
            public void Dispose(Violations findings)
            {
                if (Stuck)
                {
                    Abandon();
                    return;
                }
                if (!BoundedCall.TryRun(() => { _fixture.Dispose(); return 0; }, _bound, "argument validation dispose", null, TimeSpan.Zero, out _, out var error))
                {
                    findings.AddFirst(_access + ": " + Hung("Dispose()"));
                    return;
                }
                if (error != null) ExceptionDispatchInfo.Capture(error).Throw();
            }

            /// <summary>
            /// Disposes the fixture without judging or waiting (after a stuck call, or when the check itself failed):
            /// disposing may wait behind the stuck call, so a background thread takes it, parked if it blocks too.
            /// </summary>
            public void Abandon() =>
                BoundedCall.TryRun(() => { _fixture.Dispose(); return 0; }, TimeSpan.Zero, "argument validation dispose", null, TimeSpan.Zero, out _, out _);

            public string Hung(string what) => string.Format(CultureInfo.InvariantCulture,
                "{0} had not returned after {1:0.#} s, after {2} calls with invalid arguments on the same stream{3}; a call that rejects its arguments must leave the stream usable",
                what, _bound.TotalSeconds, _made, _refused.Count == 0 ? "" : $" ({_refused.Count} refused them, the first: {_refused[0]})");
        }
    }
}
