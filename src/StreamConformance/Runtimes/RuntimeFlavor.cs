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
}
