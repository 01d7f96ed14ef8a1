using System;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// The last encodings (compressed, encoded) a recipe made of its content, so that sessions over the same bytes encode
    /// them once. The meters open many sessions over equal content: every pair of allocation windows, and a latency
    /// figure's session of an unseekable stream holds up to 16 MiB, which zlib compresses in about half a second while
    /// the figure's calls take a tenth of that. Only a deterministic encoding may be cached: the same bytes in, a valid
    /// encoding of them out, whichever call made it.
    /// </summary>
    public sealed class EncodingCache
    {
        readonly Func<byte[], byte[]> _encode;
        // Two: the allocation meter alternates a small and a large window of the same sizes, pair after pair.
        readonly (byte[] Content, byte[] Encoded)?[] _entries = new (byte[], byte[])?[2];
        int _next;

        public EncodingCache(Func<byte[], byte[]> encode) => _encode = encode;

        /// <summary>Content shorter than this is encoded every time: cheap to encode, and not worth a copy kept.</summary>
        public const int SmallestCached = 256 * 1024;

        /// <summary>
        /// <paramref name="content"/> encoded: the encoding of an earlier call with equal bytes, or a fresh one. The array
        /// returned is shared: read it, never write it.
        /// </summary>
        public byte[] Encode(byte[] content)
        {
            if (content.Length < SmallestCached) return _encode(content);
            lock (_entries)
            {
                foreach (var entry in _entries)
                    if (entry is { } e && e.Content.Length == content.Length && e.Content.AsSpan().SequenceEqual(content))
                        return e.Encoded;
            }
            var encoded = _encode(content);
            lock (_entries)
            {
                // A copy: the caller's array is its own to change after this call.
                _entries[_next] = ((byte[])content.Clone(), encoded);
                _next = (_next + 1) % _entries.Length;
            }
            return encoded;
        }
    }
}
