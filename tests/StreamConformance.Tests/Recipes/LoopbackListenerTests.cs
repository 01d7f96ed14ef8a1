using System;
using System.Net.Sockets;
using System.Text;
using NUnit.Framework;
using StreamConformance.Recipes;

namespace StreamConformance.Tests.Recipes
{
    /// <summary>
    /// The loopback HttpListener the HTTP recipes and the content server share. A wait that timed out must not leave
    /// a second pending accept behind: the listener hands the next request to the oldest one, which nobody ends, and
    /// the client waits out its own timeout (100 s per request on Mono's HttpWebRequest).
    /// </summary>
    [TestFixture]
    public sealed class LoopbackListenerTests
    {
        [Test]
        public void ARequestAfterAnIdleWaitReachesTheNextCall()
        {
            using var listener = LoopbackListener.Start();
            Assert.Throws<TimeoutException>(() => listener.Next(TimeSpan.FromMilliseconds(50)));

            using var client = new TcpClient();
            client.Connect("127.0.0.1", listener.Port);
            var request = Encoding.ASCII.GetBytes("GET /after-idle HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n");
            client.GetStream().Write(request, 0, request.Length);

            var context = listener.Next(TimeSpan.FromSeconds(10));
            Assert.That(context.Request.Url!.AbsolutePath, Is.EqualTo("/after-idle"));
            context.Response.Close();
        }

        /// <summary>A closed listener says so, and an accept on it throws at once: a serving loop that goes on while the
        /// listener listens would otherwise spin at process exit (Mono's HttpListener.Close leaves its IsListening true).</summary>
        [Test]
        public void AClosedListenerSaysSoAndAnAcceptThrowsAtOnce()
        {
            var listener = LoopbackListener.Start();
            Assert.That(listener.IsListening, Is.True);
            listener.Dispose();
            Assert.That(listener.IsListening, Is.False);
            Assert.Throws<ObjectDisposedException>(() => listener.Next(TimeSpan.FromSeconds(5)));
        }
    }
}
