using System;
using System.IO;
using BenchmarkDotNet.Attributes;
using StreamConformance.Recipes;

namespace StreamConformance.Tools.BdnAgreement
{
    /// <summary>
    /// The read figures as BenchmarkDotNet sees them: the same streams the harness's recipes open (and the same
    /// MemoryStream over an array as the latency meter's read baseline), one call per invocation. A read that
    /// reaches the end rewinds (once per <see cref="ContentLength"/> bytes): the same check the harness's read
    /// closure makes on every call, so both sides pay for it alike.
    /// </summary>
    /// <remarks>Public and not sealed: BenchmarkDotNet derives its runnable class from it.</remarks>
    [MemoryDiagnoser]
    public class ReadBenchmarks
    {
        /// <summary>100 KiB: a whole number of 100-byte reads, small enough for the page cache and the L2.</summary>
        public const int ContentLength = 100 * 1024;

        StreamFixture? _memory, _buffered, _file;
        Stream _memoryStream = Stream.Null, _bufferedStream = Stream.Null, _fileStream = Stream.Null;
        readonly byte[] _buffer = new byte[100];

        [GlobalSetup]
        public void Setup()
        {
            var content = StreamContent.Of(ContentLength);
            _memory = new StreamFixture(new MemoryStream(content, writable: false));
            _buffered = new BufferedStreamSeekableRecipe().OpenRead(content) ?? throw new InvalidOperationException("no BufferedStream for reading");
            _file = new FileStreamDefaultRecipe().OpenRead(content) ?? throw new InvalidOperationException("no FileStream for reading");
            _memoryStream = _memory.Stream;
            _bufferedStream = _buffered.Stream;
            _fileStream = _file.Stream;
        }

        [GlobalCleanup]
        public void Cleanup()
        {
            _memory?.Dispose();
            _buffered?.Dispose();
            _file?.Dispose();
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
    }

    /// <summary>
    /// The write figures: WriteByte(42) on a growable MemoryStream (the latency meter's write baseline) and on a
    /// BufferedStream over one. Every <see cref="RewindEvery"/> calls the stream is rewound, as the harness rewinds
    /// before each batch, so the store stops growing after the first pass (the counter costs both sides alike).
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
            _memory = new StreamFixture(new MemoryStream());
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
