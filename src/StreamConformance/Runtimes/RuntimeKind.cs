namespace StreamConformance.Runtimes
{
    /// <summary>How a runtime is laid out, and so how a program is started on it (<see cref="RuntimeLauncher"/>).</summary>
    public enum RuntimeKind
    {
        /// <summary>A dotnet root (installed, private, or a copy): the dotnet muxer, host/fxr and shared/Microsoft.NETCore.App.</summary>
        DotNetRoot,
        /// <summary>A dotnet/runtime build's testhost folder (artifacts/bin/testhost/net10.0-linux-Release-x64): a dotnet root run by its own muxer.</summary>
        Testhost,
        /// <summary>A dotnet/runtime build's Core_Root: corerun, every framework assembly and native library in one folder, run with CORE_ROOT set.</summary>
        CoreRun,
        /// <summary>Classic Mono: a prefix with lib/mono/4.5 and its mono binary.</summary>
        Mono,
        /// <summary>A browser-wasm runtime pack: runtimes/browser-wasm with lib/netX.0 (the class library) and native/ (CoreLib).</summary>
        WasmPack,
    }
}
