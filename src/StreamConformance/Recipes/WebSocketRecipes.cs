#if NET10_0_OR_GREATER
using System;
using System.IO;
using System.Net.Sockets;
using System.Net.WebSockets;
using System.Threading;

namespace StreamConformance.Recipes
{
    // One concept: WebSocketStream's recipes, one per mode, and the row saying why the base type itself is never built.
    /// <summary>
    /// .NET 10's WebSocketStream, in each of its modes, over two WebSockets made by WebSocket.CreateFromStream on the
    /// ends of a loopback TCP connection: the stream under test on one, its peer on the other. The knobs are those of
    /// dotnet/runtime's own WebSocketStreamTests (a ConnectedStreamConformanceTests): reads may be short, data
    /// needs no Flush to reach the peer. Each recipe declares its internal type.
    /// </summary>
    public abstract class WebSocketStreamRecipe : PeerRecipe
    {
        protected override bool ReachesDeclaredType => true;

        /// <summary>Bounded close handshake on Dispose, so a peer that never answers cannot hold a fixture for long.</summary>
        protected static readonly TimeSpan CloseTimeout = TimeSpan.FromSeconds(5);

        /// <summary>The two WebSockets: the client end for the stream under test, the server end for its peer.</summary>
        protected static (WebSocket UnderTest, WebSocket Peer) Sockets()
        {
            Loopback.Connect(out var accepted, out var connected);
            var underTest = WebSocket.CreateFromStream(new NetworkStream(connected, true), isServer: false, subProtocol: null, keepAliveInterval: Timeout.InfiniteTimeSpan);
            var peer = WebSocket.CreateFromStream(new NetworkStream(accepted, true), isServer: true, subProtocol: null, keepAliveInterval: Timeout.InfiniteTimeSpan);
            return (underTest, peer);
        }
    }

    /// <summary>
    /// WebSocketStream.Create: one stream for both directions, each write one binary message. Checked as a writer only:
    /// its reading ends at the peer's close frame, after which the stream no longer reads (CanRead false, a further read
    /// throws NotSupportedException), and the harness's read checks confirm an end by reading it twice, which
    /// dotnet/runtime's connected-stream suite does not require (Read_Eof_Returns0 reads once): they would report a
    /// defect the official suite does not hold.
    /// </summary>
    public sealed class WebSocketStreamCreateRecipe : WebSocketStreamRecipe
    {
        public override string Variant => "create binary";
        public override string TypeName => "System.Net.WebSockets.WebSocketStream+ReadWriteStream";
        // Its Dispose runs the close handshake and waits for the peer's answer.
        protected override bool PeerClosesAtEnd => true;

        public override StreamFixture? OpenRead(byte[] content) => null;

        protected override Pair Connect(bool underTestReads)
        {
            var (underTest, peer) = Sockets();
            return new Pair(WebSocketStream.Create(underTest, WebSocketMessageType.Binary, CloseTimeout),
                WebSocketStream.Create(peer, WebSocketMessageType.Binary, CloseTimeout));
        }
    }

    /// <summary>WebSocketStream.CreateReadableMessageStream: reads one message, to its end; its peer writes it through a writable message stream.</summary>
    public sealed class WebSocketReadMessageStreamRecipe : WebSocketStreamRecipe
    {
        public override string Variant => "readable message";
        public override string TypeName => "System.Net.WebSockets.WebSocketStream+ReadMessageStream";

        public override StreamFixture? OpenWrite() => null;

        protected override Pair Connect(bool underTestReads)
        {
            var (underTest, peer) = Sockets();
            return new Pair(WebSocketStream.CreateReadableMessageStream(underTest), WebSocketStream.CreateWritableMessageStream(peer, WebSocketMessageType.Binary), underTest, peer);
        }
    }

    /// <summary>WebSocketStream.CreateWritableMessageStream: writes one message, ended on Dispose; its peer reads it through a readable message stream.</summary>
    public sealed class WebSocketWriteMessageStreamRecipe : WebSocketStreamRecipe
    {
        public override string Variant => "writable message";
        public override string TypeName => "System.Net.WebSockets.WebSocketStream+WriteMessageStream";

        public override StreamFixture? OpenRead(byte[] content) => null;

        protected override Pair Connect(bool underTestReads)
        {
            var (underTest, peer) = Sockets();
            return new Pair(WebSocketStream.CreateWritableMessageStream(underTest, WebSocketMessageType.Binary), WebSocketStream.CreateReadableMessageStream(peer), underTest, peer);
        }
    }

    /// <summary>
    /// WebSocketStream itself: a public class, not abstract, whose only constructor is private. Every instance the API makes
    /// is one of its private nested classes (the recipes above check those), so the base type is never the runtime type of
    /// any stream; its members are reached through them.
    /// </summary>
    public sealed class WebSocketStreamBaseRecipe : StreamRecipe
    {
        public override string TypeName => "System.Net.WebSockets.WebSocketStream";
        public override string? UnavailableReason =>
            "its only constructor is private: Create, CreateReadableMessageStream and CreateWritableMessageStream return its private " +
            "nested ReadWriteStream, ReadMessageStream and WriteMessageStream (each built by its own recipe), so no instance of exactly " +
            "WebSocketStream exists; the members it provides are checked through those three";
    }
}
#endif
