using System;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Checks;
using StreamConformance.Findings;
using StreamConformance.Recipes;
using StreamConformance.Recipes.Synthesis;
using StreamConformance.Results;
using StreamConformance.Tests.Isolation;

namespace StreamConformance.Tests.StreamChecks
{
    /// <summary>
    /// seek.gap-zeroed: a pooled stream that hands out its memory uncleared (FaultyStreams' PooledGapStream, as
    /// RecyclableMemoryStream 4.0.1 does) shows another stream's bytes in a gap, and is ranked above every other kind of
    /// finding; MemoryStream and FileStream give zeros.
    /// </summary>
    public class GapCheckTests
    {
        static StreamRecipe PooledGapRecipe()
        {
            var faulty = RepoPaths.FaultyStreams(RepoPaths.OnMono ? "net472" : "net10.0");
            var type = System.Reflection.Assembly.LoadFrom(faulty).GetType("FaultyStreams.PooledGapStream", true)!;
            return GenericShapes.For(type).Single();
        }

        static CheckResult Checked(StreamRecipe recipe)
        {
            var result = CheckCatalog.Select("seek.gap-zeroed").Single().Run(recipe, new CheckContext()).Single();
            result.Runtime = "dotnet";
            result.Type = recipe.TypeName;
            result.Variant = recipe.Variant;
            return result;
        }

        [Test]
        public void APooledStreamsGapHoldsTheDisposedStreamsBytes()
        {
            var result = Checked(PooledGapRecipe());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Message, Does.StartWith("after another stream: 96 of 96 gap bytes are not zero after Seek(112, Begin) past the end and a write, all the bytes the disposed stream wrote there: "), result.Message);
            Assert.That(result.Message, Does.Contain("; after SetLength: 96 of 96 gap bytes are not zero after Seek(112, Begin) past the end and a write, all the bytes written there before SetLength(16): "), result.Message);
            var trace = result.Repro;
            Assert.That(trace, Is.Not.Null, "the one-stream form is kept as its calls");
            Assert.That(trace!.Access, Is.EqualTo("readWrite"));
            Assert.That(trace.Steps.Select(s => s.Op), Is.EqualTo(new[] { ReproOps.Write, ReproOps.SetLength, ReproOps.Seek, ReproOps.Write, ReproOps.Seek, ReproOps.Read }),
                string.Join(", ", trace.Steps));
            Assert.That(ImpactOf.Result(result), Is.EqualTo(Impact.Leak));
        }

