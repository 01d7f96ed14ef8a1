using System.Collections.Generic;
using System.Linq;
using StreamConformance.Probe;

namespace StreamConformance.Sweep
{
    /// <summary>
    /// How a sweep cuts each runtime's types into chunks, one probe process each, and which chunk a free core takes
    /// next. Chunks halve as a runtime's list shortens (guided scheduling): a core that frees up late finds small
    /// pieces left.
    /// </summary>
    static class GuidedChunks
    {
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

        /// <summary>The next chunk for a worker: its own runtime's first, else that of the runtime with the most types still queued.</summary>
        internal static (RuntimeWork Work, List<ProbeItem> Items)? Next(RuntimeWork[] works, int preferred)
        {
            lock (works)
            {
                var work = works.Length > preferred && works[preferred].Chunks.Count > 0
                    ? works[preferred]
                    : works.Where(w => w.Chunks.Count > 0).OrderByDescending(w => w.Queued).FirstOrDefault();
                if (work == null) return null;
                return (work, work.Chunks.Dequeue());
            }
        }
    }
}
