#if MONO_CORLIB
using System.IO;
using System.IO.Compression;

namespace StreamConformance.Recipes
{
    // One concept: Mono's BrotliStream in each CompressionMode, a decompress and a compress recipe written as a pair.
    // Mono 6.8's BrotliStream (System.IO.Compression.dll, over libSystem.IO.Compression.Native): its constructors take a
    // CompressionMode, for which synthesis has no value, so the pair is written out as on .NET (CompressionRecipes.cs).
    // Checked by hand first: 100 bytes compress to 10 and decompress back. Like every hand-written compression recipe,
    // the fixture compresses what a reader is given and decompresses what a writer stored, so the checks judge the
    // round trip (TransformsContentReason, which turns content checks into skips, is for generic shapes only).

    public sealed class MonoBrotliDecompressRecipe : DecompressRecipe
    {
        public override string TypeName => "System.IO.Compression.BrotliStream";
        protected override Stream Wrap(Stream inner, CompressionMode mode, bool leaveOpen) => new BrotliStream(inner, mode, leaveOpen);
        // Mono's default level is Brotli's slowest: the latency meter's 16 MiB of content for an unrewindable reader took
        // most of a minute to prepare. The reader under test decodes any level alike.
        protected override Stream ContentCompressor(Stream inner) => new BrotliStream(inner, CompressionLevel.Fastest, true);
    }

    public sealed class MonoBrotliCompressRecipe : CompressRecipe
    {
        public override string TypeName => "System.IO.Compression.BrotliStream";
        protected override Stream Wrap(Stream inner, CompressionMode mode, bool leaveOpen) => new BrotliStream(inner, mode, leaveOpen);
    }
}
#endif