        [Test]
        public void AStreamThatRefusesToSeekPastItsEndHasNoGapToJudge()
        {
            var result = Checked(GenericShapes.For(typeof(EndBoundStream)).Single());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Skip), result.Message);
            Assert.That(result.Message, Is.EqualTo("no gap can be made: Seek(112, Begin) past the end of an empty stream threw System.IO.IOException (Cannot seek beyond the end of the stream); seek.origins judges a refused seek past the end"));
        }

        [Test]
        public void MemoryStreamAndFileStreamGiveZeros()
        {
            foreach (var recipe in new[] { RuntimeRecipes.MemoryStream(), RuntimeRecipes.FileStream(4096), RuntimeRecipes.FileStream(1) })
            {
                var result = Checked(recipe);
                Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), recipe.Label + ": " + result.Message);
                Assert.That(result.Message, Does.Contain("and after SetLength(16) over 128 written bytes"), recipe.Label);
            }
        }

        [Test]
        public void ALeakRanksAboveEveryOtherFindingOfItsLibrary()
        {
            var leak = Checked(PooledGapRecipe());
            CheckResult Fail(string check, string message, Outcome outcome = Outcome.Fail) =>
                new CheckResult { Runtime = "dotnet", Type = leak.Type, Variant = leak.Variant, Check = check, Outcome = outcome, Message = message };
            var findings = FindingBuilder.Build(new[]
            {
                Fail("edge.argument-validation", "Read(null, 0, 1): expected ArgumentNullException, nothing was thrown"),
                Fail("read-byte.values", "ReadByte() at position 4196 returned 0; expected -1 (operation 0; last: Seek(4196, Begin))"),
                Fail("read.differential", "SyncArray: first difference at offset 17: expected 0x0A, got 0x0B (expected 4096 bytes, got 4096)"),
                Fail("dispose.twice", "no result within 5 s", Outcome.Timeout),
                leak,
            });
            Assert.That(findings[0].Cause, Is.EqualTo("seek.gap-zeroed"), string.Join("\n", findings.Select(f => f.Title)));
            Assert.That(findings.Select(f => ImpactOf.Finding(f.Results)), Is.EqualTo(new[] { Impact.Leak, Impact.Data, Impact.Hang, Impact.Value, Impact.Exception }));
            var causes = FindingCauses.Of(findings);
            Assert.That(causes[0].Cause, Is.EqualTo("seek.gap-zeroed"), "the console's causes keep the rank");
            Assert.That(causes[0].What, Is.EqualTo("a gap written past the end holds old bytes (pooled memory not cleared)"));
        }

        [Test]
        public void AGapFailureThatShowsNoLeakIsNotCalledOne()
        {
            // As CsCheck's HashStream: a write-only hash that answers Position 0 whatever was written; no gap is ever read.
            var result = new CheckResult
            {
                Runtime = "dotnet", Type = "Library.HashStream", Variant = "new HashStream()", Check = "seek.gap-zeroed", Outcome = Outcome.Fail,
                Message = "after another stream: Position is 0; expected 16 (operation 0; last: Write(byte[], 0, 16))",
            };
            var finding = FindingBuilder.Build(new[] { result }).Single();
            Assert.That(ImpactOf.Finding(finding.Results), Is.EqualTo(Impact.Value));
            Assert.That(finding.Title, Is.EqualTo("HashStream: seek.gap-zeroed — after another stream: Position is 0; expected 16 (operation 0; last: Write(byte[], 0, 16))"));
            Assert.That(FindingCauses.Of(new[] { finding }).Single().What, Is.EqualTo("a write past the end, or the gap it leaves, is answered wrongly"));
        }

        /// <summary>
        /// A stream over a block its manager hands out uncleared, as RecyclableMemoryStream's: synthesis builds one manager
        /// per recipe, as a caller keeps one, so the cross-stream form sees the block another stream gave back; the
        /// SetLength form passes (the stream clears what a shrink cut off).
        /// </summary>
        [Test]
        public void ASynthesizedStreamOverAManagerSharesOneManagerAcrossItsFixtures()
        {
            var recipe = GenericShapes.For(typeof(ManagedBlockStream)).Single();
            Assert.That(recipe.Variant, Is.EqualTo("new ManagedBlockStream(BlockManager)"));
            var result = Checked(recipe);
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Message, Does.StartWith("after another stream: 96 of 96 gap bytes are not zero"), result.Message);
            Assert.That(result.Message, Does.Not.Contain("after SetLength:"), result.Message);

            Assert.That(ObjectArguments.IsPool(typeof(BlockManager)), Is.True, "by its name");
            Assert.That(ObjectArguments.IsPool(typeof(BlockLender)), Is.True, "by its shape: it rents blocks");
            Assert.That(ObjectArguments.IsPool(typeof(BlockSettings)), Is.False);
            var shared = ObjectArguments.Instance(typeof(BlockLender)).Single();
            var scope = new StreamConformance.Recipes.Synthesis.BuildScope(false, Array.Empty<byte>());
            Assert.That(shared.Make(scope), Is.SameAs(shared.Make(scope)), "a pool is built once and reused");
            var settings = ObjectArguments.Instance(typeof(BlockSettings)).Single();
            Assert.That(settings.Make(scope), Is.Not.SameAs(settings.Make(scope)), "any other object is one per stream: its state is never carried over");
        }
    }

    /// <summary>A memory stream that refuses a position past its end (MimeKit's MemoryBlockStream does, by design).</summary>
    public sealed class EndBoundStream : System.IO.MemoryStream
    {
        public override long Seek(long offset, System.IO.SeekOrigin origin)
        {
            var target = origin == System.IO.SeekOrigin.Begin ? offset : origin == System.IO.SeekOrigin.Current ? Position + offset : Length + offset;
            if (target > Length) throw new System.IO.IOException("Cannot seek beyond the end of the stream");
            return base.Seek(offset, origin);
        }
    }

    /// <summary>Hands out 4 KiB blocks and takes them back, uncleared.</summary>
    public sealed class BlockManager
    {
        readonly System.Collections.Concurrent.ConcurrentBag<byte[]> _free = new System.Collections.Concurrent.ConcurrentBag<byte[]>();
        public byte[] Take() => _free.TryTake(out var block) ? block : new byte[4096];
        public void Give(byte[] block) => _free.Add(block);
    }

    public sealed class BlockLender
    {
        public byte[] Rent() => new byte[16];
    }

    public sealed class BlockSettings
    {
        public int Size { get; set; } = 16;
    }

    /// <summary>A seekable, growable store in one block of its manager (at most 4 KiB); its gap is whatever the block held.</summary>
    public sealed class ManagedBlockStream : System.IO.Stream
    {
        readonly BlockManager _manager;
        byte[]? _block;
        long _length, _position;

        public ManagedBlockStream(BlockManager manager)
        {
            _manager = manager;
            _block = manager.Take();
        }

        byte[] Block => _block ?? throw new ObjectDisposedException(nameof(ManagedBlockStream));
        public override bool CanRead => _block != null;
        public override bool CanSeek => _block != null;
        public override bool CanWrite => _block != null;
        public override long Length => Block.Length >= 0 ? _length : 0;
        public override long Position
        {
            get => Block.Length >= 0 ? _position : 0;
            set => _position = value >= 0 && Block.Length >= 0 ? value : throw new ArgumentOutOfRangeException(nameof(value));
        }

        public override void Flush() => _ = Block;

        public override int Read(byte[] buffer, int offset, int count)
        {
            if (buffer == null) throw new ArgumentNullException(nameof(buffer));
            if (offset < 0 || count < 0 || offset > buffer.Length - count) throw new ArgumentOutOfRangeException(nameof(count));
            var n = (int)Math.Max(0, Math.Min(count, _length - _position));
            Array.Copy(Block, _position, buffer, offset, n);
            _position += n;
            return n;
        }

        public override void Write(byte[] buffer, int offset, int count)
        {
            if (buffer == null) throw new ArgumentNullException(nameof(buffer));
            if (offset < 0 || count < 0 || offset > buffer.Length - count) throw new ArgumentOutOfRangeException(nameof(count));
            if (_position + count > Block.Length) throw new NotSupportedException("a block holds at most 4 KiB");
            Array.Copy(buffer, offset, Block, _position, count);
            _position += count;
            _length = Math.Max(_length, _position);
        }

        public override long Seek(long offset, System.IO.SeekOrigin origin)
        {
            var target = origin == System.IO.SeekOrigin.Begin ? offset : origin == System.IO.SeekOrigin.Current ? _position + offset : _length + offset;
            if (target < 0) throw new System.IO.IOException("before the start");
            return Position = target;
        }

        public override void SetLength(long value)
        {
            if (value < 0 || value > Block.Length) throw new ArgumentOutOfRangeException(nameof(value));
            if (value < _length) Array.Clear(Block, (int)value, (int)(_length - value));
            _length = value;
            _position = Math.Min(_position, value);
        }

        protected override void Dispose(bool disposing)
        {
            if (_block != null) _manager.Give(_block);
            _block = null;
            base.Dispose(disposing);
        }
    }
}
