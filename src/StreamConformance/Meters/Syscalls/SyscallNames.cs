using System.Collections.Generic;
using System.Linq;

namespace StreamConformance.Meters.Syscalls
{
    /// <summary>
    /// Which system calls the meter traces, and the families budgets speak about. Names are the kernel's
    /// (as strace prints them on x86-64 Linux); a name the local strace does not know is ignored, not an error.
    /// </summary>
    public static class SyscallNames
    {
        public static readonly IReadOnlyList<string> Reads = new[] { "read", "pread64", "readv", "preadv", "preadv2", "recvfrom", "recvmsg" };
        public static readonly IReadOnlyList<string> Writes = new[] { "write", "pwrite64", "writev", "pwritev", "pwritev2", "sendto", "sendmsg" };
        public static readonly IReadOnlyList<string> Seeks = new[] { "lseek" };
        public static readonly IReadOnlyList<string> Syncs = new[] { "fsync", "fdatasync" };
        public static readonly IReadOnlyList<string> Stats = new[] { "fstat", "newfstatat", "statx", "stat", "lstat" };
        public static readonly IReadOnlyList<string> Controls = new[] { "ioctl", "fcntl", "poll", "ppoll", "select", "pselect6" };

        /// <summary>
        /// What File.Exists can turn into: .NET 10 issues lstat/stat, Mono 6.8 newfstatat. A marker line is one of
        /// these whose path is the marker path; it is never counted.
        /// </summary>
        public static readonly IReadOnlyList<string> MarkerCarriers = new[] { "stat", "lstat", "newfstatat", "statx", "access", "faccessat", "faccessat2" };

        /// <summary>Every call counted in a region (each belongs to exactly one family).</summary>
        public static readonly IReadOnlyList<string> Counted = Reads.Concat(Writes).Concat(Seeks).Concat(Syncs).Concat(Stats).Concat(Controls).ToList();

        /// <summary>The family a counted call belongs to: "read", "write", "seek", "sync", "stat" or "control".</summary>
        public static string FamilyOf(string name) =>
            Reads.Contains(name) ? Family.Read
            : Writes.Contains(name) ? Family.Write
            : Seeks.Contains(name) ? Family.Seek
            : Syncs.Contains(name) ? Family.Sync
            : Stats.Contains(name) ? Family.Stat
            : Family.Control;

        /// <summary>The strace -e trace= expression: counted calls plus marker carriers, each prefixed with '?' so unknown names are skipped.</summary>
        public static string TraceExpression() =>
            string.Join(",", Counted.Concat(MarkerCarriers).Distinct().Select(n => "?" + n));

        public static class Family
        {
            public const string Read = "read", Write = "write", Seek = "seek", Sync = "sync", Stat = "stat", Control = "control";
            public static readonly IReadOnlyList<string> All = new[] { Read, Write, Seek, Sync, Stat, Control };
        }
    }
}
