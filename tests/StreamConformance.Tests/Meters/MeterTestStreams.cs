using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using StreamConformance.Recipes;

namespace StreamConformance.Tests.Meters
{
    /// <summary>Bytes a byte[] of a given length occupies on the heap of the runtime running the tests (64-bit).</summary>
    static class HeapSizes
    {
        public static bool IsMono => Type.GetType("Mono.Runtime") != null;

        /// <summary>
        /// CoreCLR x64: 8 (header) + 8 (method table) + 8 (length), rounded up to 8.
        /// Mono SGen x64: 8 (vtable) + 8 (sync) + 8 (bounds) + 8 (max_length), rounded up to 8.
        /// </summary>
        public static int ByteArray(int length)
        {
            if (!Environment.Is64BitProcess) NUnit.Framework.Assert.Ignore("object sizes are asserted for 64-bit processes only");
            var size = (IsMono ? 32 : 24) + length;
            return (size + 7) / 8 * 8;
        }
    }

    [NotInCatalog]
    class MemoryStreamRecipe : StreamRecipe
    {
        public override string TypeName => "System.IO.MemoryStream";
        public override bool CanSeek => true;
        public override bool IsBuffered => true;
        public override StreamFixture? OpenRead(byte[] content) => new StreamFixture(new MemoryStream(content, writable: false));
        public override StreamFixture? OpenWrite() => new StreamFixture(new MemoryStream());
    }

    /// <summary>A recipe judged by the unbuffered budgets (16 B per ReadByte); it builds nothing: for judging synthetic figures.</summary>
    [NotInCatalog]
    sealed class UnbufferedRecipe : StreamRecipe
    {
        public override string TypeName => "Test.UnbufferedStream";
    }

    [NotInCatalog]
    sealed class BufferedStreamRecipe : StreamRecipe
    {
        public override string TypeName => "System.IO.BufferedStream";
        public override string Variant => "over-MemoryStream";
        public override bool CanSeek => true;
        public override bool IsBuffered => true;
        public override StreamFixture? OpenRead(byte[] content)
        {
            var inner = new MemoryStream(content, writable: false);
            return new StreamFixture(new BufferedStream(inner), null, inner);
        }
        public override StreamFixture? OpenWrite()
        {
            var inner = new MemoryStream();
            return new StreamFixture(new BufferedStream(inner), inner.ToArray, inner);
        }
    }

    /// <summary>Recipe for an in-memory test stream (buffered, seekable) built over a MemoryStream.</summary>
    [NotInCatalog]
    sealed class WrapperRecipe : StreamRecipe
    {
        readonly Func<MemoryStream, Stream> _wrap;
        readonly string _typeName;

        public WrapperRecipe(Func<MemoryStream, Stream> wrap, string typeName, bool canSeek = true, bool buffered = true)
        {
            _wrap = wrap;
            _typeName = typeName;
            CanSeekValue = canSeek;
            Buffered = buffered;
        }

        bool CanSeekValue { get; }
        bool Buffered { get; }
        public override string TypeName => _typeName;
        public override bool CanSeek => CanSeekValue;
        public override bool IsBuffered => Buffered;
        public override StreamFixture? OpenRead(byte[] content) => new StreamFixture(_wrap(new MemoryStream(content, writable: false)));
        public override StreamFixture? OpenWrite() => new StreamFixture(_wrap(new MemoryStream()));

        public static WrapperRecipe BaseReadByte(bool buffered = true) => new WrapperRecipe(s => new BaseReadByteStream(s), typeof(BaseReadByteStream).FullName!, buffered: buffered);
        public static WrapperRecipe AllocatingWriteByte() => new WrapperRecipe(s => new AllocatingWriteByteStream(s), typeof(AllocatingWriteByteStream).FullName!);
        public static WrapperRecipe SlowReadByte() => new WrapperRecipe(s => new SlowReadByteStream(s), typeof(SlowReadByteStream).FullName!);
        public static WrapperRecipe Unseekable() => new WrapperRecipe(s => new BaseReadByteStream(s, canSeek: false), "Unseekable", canSeek: false);
    }

    /// <summary>Streams over MemoryStream that count their ReadByte calls, optionally slow on every call, the first one opened stalled on some.</summary>
    sealed class CountingRecipe : StreamRecipe
    {
        readonly TimeSpan _callTime, _stall;
        readonly int[] _firstStallsAt;

