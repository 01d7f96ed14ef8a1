using System;
using System.IO;
using System.Net;
using System.Net.Security;
using System.Net.Sockets;
using System.Security.Authentication;
using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;
using System.Threading;
using System.Threading.Tasks;

namespace StreamConformance.Recipes
{
    // One concept: the streams over a loopback TCP connection: NetworkStream, and SslStream and NegotiateStream across it.
    /// <summary>NetworkStream over the accepted end of a loopback TCP connection; the peer is the connecting end.</summary>
    public sealed class NetworkStreamRecipe : PeerRecipe
    {
        public override string TypeName => "System.Net.Sockets.NetworkStream";
        public override string Variant => "loopback-tcp";

        protected override Pair Connect(bool underTestReads)
        {
            Loopback.Connect(out var accepted, out var connected);
            return new Pair(new NetworkStream(accepted, true), new NetworkStream(connected, true));
        }

        public override string? ReproSource(StreamAccess access) => access == StreamAccess.ReadWrite ? null :
            Loopback.Source(access) + "var stream = new System.Net.Sockets.NetworkStream(accepted, true);";

        /// <summary>
        /// Both directions at once: the peer sends the initial content and half-closes (so reading ends after
        /// it), then keeps receiving until end-of-stream; the read-back is what it received.
        /// </summary>
        public override StreamFixture? OpenReadWrite(byte[] initial)
        {
            Loopback.Connect(out var accepted, out var connected);
            var peer = new NetworkStream(connected, true);
            var drainer = new Drainer(peer, () =>
            {
                if (initial.Length > 0) peer.Write(initial, 0, initial.Length);
                connected.Shutdown(SocketShutdown.Send);
            });
            return new StreamFixture(new NetworkStream(accepted, true), drainer.Received, drainer);
        }
    }

    /// <summary>
    /// SslStream client over loopback TCP, talking to an SslStream server with a self-signed certificate made in
    /// this process (cached for the run). The server sends close_notify after the content.
    /// </summary>
    public sealed class SslStreamRecipe : PeerRecipe
    {
        const string HostName = "streamconf.loopback";
        const string Password = "streamconf";

        static readonly Lazy<X509Certificate2> s_certificate = new Lazy<X509Certificate2>(CreateCertificate);
        static readonly Lazy<string?> s_unavailable = new Lazy<string?>(Probe);

        public override string TypeName => "System.Net.Security.SslStream";
        public override string Variant => "loopback-tls client";
        public override int PreferredContentLength => 2048;
        public override string? UnavailableReason => s_unavailable.Value;

        static X509Certificate2 CreateCertificate()
        {
            var now = DateTimeOffset.UtcNow;
#if NET
            using var rsa = RSA.Create(2048);
            var request = new CertificateRequest("CN=" + HostName, rsa, HashAlgorithmName.SHA256, RSASignaturePadding.Pkcs1);
            using var certificate = request.CreateSelfSigned(now.AddDays(-1), now.AddDays(1));
            // Round-trip through PFX so the private key is usable by the TLS stack on every platform.
#if NET9_0_OR_GREATER
            return X509CertificateLoader.LoadPkcs12(certificate.Export(X509ContentType.Pfx, Password), Password);
#else
            // .NET 8 has no X509CertificateLoader (the net8.0 probe).
            return new X509Certificate2(certificate.Export(X509ContentType.Pfx, Password), Password);
#endif
#else
            // Mono 6.8's CertificateRequest.CreateSelfSigned throws PlatformNotSupportedException.
            // 1024 bits: Mono generates keys in managed code, 2048 bits took it 0.8-3.6 s per probe; the key signs the loopback
            // handshake only, never the records whose cost is measured.
            using var rsa = new RSACryptoServiceProvider(1024);
            var builder = new Mono.Security.X509.X509CertificateBuilder(3)
            {
                SerialNumber = new byte[] { 0x01, 0x5C, 0x0F },
                IssuerName = "CN=" + HostName,
                SubjectName = "CN=" + HostName,
                NotBefore = now.UtcDateTime.AddDays(-1),
                NotAfter = now.UtcDateTime.AddDays(1),
                SubjectPublicKey = rsa,
            };
            var pkcs12 = new Mono.Security.X509.PKCS12 { Password = Password };
            pkcs12.AddCertificate(new Mono.Security.X509.X509Certificate(builder.Sign(rsa)));
            pkcs12.AddPkcs8ShroudedKeyBag(rsa);
            return new X509Certificate2(pkcs12.GetBytes(), Password);
#endif
        }

