using System;
using System.IO;
using System.IO.Compression;
using BenchmarkDotNet.Attributes;
using System.Runtime.CompilerServices;
using StreamConformance.Meters;
using StreamConformance.Recipes;

namespace StreamConformance.Tools.BdnAgreement
{
    /// <summary>
    /// The read figures as BenchmarkDotNet sees them: the streams the harness's recipes open (the read baseline is
    /// <see cref="MemoryStreamReadOnlyRecipe"/>'s, the same MemoryStream over an array as the latency meter's), <see cref="Calls.PerInvoke"/>
    /// calls per invocation (<see cref="Calls"/>). On a seekable stream an invocation whose reads reached the end rewinds
    /// (once per <see cref="ContentLength"/> bytes, a whole number of invocations). A stream that cannot seek (DeflateStream, CryptoStream) is reopened instead, over
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

        [Benchmark(Baseline = true, Description = "MemoryStream.ReadByte", OperationsPerInvoke = Calls.PerInvoke)]
        public int MemoryStreamReadByte()
        {
            var b = Calls.ReadByte(_memoryStream);
            if (b < 0) _memoryStream.Position = 0;
            return b;
        }

        [Benchmark(Description = "BufferedStream.ReadByte", OperationsPerInvoke = Calls.PerInvoke)]
        public int BufferedStreamReadByte()
        {
            var b = Calls.ReadByte(_bufferedStream);
            if (b < 0) _bufferedStream.Position = 0;
            return b;
        }

        [Benchmark(Description = "FileStream.ReadByte", OperationsPerInvoke = Calls.PerInvoke)]
        public int FileStreamReadByte()
        {
            var b = Calls.ReadByte(_fileStream);
            if (b < 0) _fileStream.Position = 0;
            return b;
        }

        [Benchmark(Description = "BufferedStream.Read(Span) of 100 bytes", OperationsPerInvoke = Calls.PerInvoke)]
        public int BufferedStreamReadSpan100()
        {
            var n = Calls.ReadSpan(_bufferedStream, _buffer);
            if (n < 0) _bufferedStream.Position = 0;
            return n;
        }

        [Benchmark(Description = "FileStream.Read(Span) of 100 bytes", OperationsPerInvoke = Calls.PerInvoke)]
        public int FileStreamReadSpan100()
        {
            var n = Calls.ReadSpan(_fileStream, _buffer);
            if (n < 0) _fileStream.Position = 0;
            return n;
        }

