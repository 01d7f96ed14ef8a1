using System;
using System.Collections.Generic;
using System.IO;
using StreamConformance.Recipes;
using StreamConformance.Results;

namespace StreamConformance.Checks
{
    /// <summary>
    /// What is written reaches the store intact and in order: WriteByte of every value 0..255, then a seeded
    /// mix of WriteByte, Write(byte[]), Write(ReadOnlySpan), WriteAsync and BeginWrite. Data must be in the store
    /// after Flush when the recipe says writes are visible then, and after Dispose in every case. Each part's calls are
    /// steps (<see cref="ReproStep"/>), so a failing part is shrunk to the fewest writes that still fail and kept as the
    /// result's program.
    /// </summary>
    public sealed class WriteByteRoundTripCheck : StreamCheck
    {
        protected override bool AssumesPassThrough => true;

        public override string Name => "write-byte.round-trip";

        protected override CheckResult Evaluate(StreamRecipe recipe, CheckContext context)
        {
            var length = Fixtures.ContentLength(recipe, context);
            var content = CheckContext.Content(length);
            var first = Fixtures.Writable(recipe, out var access);
            if (first == null) return Skip("the recipe opens no writable stream with a read-back" + (recipe.NoWriterReason is { } why ? ": " + why : ""));
            var findings = new Violations();
            ReproTrace? trace = null;
            using (first)
                findings.Run("WriteByte", () => Traced(ref trace, recipe, access, content, first, named: true, ByteSteps(content)));
            var second = Fixtures.Writable(recipe, out access);
            if (second != null)
                using (second)
                    findings.Run("mixed writes", () => Traced(ref trace, recipe, access, content, second, named: false, MixedSteps(content, context.NewRandom(0x3217), synchronousOnly: Runtimes.RuntimeResolver.IsRunningOnWasm)));
            var result = Verdict(findings, $"{length} bytes by WriteByte and by mixed write calls reached the store in order"
                                     + (recipe.WritesVisibleAfterFlush ? " (visible after Flush)" : recipe.ReadBackBeforeDispose ? " (read back after Flush, before Dispose)" : " (checked after Dispose)"));
            if (result.Outcome == Outcome.Fail) result.Repro = trace;
            return result;
        }

        /// <summary>WriteByte of every content byte in order.</summary>
        static IEnumerable<ReproStep> ByteSteps(byte[] content)
        {
            foreach (var value in content) yield return ReproStep.Of(ReproOps.WriteByte, new long[] { value });
        }

        /// <summary>
        /// The content in seeded chunks through every write API, each from an offset inside a larger array. With
        /// <paramref name="synchronousOnly"/> (WebAssembly: one thread, where Stream's own WriteAsync and BeginWrite wait on a
        /// monitor and throw), the synchronous ones only, so the writes are still judged there.
        /// </summary>
        static IEnumerable<ReproStep> MixedSteps(byte[] content, Random random, bool synchronousOnly)
        {
            // The source sits at an offset inside a larger array, so a write that ignores the offset shows.
            const int shift = 7;
            long sourceLength = content.Length + 32;
            var at = 0;
            while (at < content.Length)
            {
                var count = Math.Min(content.Length - at, 1 + random.Next(100));
                var kind = random.Next(synchronousOnly ? 3 : 6);
                if (kind == 0) count = 1;
                var data = new byte[count];
                Buffer.BlockCopy(content, at, data, 0, count);
                var op = kind switch
                {
                    0 => ReproOps.WriteByte,
                    1 => ReproOps.Write,
                    2 => ReproOps.WriteSpan,
                    3 => ReproOps.WriteAsync,
                    4 => ReproOps.WriteAsyncMemory,
                    _ => ReproOps.BeginWrite,
                };
                yield return op == ReproOps.WriteByte
                    ? ReproStep.Of(op, new long[] { data[0] })
                    : ReproStep.Of(op, new[] { shift + at, sourceLength }, data);
                at += count;
            }
        }

        /// <summary>Flush (and compare, when visible then), Dispose, compare (unless the stream is its own store, gone at Dispose).</summary>
        static IEnumerable<ReproStep> CompleteSteps(StreamRecipe recipe)
        {
            yield return ReproStep.Of(ReproOps.Flush);
            if (recipe.WritesVisibleAfterFlush || recipe.ReadBackBeforeDispose) yield return ReproStep.Of(ReproOps.StoreIs, new long[] { 0 });
            yield return ReproStep.Of(ReproOps.Dispose);
            if (!recipe.ReadBackBeforeDispose) yield return ReproStep.Of(ReproOps.StoreIs, new long[] { 1 });
        }

        static bool Completes(ReproStep step) => step.Op == ReproOps.Flush || step.Op == ReproOps.Dispose || step.Op == ReproOps.StoreIs;

