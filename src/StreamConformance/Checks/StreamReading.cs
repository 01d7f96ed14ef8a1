using System;
using System.IO;

namespace StreamConformance.Checks
{
    // One concept: the ways a caller can read from a Stream, and reading through each one, bounded and validated.

    /// <summary>The ways a caller can read from a Stream; each should see the same bytes.</summary>
    public enum ReadMode
    {
        /// <summary>ReadByte(), one byte per call.</summary>
        SyncByte,
        /// <summary>Read(byte[], int, int).</summary>
        SyncArray,
        /// <summary>Read(Span&lt;byte&gt;).</summary>
        SyncSpan,
        /// <summary>ReadAsync(byte[], int, int).</summary>
        AsyncArray,
        /// <summary>ReadAsync(Memory&lt;byte&gt;).</summary>
        AsyncMemory,
        /// <summary>BeginRead/EndRead.</summary>
        Apm,
    }

    /// <summary>
    /// Reading through one <see cref="ReadMode"/>, bounded and validated: every answer outside the contract
    /// (a count above what was asked, a negative count, a ReadByte value outside -1..255, no end within the
    /// byte limit) throws <see cref="ContractViolation"/>.
    /// </summary>
    public static class StreamReading
    {
        public static readonly ReadMode[] AllModes = (ReadMode[])Enum.GetValues(typeof(ReadMode));

        public static string CallName(ReadMode mode) => mode switch
        {
            ReadMode.SyncByte => "ReadByte()",
            ReadMode.SyncArray => "Read(byte[], int, int)",
            ReadMode.SyncSpan => "Read(Span<byte>)",
            ReadMode.AsyncArray => "ReadAsync(byte[], int, int)",
            ReadMode.AsyncMemory => "ReadAsync(Memory<byte>)",
            ReadMode.Apm => "BeginRead/EndRead",
            _ => mode.ToString(),
        };

        /// <summary>One call of up to <paramref name="count"/> bytes into buffer[offset..]; returns the bytes read, 0 at the end.</summary>
        public static int ReadOnce(Stream stream, ReadMode mode, byte[] buffer, int offset, int count)
        {
            var what = CallName(mode);
            if (mode == ReadMode.SyncByte)
            {
                var value = Expect.Call(what, stream.ReadByte);
                if (value == -1) return 0;
                Expect.That(value >= 0 && value <= 255, $"ReadByte() returned {value}; expected a byte value 0..255 or -1 at the end");
                buffer[offset] = (byte)value;
                return 1;
            }
            var n = Expect.Call(what, () => Call(stream, mode, buffer, offset, count));
            Expect.That(n >= 0 && n <= count, $"{what} asked for {count} bytes returned {n}; expected 0..{count}");
            return n;
        }

        /// <summary>One array read call as <paramref name="mode"/> makes it, with what the stream throws left as it is.</summary>
        public static int Call(Stream stream, ReadMode mode, byte[] buffer, int offset, int count) => mode switch
        {
            ReadMode.SyncArray => stream.Read(buffer, offset, count),
            ReadMode.SyncSpan => stream.Read(new Span<byte>(buffer, offset, count)),
            ReadMode.AsyncArray => stream.ReadAsync(buffer, offset, count).GetAwaiter().GetResult(),
            ReadMode.AsyncMemory => stream.ReadAsync(new Memory<byte>(buffer, offset, count)).AsTask().GetAwaiter().GetResult(),
            ReadMode.Apm => stream.EndRead(stream.BeginRead(buffer, offset, count, null, null)),
            _ => throw new ArgumentOutOfRangeException(nameof(mode)),
        };

        /// <summary>
        /// Reads to the end, choosing mode and request size per call, and confirms the end by two further reads
        /// that must also return nothing. <paramref name="limit"/> bounds the bytes taken from the stream.
        /// With <paramref name="noShortReads"/>, a read returning fewer bytes than asked must be at the end.
        /// </summary>
        public static byte[] ReadToEnd(Stream stream, Func<ReadMode> nextMode, Func<int> nextCount, int limit, bool noShortReads)
        {
            var result = new MemoryStream();
            var buffer = new byte[256 + 16];
            long shortReadAt = -1;
            string shortReadCall = "";
            while (true)
            {
                var mode = nextMode();
                var count = mode == ReadMode.SyncByte ? 1 : Math.Max(1, Math.Min(nextCount(), 256));
                // A non-zero offset catches streams that ignore it.
                var offset = (int)(result.Length % 16);
                var n = ReadOnce(stream, mode, buffer, offset, count);
                if (n == 0) break;
                if (shortReadAt >= 0)
                    throw Expect.Violation($"{shortReadCall} returned fewer bytes than asked at offset {shortReadAt} but data followed; this stream's reads fill the request until the end (ReadsReadUntilSizeOrEof)");
                if (noShortReads && n < count)
                {
                    shortReadAt = result.Length;
                    shortReadCall = $"{CallName(mode)} of {count}";
                }
                result.Write(buffer, offset, n);
                if (result.Length > limit)
                    throw Expect.Violation($"the stream did not report the end within {limit} bytes (read limit); expected the end after the content");
            }
            var endAt = result.Length;
            for (var again = 0; again < 2; again++)
            {
                var mode = nextMode();
                var n = ReadOnce(stream, mode, buffer, 0, mode == ReadMode.SyncByte ? 1 : 16);
                Expect.That(n == 0, $"after the end at offset {endAt}, {CallName(mode)} returned {n} more byte(s); expected the end to stay the end");
            }
            return result.ToArray();
        }

        public static byte[] ReadToEnd(Stream stream, ReadMode mode, int chunk, int limit, bool noShortReads) =>
            ReadToEnd(stream, () => mode, () => chunk, limit, noShortReads);

        /// <summary>The byte limit for reading <paramref name="expectedLength"/> bytes: a little over, never over the context's limit.</summary>
        public static int LimitFor(int expectedLength, CheckContext context) =>
            (int)Math.Min(context.MaxBytesRead, (long)expectedLength + 4096);
    }
}
