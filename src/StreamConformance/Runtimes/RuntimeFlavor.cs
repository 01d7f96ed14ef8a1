namespace StreamConformance.Runtimes
{
    // One concept: the runtime flavours and what each implies: its key, its check time factor, the current one.
    public enum RuntimeFlavor
    {
        /// <summary>.NET (CoreCLR): a shared framework run by a dotnet host.</summary>
        CoreClr,
        /// <summary>Classic Mono (4.5 profile), e.g. Debian's mono-complete 6.8.</summary>
        Mono,
        /// <summary>dotnet/runtime's Mono for WebAssembly (a browser-wasm runtime pack: the interpreter), run under Node.</summary>
        Wasm,
    }

    public static class RuntimeFlavors
    {
        /// <summary>
        /// The name a flavour goes by in results (<c>RuntimeInfo.Flavor</c>), patch targets and patched copies' folders:
        /// "coreclr", "mono" or "wasm".
        /// </summary>
        public static string Key(this RuntimeFlavor flavor) => flavor switch
        {
            RuntimeFlavor.Mono => "mono",
            RuntimeFlavor.Wasm => "wasm",
            _ => "coreclr",
        };

        /// <summary>
        /// How many times <c>--timeout</c> a check may stay silent on <paramref name="flavor"/>: 3 on WebAssembly, 1
        /// elsewhere. WebAssembly runs the interpreter, and a check's untimed parts (its streams' content, their opens) run
        /// there at the interpreter's speed: on a loaded machine, BufferedStream over a forward-only stream timed its
        /// 100-byte reads in more than 5 s in each of three runs and in under 15 s for all three of its recipes given 60 s
        /// (docs/wasm.md). A real hang is still caught, three times later.
        /// </summary>
        public static double CheckTimeFactor(this RuntimeFlavor flavor) => flavor == RuntimeFlavor.Wasm ? 3 : 1;

        /// <summary>The per-check silence limit on <paramref name="flavor"/> for a <c>--timeout</c> of <paramref name="checkTimeout"/>.</summary>
        public static System.TimeSpan CheckTimeout(this RuntimeFlavor flavor, System.TimeSpan checkTimeout) =>
            System.TimeSpan.FromTicks((long)(checkTimeout.Ticks * flavor.CheckTimeFactor()));

        /// <summary>The flavour this process runs on.</summary>
        public static RuntimeFlavor Current =>
            RuntimeResolver.IsRunningOnWasm ? RuntimeFlavor.Wasm : System.Type.GetType("Mono.Runtime") != null ? RuntimeFlavor.Mono : RuntimeFlavor.CoreClr;
    }
}
