using System;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Checks;
using StreamConformance.Meters;
using StreamConformance.Recipes;
using StreamConformance.Results;

namespace StreamConformance.Tests.Meters
{
    /// <summary>
    /// The generated loops call exactly the member a virtual call would reach, exactly Unroll × turns times, and report
    /// an end of stream; counts and choices are asserted, never times.
    /// </summary>
    public class DirectLoopTests
    {
        /// <summary>Counts every call of each member the loops make.</summary>
        class CountingStream : Stream
        {
            public int ReadBytes, WriteBytes, SpanReads, SpanWrites, Seeks, PositionGets;
            public long LastSeek = -1;
            public int EndAfter = int.MaxValue;

            public override int ReadByte() => ++ReadBytes > EndAfter ? -1 : 7;
            public override void WriteByte(byte value) => WriteBytes++;
            public override int Read(Span<byte> buffer) => ++SpanReads > EndAfter ? 0 : buffer.Length;
            public override void Write(ReadOnlySpan<byte> buffer) => SpanWrites++;
            public override long Seek(long offset, SeekOrigin origin) { Seeks++; return LastSeek = offset; }
            public override long Position { get { PositionGets++; return 5; } set { } }
            public override bool CanRead => true;
            public override bool CanSeek => true;
            public override bool CanWrite => true;
            public override long Length => 0;
            public override void Flush() { }
            public override int Read(byte[] buffer, int offset, int count) => throw new InvalidOperationException("the loop must call the span overload");
            public override void SetLength(long value) { }
            public override void Write(byte[] buffer, int offset, int count) => throw new InvalidOperationException("the loop must call the span overload");
        }

        /// <summary>Inherits every override of its base, and hides ReadByte with a new slot that a virtual call never reaches.</summary>
        class HidingStream : CountingStream
        {
            public int HiddenCalls;
            public new virtual int ReadByte() { HiddenCalls++; return 1; }
        }

        /// <summary>Overrides ReadByte once more: the most derived override is the one called.</summary>
        sealed class OverridingStream : CountingStream
        {
            public int OwnCalls;
            public override int ReadByte() { OwnCalls++; return 3; }
        }

        [Test]
        public void EachShapeCallsItsMemberExactlyUnrollTimesPerTurn()
        {
            var s = new CountingStream();
            var buffer = new byte[100];
            Assert.That(DirectLoop.For(typeof(CountingStream), DirectLoop.Shape.ReadByte).Run(s, null, 3), Is.EqualTo(7));
            Assert.That(DirectLoop.For(typeof(CountingStream), DirectLoop.Shape.WriteByte).Run(s, null, 3), Is.EqualTo(0));
            Assert.That(DirectLoop.For(typeof(CountingStream), DirectLoop.Shape.ReadSpan).Run(s, buffer, 3), Is.EqualTo(99));
            DirectLoop.For(typeof(CountingStream), DirectLoop.Shape.WriteSpan).Run(s, buffer, 3);
            DirectLoop.For(typeof(CountingStream), DirectLoop.Shape.SeekAlternating).Run(s, null, 3);
            Assert.That(DirectLoop.For(typeof(CountingStream), DirectLoop.Shape.PositionGet).Run(s, null, 3), Is.EqualTo(5));
            var calls = 3 * DirectLoop.Unroll;
            Assert.That(new[] { s.ReadBytes, s.WriteBytes, s.SpanReads, s.SpanWrites, s.Seeks, s.PositionGets }, Is.All.EqualTo(calls));
            // Offsets 1 and 2 in turn: an even count of calls ends on 2.
            Assert.That(s.LastSeek, Is.EqualTo(2));
        }

        [Test]
        public void TheEmptyLoopCallsNothing()
        {
            Assert.That(DirectLoop.Empty.Target, Is.Null);
            Assert.That(DirectLoop.Empty.Run(null, null, 1000), Is.EqualTo(0));
        }

        [Test]
        public void AnEndOfStreamMakesTheFoldedResultNegative()
        {
            Assert.That(DirectLoop.For(typeof(CountingStream), DirectLoop.Shape.ReadByte).Run(new CountingStream { EndAfter = 20 }, null, 2), Is.LessThan(0));
            Assert.That(DirectLoop.For(typeof(CountingStream), DirectLoop.Shape.ReadSpan).Run(new CountingStream { EndAfter = 20 }, new byte[1], 2), Is.LessThan(0));
            Assert.That(DirectLoop.For(typeof(CountingStream), DirectLoop.Shape.ReadSpan).Run(new CountingStream { EndAfter = 32 }, new byte[1], 2), Is.EqualTo(0));
        }

