using System;
using System.Collections.Generic;
using StreamConformance.Probe;

namespace StreamConformance.Sweep
{
    /// <summary>
    /// A chunk of a runtime's types that a probe is working through: its items, how far its probe has got (the last type
    /// its trace announced) and, unless the sweep runs one probe at a time, the claims through which a core that ran out
    /// of work takes over the items not yet started (<see cref="TakeTail"/>).
    /// </summary>
    sealed class RunningChunk
    {
        int _end;

        public RunningChunk(RuntimeWork work, int number, List<ProbeItem> items, string directory, ItemClaims? claims)
        {
            Work = work;
            Number = number;
            Items = items;
            Directory = directory;
            Claims = claims;
            _end = items.Count;
        }

        public RuntimeWork Work { get; }
        /// <summary>The chunk's number in its runtime, its folder's name.</summary>
        public int Number { get; }
        public List<ProbeItem> Items { get; }
        public string Directory { get; }
        public ItemClaims? Claims { get; }
        public ProbeTrace Trace { get; } = new ProbeTrace();

        /// <summary>
        /// Items after the one the probe is on, not already given away. Before it announces one, the probe is on its first:
        /// a probe still starting is never left with nothing to do.
        /// </summary>
        public int Unstarted
        {
            get
            {
                var type = Trace.Type;
                var at = type == null ? 0 : Items.FindIndex(i => i.Type == type);
                return Math.Max(0, _end - (at + 1));
            }
        }

        /// <summary>
        /// Takes the later half of the items not yet started (the last one, when one is left) for another probe; null when
        /// there is none, or the probe reached them first. What is taken is a tail: the probe stops where it begins.
        /// </summary>
        public List<ProbeItem>? TakeTail()
        {
            var unstarted = Unstarted;
            if (Claims == null || unstarted == 0) return null;
            var lowest = Claims.TakeTail(_end - (unstarted + 1) / 2, _end);
            if (lowest == _end) return null;
            var taken = Items.GetRange(lowest, _end - lowest);
            _end = lowest;
            return taken;
        }
    }
}
