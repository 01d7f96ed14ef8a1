using System;
using System.IO;
using StreamConformance.Recipes;
using StreamConformance.Results;

namespace StreamConformance.Checks
{
    /// <summary>
    /// The bytes of a gap made by seeking past the end and writing read back as zero: dotnet/runtime's
    /// StandaloneStreamConformanceTests.SeekPastEnd_Write_BeyondCapacity asserts it, MemoryStream clears the gap in its
    /// Write, and FileStream.Position's documentation says "any data added to the end of the file is set to zero". A
    /// shrink by SetLength leaves no trace either (SetLength_DataFromShrinkNotPreserved_Success). Held twice, so that a
    /// pooled stream which hands out memory without clearing it shows what that memory held: a new stream of the recipe
    /// opened after another was written and disposed (another stream's bytes), and one stream after SetLength(16) over
    /// the bytes it had written.
    /// </summary>
    public sealed class SeekGapZeroedCheck : StreamCheck
    {
        const int Head = 16, Gap = 96, Tail = 16;

        protected override bool AssumesPassThrough => true;

        public override string Name => "seek.gap-zeroed";

        protected override CheckResult Evaluate(StreamRecipe recipe, CheckContext context)
        {
            if (!recipe.CanSeek) return Skip("the recipe's streams do not seek (CanSeek knob is false)");
            if (!recipe.CanGrow) return Skip("a fixed-size store: a write past its capacity rightly throws (CanGrow knob is false)");
            bool setLength;
            using (var first = Fixtures.Open(recipe, StreamAccess.ReadWrite, Array.Empty<byte>()))
            {
                if (first == null) return Skip("the recipe opens no read-write stream");
                if (!first.Stream.CanWrite || !first.Stream.CanSeek) return Skip("the recipe's read-write stream does not both write and seek");
                // A stream that refuses to go past its end makes no gap: seek.origins judges that refusal, not this check.
                if (GapRefused(first.Stream) is string refused) return Skip(refused);
                setLength = SupportsSetLength(first.Stream);
            }
            var findings = new Violations();
            ReproTrace? trace = null;
            findings.Run("after another stream", () => AfterAnotherStream(recipe));
            if (setLength) findings.Run("after SetLength", () => AfterSetLength(recipe, kept => trace = kept));
            var result = Verdict(findings,
                $"a {Gap}-byte gap past the end reads back as zeros on a new stream opened after another was written and disposed"
                + (setLength ? $", and after SetLength({Head}) over {Head + Gap + Tail} written bytes" : "; SetLength(0) threw, so a shrink was not tried"));
            result.Repro = trace;
            return result;
        }

        /// <summary>Why a gap cannot be made on <paramref name="s"/> (a seek past its end, or the write there, throws), or null.</summary>
        static string? GapRefused(Stream s)
        {
            var step = $"Seek({Head + Gap}, Begin) past the end of an empty stream";
            try
            {
                s.Seek(Head + Gap, SeekOrigin.Begin);
                step = "WriteByte(0) there";
                s.WriteByte(0);
                return null;
            }
            catch (Exception e)
            {
                return $"no gap can be made: {step} threw {e.GetType().FullName} ({e.Message.Split('\n')[0]}); seek.origins judges a refused seek past the end";
            }
        }

        static bool SupportsSetLength(Stream s)
        {
            try
            {
                s.SetLength(0);
                return true;
            }
            catch (Exception)
            {
                // NotSupportedException by the contract; anything else is another check's to judge.
                return false;
            }
        }

        /// <summary>Distinct from zero and from what the gap's own stream writes, so another stream's bytes are told apart.</summary>
        static byte[] Pattern(int length, int seed)
        {
            var bytes = new byte[length];
            for (var i = 0; i < length; i++) bytes[i] = (byte)(1 + (seed + i) % 255);
            return bytes;
        }

