using System;
using System.IO;

namespace LibraryStreams.Testing
{
    /// <summary>
    /// The convention by which a library says how to build its streams (docs/user-assemblies.md): an attribute of its
    /// own whose name is StreamRecipesAttribute, on a static class whose public static members are found by name.
    /// Nothing here refers to the harness.
    /// </summary>
    [AttributeUsage(AttributeTargets.Class)]
    public sealed class StreamRecipesAttribute : Attribute { }

    [StreamRecipes]
    public static class FramedStreamRecipes
    {
        // Capability knobs, read by name; each absent knob keeps the harness's cautious default.
        public static bool CanSeek => false;
        public static bool WritesVisibleAfterFlush => true;

        /// <summary>A stream that reads exactly <paramref name="content"/>.</summary>
        public static Stream OpenRead(byte[] content) => new FramedStream(new MemoryStream(FramedStream.Frame(content), false), new LengthPrefixCodec());

        /// <summary>A stream whose writes reach <paramref name="sink"/>; <see cref="ReadBack"/> turns what reached it into what was written.</summary>
        public static Stream OpenWrite(Stream sink) => new FramedStream(sink, new LengthPrefixCodec());

        public static byte[] ReadBack(byte[] sink) => FramedStream.Unframe(sink);
    }
}
