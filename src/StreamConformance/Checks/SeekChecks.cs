using System;
using System.IO;
using StreamConformance.Recipes;
using StreamConformance.Results;

namespace StreamConformance.Checks
{
    // One concept: the seek checks: each origin, a random walk, and buffered calls mixed with seeks against a model.

    /// <summary>
    /// Seek with each origin and the Position property land where they say; past the end, Read returns 0 and
    /// ReadByte -1; a negative target is refused (Seek: IOException; Position setter: ArgumentOutOfRangeException)
    /// and leaves Position where it was.
    /// </summary>
    public sealed class SeekOriginsCheck : StreamCheck
    {
        protected override bool AssumesPassThrough => true;
        protected override bool NeedsContent => true;

        public override string Name => "seek.origins";

        protected override CheckResult Evaluate(StreamRecipe recipe, CheckContext context)
        {
            if (!recipe.CanSeek) return Skip("the recipe's streams do not seek (CanSeek knob is false)");
            var content = CheckContext.Content(Fixtures.ContentLength(recipe, context, atLeast: 512));
            var fixture = Fixtures.Readable(recipe, content, out var access);
            if (fixture == null) return Skip("the recipe opens no readable stream");
            StreamModel? model = null;
            using (fixture)
                return Verify(() =>
                {
                    var s = fixture.Stream;
                    model = new StreamModel(s, content, recipe.ReadsReadUntilSizeOrEof, recipe.CanGrow);
                    long length = content.Length;
                    model.PositionIs();
                    model.Seek(10, SeekOrigin.Begin);
                    model.ReadByte();
                    model.Seek(16, SeekOrigin.Current);
                    model.ReadByte();
                    model.Seek(14, SeekOrigin.Current);
                    model.Read(20, span: false);
                    model.Seek(length - 10, SeekOrigin.End);
                    model.ReadByte();
                    model.Seek(length, SeekOrigin.End);
                    model.Read(10, span: false);
                    model.ReadByte();
                    model.Seek(length + 100, SeekOrigin.Begin);
                    model.Read(10, span: false);
                    model.Read(10, span: true);
                    model.ReadByte();
                    var lengthAfter = Expect.Call("Length after seeking past the end", () => s.Length);
                    Expect.That(lengthAfter == length, $"Length is {lengthAfter} after seeking past the end and reading; expected {length} (a seek alone does not extend)");
                    model.Seek(length + 3, SeekOrigin.End);
                    model.ReadByte();
                    model.SetPosition(20);
                    model.ReadByte();

                    model.Seek(7, SeekOrigin.Begin);
                    NegativeSeek(s, -1, SeekOrigin.Begin);
                    NegativeSeek(s, -8, SeekOrigin.Current);
                    NegativeSeek(s, -(length + 1), SeekOrigin.End);
                    Expect.Throws<ArgumentOutOfRangeException>("Position = -1", () => s.Position = -1);
                    StillAt(s, 7, "Position = -1");
                    model.ReadByte();
                    return $"Begin/Current/End seeks and Position over {length} bytes agree; past the end reads return nothing; negative targets are refused";
                }, v => model == null ? null : ModelRepro.Of(recipe, access, content, model, v));
        }

        static void NegativeSeek(Stream s, long offset, SeekOrigin origin)
        {
            var call = $"Seek({offset}, {origin}) from position 7 (a negative target)";
            Expect.Throws<IOException>(call, () => s.Seek(offset, origin));
            StillAt(s, 7, call);
        }

        static void StillAt(Stream s, long expected, string after)
        {
            var position = Expect.Call("Position", () => s.Position);
            Expect.That(position == expected, $"after the refused {after}, Position is {position}; expected it unchanged at {expected}");
        }
    }

    /// <summary>A seeded random walk of seeks (every origin), Position sets and reads agrees with a byte[] model.</summary>
    public sealed class SeekRandomWalkCheck : StreamCheck
    {
        protected override bool AssumesPassThrough => true;
        protected override bool NeedsContent => true;

        public override string Name => "seek.random-walk";

