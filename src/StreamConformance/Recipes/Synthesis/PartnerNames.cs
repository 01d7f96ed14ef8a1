using System;
using System.Collections.Generic;
using System.Linq;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// The type that undoes this one, found by name in the same assembly: XEncoderStream/XDecoderStream,
    /// CompressionStream/DecompressionStream, DeflaterOutputStream/InflaterInputStream (two words swapped at once).
    /// </summary>
    public static class PartnerNames
    {
        static readonly (string, string)[] Opposites =
        {
            ("Encoder", "Decoder"), ("Compression", "Decompression"), ("Compressor", "Decompressor"), ("Compress", "Decompress"),
            ("Output", "Input"), ("Writer", "Reader"), ("Deflater", "Inflater"), ("Deflate", "Inflate"), ("Encode", "Decode"),
            ("Encrypt", "Decrypt"), ("Writing", "Reading"),
        };

        public static IReadOnlyList<Type> For(Type type)
        {
            var name = type.FullName ?? type.Name;
            var seen = new HashSet<string> { name };
            var frontier = new List<string> { name };
            // Up to two swaps: enough for Deflater+Output → Inflater+Input.
            for (var depth = 0; depth < 2; depth++)
            {
                var next = new List<string>();
                foreach (var candidate in frontier)
                    foreach (var (a, b) in Opposites)
                        foreach (var swapped in new[] { Swap(candidate, a, b), Swap(candidate, b, a) })
                            if (swapped != null && seen.Add(swapped)) next.Add(swapped);
                frontier = next;
            }
            return seen.Where(n => n != name).Select(n => type.Assembly.GetType(n, false)).Where(t => t != null && t != type)
                .Select(t => t!).Distinct().OrderBy(t => t.FullName, StringComparer.Ordinal).ToList();
        }

        /// <summary>The last occurrence of <paramref name="from"/> in the simple name replaced, unless it is part of its opposite.</summary>
        static string? Swap(string fullName, string from, string to)
        {
            var dot = Math.Max(fullName.LastIndexOf('.'), fullName.LastIndexOf('+'));
            var simple = fullName.Substring(dot + 1);
            var at = simple.LastIndexOf(from, StringComparison.Ordinal);
            if (at < 0) return null;
            // "Decompress" contains "compress" only in lower case, so an ordinal search for "Compress" does not hit it.
            return fullName.Substring(0, dot + 1) + simple.Substring(0, at) + to + simple.Substring(at + from.Length);
        }
    }
}
