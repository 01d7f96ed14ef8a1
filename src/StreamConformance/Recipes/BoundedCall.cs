using System;
using System.Threading;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// A call that may never return (a broken stream, or one that blocks waiting for a peer), run on a background thread
    /// for at most a limit, so that it cannot hang the probe. On WebAssembly, which has no second thread, it runs inline and
    /// the host's watchdog is the limit.
    /// </summary>
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
            var worker = new Thread(() =>
            {
                try { value = call(); }
                catch (Exception e) { thrown = e; }
            }) { IsBackground = true, Name = threadName };
            worker.Start();
            if (worker.Join(limit))
            {
                result = value;
                error = thrown;
                return true;
            }
            release?.Invoke();
            worker.Join(grace);
            result = default!;
            error = null;
            return false;
        }
    }
}
