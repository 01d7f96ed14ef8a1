namespace StreamConformance.Runtimes
{
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

        /// <summary>The flavour this process runs on.</summary>
        public static RuntimeFlavor Current =>
            RuntimeResolver.IsRunningOnWasm ? RuntimeFlavor.Wasm : System.Type.GetType("Mono.Runtime") != null ? RuntimeFlavor.Mono : RuntimeFlavor.CoreClr;
    }
}
