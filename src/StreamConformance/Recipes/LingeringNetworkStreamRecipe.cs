#if MONO_CORLIB
using System;
using System.IO;
using System.Net.Sockets;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// XSP's Mono.WebServer.LingeringNetworkStream(Socket, ownsSocket: true) over the accepted end of a loopback TCP
    /// connection (what XSP wraps each request's socket in: a NetworkStream whose Close lingers for the client's last
    /// bytes); the peer is the connecting end. Loaded by name from Mono.WebServer2, which ships with Debian's mono-xsp4.
    /// </summary>
    public sealed class LingeringNetworkStreamRecipe : PeerRecipe
    {
        const string TypeQualifiedName = "Mono.WebServer.LingeringNetworkStream, Mono.WebServer2, Version=0.4.0.0, Culture=neutral, PublicKeyToken=0738eb9f132ed756";

        static readonly Lazy<Type?> s_type = new Lazy<Type?>(() =>
        {
            try { return Type.GetType(TypeQualifiedName, false); }
            catch (Exception) { return null; }
        });

        public override string TypeName => "Mono.WebServer.LingeringNetworkStream";
        public override string Variant => "loopback-tcp";
        public override string? UnavailableReason => s_type.Value == null ? "Mono.WebServer2 (XSP) is not installed in this Mono" : null;
        // Its Close shuts down sending, then lingers (polling up to seconds) until the peer closes: the peer closes at the end.
        protected override bool PeerClosesAtEnd => true;

        protected override Pair Connect(bool underTestReads)
        {
            Loopback.Connect(out var accepted, out var connected);
            using var build = new FixtureBuilder();
            build.Own(connected);
            build.Own(accepted);
            var stream = (Stream)Activator.CreateInstance(s_type.Value!, accepted, true)!;
            build.HandOver();
            return new Pair(stream, new NetworkStream(connected, true));
        }

        public override string? ReproSource(StreamAccess access) => access == StreamAccess.ReadWrite ? null :
            "// reference Mono.WebServer2\n" + Loopback.Source(access) + "var stream = new Mono.WebServer.LingeringNetworkStream(accepted, true);";
    }
}
#endif