        [Benchmark(Description = "UnmanagedMemoryStream.ReadByte", OperationsPerInvoke = Calls.PerInvoke)]
        public int UnmanagedMemoryStreamReadByte()
        {
            var b = Calls.ReadByte(_unmanagedStream);
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
        [Benchmark(Description = "DeflateStream (decompressing).ReadByte", OperationsPerInvoke = Calls.PerInvoke)]
        public int DeflateStreamReadByte()
        {
            var b = Calls.ReadByte(_deflateStream);
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
        [Benchmark(Description = "CryptoStream (AES-CBC, read).ReadByte", OperationsPerInvoke = Calls.PerInvoke)]
        public int CryptoStreamReadByte()
        {
            var b = Calls.ReadByte(_cryptoStream);
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
    /// latency meter's write baseline) and on a BufferedStream over one. One invocation is <see cref="RewindEvery"/>
    /// calls, <see cref="Calls.PerInvoke"/> per turn of a loop, then a rewind, as the harness rewinds before each batch,
    /// so the store stops growing after the first pass.
    /// </summary>
    /// <remarks>
    /// Why one invocation per rewind and not a counter kept across invocations of <see cref="Calls.PerInvoke"/> calls:
    /// the counter's read-modify-write in memory after every 16 calls moved BufferedStream.WriteByte itself, on this
    /// 2-core AMD EPYC, from 5.6 ns to 4.0 ns (the same machine code per call, disassembled; MemoryStream.WriteByte did not
    /// move), so BenchmarkDotNet measured its own bookkeeping's effect and put the ratio at 0.78× where the harness's
    /// loop, with no store between its calls, puts it at 1.17× (docs/agreement.md).
    /// </remarks>
    [MemoryDiagnoser]
    public class WriteBenchmarks
    {
        /// <summary>About one batch of the latency meter (20,000 calls at most); a whole number of turns.</summary>
        public const int RewindEvery = 16 * 1024;

        const int Turns = RewindEvery / Calls.PerInvoke;

        StreamFixture? _memory, _buffered;
        Stream _memoryStream = Stream.Null, _bufferedStream = Stream.Null;

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

        [Benchmark(Baseline = true, Description = "MemoryStream.WriteByte", OperationsPerInvoke = RewindEvery)]
        public void MemoryStreamWriteByte()
        {
            var s = _memoryStream;
            for (var turn = Turns; turn != 0; turn--)
                Calls.WriteByte(s);
            s.Position = 0;
        }

        [Benchmark(Description = "BufferedStream.WriteByte", OperationsPerInvoke = RewindEvery)]
        public void BufferedStreamWriteByte()
        {
            var s = _bufferedStream;
            for (var turn = Turns; turn != 0; turn--)
                Calls.WriteByte(s);
            s.Position = 0;
        }
    }

    /// <summary>
    /// The calls of one benchmark invocation: <see cref="PerInvoke"/> of them written out, as the harness's generated loop
    /// writes <see cref="DirectLoop.Unroll"/> per turn, and declared to BenchmarkDotNet as that many operations
    /// (<c>OperationsPerInvoke</c>, its way of measuring a call cheaper than its own invocation). With one call per
    /// invocation, every figure carried BenchmarkDotNet's per-invocation layer (a delegate call into the benchmark method,
    /// its field loads and end check, less an empty method's call): about 3 ns that do not subtract out, which doubled
    /// the 3 ns baseline and halved every ratio to it (docs/agreement.md). Inlined into each benchmark, so each has its
    /// own call sites, as each of the harness's loops has.
    /// </summary>
    static class Calls
    {
        public const int PerInvoke = DirectLoop.Unroll;

        /// <summary>16 ReadByte calls, their results or-ed: negative when one found the end.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int ReadByte(Stream s) =>
            s.ReadByte() | s.ReadByte() | s.ReadByte() | s.ReadByte() | s.ReadByte() | s.ReadByte() | s.ReadByte() | s.ReadByte() |
            s.ReadByte() | s.ReadByte() | s.ReadByte() | s.ReadByte() | s.ReadByte() | s.ReadByte() | s.ReadByte() | s.ReadByte();

        /// <summary>16 reads into the whole buffer, each result less one or-ed: negative when one read 0 (the end).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int ReadSpan(Stream s, byte[] buffer)
        {
            var span = new Span<byte>(buffer);
            return (s.Read(span) - 1) | (s.Read(span) - 1) | (s.Read(span) - 1) | (s.Read(span) - 1) |
                   (s.Read(span) - 1) | (s.Read(span) - 1) | (s.Read(span) - 1) | (s.Read(span) - 1) |
                   (s.Read(span) - 1) | (s.Read(span) - 1) | (s.Read(span) - 1) | (s.Read(span) - 1) |
                   (s.Read(span) - 1) | (s.Read(span) - 1) | (s.Read(span) - 1) | (s.Read(span) - 1);
        }

        /// <summary>16 WriteByte(42) calls.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteByte(Stream s)
        {
            s.WriteByte(42); s.WriteByte(42); s.WriteByte(42); s.WriteByte(42);
            s.WriteByte(42); s.WriteByte(42); s.WriteByte(42); s.WriteByte(42);
            s.WriteByte(42); s.WriteByte(42); s.WriteByte(42); s.WriteByte(42);
            s.WriteByte(42); s.WriteByte(42); s.WriteByte(42); s.WriteByte(42);
        }
    }
}
