using System.IO;
using System.IO.Compression;

namespace StreamConformance.Recipes
{
    // One concept: the compression streams' recipes, a decompress and a compress recipe per format, over one base.
    /// <summary>
    /// A compression stream in one direction: decompress = readable over compressed content, compress =
    /// writable, read back by decompressing what reached the inner MemoryStream. Neither seeks; a decompressor
    /// may return short reads, and a compressor's output is complete only at Dispose.
    /// </summary>
    public abstract class CompressionRecipe : StreamRecipe
    {
        public override bool ReadsReadUntilSizeOrEof => false;
        public override bool WritesVisibleAfterFlush => false;
        // Documented: a compression stream used against its mode throws InvalidOperationException (dotnet/runtime's
        // conformance suite configures the same).
        public override System.Type UnsupportedReadWriteExceptionType => typeof(System.InvalidOperationException);

        protected abstract Stream Wrap(Stream inner, CompressionMode mode, bool leaveOpen);

        /// <summary>The compressor that prepares a reader's content (not the stream under test): the type's default mode unless overridden.</summary>
        protected virtual Stream ContentCompressor(Stream inner) => Wrap(inner, CompressionMode.Compress, true);

        /// <summary>The content as <see cref="ContentCompressor"/> compresses it (the same array for equal bytes: read it only).</summary>
        protected byte[] Compress(byte[] content) => _compressed.Encode(content);

        readonly EncodingCache _compressed;

        protected CompressionRecipe() => _compressed = new EncodingCache(content =>
        {
            var inner = new MemoryStream();
            using (var compressor = ContentCompressor(inner))
                compressor.Write(content, 0, content.Length);
            return inner.ToArray();
        });

        /// <summary>The C# of <see cref="Wrap"/> (the type's (Stream, CompressionMode, bool) constructor), for the repro.</summary>
        protected string WrapSource(string inner, string mode, string leaveOpen) => $"new {TypeName}({inner}, CompressionMode.{mode}, {leaveOpen})";

        /// <summary>Statements declaring <c>compressed</c>: the content as the type compresses it (the reader's input).</summary>
        protected string CompressedSource =>
            "var compressed = new MemoryStream();\nusing (var compressor = " + WrapSource("compressed", "Compress", "true") + ") compressor.Write(content, 0, content.Length);\n";

        /// <summary>What a writer stored (in <c>compressed</c>), decompressed: the bytes the checks compare with what was written.</summary>
        public override string? ReproStore(StreamAccess access) => access != StreamAccess.Write ? null :
            "new Func<byte[]>(() => { using (var decompressor = " + WrapSource("new MemoryStream(compressed.ToArray(), false)", "Decompress", "false") +
            ") { var copy = new MemoryStream(); decompressor.CopyTo(copy); return copy.ToArray(); } })()";

        protected byte[] Decompress(byte[] compressed)
        {
            using var decompressor = Wrap(new MemoryStream(compressed, false), CompressionMode.Decompress, false);
            var result = new MemoryStream();
            decompressor.CopyTo(result);
            return result.ToArray();
        }
    }

    public abstract class DecompressRecipe : CompressionRecipe
    {
        public override string Variant => "decompress";
        public override StreamFixture? OpenRead(byte[] content) =>
            new StreamFixture(Wrap(new MemoryStream(Compress(content), false), CompressionMode.Decompress, false));

        public override string? ReproSource(StreamAccess access) => access != StreamAccess.Read ? null :
            CompressedSource + "var stream = " + WrapSource("new MemoryStream(compressed.ToArray(), false)", "Decompress", "false") + ";";
    }

    public abstract class CompressRecipe : CompressionRecipe
    {
        public override string Variant => "compress";
        public override StreamFixture? OpenWrite()
        {
            var inner = ForwardOnlyStore.New();
            return new StreamFixture(Wrap(inner, CompressionMode.Compress, false), () => Decompress(inner.ToArray()));
        }

        public override string? ReproSource(StreamAccess access) => access != StreamAccess.Write ? null :
            "var compressed = new MemoryStream();\nvar stream = " + WrapSource("compressed", "Compress", "false") + ";";
    }

    public sealed class DeflateDecompressRecipe : DecompressRecipe
    {
        public override string TypeName => "System.IO.Compression.DeflateStream";
        protected override Stream Wrap(Stream inner, CompressionMode mode, bool leaveOpen) => new DeflateStream(inner, mode, leaveOpen);
    }

    public sealed class DeflateCompressRecipe : CompressRecipe
    {
        public override string TypeName => "System.IO.Compression.DeflateStream";
        protected override Stream Wrap(Stream inner, CompressionMode mode, bool leaveOpen) => new DeflateStream(inner, mode, leaveOpen);
    }

    public sealed class GZipDecompressRecipe : DecompressRecipe
    {
        public override string TypeName => "System.IO.Compression.GZipStream";
        protected override Stream Wrap(Stream inner, CompressionMode mode, bool leaveOpen) => new GZipStream(inner, mode, leaveOpen);
    }

    public sealed class GZipCompressRecipe : CompressRecipe
    {
        public override string TypeName => "System.IO.Compression.GZipStream";
        protected override Stream Wrap(Stream inner, CompressionMode mode, bool leaveOpen) => new GZipStream(inner, mode, leaveOpen);
    }

    /// <summary>Decompressing from an unseekable source: the decompressor cannot rewind over-read input.</summary>
    public sealed class GZipDecompressUnseekableRecipe : CompressionRecipe
    {
        public override string TypeName => "System.IO.Compression.GZipStream";
        public override string Variant => "decompress over-unseekable";
        protected override Stream Wrap(Stream inner, CompressionMode mode, bool leaveOpen) => new GZipStream(inner, mode, leaveOpen);
        public override StreamFixture? OpenRead(byte[] content) =>
            new StreamFixture(Wrap(new UnseekableStream(new MemoryStream(Compress(content), false)), CompressionMode.Decompress, false));

        public override string? ReproSource(StreamAccess access) => access != StreamAccess.Read ? null :
            CompressedSource + "var stream = " + WrapSource("new Unseekable(new MemoryStream(compressed.ToArray(), false))", "Decompress", "false") + ";";
    }

#if NET
    public sealed class ZLibDecompressRecipe : DecompressRecipe
    {
        public override string TypeName => "System.IO.Compression.ZLibStream";
        protected override Stream Wrap(Stream inner, CompressionMode mode, bool leaveOpen) => new ZLibStream(inner, mode, leaveOpen);
    }

    public sealed class ZLibCompressRecipe : CompressRecipe
    {
        public override string TypeName => "System.IO.Compression.ZLibStream";
        protected override Stream Wrap(Stream inner, CompressionMode mode, bool leaveOpen) => new ZLibStream(inner, mode, leaveOpen);
    }

    public sealed class BrotliDecompressRecipe : DecompressRecipe
    {
        public override string TypeName => "System.IO.Compression.BrotliStream";
        protected override Stream Wrap(Stream inner, CompressionMode mode, bool leaveOpen) => new BrotliStream(inner, mode, leaveOpen);
    }

    public sealed class BrotliCompressRecipe : CompressRecipe
    {
        public override string TypeName => "System.IO.Compression.BrotliStream";
        protected override Stream Wrap(Stream inner, CompressionMode mode, bool leaveOpen) => new BrotliStream(inner, mode, leaveOpen);
    }
#endif
}
