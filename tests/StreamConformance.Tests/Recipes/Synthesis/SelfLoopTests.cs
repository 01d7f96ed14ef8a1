using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading;
using NUnit.Framework;
using StreamConformance.Checks;
using StreamConformance.Recipes;
using StreamConformance.Recipes.Synthesis;
using StreamConformance.Results;

namespace StreamConformance.Tests.Recipes.Synthesis
{
    /// <summary>
    /// A single object that is a pipe onto itself (Nerdbank's SimplexStream) is found by what it does and judged with
    /// another thread on the same object as its peer: a correct one passes the checks that compare bytes, one that loses
    /// bytes across the loop fails them, and one that nothing but Dispose ends skips them.
    /// </summary>
    [TestFixture]
    public sealed class SelfLoopTests
    {
        static readonly string[] Compared = { "read-byte.values", "read.differential", "write-byte.round-trip" };

        static CheckResult Run(StreamRecipe recipe, string check) =>
            CheckCatalog.Select(check).Single().Run(recipe, new CheckContext { Quick = true }).Single();

        [Test]
        public void APipeOntoItselfIsBuiltAsASelfLoopEndedByTheMethodThatEndsItsReads()
        {
            var recipe = (SelfLoopRecipe)GenericShapes.For(typeof(SealedLoop)).Single();
            Assert.That(recipe.Variant, Is.EqualTo("self-loop new SealedLoop()"));
            Assert.That(recipe.ReproSource(StreamAccess.Read), Does.Contain("stream.Seal()"), "the method whose reads then end, not the one before it by name");
            var content = CheckContext.Content(20000); // more than the loop holds: the feeder waits for the reads
            using (var reader = recipe.OpenRead(content)!)
            {
                var back = new MemoryStream();
                reader.Stream.CopyTo(back);
                Assert.That(back.ToArray(), Is.EqualTo(content));
            }
            using (var writer = recipe.OpenWrite()!)
            {
                writer.Stream.Write(content, 0, content.Length); // returns only because the drainer reads the same object
                writer.Stream.Flush();
                Assert.That(writer.ReadBack(), Is.EqualTo(content));
            }
        }

