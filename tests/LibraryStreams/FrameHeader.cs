using System.IO;

namespace LibraryStreams
{
    /// <summary>
    /// The header in front of a frame, as every framed stream here reads and writes one: a big-endian number of a fixed
    /// width, read whole or not at all. Internal, so the harness sees only the streams.
    /// </summary>
    static class FrameHeader
    {
        /// <summary>
        /// Fills <paramref name="header"/> from <paramref name="inner"/>: how many bytes came before the inner stream ended,
        /// 0 at a clean end before a frame; each stream says what a header cut short is.
        /// </summary>
        public static int Fill(Stream inner, byte[] header)
        {
            var got = 0;
            while (got < header.Length)
            {
                var n = inner.Read(header, got, header.Length - got);
                if (n == 0) break;
                got += n;
            }
            return got;
        }

        /// <summary>The big-endian number in <paramref name="width"/> bytes of <paramref name="header"/> from <paramref name="start"/>.</summary>
        public static int Number(byte[] header, int start, int width)
        {
            var value = 0;
            for (var i = start; i < start + width; i++) value = value << 8 | header[i];
            return value;
        }

        /// <summary>Writes <paramref name="value"/> to <paramref name="inner"/> as a big-endian header the width of <paramref name="header"/>, the stream's own buffer.</summary>
        public static void Write(Stream inner, byte[] header, int value)
        {
            for (var i = header.Length - 1; i >= 0; i--, value >>= 8) header[i] = (byte)value;
            inner.Write(header, 0, header.Length);
        }
    }
}
