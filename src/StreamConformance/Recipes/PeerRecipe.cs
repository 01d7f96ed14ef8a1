using System;
using System.IO;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// A stream with a live peer (pipe end, socket, TLS session). For reading, a feeder thread writes the content
    /// into the peer and closes it; for writing, a drainer thread reads the peer until end-of-stream, so the
    /// read-back is complete once the stream under test is disposed. Reads may be short and nothing seeks.
    /// </summary>
    public abstract class PeerRecipe : StreamRecipe
    {
        public override bool ReadsReadUntilSizeOrEof => false;
        // The peer knows the data is complete only at end-of-stream, i.e. after Dispose.
        public override bool WritesVisibleAfterFlush => false;
        public override bool IsOsBacked => true;
        public override bool HasLivePeer => true;

        /// <summary>A connected pair: the stream under test and its peer, plus anything else both depend on.</summary>
        protected sealed class Pair
        {
            public Pair(Stream underTest, Stream peer, params IDisposable[] owned)
            {
                UnderTest = underTest;
                Peer = peer;
                Owned = owned;
            }

            public Stream UnderTest { get; }
            public Stream Peer { get; }
            public IDisposable[] Owned { get; }
        }

        /// <summary>Connects a pair where the stream under test reads (<paramref name="underTestReads"/>) or writes.</summary>
        protected abstract Pair Connect(bool underTestReads);

        /// <summary>The peer closes its end when the stream under test's end-of-stream reaches it (answering a close handshake the stream's Dispose waits for).</summary>
        protected virtual bool PeerClosesAtEnd => false;

        /// <summary>Runs after the feeder wrote everything, before it closes the peer (e.g. a TLS close_notify).</summary>
        protected virtual void EndOfFeed(Stream peer) { }

        public override StreamFixture? OpenRead(byte[] content)
        {
            var pair = Connect(true);
            var fixture = new StreamFixture(pair.UnderTest, null, pair.Owned);
            return fixture.Owns(new Feeder(pair.Peer, content, () => EndOfFeed(pair.Peer)));
        }

        public override StreamFixture? OpenWrite()
        {
            var pair = Connect(false);
            var drainer = new Drainer(pair.Peer, closeAtEnd: PeerClosesAtEnd);
            return new StreamFixture(pair.UnderTest, drainer.Received, pair.Owned).Owns(drainer);
        }
    }
}
