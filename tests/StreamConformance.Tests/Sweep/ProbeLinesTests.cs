using System;
using System.IO;
using System.IO.Pipes;
using System.Threading;
using NUnit.Framework;
using StreamConformance.Sweep;

namespace StreamConformance.Tests.Sweep
{
    /// <summary>A probe's output as the host's loop takes it: in order, a wait that ends empty-handed, the end as null, and a cancel.</summary>
    public class ProbeLinesTests
    {
        [Test]
        public void LinesComeInOrderAWaitWithoutOneEndsEmptyHandedAndTheEndIsNull()
        {
            using var server = new AnonymousPipeServerStream(PipeDirection.Out);
            using var client = new AnonymousPipeClientStream(PipeDirection.In, server.ClientSafePipeHandle);
            var writer = new StreamWriter(server) { AutoFlush = true };
            using var lines = new ProbeLines(new StreamReader(client));

            Assert.That(lines.TryTake(out _, TimeSpan.FromMilliseconds(50), CancellationToken.None), Is.False, "nothing written yet");
            writer.WriteLine("one");
            writer.WriteLine("two");
            Assert.That(lines.TryTake(out var first, TimeSpan.FromSeconds(10), CancellationToken.None) && first == "one");
            Assert.That(lines.TryTake(out var second, TimeSpan.FromSeconds(10), CancellationToken.None) && second == "two");
            Assert.That(lines.TryTake(out _, TimeSpan.FromMilliseconds(50), CancellationToken.None), Is.False, "both taken");

            // A line that comes while the loop waits ends the wait.
            var late = new Thread(() => { Thread.Sleep(100); writer.WriteLine("three"); });
            late.Start();
            Assert.That(lines.TryTake(out var third, TimeSpan.FromSeconds(10), CancellationToken.None) && third == "three");
            late.Join();

            server.Dispose();
            Assert.That(lines.TryTake(out var end, TimeSpan.FromSeconds(10), CancellationToken.None), Is.True);
            Assert.That(end, Is.Null, "the output ended");
        }

        [Test]
        public void ACancelEndsTheWait()
        {
            using var server = new AnonymousPipeServerStream(PipeDirection.Out);
            using var client = new AnonymousPipeClientStream(PipeDirection.In, server.ClientSafePipeHandle);
            using var lines = new ProbeLines(new StreamReader(client));
            using var cancel = new CancellationTokenSource(TimeSpan.FromMilliseconds(100));
            Assert.Throws<OperationCanceledException>(() => lines.TryTake(out _, TimeSpan.FromSeconds(30), cancel.Token));
            server.Dispose();
        }
    }
}
