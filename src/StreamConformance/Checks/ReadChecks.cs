using System;
using System.Linq;
using StreamConformance.Recipes;
using StreamConformance.Results;

namespace StreamConformance.Checks
{
    // One concept: the read checks: ReadByte's values, and every read API seeing the same bytes.

    /// <summary>ReadByte returns every content byte as 0..255 in order, then -1, and -1 again after the end.</summary>
    public sealed class ReadByteValuesCheck : StreamCheck
    {
        protected override bool AssumesPassThrough => true;

        public override string Name => "read-byte.values";

        protected override CheckResult Evaluate(StreamRecipe recipe, CheckContext context)
        {
            // An empty-only stream is held to the end: -1 from the first call.
            var content = recipe.ContentFor(CheckContext.Content(Fixtures.ContentLength(recipe, context)));
            var fixture = Fixtures.Readable(recipe, content);
            if (fixture == null) return Skip("the recipe opens no readable stream");
            using (fixture)
                return Verify(() =>
                {
                    var stream = fixture.Stream;
                    for (var i = 0; i < content.Length; i++)
                    {
                        var value = Expect.Call($"ReadByte() at offset {i}", stream.ReadByte);
                        Expect.That(value == content[i],
                            value == -1 ? $"ReadByte() returned -1 at offset {i}; expected {content[i]} (content is {content.Length} bytes)"
                                        : $"ReadByte() at offset {i} returned {value}; expected {content[i]}");
                    }
                    for (var after = 1; after <= 3; after++)
                    {
                        var value = Expect.Call($"ReadByte() at the end (call {after})", stream.ReadByte);
                        Expect.That(value == -1, $"ReadByte() call {after} at the end (offset {content.Length}) returned {value}; expected -1");
                    }
                    return content.Length == 0
                        ? "ReadByte() returned -1 three times on the empty stream (the recipe builds it only empty: its content cannot be read back)"
                        : $"{content.Length} bytes as 0..255 in order, then -1 three times";
                });
        }
    }

    /// <summary>
    /// Every read API sees the same bytes: the content read through each <see cref="ReadMode"/> alone, and through
    /// a seeded random interleaving of all of them with random request sizes. On a stream that transforms its content
    /// (its bytes cannot be compared) every read must still return 0..count: a reader that returns more than it was asked
    /// for (AWS's encrypting streams return a whole 16-byte block for a 10-byte read) loses the rest.
    /// </summary>
    public sealed class ReadDifferentialCheck : StreamCheck
    {
        public override string Name => "read.differential";

        protected override CheckResult Evaluate(StreamRecipe recipe, CheckContext context)
        {
            if (recipe.TransformsContentReason is string transforms) return CountsOnly(recipe, context, transforms);
            // An empty-only stream: every read API must return nothing, at once.
            var content = recipe.ContentFor(CheckContext.Content(Fixtures.ContentLength(recipe, context)));
            var limit = StreamReading.LimitFor(content.Length, context);
            var findings = new Violations();
            foreach (var mode in StreamReading.AllModes)
            {
                // Array modes use an odd chunk so reads straddle any internal buffer boundary.
                if (!ReadAll(findings, mode.ToString(), recipe, content, s => StreamReading.ReadToEnd(s, mode, 37, limit, recipe.ReadsReadUntilSizeOrEof)))
                    return Skip("the recipe opens no readable stream");
            }
            var random = context.NewRandom(0x7EAD);
            ReadAll(findings, $"interleaved (seed {context.Seed})", recipe, content, s => StreamReading.ReadToEnd(s,
                () => StreamReading.AllModes[random.Next(StreamReading.AllModes.Length)],
                () => 1 + random.Next(context.Quick ? 64 : 200), limit, recipe.ReadsReadUntilSizeOrEof));
            return Verdict(findings, content.Length == 0
                ? $"the empty stream read as empty through {StreamReading.AllModes.Length} read modes and a random interleaving (the recipe builds it only empty)"
                : $"{content.Length} bytes identical through {StreamReading.AllModes.Length} read modes and a random interleaving");
        }

        /// <summary>The same reads with their bytes not compared: each call's count only, up to the read limit (a transform may pad for ever).</summary>
        CheckResult CountsOnly(StreamRecipe recipe, CheckContext context, string transforms)
        {
            var content = recipe.ContentFor(CheckContext.Content(Fixtures.ContentLength(recipe, context)));
            var limit = StreamReading.LimitFor(content.Length, context);
            var findings = new Violations();
            var random = context.NewRandom(0x7EAD);
            var returned = 0;
            string? firstThrow = null;
            var passes = StreamReading.AllModes.Select(mode => (label: mode.ToString(), next: (System.Func<ReadMode>)(() => mode), count: (System.Func<int>)(() => 37)))
                .Concat(new[] { (label: $"interleaved (seed {context.Seed})", next: (System.Func<ReadMode>)(() => StreamReading.AllModes[random.Next(StreamReading.AllModes.Length)]),
                                 count: (System.Func<int>)(() => 1 + random.Next(context.Quick ? 64 : 200))) });
            foreach (var pass in passes)
            {
                var fixture = Fixtures.Readable(recipe, content);
                if (fixture == null) return Skip("the recipe opens no readable stream");
                using (fixture)
                    findings.Run(pass.label, () =>
                    {
                        var buffer = new byte[256 + 16];
                        for (long total = 0; total <= limit;)
                        {
                            var mode = pass.next();
                            var count = mode == ReadMode.SyncByte ? 1 : pass.count();
                            int n;
                            // A transform may rightly refuse what it reads (a decryptor over bytes that are no ciphertext):
                            // a throw ends the pass; only a count outside 0..count is this check's.
                            try { n = mode == ReadMode.SyncByte ? (fixture.Stream.ReadByte() < 0 ? 0 : 1) : StreamReading.Call(fixture.Stream, mode, buffer, (int)(total % 16), count); }
                            catch (Exception e)
                            {
                                firstThrow ??= $"{StreamReading.CallName(mode)} threw {Describe.Exception(e)}";
                                break;
                            }
                            returned++;
                            Expect.That(n >= 0 && n <= count, $"{StreamReading.CallName(mode)} asked for {count} bytes returned {n}; expected 0..{count}");
                            if (n == 0) break;
                            total += n;
                        }
                    });
            }
            // Nothing returned, nothing judged: a pass here would say nothing.
            if (returned == 0 && findings.Count == 0) return Skip($"no read returned, so no count to judge: {firstThrow}; its bytes are not compared: {transforms}");
            return Verdict(findings, $"every read through {StreamReading.AllModes.Length} read modes and a random interleaving returned 0..count (a read that threw ended its pass); its bytes were not compared: {transforms}");
        }

        /// <summary>Reads a fresh fixture to the end and compares; false when the recipe opens no readable stream.</summary>
        static bool ReadAll(Violations findings, string label, StreamRecipe recipe, byte[] content, System.Func<System.IO.Stream, byte[]> read)
        {
            var fixture = Fixtures.Readable(recipe, content);
            if (fixture == null) return false;
            using (fixture)
                findings.Run(label, () =>
                {
                    var actual = read(fixture.Stream);
                    Expect.That(Describe.Same(content, actual), Describe.Difference(content, actual));
                });
            return true;
        }
    }
}