        /// <summary>Runs one part's writes and its completion; a broken rule keeps the part's shrunk steps (the first part's that fails) before it is reported.</summary>
        static void Traced(ref ReproTrace? trace, StreamRecipe recipe, StreamAccess access, byte[] content, StreamFixture fixture, bool named, IEnumerable<ReproStep> writes)
        {
            var run = new WriteRun(fixture, named);
            try
            {
                foreach (var step in writes) run.Run(step);
                foreach (var step in CompleteSteps(recipe)) run.Run(step);
            }
            catch (ContractViolation v)
            {
                if (trace == null) trace = Shrunk(recipe, access, content, named, run.Log, v.Message);
                throw;
            }
        }

        static ReproTrace? Shrunk(StreamRecipe recipe, StreamAccess access, byte[] content, bool named, List<ReproStep> failing, string violation)
        {
            SequenceShrinker.Replay replay = steps =>
            {
                var fixture = Fixtures.Writable(recipe, out _) ?? throw new InvalidOperationException("the recipe opened no writable fixture");
                using (fixture)
                {
                    var run = new WriteRun(fixture, named);
                    try
                    {
                        foreach (var step in steps) run.Run(step);
                        return (run.Log, null);
                    }
                    catch (ContractViolation v)
                    {
                        return (run.Log, v.Message);
                    }
                }
            };
            // Flush, Dispose and the read-backs stay: the writes before them are what is shrunk.
            return SequenceShrinker.Shrink(ModelRepro.Name(access), content.Length, failing, violation, replay, keep: Completes);
        }

        /// <summary>Runs write steps in order on one fixture, keeping what was written so far: the store must hold exactly that.</summary>
        sealed class WriteRun
        {
            readonly StreamFixture _fixture;
            readonly bool _named;
            readonly List<byte> _written = new List<byte>();

            public WriteRun(StreamFixture fixture, bool named)
            {
                _fixture = fixture;
                _named = named;
            }

            public List<ReproStep> Log { get; } = new List<ReproStep>();

            public void Run(ReproStep step)
            {
                Log.Add(step);
                var stream = _fixture.Stream;
                var at = _written.Count;
                var data = step.Data ?? Array.Empty<byte>();
                var count = data.Length;
                var offset = (int)step.Arg(0);
                switch (step.Op)
                {
                    case ReproOps.WriteByte:
                        var value = (byte)step.Arg(0);
                        Expect.Call(_named ? $"WriteByte({value}) at offset {at}" : $"WriteByte at offset {at}", () => stream.WriteByte(value));
                        _written.Add(value);
                        return;
                    case ReproOps.Flush:
                        Expect.Call("Flush()", stream.Flush);
                        return;
                    case ReproOps.Dispose:
                        Expect.Call("Dispose()", stream.Dispose);
                        return;
                    case ReproOps.StoreIs:
                        var expected = _written.ToArray();
                        var stored = Fixtures.ReadBack(_fixture);
                        Expect.That(Describe.Same(expected, stored),
                            $"after {(step.Arg(0) == 0 ? "Flush" : "Dispose")} the store differs from what was written: {Describe.Difference(expected, stored)}");
                        return;
                }
                var source = new byte[Math.Max(step.Arg(1), offset + count)];
                Buffer.BlockCopy(data, 0, source, offset, count);
                switch (step.Op)
                {
                    case ReproOps.Write:
                        Expect.Call($"Write(byte[], {offset}, {count}) at offset {at}", () => stream.Write(source, offset, count));
                        break;
                    case ReproOps.WriteSpan:
                        Expect.Call($"Write(ReadOnlySpan<byte>) of {count} at offset {at}", () => stream.Write(new ReadOnlySpan<byte>(source, offset, count)));
                        break;
                    case ReproOps.WriteAsync:
                        Expect.Call($"WriteAsync(byte[], {offset}, {count}) at offset {at}", () => stream.WriteAsync(source, offset, count).GetAwaiter().GetResult());
                        break;
                    case ReproOps.WriteAsyncMemory:
                        Expect.Call($"WriteAsync(ReadOnlyMemory<byte>) of {count} at offset {at}", () => stream.WriteAsync(new ReadOnlyMemory<byte>(source, offset, count)).AsTask().GetAwaiter().GetResult());
                        break;
                    case ReproOps.BeginWrite:
                        Expect.Call($"BeginWrite/EndWrite of {count} at offset {at}", () => stream.EndWrite(stream.BeginWrite(source, offset, count, null, null)));
                        break;
                    default:
                        throw new ArgumentException("a write run does not run " + step.Op, nameof(step));
                }
                _written.AddRange(data);
            }
        }
    }
}
