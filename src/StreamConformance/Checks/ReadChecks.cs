using StreamConformance.Recipes;
using StreamConformance.Results;

namespace StreamConformance.Checks
{
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
    /// a seeded random interleaving of all of them with random request sizes.
    /// </summary>
    public sealed class ReadDifferentialCheck : StreamCheck
    {
        protected override bool AssumesPassThrough => true;

        public override string Name => "read.differential";

        protected override CheckResult Evaluate(StreamRecipe recipe, CheckContext context)
        {
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