        public CountingRecipe(TimeSpan callTime = default, int[]? firstStallsAt = null, TimeSpan stall = default)
        {
            _callTime = callTime;
            _firstStallsAt = firstStallsAt ?? new int[0];
            _stall = stall;
        }

        /// <summary>Every stream opened, in order: the first is the latency pilot's.</summary>
        public List<CountingStream> Opened { get; } = new List<CountingStream>();

        public override string TypeName => typeof(CountingStream).FullName!;
        public override bool CanSeek => true;
        public override bool IsBuffered => true;

        public override StreamFixture? OpenRead(byte[] content)
        {
            var stream = new CountingStream(new MemoryStream(content, writable: false), _callTime, Opened.Count == 0 ? _firstStallsAt : new int[0], _stall);
            Opened.Add(stream);
            return new StreamFixture(stream);
        }

        public override StreamFixture? OpenWrite() => null;
    }

    sealed class CountingStream : BaseReadByteStream
    {
        readonly MemoryStream _inner;
        readonly long _callTicks, _stallTicks;
        readonly int[] _stallsAt;

        public CountingStream(MemoryStream inner, TimeSpan callTime, int[] stallsAt, TimeSpan stall) : base(inner)
        {
            _inner = inner;
            _callTicks = (long)(callTime.TotalSeconds * Stopwatch.Frequency);
            _stallTicks = (long)(stall.TotalSeconds * Stopwatch.Frequency);
            _stallsAt = stallsAt;
        }

        public int Calls { get; private set; }

        public override int ReadByte()
        {
            var wait = Array.IndexOf(_stallsAt, Calls) >= 0 ? _stallTicks : _callTicks;
            Calls++;
            Spin.For(wait);
            return _inner.ReadByte();
        }
    }

    /// <summary>Broken: overrides only the array Read/Write, so ReadByte and WriteByte are Stream's, which allocate a byte[1] per call.</summary>
    class BaseReadByteStream : Stream
    {
        readonly MemoryStream _inner;
        readonly bool _canSeek;

        public BaseReadByteStream(MemoryStream inner, bool canSeek = true)
        {
            _inner = inner;
            _canSeek = canSeek;
        }

        public override bool CanRead => _inner.CanRead;
        public override bool CanSeek => _canSeek;
        public override bool CanWrite => _inner.CanWrite;
        public override long Length => _inner.Length;
        public override long Position { get => _inner.Position; set => _inner.Position = value; }
        public override void Flush() { }
        public override int Read(byte[] buffer, int offset, int count) => _inner.Read(buffer, offset, count);
        public override long Seek(long offset, SeekOrigin origin) => _inner.Seek(offset, origin);
        public override void SetLength(long value) => _inner.SetLength(value);
        public override void Write(byte[] buffer, int offset, int count) => _inner.Write(buffer, offset, count);
    }

    /// <summary>Broken: WriteByte allocates a 100-byte array per call (kept in a field, so it reaches the heap on every runtime).</summary>
    sealed class AllocatingWriteByteStream : BaseReadByteStream
    {
        byte[]? _scratch;

        public AllocatingWriteByteStream(MemoryStream inner) : base(inner) { }

        public override int ReadByte() => throw new NotSupportedException();

        public override void WriteByte(byte value)
        {
            _scratch = new byte[100];
            _scratch[0] = value;
            Write(_scratch, 0, 1);
        }
    }

    /// <summary>Broken: every ReadByte busy-waits 20 µs, thousands of times MemoryStream.ReadByte.</summary>
    sealed class SlowReadByteStream : BaseReadByteStream
    {
        static readonly long s_delay = Stopwatch.Frequency / 50_000;

        public SlowReadByteStream(MemoryStream inner) : base(inner) { }

        public override int ReadByte()
        {
            Spin.For(s_delay);
            return base.ReadByte();
        }
    }

    /// <summary>A call's cost on the CPU, as a slow stream's own work would be (a sleep would give the core away).</summary>
    static class Spin
    {
        public static void For(long ticks)
        {
            var until = Stopwatch.GetTimestamp() + ticks;
            while (Stopwatch.GetTimestamp() < until) { }
        }
    }
}
