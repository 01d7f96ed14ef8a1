using System;

namespace StreamConformance.Checks
{
    /// <summary>
    /// The runtime cannot make a call the check needs at all: on WebAssembly, which has one thread and no monitors to
    /// wait on, the APM calls, a blocking wait and a second thread throw PlatformNotSupportedException whatever the stream.
    /// Not a verdict on the stream: the check is a skip with this reason (<see cref="Probe.ProbeRunner"/>), as a missing
    /// counter is elsewhere. Raised where an exception becomes a verdict's words (<see cref="Describe.Exception"/>), and
    /// only on that flavour and for that exception: elsewhere a PlatformNotSupportedException is the stream's answer.
    /// </summary>
    public sealed class PlatformLimit : Exception
    {
        PlatformLimit(string message, Exception inner) : base(message, inner) { }

        /// <summary>The limit <paramref name="e"/> shows, or null when it is the stream's own doing.</summary>
        public static PlatformLimit? Of(Exception e)
        {
            if (e is PlatformLimit limit) return limit;
            if (!Runtimes.RuntimeResolver.IsRunningOnWasm || !(Describe.Unwrap(e) is PlatformNotSupportedException pnse)) return null;
            return new PlatformLimit("the runtime cannot make the call (WebAssembly: one thread, no monitors): " + pnse.Message.Replace('\n', ' '), pnse);
        }
    }
}
