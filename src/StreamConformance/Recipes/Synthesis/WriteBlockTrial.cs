using System;
using System.IO;
using System.Threading;

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

        public static TimeSpan Limit { get; set; } = TimeSpan.FromSeconds(2);

        public static bool Blocks(Trial trial)
        {
            var scope = new BuildScope(false, new byte[0]);
            Stream? stream = null;
            try
            {
                stream = trial.Build(scope).stream;
                var target = stream;
                var worker = new Thread(() =>
                {
                    try
                    {
                        var chunk = new byte[16384];
                        for (var written = 0; written < Bytes; written += chunk.Length) target.Write(chunk, 0, chunk.Length);
                        target.Flush();
                    }
                    catch (Exception) { } // a write that throws is the checks' business, not a block
                }) { IsBackground = true, Name = "streamconf-write-trial" };
                worker.Start();
                if (worker.Join(Limit)) return false;
                // Disposing may release the blocked writer; if not, the background thread stays parked and costs nothing.
                Trial.Discard(stream);
                worker.Join(TimeSpan.FromMilliseconds(200));
                return true;
            }
            catch (Exception)
            {
                return false;
            }
            finally
            {
                Trial.Discard(stream);
                Trial.Discard(scope);
            }
        }
    }
}
