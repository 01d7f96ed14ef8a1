using System.IO;

namespace StreamConformance.Probe
{
    /// <summary>
    /// Which side runs each item of a chunk, when a core that ran out of work may take over the tail of a chunk a probe
    /// is still working through. The probe claims each item just before it starts it, in order; the host claims items
    /// from the end for another probe. A claim is a file created exclusively (<see cref="FileMode.CreateNew"/>), so each
    /// item goes to exactly one side however the two race: the host stops at the first item the probe already has, and
    /// the probe stops at the first item the host took, which every later item then is too.
    /// </summary>
    public sealed class ItemClaims
    {
        const string ProbeMark = "probe", HostMark = "host";

        readonly IClaimFiles _files;

        public ItemClaims(string directory, IClaimFiles? files = null)
        {
            Directory = directory;
            _files = files ?? new LocalClaimFiles();
        }

        /// <summary>The folder of the claims: one file per claimed item, named by its index in the chunk.</summary>
        public string Directory { get; }

        /// <summary>
        /// The probe, before item <paramref name="index"/>: true to run it (claimed now, or by an earlier process of the
        /// same chunk that died in it); false when the host took it for another probe.
        /// </summary>
        public bool ClaimForProbe(int index) => TryClaim(index, ProbeMark) || MarkOf(index) == ProbeMark;

        /// <summary>
        /// The host: claims items from <paramref name="end"/> − 1 down to <paramref name="from"/>, stopping at the first
        /// the probe already claimed. Returns the lowest index taken (<paramref name="end"/> when none was).
        /// </summary>
        public int TakeTail(int from, int end)
        {
            var lowest = end;
            for (var i = end - 1; i >= from && TryClaim(i, HostMark); i--) lowest = i;
            return lowest;
        }

        /// <summary>The host took item <paramref name="index"/> for another probe.</summary>
        public bool TakenByHost(int index) => MarkOf(index) is string mark && mark != ProbeMark;

        /// <summary>
        /// Creates the item's claim, atomically (O_CREAT | O_EXCL), holding who holds it. A claim read before its mark is
        /// written reads empty, which is not the probe's: only the host claims an item while the other side may be reading it.
        /// </summary>
        bool TryClaim(int index, string mark) => _files.TryCreate(PathOf(index), mark);

        /// <summary>Who holds the item's claim ("" while its mark is being written), or null when nobody does.</summary>
        string? MarkOf(int index) => _files.Read(PathOf(index));

        string PathOf(int index) => Path.Combine(Directory, index.ToString(System.Globalization.CultureInfo.InvariantCulture));
    }
}
