using System;

namespace StreamConformance.Runtimes
{
    /// <summary>
    /// How much longer a check may stay silent on a flavour than <c>--timeout</c> says. WebAssembly runs the
    /// interpreter, and a check's untimed parts (its streams' content, their opens) run there at the interpreter's
    /// speed: on a loaded machine, BufferedStream over a forward-only stream timed its 100-byte reads in more than 5 s
    /// in each of three runs and in under 15 s for all three of its recipes given 60 s (docs/wasm.md). A real hang is
    /// still caught, three times later.
    /// </summary>
    public static class FlavorPace
    {
        public const double WasmFactor = 3;

        public static double CheckTimeFactor(RuntimeFlavor flavor) => flavor == RuntimeFlavor.Wasm ? WasmFactor : 1;

        /// <summary>The per-check silence limit on <paramref name="flavor"/> for a <c>--timeout</c> of <paramref name="checkTimeout"/>.</summary>
        public static TimeSpan CheckTimeout(RuntimeFlavor flavor, TimeSpan checkTimeout) =>
            TimeSpan.FromTicks((long)(checkTimeout.Ticks * CheckTimeFactor(flavor)));
    }
}