        protected override CheckResult Evaluate(StreamRecipe recipe, CheckContext context)
        {
            if (!recipe.CanSeek) return Skip("the recipe's streams do not seek (CanSeek knob is false)");
            var content = CheckContext.Content(Fixtures.ContentLength(recipe, context));
            var fixture = Fixtures.Readable(recipe, content, out var access);
            if (fixture == null) return Skip("the recipe opens no readable stream");
            var steps = context.Quick ? 200 : 1500;
            StreamModel? model = null;
            using (fixture)
                return Verify(() =>
                {
                    model = new StreamModel(fixture.Stream, content, recipe.ReadsReadUntilSizeOrEof, recipe.CanGrow);
                    var random = context.NewRandom(0x5EE4);
                    for (var i = 0; i < steps; i++)
                    {
                        // Every other step moves, so reads land all over the content and beyond its end.
                        var op = i % 2 == 0
                            ? (random.Next(2) == 0 ? StreamModel.Op.Seek : StreamModel.Op.PositionSet)
                            : StreamModel.ReadOps[random.Next(3)];
                        model.Apply(op, random);
                    }
                    return $"{steps} seeded seeks and reads over {content.Length} bytes agree with the model (seed {context.Seed})";
                }, v => model == null ? null : ModelRepro.Of(recipe, access, content, model, v));
        }
    }

    /// <summary>
    /// Buffered state survives any mix of calls: on a seekable stream a seeded interleaving of ReadByte, Read,
    /// Write, WriteByte, Seek, Position and Length agrees with a byte[] model, and the store holds the model's bytes
    /// at the end. On an unseekable readable stream, interleaved ReadByte and Read calls see the content in order.
    /// </summary>
    public sealed class BufferedInterleaveCheck : StreamCheck
    {
        protected override bool AssumesPassThrough => true;
        protected override bool NeedsContent => true;

        public override string Name => "buffered.interleave";

        protected override CheckResult Evaluate(StreamRecipe recipe, CheckContext context)
        {
            var content = CheckContext.Content(Fixtures.ContentLength(recipe, context));
            var steps = context.Quick ? 300 : 2000;
            var random = context.NewRandom(0xB0F);
            if (!recipe.CanSeek)
            {
                var readable = Fixtures.Readable(recipe, content);
                if (readable == null) return Skip("the recipe's streams neither seek nor read");
                using (readable)
                    return Verify(() =>
                    {
                        var modes = new[] { ReadMode.SyncByte, ReadMode.SyncArray, ReadMode.SyncSpan };
                        var actual = StreamReading.ReadToEnd(readable.Stream, () => modes[random.Next(3)], () => 1 + random.Next(100),
                            StreamReading.LimitFor(content.Length, context), recipe.ReadsReadUntilSizeOrEof);
                        Expect.That(Describe.Same(content, actual), $"interleaved ReadByte/Read/Read(Span) (seed {context.Seed}): {Describe.Difference(content, actual)}");
                        return $"unseekable: interleaved ReadByte/Read/Read(Span) saw all {content.Length} bytes in order";
                    });
            }
            var access = StreamAccess.ReadWrite;
            var fixture = Fixtures.Open(recipe, access, content);
            if (fixture == null) fixture = Fixtures.Open(recipe, access = StreamAccess.Read, content);
            if (fixture == null) return Skip("the recipe opens no readable stream");
            StreamModel? model = null;
            using (fixture)
                return Verify(() =>
                {
                    var stream = fixture.Stream;
                    var writable = stream.CanWrite;
                    var ops = writable ? StreamModel.AllOps : StreamModel.ReadOps;
                    model = new StreamModel(stream, content, recipe.ReadsReadUntilSizeOrEof, recipe.CanGrow);
                    for (var i = 0; i < steps; i++)
                        model.Apply(ops[random.Next(ops.Length)], random);
                    var expected = model.Data;
                    if (writable)
                    {
                        Expect.Call("Flush()", stream.Flush);
                        if (fixture.CanReadBack && recipe.WritesVisibleAfterFlush)
                        {
                            var stored = Fixtures.ReadBack(fixture);
                            Expect.That(Describe.Same(expected, stored), $"after {steps} operations and Flush, the store differs from the model (seed {context.Seed}): {Describe.Difference(expected, stored)}");
                        }
                    }
                    Expect.Call("Seek(0, Begin)", () => stream.Seek(0, SeekOrigin.Begin));
                    var reread = StreamReading.ReadToEnd(stream, ReadMode.SyncArray, 64, StreamReading.LimitFor(expected.Length, context), recipe.ReadsReadUntilSizeOrEof);
                    Expect.That(Describe.Same(expected, reread), $"after {steps} operations, reading from 0 differs from the model (seed {context.Seed}): {Describe.Difference(expected, reread)}");
                    return $"{steps} seeded {(writable ? "read/write/seek" : "read/seek")} operations agree with the model (final length {expected.Length}, seed {context.Seed})";
                }, v => model == null ? null : ModelRepro.Of(recipe, access, content, model, v));
        }
    }
}
