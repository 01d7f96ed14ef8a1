namespace StreamConformance.Probe.Wasm
{
    static class Program
    {
        // main.mjs has copied the request file into emscripten's in-memory file system and passes its path.
        static int Main(string[] args) => ProbeHost.Main(args);
    }
}
