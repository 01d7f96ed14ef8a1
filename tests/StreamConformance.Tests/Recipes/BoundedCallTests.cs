using System;
using System.Threading;
using NUnit.Framework;
using StreamConformance.Recipes;

namespace StreamConformance.Tests.Recipes
{
    /// <summary>A bounded call answers within its limit, reuses its thread for the next call, and never hangs its caller.</summary>
    [NonParallelizable]
    public class BoundedCallTests
    {
        static readonly TimeSpan Long = TimeSpan.FromSeconds(30);

        [Test]
        public void ACallThatReturnsGivesItsResultOrItsException()
        {
            Assert.That(BoundedCall.TryRun(() => 42, Long, "test", null, TimeSpan.Zero, out var result, out var error), Is.True);
            Assert.That(result, Is.EqualTo(42));
            Assert.That(error, Is.Null);

            Assert.That(BoundedCall.TryRun<int>(() => throw new InvalidOperationException("refused"), Long, "test", null, TimeSpan.Zero, out _, out error), Is.True);
            Assert.That(error, Is.TypeOf<InvalidOperationException>());
            Assert.That(error!.Message, Is.EqualTo("refused"));
        }

        [Test]
        public void CallsInTurnRunOnOneBackgroundThread()
        {
            BoundedCall.TryRun(() => Environment.CurrentManagedThreadId, Long, "test", null, TimeSpan.Zero, out var first, out _);
            BoundedCall.TryRun(() => Environment.CurrentManagedThreadId, Long, "test", null, TimeSpan.Zero, out var second, out _);
            BoundedCall.TryRun(() => Thread.CurrentThread.IsBackground, Long, "test", null, TimeSpan.Zero, out var background, out _);
            Assert.That(first, Is.Not.EqualTo(Environment.CurrentManagedThreadId));
            Assert.That(second, Is.EqualTo(first));
            Assert.That(background, Is.True);
        }

        [Test]
        public void ACallThatDoesNotReturnIsLeftOnItsThreadAndTheNextCallGetsAnother()
        {
            using var never = new ManualResetEventSlim(false);
            var released = false;
            var blockedOn = 0;
            var answered = BoundedCall.TryRun(() => { blockedOn = Environment.CurrentManagedThreadId; never.Wait(); return 1; },
                TimeSpan.FromMilliseconds(50), "test", () => released = true, TimeSpan.Zero, out var result, out var error);
            Assert.That(answered, Is.False);
            Assert.That(released, Is.True, "the release runs when the call overran its limit");
            Assert.That(result, Is.EqualTo(0));
            Assert.That(error, Is.Null);

            Assert.That(BoundedCall.TryRun(() => Environment.CurrentManagedThreadId, Long, "test", null, TimeSpan.Zero, out var next, out _), Is.True);
            Assert.That(next, Is.Not.EqualTo(blockedOn), "the blocked thread is not given another call");
            never.Set();
        }

        [Test]
        public void ACallThatEndsWithinItsGraceIsAnsweredAsOverrunAndLeavesNothingBlocked()
        {
            using var gate = new ManualResetEventSlim(false);
            var answered = BoundedCall.TryRun(() => { gate.Wait(); return 1; },
                TimeSpan.FromMilliseconds(50), "test", gate.Set, Long, out _, out _);
            Assert.That(answered, Is.False);
            for (var i = 0; i < 3; i++)
            {
                Assert.That(BoundedCall.TryRun(() => i * 2, Long, "test", null, TimeSpan.Zero, out var value, out _), Is.True);
                Assert.That(value, Is.EqualTo(i * 2));
            }
        }
    }
}
