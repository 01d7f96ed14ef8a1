using System.Collections.Generic;
using System.Linq;
using StreamConformance.Probe;

namespace StreamConformance.Sweep
{
    /// <summary>
    /// How a sweep cuts each runtime's types into chunks, one probe process each, and which chunk a free core takes
    /// next. Chunks halve as a runtime's list shortens (guided scheduling): a core that frees up late finds small
    /// pieces left, and once nothing is queued it takes over the later half of what a running probe has not started.
    /// </summary>
    static class GuidedChunks
    {
        /// <summary>
        /// A runtime's chunks. With a second core, halves (<see cref="Split"/>), except in a quick sweep: there every
        /// probe is short, and the JIT each fresh process repeats costs more than a long Mono probe loses as it ages
        /// (quick 32.3–34.1 s against 36.8–40.1 s halved; the default sweep is the other way round, docs/compare.md).
        /// A free core still takes over the later types of the running probe.
        /// </summary>
        internal static List<List<ProbeItem>> For(IReadOnlyList<ProbeItem> items, bool secondCore, bool quick) =>
            Split(items, secondCore && !quick);

        /// <summary>Halves of what is left, down to a few types: big chunks first, small ones for a core that frees up late.</summary>
        internal static List<List<ProbeItem>> Split(IReadOnlyList<ProbeItem> items, bool split, int smallest = 6)
        {
            var chunks = new List<List<ProbeItem>>();
            var rest = items.ToList();
            while (rest.Count > 0)
            {
                var size = !split || rest.Count <= 2 * smallest ? rest.Count : (rest.Count + 1) / 2;
                chunks.Add(rest.Take(size).ToList());
                rest = rest.Skip(size).ToList();
            }
            return chunks;
        }

        /// <summary>
        /// The next chunk for a worker: its own runtime's first, else that of the runtime with the most types still queued;
        /// with nothing queued, the later half of the types not yet started in the running chunk that has the most of them
        /// (its probe stops where they begin), so neither core waits while the other works through a long list.
        /// A runtime still reading its inventory is null here and is skipped.
        /// </summary>
        internal static RunningChunk? Next(RuntimeWork?[] works, int preferred)
        {
            lock (works)
            {
                var ready = works.OfType<RuntimeWork>().ToList();
                var work = works.Length > preferred && works[preferred] is { Chunks.Count: > 0 } own
                    ? own
                    : ready.Where(w => w.Chunks.Count > 0).OrderByDescending(w => w.Queued).FirstOrDefault();
                if (work != null) return work.StartChunk(work.Chunks.Dequeue());
                foreach (var running in ready.SelectMany(Running).OrderByDescending(c => c.Unstarted))
                {
                    if (running.Unstarted == 0) break;
                    if (running.TakeTail() is { } taken) return running.Work.StartChunk(taken);
                }
                return null;
            }
        }

        static List<RunningChunk> Running(RuntimeWork work)
        {
            lock (work.Gate) return work.Running.ToList();
        }
    }
}
