using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// The streams an instance holds in its own fields, and theirs, a few levels down: a FileStream's strategies, a
    /// zip entry's writer and its checksum stream. Observed on real instances, never assumed from names: a type
    /// found here is exercised by every call the outer stream makes through it (its "covered through" stream),
    /// though no check calls it directly.
    /// </summary>
    public static class InnerStreams
    {
        public const int Depth = 4;

        /// <summary>Full names of the concrete stream types inside <paramref name="stream"/> (not its own type).</summary>
        public static IReadOnlyCollection<string> Of(Stream stream)
        {
            var found = new SortedSet<string>(StringComparer.Ordinal);
            var seen = new HashSet<object>(ReferenceComparer.Instance) { stream };
            Walk(stream, Depth, found, seen);
            found.Remove(stream.GetType().FullName ?? "");
            return found;
        }

        static void Walk(Stream stream, int depth, SortedSet<string> found, HashSet<object> seen)
        {
            if (depth == 0) return;
            foreach (var inner in HeldBy(stream))
            {
                if (!seen.Add(inner)) continue;
                if (inner.GetType().FullName is { } name) found.Add(name);
                Walk(inner, depth - 1, found, seen);
            }
        }

        /// <summary>The streams <paramref name="stream"/> holds in its own instance fields (those its types declare below Stream), in field order.</summary>
        public static IEnumerable<Stream> HeldBy(Stream stream)
        {
            for (var t = stream.GetType(); t != null && t != typeof(Stream) && t != typeof(object); t = t.BaseType)
            {
                foreach (var field in t.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly))
                {
                    if (field.FieldType.IsValueType) continue;
                    object? value;
                    try { value = field.GetValue(stream); }
                    catch (Exception) { continue; }
                    if (value is Stream inner) yield return inner;
                }
            }
        }

        sealed class ReferenceComparer : IEqualityComparer<object>
        {
            public static readonly ReferenceComparer Instance = new ReferenceComparer();
            public new bool Equals(object? x, object? y) => ReferenceEquals(x, y);
            public int GetHashCode(object obj) => System.Runtime.CompilerServices.RuntimeHelpers.GetHashCode(obj);
        }
    }
}
