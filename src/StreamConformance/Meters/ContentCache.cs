using System;
using StreamConformance.Recipes;

namespace StreamConformance.Meters
{
    /// <summary>Content for read sessions, generated once so that a measurement does not regenerate megabytes per window.</summary>
    static class ContentCache
    {
        static byte[] s_content = Array.Empty<byte>();

        /// <summary>
        /// Exactly <paramref name="length"/> bytes of <see cref="StreamContent.Of"/>: never more, since a
        /// recipe pays for all it is given before the first call (compressing it, encrypting it, sending it through
        /// a peer), and one long latency session must not make every later session as costly to open.
        /// </summary>
        /// <summary>
        /// The content a session of <paramref name="calls"/> reads of <paramref name="bytesPerCall"/> each needs, with 16
        /// bytes to spare, rounded up to whole 16-byte blocks: the lengths a synthesized recipe was shown to open over are
        /// such (16, 64, 4096), and a format made of blocks (an audio writer's frames, a cipher's) may refuse a part-block.
        /// </summary>
        public static byte[] ForCalls(int calls, int bytesPerCall) => Get((Math.Max(16, calls * bytesPerCall + 16) + 15) & ~15);

        public static byte[] Get(int length)
        {
            if (s_content.Length < length) s_content = StreamContent.Of(length);
            if (s_content.Length == length) return s_content;
            var prefix = new byte[length];
            Buffer.BlockCopy(s_content, 0, prefix, 0, length);
            return prefix;
        }
    }
}
