using System;
using System.Threading;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// A call that may never return (a broken stream, or one that blocks waiting for a peer), run on a background thread
    /// for at most a limit, so that it cannot hang the probe. On WebAssembly, which has no second thread, it runs inline and
    /// the host's watchdog is the limit.
    /// </summary>
    /// <remarks>
    /// The background thread is kept for the next call once a call returns: edge.argument-validation makes some 25 bounded
    /// calls per stream, and with a thread started for each of them that check alone took 5.0–5.3 s on Mono (4.2–4.3 s
    /// with one kept) and 6.5 s on .NET (5.9 s). A call that does not return keeps its thread; the next call gets another.
    /// </remarks>
    public static class BoundedCall
    {
        /// <summary>
        /// Runs <paramref name="call"/> for at most <paramref name="limit"/>: true, with its result or the exception it threw,
        /// when it returned in time. Otherwise <paramref name="release"/> runs (disposing the stream usually ends the call),
        /// the call gets <paramref name="grace"/> more to end, and the answer is false; a call that still blocks stays
        /// parked on its background thread.
        /// </summary>
        public static bool TryRun<T>(Func<T> call, TimeSpan limit, string threadName, Action? release, TimeSpan grace, out T result, out Exception? error)
        {
            if (Runtimes.RuntimeResolver.IsRunningOnWasm)
            {
                // WebAssembly has one thread: the call runs on it, and a call that never returns is the host's to end
                // (its silence limit reports the step as a timeout and restarts the probe past it).
                error = null;
                result = default!;
                try { result = call(); }
                catch (Exception e) { error = e; }
                return true;
            }
            var value = default(T)!;
            Exception? thrown = null;
            var worker = Worker.Take(threadName);
            if (worker.Run(() =>
                {
                    try { value = call(); }
                    catch (Exception e) { thrown = e; }
                }, limit))
            {
                result = value;
                error = thrown;
                return true;
            }
            release?.Invoke();
            worker.WaitMore(grace);
            result = default!;
            error = null;
            return false;
        }

        /// <summary>A background thread that runs one call at a time and waits for the next.</summary>
        sealed class Worker
        {
            /// <summary>The one idle worker kept between calls (an instance, so no static is assigned after start).</summary>
            sealed class Slot
            {
                public Worker? Idle;
            }

            static readonly Slot s_slot = new Slot();

            readonly SemaphoreSlim _start = new SemaphoreSlim(0);
            readonly ManualResetEventSlim _done = new ManualResetEventSlim(false);
            Action? _work;
            int _abandoned;

            Worker(string name)
            {
                new Thread(Loop) { IsBackground = true, Name = name }.Start();
            }

            /// <summary>The idle worker, or a new one when there is none (or another caller holds it).</summary>
            public static Worker Take(string name) => Interlocked.Exchange(ref s_slot.Idle, null) ?? new Worker(name);

            /// <summary>Runs <paramref name="work"/> on this worker; true when it returned within <paramref name="limit"/>.</summary>
            public bool Run(Action work, TimeSpan limit)
            {
                _done.Reset();
                _work = work;
                _start.Release();
                if (_done.Wait(limit))
                {
                    Release();
                    return true;
                }
                Volatile.Write(ref _abandoned, 1);
                return false;
            }

            /// <summary>Waits <paramref name="grace"/> more for a call that overran its limit.</summary>
            public void WaitMore(TimeSpan grace) => _done.Wait(grace);

            void Loop()
            {
                while (true)
                {
                    _start.Wait();
                    var work = _work;
                    if (work == null) return; // Stop
                    _work = null;
                    work();
                    _done.Set();
                    // A call that ended after its caller gave up on it: the worker is free again, and offers itself as
                    // the idle one; if that place is taken, its thread ends.
                    if (Interlocked.Exchange(ref _abandoned, 0) == 1 && !Offer()) return;
                }
            }

            void Release()
            {
                // Another worker already idle: this one's thread ends (its next Run never comes).
                if (!Offer()) Stop();
            }

            bool Offer() => Interlocked.CompareExchange(ref s_slot.Idle, this, null) == null;

            void Stop()
            {
                _work = null;
                _start.Release();
            }
        }
    }
}
