using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;

namespace StreamConformance.Meters.Syscalls
{
    // One concept: reading an strace log: the calls it parses and the counts of a marked region.
    /// <summary>One traced call as strace -f -y printed it: the thread that entered it, its name, its descriptor, its text.</summary>
    public readonly struct TracedCall
    {
        public TracedCall(int thread, string name, int? descriptor, string? descriptorPath, string text)
        {
            Thread = thread;
            Name = name;
            Descriptor = descriptor;
            DescriptorPath = descriptorPath;
            Text = text;
        }

        public int Thread { get; }
        public string Name { get; }
        /// <summary>The first argument when it is a file descriptor; null for calls on a path (stat("…"), newfstatat(AT_FDCWD, …)).</summary>
        public int? Descriptor { get; }
        /// <summary>What the descriptor refers to, as strace -y shows it: a file path, "pipe:[N]", "socket:[N]".</summary>
        public string? DescriptorPath { get; }
        public string Text { get; }
    }

    /// <summary>The calls between a region's markers: those attributed to the stream under test, and the rest.</summary>
    public sealed class RegionCounts
    {
        public SortedDictionary<string, int> Attributed { get; } = new SortedDictionary<string, int>(StringComparer.Ordinal);
        /// <summary>Calls on other threads or other descriptors during the region (runtime machinery: thread pool, JIT, timers). Reported, never judged.</summary>
        public SortedDictionary<string, int> Background { get; } = new SortedDictionary<string, int>(StringComparer.Ordinal);

        internal static void Add(SortedDictionary<string, int> counts, string name)
        {
            counts.TryGetValue(name, out var n);
            counts[name] = n + 1;
        }
    }

    /// <summary>
    /// Reads an strace -f -y -o log. A call interrupted by another thread's output is printed twice
    /// ("read(3, &lt;unfinished ...&gt;" then "&lt;... read resumed&gt;"): it is taken once, where it was entered,
    /// which is the order that matters for marker regions. Signal and exit lines are ignored.
    /// </summary>
    public static class StraceLog
    {
        static readonly Regex s_entry = new Regex(@"^(\d+)\s+([a-z_][a-z0-9_]*)\((?:(\d+)(?:<([^>]*)>)?[,)])?", RegexOptions.CultureInvariant);
        static readonly HashSet<string> s_counted = new HashSet<string>(SyscallNames.Counted, StringComparer.Ordinal);
        static readonly HashSet<string> s_carriers = new HashSet<string>(SyscallNames.MarkerCarriers, StringComparer.Ordinal);

        public static List<TracedCall> Parse(IEnumerable<string> lines)
        {
            var calls = new List<TracedCall>();
            foreach (var line in lines)
            {
                var m = s_entry.Match(line);
                if (!m.Success) continue;
                int? fd = m.Groups[3].Success ? int.Parse(m.Groups[3].Value, CultureInfo.InvariantCulture) : (int?)null;
                var path = m.Groups[4].Success ? m.Groups[4].Value : null;
                calls.Add(new TracedCall(int.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture), m.Groups[2].Value, fd, path, line));
            }
            return calls;
        }

        public static List<TracedCall> Read(string path) => Parse(File.ReadLines(path));

        /// <summary>True when the call is a marker carrier whose path argument is exactly <paramref name="markerPath"/>.</summary>
        public static bool IsMarker(TracedCall call, string markerPath) =>
            s_carriers.Contains(call.Name) && call.Text.IndexOf("\"" + markerPath + "\"", StringComparison.Ordinal) >= 0;

        /// <summary>
        /// The counted calls strictly between the begin and end markers (marker calls never count), or null when a
        /// marker is missing. Attributed to the stream: calls on a watched descriptor (by number or by the path strace
        /// shows for it) from any thread, since runtimes may hand a call to a pool thread; and calls on no descriptor
        /// (by path) from the marking thread. Everything else is background. With nothing watched, the marking
        /// thread's calls are attributed, plus every thread's when <paramref name="allThreads"/> is set.
        /// </summary>
        public static RegionCounts? CountRegion(IReadOnlyList<TracedCall> calls, string beginPath, string endPath,
            bool allThreads, ICollection<int>? watchedDescriptors = null, ICollection<string>? watchedPaths = null)
        {
            var begin = -1;
            for (var i = 0; i < calls.Count && begin < 0; i++)
                if (IsMarker(calls[i], beginPath)) begin = i;
            if (begin < 0) return null;
            var thread = calls[begin].Thread;
            var watching = watchedDescriptors?.Count > 0 || watchedPaths?.Count > 0;
            var counts = new RegionCounts();
            for (var i = begin + 1; i < calls.Count; i++)
            {
                var call = calls[i];
                if (IsMarker(call, endPath)) return call.Thread == thread ? counts : null;
                if (IsMarker(call, beginPath) || !s_counted.Contains(call.Name)) continue;
                bool attributed;
                if (watching)
                {
                    attributed = call.Descriptor is int fd
                        ? watchedDescriptors?.Contains(fd) == true || (call.DescriptorPath != null && watchedPaths?.Contains(call.DescriptorPath) == true)
                        : call.Thread == thread;
                }
                else
                {
                    attributed = allThreads || call.Thread == thread;
                }
                RegionCounts.Add(attributed ? counts.Attributed : counts.Background, call.Name);
            }
            return null;
        }
    }
}