        /// <summary>
        /// Up to three handshakes, once per run: null as soon as TLS over loopback works here, else why not. Mono's
        /// TLS stack occasionally fails one handshake ("Authentication failed") on a busy machine; one failure must
        /// not take the recipe out of a whole run.
        /// </summary>
        static string? Probe()
        {
            string? why = null;
            for (var attempt = 1; attempt <= 3; attempt++)
            {
                why = ProbeOnce();
                if (why == null) return null;
            }
            return why + " (3 attempts)";
        }

        static string? ProbeOnce()
        {
            try
            {
                var recipe = new SslStreamRecipe();
                using var fixture = recipe.OpenRead(new byte[] { 1, 2, 3 });
                var buffer = new byte[8];
                var total = 0;
                int n;
                while (fixture != null && (n = fixture.Stream.Read(buffer, total, buffer.Length - total)) > 0) total += n;
                return total == 3 ? null : $"the loopback TLS session delivered {total} of 3 bytes";
            }
            catch (Exception e)
            {
                var inner = e.GetBaseException();
                return $"no TLS session over loopback with an in-process self-signed certificate: {inner.GetType().FullName}: {inner.Message}";
            }
        }

        protected override Pair Connect(bool underTestReads)
        {
            var (client, server) = ConnectClient(connection => new SslStream(connection, false, AcceptAnyCertificate));
            return new Pair(client, server);
        }

        /// <summary>What the loopback client passes as its certificate check: the server's certificate is the run's own, self-signed.</summary>
        public static bool AcceptAnyCertificate(object sender, X509Certificate? certificate, X509Chain? chain, SslPolicyErrors errors) => true;

        /// <summary>Why TLS over loopback cannot run here, or null.</summary>
        public static string? Unavailable => s_unavailable.Value;

        /// <summary>
        /// A TLS client made by <paramref name="makeClient"/> over one end of a loopback TCP connection, authenticated against
        /// an SslStream server with the run's certificate on the other end: the client and the server.
        /// </summary>
        public static (SslStream Client, SslStream Server) ConnectClient(Func<Stream, SslStream> makeClient)
        {
            var certificate = s_certificate.Value;
            Loopback.Connect(out var accepted, out var connected);
            using var build = new FixtureBuilder();
            var server = build.Own(new SslStream(new NetworkStream(accepted, true), false));
            var connection = build.Own(new NetworkStream(connected, true));
            var client = build.Own(makeClient(connection));
            // TLS 1.2: a TLS 1.3 server sends session tickets after the handshake, which a client that only
            // writes never reads; closing a socket with unread data sends a reset, and the peer then loses the
            // tail of what was written (seen: 2001 of 2048 bytes), a fault of the fixture, not of SslStream.
            Loopback.Handshake(
                () => server.AuthenticateAsServer(certificate, false, SslProtocols.Tls12, false),
                () => client.AuthenticateAsClient(HostName, null, SslProtocols.Tls12, false));
            build.HandOver();
            return (client, server);
        }

        protected override void EndOfFeed(Stream peer) => CloseNotify(peer);

        /// <summary>The server's close_notify after the content.</summary>
        public static void CloseNotify(Stream server)
        {
#if NET
            ((SslStream)server).ShutdownAsync().Wait(RecipeEnvironment.HelperTimeout);
#endif
        }
    }

    /// <summary>
    /// NegotiateStream client over loopback with the current user's default credentials. Needs a working
    /// GSSAPI/NTLM setup, which CI machines rarely have: the recipe probes once and says why when it cannot run.
    /// </summary>
    public sealed class NegotiateStreamRecipe : PeerRecipe
    {
        static readonly Lazy<string?> s_unavailable = new Lazy<string?>(Probe);

        public override string TypeName => "System.Net.Security.NegotiateStream";
        public override string Variant => "loopback client";
        public override int PreferredContentLength => 2048;
        public override string? UnavailableReason => s_unavailable.Value;

        static string? Probe()
        {
            try
            {
                using var fixture = new NegotiateStreamRecipe().OpenWrite();
                return null;
            }
            catch (Exception e)
            {
                var inner = e.GetBaseException();
                return $"no Negotiate/NTLM authentication over loopback here: {inner.GetType().FullName}: {inner.Message}";
            }
        }

        protected override Pair Connect(bool underTestReads)
        {
            Loopback.Connect(out var accepted, out var connected);
            using var build = new FixtureBuilder();
            var server = build.Own(new NegotiateStream(new NetworkStream(accepted, true), false));
            var client = build.Own(new NegotiateStream(new NetworkStream(connected, true), false));
            Loopback.Handshake(
                () => server.AuthenticateAsServer(),
                () => client.AuthenticateAsClient(CredentialCache.DefaultNetworkCredentials, "HOST/localhost"));
            build.HandOver();
            return new Pair(client, server);
        }
    }
}
