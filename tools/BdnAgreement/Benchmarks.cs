using System;
using System.IO;
using System.IO.Compression;
using BenchmarkDotNet.Attributes;
using StreamConformance.Recipes;

namespace StreamConformance.Tools.BdnAgreement
{
    /// <summary>
    /// The read figures as BenchmarkDotNet sees them: the streams the harness's recipes open (the read baseline is
    /// <see cref="MemoryStreamReadOnlyRecipe"/>'s, the same MemoryStream over an array as the latency meter's), one
    /// call per invocation. On a seekable stream a read that reaches the end rewinds (once per
    /// <see cref="ContentLength"/> bytes): the same check the harness's read closure makes on every call, so both sides
    /// pay for it alike. A stream that cannot seek (DeflateStream, CryptoStream) is reopened instead, over
    /// <see cref="UnseekableContentLength"/> bytes so that a reopen is rare; its cost is in those figures (see each).
    /// </summary>
    /// <remarks>Public and not sealed: BenchmarkDotNet derives its runnable class from it.</remarks>
    [MemoryDiagnoser]
    public class ReadBenchmarks
    {
        /// <summary>100 KiB: a whole number of 100-byte reads, small enough for the page cache and the L2.</summary>
        public const int ContentLength = 100 * 1024;

        /// <summary>1 MiB for the streams that are reopened at their end rather than rewound.</summary>
        public const int UnseekableContentLength = 1 << 20;

        readonly CryptoStreamAesRecipe _cryptoRecipe = new CryptoStreamAesRecipe();
        byte[] _unseekableContent = Array.Empty<byte>(), _compressed = Array.Empty<byte>();
        StreamFixture? _memory, _buffered, _file, _unmanaged, _deflate, _crypto;
        Stream _memoryStream = Stream.Null, _bufferedStream = Stream.Null, _fileStream = Stream.Null, _unmanagedStream = Stream.Null;
        Stream _deflateStream = Stream.Null, _cryptoStream = Stream.Null;
        readonly byte[] _buffer = new byte[100];

        [GlobalSetup]
        public void Setup()
        {
            var content = StreamContent.Of(ContentLength);
            _unseekableContent = StreamContent.Of(UnseekableContentLength);
            _memory = Open(new MemoryStreamReadOnlyRecipe(), content);
            _buffered = Open(new BufferedStreamSeekableRecipe(), content);
            _file = Open(new FileStreamDefaultRecipe(), content);
            _unmanaged = Open(new UnmanagedMemoryStreamHGlobalRecipe(), content);
            _deflate = Open(new DeflateDecompressRecipe(), _unseekableContent);
            // What the recipe compressed, kept for the reopens (DeflateStream.BaseStream is the recipe's MemoryStream over it).
            _compressed = ((MemoryStream)((DeflateStream)_deflate.Stream).BaseStream).ToArray();
            _crypto = Open(_cryptoRecipe, _unseekableContent);
            _memoryStream = _memory.Stream;
            _bufferedStream = _buffered.Stream;
            _fileStream = _file.Stream;
            _unmanagedStream = _unmanaged.Stream;
            _deflateStream = _deflate.Stream;
            _cryptoStream = _crypto.Stream;
        }

        static StreamFixture Open(StreamRecipe recipe, byte[] content) =>
            recipe.OpenRead(content) ?? throw new InvalidOperationException($"no {recipe.TypeName} ({recipe.Variant}) for reading");

        [GlobalCleanup]
        public void Cleanup()
        {
            _memory?.Dispose();
            _buffered?.Dispose();
            _file?.Dispose();
            _unmanaged?.Dispose();
            _deflate?.Dispose();
            _crypto?.Dispose();
        }

        [Benchmark(Baseline = true, Description = "MemoryStream.ReadByte")]
        public int MemoryStreamReadByte()
        {
            var b = _memoryStream.ReadByte();
            if (b < 0) _memoryStream.Position = 0;
            return b;
        }

        [Benchmark(Description = "BufferedStream.ReadByte")]
        public int BufferedStreamReadByte()
        {
            var b = _bufferedStream.ReadByte();
            if (b < 0) _bufferedStream.Position = 0;
            return b;
        }

        [Benchmark(Description = "FileStream.ReadByte")]
        public int FileStreamReadByte()
        {
            var b = _fileStream.ReadByte();
            if (b < 0) _fileStream.Position = 0;
            return b;
        }

        [Benchmark(Description = "BufferedStream.Read(Span) of 100 bytes")]
        public int BufferedStreamReadSpan100()
        {
            var n = _bufferedStream.Read(new Span<byte>(_buffer));
            if (n == 0) _bufferedStream.Position = 0;
            return n;
        }

