using System.IO;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// The MemoryStream a stream that writes forward only (a compressor, CryptoStream, TranscodingStream, a zip entry, a
    /// library's wrapper) is given to write into, with room set aside up front. A meter cannot rewind such a stream between
    /// its warm-up and its measured calls, so its store grows while measured, and a doubling that fell inside one window of
    /// a pair and not the other was counted as the wrapper's own cost: a base64 CryptoStream's WriteByte measured 17.22
    /// B/call, 6.55 of them one 64 KiB doubling of the store, where the stream's own cost is 10.67 (a byte[1] every third
    /// call). Which window a doubling fell in followed how much the warm-up had written.
    /// </summary>
    public static class ForwardOnlyStore
    {
        /// <summary>
        /// Room for the most a meter writes into one session: 20,000 calls of 100 bytes after 1,000 warm-up calls is 2.1 MB,
        /// 2.8 MB once base64 has expanded it.
        /// </summary>
        public const int Capacity = 8 << 20;

        public static MemoryStream New() => new MemoryStream(Capacity);
    }
}
