using System.Runtime.InteropServices.JavaScript;

namespace StreamConformance.Probe.Wasm
{
    // One concept: the WebAssembly probe's entry point and the claim files it hands the host, made through Node.

    static class Program
    {
        // main.mjs has copied the request file into emscripten's in-memory file system and passes its path.
        static int Main(string[] args) => ProbeHost.Main(args, new NodeClaimFiles());
    }

    /// <summary>
    /// The request's claims (<see cref="ItemClaims"/>) made in the host's file system through Node (main.mjs's
    /// "streamconf-claims" module): emscripten's, which File sees here, is in memory, and the host could not see them.
    /// </summary>
    sealed partial class NodeClaimFiles : IClaimFiles
    {
        public bool TryCreate(string path, string mark) => TryCreateFile(path, mark);

        public string? Read(string path) => ReadFile(path);

        [JSImport("tryCreate", "streamconf-claims")]
        private static partial bool TryCreateFile(string path, string mark);

        [JSImport("read", "streamconf-claims")]
        private static partial string? ReadFile(string path);
    }
}
