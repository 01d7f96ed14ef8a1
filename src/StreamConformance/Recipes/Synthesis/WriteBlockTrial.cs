using System;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// Whether a write blocks while nobody reads (an in-memory pipe's end built alone): a bounded write on a worker
    /// thread, never a hang. A type whose write blocks is a connected stream and needs a peer.
    /// </summary>
    public static class WriteBlockTrial
    {
        /// <summary>More than any in-memory pipe buffers before it waits for its reader.</summary>
        public const int Bytes = 1 << 20;

        public static TimeSpan Limit { get; } = TimeSpan.FromSeconds(2);

        // A write that throws is the checks' business, not a block.
        public static bool Blocks(Trial trial) => trial.Ask(stream =>
        {
            var chunk = new byte[16384];
            for (var written = 0; written < Bytes; written += chunk.Length) stream.Write(chunk, 0, chunk.Length);
            stream.Flush();
            return true;
        }, Limit, "streamconf-write-trial") == null;
    }
}
