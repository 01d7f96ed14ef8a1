using System;
using System.IO;
using StreamConformance.Recipes;
using StreamConformance.Results;

namespace StreamConformance.Checks
{
    /// <summary>
    /// What is written reaches the store intact and in order: WriteByte of every value 0..255, then a seeded
    /// mix of WriteByte, Write(byte[]), Write(ReadOnlySpan), WriteAsync and BeginWrite. Data must be in the store
    /// after Flush when the recipe says writes are visible then, and after Dispose in every case.
    /// </summary>
    public sealed class WriteByteRoundTripCheck : StreamCheck
    {
        protected override bool AssumesPassThrough => true;

        public override string Name => "write-byte.round-trip";

        protected override CheckResult Evaluate(StreamRecipe recipe, CheckContext context)
        {
            var length = Fixtures.ContentLength(recipe, context);
            var content = CheckContext.Content(length);
            var first = Fixtures.Writable(recipe);
            if (first == null) return Skip("the recipe opens no writable stream with a read-back");
            var findings = new Violations();
            using (first)
                findings.Run("WriteByte", () => WriteBytes(first, content, recipe.WritesVisibleAfterFlush, recipe.ReadBackBeforeDispose));
            var second = Fixtures.Writable(recipe);
            if (second != null)
                using (second)
                    findings.Run("mixed writes", () => WriteMixed(second, content, context.NewRandom(0x3217), recipe.WritesVisibleAfterFlush, recipe.ReadBackBeforeDispose));
            return Verdict(findings, $"{length} bytes by WriteByte and by mixed write calls reached the store in order"
                                     + (recipe.WritesVisibleAfterFlush ? " (visible after Flush)" : recipe.ReadBackBeforeDispose ? " (read back after Flush, before Dispose)" : " (checked after Dispose)"));
        }

        static void WriteBytes(StreamFixture fixture, byte[] content, bool visibleAfterFlush, bool beforeDispose)
        {
            var stream = fixture.Stream;
            for (var i = 0; i < content.Length; i++)
            {
                var value = content[i];
                Expect.Call($"WriteByte({value}) at offset {i}", () => stream.WriteByte(value));
            }
            Complete(fixture, content, visibleAfterFlush, beforeDispose);
        }

        static void WriteMixed(StreamFixture fixture, byte[] content, Random random, bool visibleAfterFlush, bool beforeDispose)
        {
            var stream = fixture.Stream;
            // The source sits at an offset inside a larger array, so a write that ignores the offset shows.
            var source = new byte[content.Length + 32];
            const int shift = 7;
            Buffer.BlockCopy(content, 0, source, shift, content.Length);
            var at = 0;
            while (at < content.Length)
            {
                var count = Math.Min(content.Length - at, 1 + random.Next(100));
                var offset = shift + at;
                switch (random.Next(6))
                {
                    case 0:
                        count = 1;
                        Expect.Call($"WriteByte at offset {at}", () => stream.WriteByte(source[offset]));
                        break;
                    case 1:
                        Expect.Call($"Write(byte[], {offset}, {count}) at offset {at}", () => stream.Write(source, offset, count));
                        break;
                    case 2:
                        Expect.Call($"Write(ReadOnlySpan<byte>) of {count} at offset {at}", () => stream.Write(new ReadOnlySpan<byte>(source, offset, count)));
                        break;
                    case 3:
                        Expect.Call($"WriteAsync(byte[], {offset}, {count}) at offset {at}", () => stream.WriteAsync(source, offset, count).GetAwaiter().GetResult());
                        break;
                    case 4:
                        Expect.Call($"WriteAsync(ReadOnlyMemory<byte>) of {count} at offset {at}", () => stream.WriteAsync(new ReadOnlyMemory<byte>(source, offset, count)).AsTask().GetAwaiter().GetResult());
                        break;
                    default:
                        Expect.Call($"BeginWrite/EndWrite of {count} at offset {at}", () => stream.EndWrite(stream.BeginWrite(source, offset, count, null, null)));
                        break;
                }
                at += count;
            }
            Complete(fixture, content, visibleAfterFlush, beforeDispose);
        }

        /// <summary>Flush (and compare, when visible then), Dispose, compare (unless the stream is its own store, gone at Dispose).</summary>
        static void Complete(StreamFixture fixture, byte[] content, bool visibleAfterFlush, bool beforeDispose)
        {
            Expect.Call("Flush()", fixture.Stream.Flush);
            if (visibleAfterFlush || beforeDispose)
            {
                var flushed = Fixtures.ReadBack(fixture);
                Expect.That(Describe.Same(content, flushed), $"after Flush the store differs from what was written: {Describe.Difference(content, flushed)}");
            }
            Expect.Call("Dispose()", fixture.Stream.Dispose);
            if (beforeDispose) return;
            var stored = Fixtures.ReadBack(fixture);
            Expect.That(Describe.Same(content, stored), $"after Dispose the store differs from what was written: {Describe.Difference(content, stored)}");
        }
    }
}