        /// <summary>A stream written over the whole range and disposed, then a new one whose gap lies where it wrote.</summary>
        static void AfterAnotherStream(StreamRecipe recipe)
        {
            var before = Pattern(Head + Gap + Tail, 0x40);
            using (var previous = Fixtures.Open(recipe, StreamAccess.ReadWrite, Array.Empty<byte>()) ?? throw Expect.Violation("the recipe opened no second read-write stream"))
            {
                Expect.Call($"Write(byte[], 0, {before.Length}) on the first stream", () => previous.Stream.Write(before, 0, before.Length));
                Expect.Call("Flush() on the first stream", previous.Stream.Flush);
            }
            using var fixture = Fixtures.Open(recipe, StreamAccess.ReadWrite, Array.Empty<byte>()) ?? throw Expect.Violation("the recipe opened no second read-write stream");
            var model = new StreamModel(fixture.Stream, Array.Empty<byte>(), recipe.ReadsReadUntilSizeOrEof, canGrow: true);
            try
            {
                MakeGap(model, fixture.Stream, before, "the bytes the disposed stream wrote there");
            }
            catch (GapViolation v)
            {
                throw new ContractViolation(v.Message);
            }
        }

        /// <summary>One stream: the whole range written, cut back to <see cref="Head"/> bytes, then the gap written over it.</summary>
        static void AfterSetLength(StreamRecipe recipe, Action<ReproTrace?> keep)
        {
            var before = Pattern(Head + Gap + Tail, 0x80);
            using var fixture = Fixtures.Open(recipe, StreamAccess.ReadWrite, Array.Empty<byte>()) ?? throw Expect.Violation("the recipe opened no read-write stream");
            var model = new StreamModel(fixture.Stream, Array.Empty<byte>(), recipe.ReadsReadUntilSizeOrEof, canGrow: true);
            try
            {
                model.WriteBytes(before);
                model.SetLength(Head);
                MakeGap(model, fixture.Stream, before, $"the bytes written there before SetLength({Head})");
            }
            catch (GapViolation v)
            {
                // The program is the model's calls, shrunk on fresh streams by the model's own words for the failure.
                // The write and the shrink that dirty the memory stay: a fresh stream of a process-wide pool may fail
                // without them here, where earlier streams dirtied the pool, but not in the program's own new process.
                var trace = ModelRepro.Of(recipe, StreamAccess.ReadWrite, Array.Empty<byte>(), model, v.FromModel,
                    step => step.Op == ReproOps.SetLength || (step.Op == ReproOps.Write && step.Data?.Length == before.Length));
                if (trace != null) trace.Violation = v.Message;
                keep(trace);
                throw new ContractViolation(v.Message);
            }
        }

        /// <summary>
        /// From the model's end (<see cref="Head"/> bytes): a seek <see cref="Gap"/> bytes past it, a write, and the gap
        /// read back; a gap that is not zero is counted, and told apart when it holds <paramref name="before"/>'s bytes.
        /// </summary>
        static void MakeGap(StreamModel model, Stream s, byte[] before, string whose)
        {
            var head = Pattern(Head, 0xC0);
            if (model.Length == 0) model.WriteBytes(head);
            model.Seek(Head + Gap, SeekOrigin.Begin);
            model.WriteBytes(Pattern(Tail, 0xE0));
            model.LengthIs();
            model.Seek(Head, SeekOrigin.Begin);
            try
            {
                model.Read(Gap, span: false);
            }
            catch (ContractViolation v)
            {
                var gap = new byte[Gap];
                var read = 0;
                try
                {
                    s.Position = Head;
                    for (int n; read < Gap && (n = s.Read(gap, read, Gap - read)) > 0;) read += n;
                }
                catch (Exception) { }
                int dirty = 0, old = 0;
                for (var i = 0; i < read; i++)
                {
                    if (gap[i] == 0) continue;
                    dirty++;
                    if (gap[i] == before[Head + i]) old++;
                }
                if (dirty == 0) throw;
                var held = old == dirty ? $", all {whose}" : old > 0 ? $", {old} of them {whose}" : "";
                throw new GapViolation($"{dirty} of {Gap} gap bytes are not zero after Seek({Head + Gap}, Begin) past the end and a write{held}: {v.Message}", v);
            }
        }

        /// <summary>The check's account of a dirty gap, keeping the model's own violation for shrinking its calls.</summary>
        sealed class GapViolation : Exception
        {
            public GapViolation(string message, ContractViolation fromModel) : base(message) => FromModel = fromModel;
            public ContractViolation FromModel { get; }
        }
    }
}