        [Test]
        public void TheCallGoesWhereAVirtualCallWouldGo()
        {
            var readByte = typeof(Stream).GetMethod(nameof(Stream.ReadByte), Type.EmptyTypes)!;
            Assert.That(DirectLoop.Implementation(typeof(OverridingStream), readByte).DeclaringType, Is.EqualTo(typeof(OverridingStream)));
            Assert.That(DirectLoop.Implementation(typeof(HidingStream), readByte).DeclaringType, Is.EqualTo(typeof(CountingStream)), "a new slot is not Stream.ReadByte's");
            Assert.That(DirectLoop.Implementation(typeof(BufferedStream), readByte).DeclaringType, Is.EqualTo(typeof(BufferedStream)));
            var writeSpan = typeof(Stream).GetMethod(nameof(Stream.Write), new[] { typeof(ReadOnlySpan<byte>) })!;
            Assert.That(DirectLoop.Implementation(typeof(NotOverridingStream), writeSpan).DeclaringType, Is.EqualTo(typeof(Stream)), "an inherited member is the base's");

            var hiding = new HidingStream();
            DirectLoop.For(typeof(HidingStream), DirectLoop.Shape.ReadByte).Run(hiding, null, 1);
            Assert.That((hiding.ReadBytes, hiding.HiddenCalls), Is.EqualTo((DirectLoop.Unroll, 0)));
            var overriding = new OverridingStream();
            DirectLoop.For(typeof(OverridingStream), DirectLoop.Shape.ReadByte).Run(overriding, null, 1);
            Assert.That((overriding.OwnCalls, overriding.ReadBytes), Is.EqualTo((DirectLoop.Unroll, 0)));
        }

        /// <summary>Private, with Stream's own Write(ReadOnlySpan): its loop calls what the stream inherits (Stream's span path over Write(byte[])).</summary>
        sealed class NotOverridingStream : Stream
        {
            public long Written;
            public override void Write(byte[] buffer, int offset, int count) => Written += count;
            public override bool CanRead => false;
            public override bool CanSeek => false;
            public override bool CanWrite => true;
            public override long Length => Written;
            public override long Position { get => Written; set => throw new NotSupportedException(); }
            public override void Flush() { }
            public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();
            public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
            public override void SetLength(long value) => throw new NotSupportedException();
        }

        [Test]
        public void ANonPublicTypeWithInheritedMembersIsCalledToo()
        {
            var s = new NotOverridingStream();
            DirectLoop.For(typeof(NotOverridingStream), DirectLoop.Shape.WriteSpan).Run(s, new byte[] { 1, 2, 3 }, 2);
            Assert.That(s.Length, Is.EqualTo(3 * 2 * DirectLoop.Unroll));
        }

        [Test]
        public void ALoopIsGeneratedOncePerTypeAndShape()
        {
            Assert.That(DirectLoop.For(typeof(MemoryStream), DirectLoop.Shape.ReadByte), Is.SameAs(DirectLoop.For(typeof(MemoryStream), DirectLoop.Shape.ReadByte)));
            Assert.That(DirectLoop.For(typeof(MemoryStream), DirectLoop.Shape.ReadByte), Is.Not.SameAs(DirectLoop.For(typeof(BufferedStream), DirectLoop.Shape.ReadByte)));
            Assert.Throws<ArgumentException>(() => DirectLoop.For(typeof(Stream), DirectLoop.Shape.ReadByte));
            Assert.Throws<ArgumentException>(() => DirectLoop.For(typeof(string), DirectLoop.Shape.ReadByte));
        }

        [Test]
        public void TheSumLoopSumsEveryByte()
        {
            var data = Enumerable.Range(0, 1000).Select(i => (byte)i).ToArray();
            Assert.That(DirectLoop.SumBytes(data), Is.EqualTo(data.Sum(b => (int)b)));
        }

        /// <summary>
        /// Every operation a call can be spelled for is timed directly, the asynchronous reads through their delegate,
        /// and the result says which (metric "direct", and the message).
        /// </summary>
        [Test]
        public void AFigureSaysWhetherItWasTimedDirectly()
        {
            LatencyBudgetCheck Check(StreamOperation operation) => CheckCatalog.All.OfType<LatencyBudgetCheck>().Single(c => c.Operation == operation);
            var recipe = new BufferedStreamRecipe();
            foreach (var operation in new[] { StreamOperations.ReadByte, StreamOperations.WriteByte, StreamOperations.ReadSpan100, StreamOperations.WriteSpan100, StreamOperations.Seek, StreamOperations.PositionGet })
            {
                using (var session = operation.Open(recipe, 64, out var why))
                    Assert.That(session!.Loop, Is.Not.Null, operation.Title);
                var result = Check(operation).Run(recipe, new CheckContext { Quick = true }).Single();
                Assert.That(result.Metrics![MetricNames.Direct], Is.EqualTo(1), result.Message);
                Assert.That(result.Message, Does.Contain("direct calls"));
            }
            var async = Check(StreamOperations.ReadAsyncMemoryBuffered).Run(recipe, new CheckContext { Quick = true }).Single();
            Assert.That(async.Metrics![MetricNames.Direct], Is.EqualTo(0), async.Message);
            Assert.That(async.Message, Does.Contain("calls through a delegate"));
        }
    }
}
