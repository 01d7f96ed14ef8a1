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
    /// A wrapper is judged against the stream it wraps as well as against MemoryStream: which inner stream is found is
    /// asserted on real recipes, the verdict on synthetic figures (never on a time).
    /// </summary>
    public class WrappedOperandTests
    {
        static BatchTimes Times(double ns) => new BatchTimes(Enumerable.Range(0, 5).Select(_ => ns).ToArray(), 1000);

        static LatencyBudgetCheck Check(StreamOperation operation) => CheckCatalog.All.OfType<LatencyBudgetCheck>().Single(c => c.Operation == operation);

        /// <summary>A wrapper that adds 20 µs to a 2 ns call: 10,000× MemoryStream is within an unbuffered stream's 20,000×, but not within 1,000× of what it wraps.</summary>
        [Test]
        public void AWrapperThatAddsMicrosecondsToANanosecondCallFails()
        {
            var slow = new LatencyMeasurement(Times(20_000), Times(2), Times(0.05), Times(0.3)) { Direct = true }.WithInner(Times(2), "System.IO.MemoryStream");
            var unbuffered = WrapperRecipe.BaseReadByte(buffered: false);
            var result = Check(StreamOperations.ReadByte).Judge(slow, unbuffered, new CheckContext()).Single();
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Message, Does.Contain("but it takes 10000× (10000–10000×) the same call on the System.IO.MemoryStream it wraps").And.Contain("over its wrapper budget 1000×"));
            Assert.That(result.Metrics!["ratioToInner"], Is.EqualTo(10_000));
            Assert.That(result.Samples!["ratioToInner"].Count(), Is.EqualTo(5), "compare tests the inner ratio on its rounds");

            // Without the inner figure the same measurement passes its class's ceiling: the verdict the wrapper rule adds.
            var alone = new LatencyMeasurement(Times(20_000), Times(2), Times(0.05), Times(0.3)) { Direct = true };
            Assert.That(Check(StreamOperations.ReadByte).Judge(alone, unbuffered, new CheckContext()).Single().Outcome, Is.EqualTo(Outcome.Pass));
        }

        [Test]
        public void AWrapperThatForwardsCheaplyPassesAndSaysBy()
        {
            var fine = new LatencyMeasurement(Times(3), Times(2), Times(0.05), Times(0.3)) { Direct = true }.WithInner(Times(2), "System.IO.MemoryStream");
            var result = Check(StreamOperations.ReadByte).Judge(fine, new BufferedStreamRecipe(), new CheckContext()).Single();
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), result.Message);
            Assert.That(result.Message, Does.Contain("1.5× (1.5–1.5×) the same call on the System.IO.MemoryStream it wraps").And.Contain("wrapper budget 1000×"));
            Assert.That(result.Metrics!["innerBudget"], Is.EqualTo(1000));
        }

        /// <summary>An inner figure within the harness's noise is no reference: no ratio is made of it.</summary>
        [Test]
        public void AnInnerFigureWithinTheNoiseIsNoReference()
        {
            var m = new LatencyMeasurement(Times(50), Times(2), new BatchTimes(new[] { 0.1, 0.5, 1.0, 1.5, 2.0 }, 1000), Times(0.3)).WithInner(Times(0.5), "X");
            Assert.That(m.InnerRatios, Is.Null);
        }

        [Test]
        public void TheInnerStreamIsTheOnePublicSeekableStreamAWrapperHolds()
        {
            var buffered = new BufferedStream(new MemoryStream(new byte[10]));
            Assert.That(WrappedOperand.SoleInner(buffered), Is.TypeOf<MemoryStream>());
            Assert.That(WrappedOperand.SoleInner(new MemoryStream()), Is.Null);
            Assert.That(WrappedOperand.SoleInner(new TwoStreams(new MemoryStream(), new MemoryStream())), Is.Null, "two streams: which one a call goes to is not known");
            var same = new MemoryStream();
            Assert.That(WrappedOperand.SoleInner(new TwoStreams(same, same)), Is.SameAs(same));

            using (var session = StreamOperations.ReadByte.Open(new BufferedStreamRecipe(), 1024, out _)!)
            using (var wrapped = WrappedOperand.Open(StreamOperations.ReadByte, new BufferedStreamRecipe(), session, 1024, 96))
            {
                Assert.That(wrapped, Is.Not.Null);
                Assert.That(wrapped!.TypeName, Is.EqualTo("System.IO.MemoryStream"));
                Assert.That(wrapped.Session.LoopStream, Is.Not.SameAs(WrappedOperand.SoleInner(session.LoopStream!)), "a second instance's inner stream, never the measured one's");
                Assert.That(wrapped.Calls % DirectLoop.Unroll, Is.Zero);
            }
            using (var session = StreamOperations.ReadByte.Open(new MemoryStreamRecipe(), 1024, out _)!)
                Assert.That(WrappedOperand.Open(StreamOperations.ReadByte, new MemoryStreamRecipe(), session, 1024, 96), Is.Null);
        }

        /// <summary>
        /// A real wrapper's figure carries its inner figure (which value it has is the machine's). Measured as a default sweep
        /// measures, not quick: five batches of 0.3 ms on a loaded machine (four test processes on two cores) once put
        /// BufferedStream's 9 ns ReadByte within the harness's noise, and a figure that was not measured has no inner figure.
        /// </summary>
        [Test]
        public void ABufferedStreamFigureCarriesItsInnerFigure()
        {
            var result = Check(StreamOperations.ReadByte).Run(new BufferedStreamRecipe(), new CheckContext { Quick = false }).Single();
            Assert.That(result.Metrics, Does.ContainKey("ratioToInner").And.ContainKey("innerNs"), result.Message);
            Assert.That(result.Message, Does.Contain("the same call on the System.IO.MemoryStream it wraps"));
        }

        sealed class TwoStreams : Stream
        {
            readonly Stream _a, _b;
            public TwoStreams(Stream a, Stream b) { _a = a; _b = b; }
            public override bool CanRead => _a.CanRead && _b.CanRead;
            public override bool CanSeek => false;
            public override bool CanWrite => false;
            public override long Length => throw new System.NotSupportedException();
            public override long Position { get => throw new System.NotSupportedException(); set => throw new System.NotSupportedException(); }
            public override void Flush() { }
            public override int Read(byte[] buffer, int offset, int count) => _a.Read(buffer, offset, count);
            public override long Seek(long offset, SeekOrigin origin) => throw new System.NotSupportedException();
            public override void SetLength(long value) => throw new System.NotSupportedException();
            public override void Write(byte[] buffer, int offset, int count) => throw new System.NotSupportedException();
        }
    }
}
