using System;
using System.Collections.Generic;
using System.IO;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// What one build of a synthesized stream is for: reading over <see cref="Content"/>, or writing into a store the
    /// fixture reads back. Arguments take their values from it and leave here what the fixture must dispose.
    /// </summary>
    public sealed class BuildScope
    {
        public BuildScope(bool forReading, byte[] content, RecipeEnvironment? scratch = null)
        {
            ForReading = forReading;
            Content = content;
            Scratch = scratch ?? RecipeEnvironment.ForProcess;
        }

        /// <summary>Where an argument that is a file puts it: the recipe's environment (a trial's own process folder).</summary>
        public RecipeEnvironment Scratch { get; }

        public bool ForReading { get; }

        /// <summary>What the stream reads (already encoded when the type decodes): empty for a write.</summary>
        public byte[] Content { get; }

        /// <summary>Whether an argument handed the content to the stream (an inner stream, a byte[], a file).</summary>
        public bool ContentGiven { get; set; }

        /// <summary>Where written bytes land when an argument is the stream's store (an inner stream, a file).</summary>
        public Func<byte[]>? ReadBack { get; set; }

        public List<IDisposable> Owned { get; } = new List<IDisposable>();

        /// <summary>The argument values made so far, for an argument made from another (a path inside a file system argument).</summary>
        public List<object?> Made { get; } = new List<object?>();

        /// <summary>The store of a write, for the argument that is the stream's sink (only the first one is).</summary>
        /// <summary>Zeroed bytes a new sink holds, its position at 0: room for a window or store that takes its size from the sink.</summary>
        public int SinkRoom { get; set; }

        public Stream NewSink()
        {
            var sink = ForwardOnlyStore.New();
            if (SinkRoom > 0)
            {
                sink.Write(new byte[SinkRoom], 0, SinkRoom);
                sink.Position = 0;
            }
            Owned.Add(sink);
            if (ReadBack == null) ReadBack = sink.ToArray;
            return sink;
        }
    }
}
