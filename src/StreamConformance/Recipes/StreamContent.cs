using System;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// The bytes every check, meter and scenario feeds streams: deterministic for a length, and every byte value
    /// 0..255 occurs (the first 256 count down), so a lost, repeated or transformed byte shows.
    /// </summary>
    public static class StreamContent
    {
        public static byte[] Of(int length)
        {
            var data = new byte[length];
            var rng = new Random(length);
            rng.NextBytes(data);
            for (var i = 0; i < Math.Min(256, length); i++) data[i] = (byte)(255 - i);
            return data;
        }
    }
}
