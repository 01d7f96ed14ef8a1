using System;
using System.IO;
using System.Runtime.CompilerServices;
using NUnit.Framework;
using StreamConformance.Recipes;

namespace StreamConformance.Tests.Recipes
{
    [TestFixture]
    public sealed class StreamFixtureTests
    {
        /// <summary>
        /// A stream whose Dispose throws never reaches its own GC.SuppressFinalize; the fixture suppresses it, so the
        /// failed cleanup does not run again on the finalizer thread (where an exception takes the probe down).
        /// </summary>
        [Test]
        public void AStreamWhoseDisposeThrowsIsNotFinalizedLater()
        {
            ThrowingDispose.Finalized = 0;
            OnAnotherThread(Release);
            GC.Collect();
            GC.WaitForPendingFinalizers();
            GC.Collect();
            Assert.That(ThrowingDispose.Finalized, Is.EqualTo(0));

            // The same stream outside a fixture is finalized: the test can fail.
            OnAnotherThread(Abandon);
            GC.Collect();
            GC.WaitForPendingFinalizers();
            Assert.That(ThrowingDispose.Finalized, Is.EqualTo(1));
        }

        /// <summary>Mono scans stacks conservatively: a stream made on a thread that has ended leaves no stale root behind.</summary>
        static void OnAnotherThread(Action action)
        {
            var thread = new System.Threading.Thread(() => action());
            thread.Start();
            thread.Join();
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        static void Release() => new StreamFixture(new ThrowingDispose()).Dispose();

        [MethodImpl(MethodImplOptions.NoInlining)]
        static void Abandon()
        {
            try { new ThrowingDispose().Dispose(); }
            catch (IOException) { }
        }

        sealed class ThrowingDispose : MemoryStream
        {
            public static int Finalized;

            ~ThrowingDispose() => Finalized++;

            protected override void Dispose(bool disposing)
            {
                if (disposing) throw new IOException("cleanup failed");
            }
        }
    }
}