        [Benchmark(Description = "FileStream.Read(Span) of 100 bytes")]
        public int FileStreamReadSpan100()
        {
            var n = _fileStream.Read(new Span<byte>(_buffer));
            if (n == 0) _fileStream.Position = 0;
            return n;
        }

        [Benchmark(Description = "UnmanagedMemoryStream.ReadByte")]
        public int UnmanagedMemoryStreamReadByte()
        {
            var b = _unmanagedStream.ReadByte();
            if (b < 0) _unmanagedStream.Position = 0;
            return b;
        }

        /// <summary>
        /// A decompressing DeflateStream (<see cref="DeflateDecompressRecipe"/>) cannot seek: at its end (once per MiB of
        /// content) the fixture is disposed and the same stream is built again, the recipe's own construction
        /// (<c>new DeflateStream(new MemoryStream(compressed, false), Decompress)</c>) over the bytes the recipe
        /// compressed. Not through the recipe's OpenRead: that compresses the MiB again, about a third of the time a pass
        /// of ReadByte over it takes, and the figure would be as much the compressor's as the reader's. What is left in
        /// the figure is one stream's construction per MiB read, well under 1%.
        /// </summary>
        [Benchmark(Description = "DeflateStream (decompressing).ReadByte")]
        public int DeflateStreamReadByte()
        {
            var b = _deflateStream.ReadByte();
            if (b < 0)
            {
                _deflate?.Dispose();
                _deflate = new StreamFixture(new DeflateStream(new MemoryStream(_compressed, false), CompressionMode.Decompress, leaveOpen: false));
                _deflateStream = _deflate.Stream;
            }
            return b;
        }

        /// <summary>
        /// A read-mode CryptoStream (<see cref="CryptoStreamAesRecipe"/>, AES-CBC) cannot seek: at its end (once per MiB of
        /// content) the fixture is disposed and the recipe opens a new one. Its OpenRead encrypts the MiB again (the
        /// recipe keeps neither the ciphertext nor its key where a caller can reuse them), a few percent of the time a
        /// pass of ReadByte over it takes: that much of this figure is the reopen, and its B/op is the reopen's too.
        /// </summary>
        [Benchmark(Description = "CryptoStream (AES-CBC, read).ReadByte")]
        public int CryptoStreamReadByte()
        {
            var b = _cryptoStream.ReadByte();
            if (b < 0)
            {
                _crypto?.Dispose();
                _crypto = Open(_cryptoRecipe, _unseekableContent);
                _cryptoStream = _crypto.Stream;
            }
            return b;
        }
    }

    /// <summary>
    /// The write figures: WriteByte(42) on a growable MemoryStream (<see cref="MemoryStreamExpandableRecipe"/>, the
    /// latency meter's write baseline) and on a BufferedStream over one. Every <see cref="RewindEvery"/> calls the stream
    /// is rewound, as the harness rewinds before each batch, so the store stops growing after the first pass (the
    /// counter costs both sides alike).
    /// </summary>
    [MemoryDiagnoser]
    public class WriteBenchmarks
    {
        /// <summary>About one batch of the latency meter (20,000 calls at most).</summary>
        public const int RewindEvery = 16 * 1024;

        StreamFixture? _memory, _buffered;
        Stream _memoryStream = Stream.Null, _bufferedStream = Stream.Null;
        int _memoryWrites, _bufferedWrites;

        [GlobalSetup]
        public void Setup()
        {
            _memory = new MemoryStreamExpandableRecipe().OpenWrite() ?? throw new InvalidOperationException("no MemoryStream for writing");
            _buffered = new BufferedStreamSeekableRecipe().OpenWrite() ?? throw new InvalidOperationException("no BufferedStream for writing");
            _memoryStream = _memory.Stream;
            _bufferedStream = _buffered.Stream;
        }

        [GlobalCleanup]
        public void Cleanup()
        {
            _memory?.Dispose();
            _buffered?.Dispose();
        }

        [Benchmark(Baseline = true, Description = "MemoryStream.WriteByte")]
        public void MemoryStreamWriteByte()
        {
            _memoryStream.WriteByte(42);
            if (++_memoryWrites == RewindEvery)
            {
                _memoryWrites = 0;
                _memoryStream.Position = 0;
            }
        }

        [Benchmark(Description = "BufferedStream.WriteByte")]
        public void BufferedStreamWriteByte()
        {
            _bufferedStream.WriteByte(42);
            if (++_bufferedWrites == RewindEvery)
            {
                _bufferedWrites = 0;
                _bufferedStream.Position = 0;
            }
        }
    }
}
