using System.Collections.Generic;
using StreamConformance.Recipes;
using StreamConformance.Results;

namespace StreamConformance.Checks
{
    /// <summary>ReadByte returns every content byte as 0..255 in order, then -1, and -1 again after the end.</summary>
    public sealed class ReadByteValuesCheck : StreamCheck
    {
        public override string Name => "read-byte.values";

        protected override CheckResult Evaluate(StreamRecipe recipe, CheckContext context)
        {
            var content = CheckContext.Content(Fixtures.ContentLength(recipe, context));
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
                    return $"{content.Length} bytes as 0..255 in order, then -1 three times";
                });
        }
    }

    /// <summary>
    /// Every read API sees the same bytes: the content read through each <see cref="ReadMode"/> alone, and through
    /// a seeded random interleaving of all of them with random request sizes.
    /// </summary>
    public sealed class ReadDifferentialCheck : StreamCheck
    {
        public override string Name => "read.differential";

        protected override CheckResult Evaluate(StreamRecipe recipe, CheckContext context)
        {
            var content = CheckContext.Content(Fixtures.ContentLength(recipe, context));
            var limit = StreamReading.LimitFor(content.Length, context);
            var failures = new List<string>();
            var runs = 0;
            foreach (var mode in StreamReading.AllModes)
            {
                // Array modes use an odd chunk so reads straddle any internal buffer boundary.
                var failure = ReadOnce(recipe, content, s => StreamReading.ReadToEnd(s, mode, 37, limit, recipe.ReadsReadUntilSizeOrEof));
                if (failure == Unsupported) return Skip("the recipe opens no readable stream");
                runs++;
                if (failure != null) failures.Add($"{mode}: {failure}");
            }
            var random = context.NewRandom(0x7EAD);
            var interleaved = ReadOnce(recipe, content, s => StreamReading.ReadToEnd(s,
                () => StreamReading.AllModes[random.Next(StreamReading.AllModes.Length)],
                () => 1 + random.Next(context.Quick ? 64 : 200), limit, recipe.ReadsReadUntilSizeOrEof));
            runs++;
            if (interleaved != null) failures.Add($"interleaved (seed {context.Seed}): {interleaved}");
            return failures.Count == 0
                ? Pass($"{content.Length} bytes identical through {runs - 1} read modes and a random interleaving")
                : Fail(string.Join("; ", failures));
        }

        const string Unsupported = "\0unsupported";

        static string? ReadOnce(StreamRecipe recipe, byte[] content, System.Func<System.IO.Stream, byte[]> read)
        {
            var fixture = Fixtures.Readable(recipe, content);
            if (fixture == null) return Unsupported;
            using (fixture)
            {
                try
                {
                    var actual = read(fixture.Stream);
                    return Describe.Same(content, actual) ? null : Describe.Difference(content, actual);
                }
                catch (ContractViolation v)
                {
                    return v.Message;
                }
                catch (RecipeFailure) { throw; }
                catch (System.Exception e)
                {
                    return "unexpected " + Describe.Exception(e);
                }
            }
        }
    }
}