        /// <summary>Its read fixture's writing was ended by the feeder: a write there is not held against CanWrite.</summary>
        [Test]
        public void ACorrectSelfLoopPassesTheChecksThatCompareBytesAndTheCapabilityCheck()
        {
            var recipe = GenericShapes.For(typeof(SealedLoop)).Single();
            Assert.That(recipe.WritesOnReadFixture, Is.False);
            foreach (var check in Compared.Append("edge.zero-length").Append("capabilities.unsupported"))
            {
                var result = Run(recipe, check);
                Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), check + ": " + result.Message);
            }
        }

        [Test]
        public void ASelfLoopThatLosesBytesIsStillASelfLoopAndFailsThem()
        {
            var recipe = GenericShapes.For(typeof(LossyLoop)).Single();
            Assert.That(recipe, Is.InstanceOf<SelfLoopRecipe>(), "losing bytes is for the checks to find, not a reason to leave it unbuilt");
            foreach (var check in Compared)
                Assert.That(Run(recipe, check).Outcome, Is.EqualTo(Outcome.Fail), check);
        }

        [Test]
        public void ASelfLoopWithNoEndOfWritingSkipsWhatNeedsOneAndNeverHangs()
        {
            var recipe = GenericShapes.For(typeof(EndlessLoop)).Single();
            Assert.That(recipe.OpenRead(new byte[1]), Is.Null, "nothing but Dispose would end its reads");
            using (var writer = recipe.OpenWrite()!)
            {
                Assert.That(writer.CanReadBack, Is.False, "nothing says when the drainer has all of it");
                var content = CheckContext.Content(20000);
                writer.Stream.Write(content, 0, content.Length);
            }
            foreach (var check in Compared)
                Assert.That(Run(recipe, check).Outcome, Is.EqualTo(Outcome.Skip), check);
            var capabilities = Run(recipe, "capabilities.unsupported");
            Assert.That(capabilities.Outcome, Is.EqualTo(Outcome.Pass), capabilities.Message);
        }

        [Test]
        public void AWriteThatBlocksOnAStreamWhoseReadsDoNotReturnItIsNoSelfLoop()
        {
            Assert.That(GenericShapes.For(typeof(DeafPipe)), Is.Empty);
            Assert.That(GenericShapes.WhyNone(typeof(DeafPipe)), Does.Contain("a write blocks while nobody reads").And.Contain("its own reads do not return what it wrote"));
        }

        /// <summary>A pipe onto itself holding 4 KiB: a write waits while it is full, a read while it is empty and writing goes on.</summary>
        public abstract class SelfPipe : Stream
        {
            const int Capacity = 4096;
            readonly Queue<byte> _bytes = new Queue<byte>();
            bool _ended, _disposed;
            long _written;

            /// <summary>Whether the byte written as the <paramref name="index"/>th is dropped (a broken loop).</summary>
            protected virtual bool Loses(long index) => false;

            protected void EndWriting()
            {
                lock (_bytes)
                {
                    _ended = true;
                    Monitor.PulseAll(_bytes);
                }
            }

            public override bool CanRead => !_disposed;
            public override bool CanSeek => false;
            public override bool CanWrite => !_disposed;
            public override long Length => throw new NotSupportedException();
            public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }
            public override void Flush() { }
            public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
            public override void SetLength(long value) => throw new NotSupportedException();

            public override int Read(byte[] buffer, int offset, int count)
            {
                if (buffer == null) throw new ArgumentNullException(nameof(buffer));
                if (offset < 0 || count < 0 || offset > buffer.Length - count) throw new ArgumentOutOfRangeException(nameof(count));
                lock (_bytes)
                {
                    if (_disposed) throw new ObjectDisposedException(GetType().Name);
                    if (count == 0) return 0;
                    while (_bytes.Count == 0 && !_ended && !_disposed) Monitor.Wait(_bytes);
                    var n = 0;
                    while (n < count && _bytes.Count > 0) buffer[offset + n++] = _bytes.Dequeue();
                    Monitor.PulseAll(_bytes);
                    return n;
                }
            }

            public override void Write(byte[] buffer, int offset, int count)
            {
                if (buffer == null) throw new ArgumentNullException(nameof(buffer));
                if (offset < 0 || count < 0 || offset > buffer.Length - count) throw new ArgumentOutOfRangeException(nameof(count));
                lock (_bytes)
                {
                    for (var i = 0; i < count; i++)
                    {
                        while (_bytes.Count >= Capacity && !_disposed) Monitor.Wait(_bytes);
                        if (_disposed) throw new ObjectDisposedException(GetType().Name);
                        // As System.IO.Pipelines' completed writer (SimplexStream): not an IOException.
                        if (_ended) throw new InvalidOperationException("writing has ended");
                        if (!Loses(_written++)) _bytes.Enqueue(buffer[offset + i]);
                        Monitor.PulseAll(_bytes);
                    }
                }
            }

            protected override void Dispose(bool disposing)
            {
                lock (_bytes)
                {
                    _disposed = true;
                    Monitor.PulseAll(_bytes);
                }
                base.Dispose(disposing);
            }
        }

        /// <summary>Ends its writing with Seal(); Acknowledge() comes first by name and ends nothing.</summary>
        public sealed class SealedLoop : SelfPipe
        {
            public void Acknowledge() { }
            public void Seal() => EndWriting();
        }

        /// <summary>Drops every 997th byte across the loop (the first few come back, so it is found to loop).</summary>
        public sealed class LossyLoop : SelfPipe
        {
            protected override bool Loses(long index) => index % 997 == 996;
            public void Seal() => EndWriting();
        }

        /// <summary>No public way to end its writing.</summary>
        public sealed class EndlessLoop : SelfPipe { }

        /// <summary>Its write blocks as a pipe's does, but its reads return nothing it wrote.</summary>
        public sealed class DeafPipe : SelfPipe
        {
            public override int Read(byte[] buffer, int offset, int count) => 0;
        }
    }
}
