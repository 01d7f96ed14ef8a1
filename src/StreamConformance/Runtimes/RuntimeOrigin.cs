namespace StreamConformance.Runtimes
{
    /// <summary>Where a runtime came from, as <c>streamconf runtimes</c> shows it.</summary>
    public enum RuntimeOrigin
    {
        /// <summary>The system's: the dotnet root the harness runs on (or the one on PATH), the mono on PATH.</summary>
        Installed,
        /// <summary>The private folders <c>artifacts/dotnet-runtimes</c> and <c>artifacts/wasm-runtimes</c> that <c>./build.sh runtimes</c> fills.</summary>
        Private,
        /// <summary>A path the user gave (a dotnet root, a framework folder, a Mono prefix or binary, a patched copy).</summary>
        Path,
    }
}
