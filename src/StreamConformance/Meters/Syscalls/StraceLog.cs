using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;

namespace StreamConformance.Meters.Syscalls
{
    /// <summary>One traced call as strace -f printed it: the thread that entered it, its name, and its text.</summary>
    public readonly struct TracedCall
    {
        public TracedCall(int thread, string name, string text)
        {
            Thread = thread;
            Name = name;
            Text = text;
        }

        public int Thread { get; }
        public string Name { get; }
        public string Text { get; }
    }

    /// <summary>
    /// Reads an strace -f -o log. A call interrupted by another thread's output is printed twice
    /// ("read(3, &lt;unfinished ...&gt;" then "&lt;... read resumed&gt;"): it is taken once, where it was entered,
    /// which is the order that matters for marker regions. Signal and exit lines are ignored.
    /// </summary>
    public static class StraceLog
    {
        static readonly Regex s_entry = new Regex(@"^(\d+)\s+([a-z_][a-z0-9_]*)\(", RegexOptions.CultureInvariant);

        public static List<TracedCall> Parse(IEnumerable<string> lines)
        {
            var calls = new List<TracedCall>();
            foreach (var line in lines)
            {
                var m = s_entry.Match(line);
                if (!m.Success) continue;
                calls.Add(new TracedCall(int.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture), m.Groups[2].Value, line));
            }
            return calls;
        }

        public static List<TracedCall> Read(string path) => Parse(File.ReadLines(path));

        /// <summary>True when the call is a marker carrier whose path argument is exactly <paramref name="markerPath"/>.</summary>
        public static bool IsMarker(TracedCall call, string markerPath) =>
            SyscallNames.MarkerCarriers.Contains(call.Name) && call.Text.IndexOf("\"" + markerPath + "\"", StringComparison.Ordinal) >= 0;

        /// <summary>
        /// The counted calls strictly between the begin and end markers, by name. With <paramref name="allThreads"/>
        /// false only the thread that issued the begin marker counts; marker calls themselves never count.
        /// Null when a marker is missing (the scenario failed before reaching it).
        /// </summary>
        public static SortedDictionary<string, int>? CountRegion(IReadOnlyList<TracedCall> calls, string beginPath, string endPath, bool allThreads)
        {
            var begin = -1;
            for (var i = 0; i < calls.Count && begin < 0; i++)
                if (IsMarker(calls[i], beginPath)) begin = i;
            if (begin < 0) return null;
            var thread = calls[begin].Thread;
            var counts = new SortedDictionary<string, int>(StringComparer.Ordinal);
            for (var i = begin + 1; i < calls.Count; i++)
            {
                var call = calls[i];
                if (IsMarker(call, endPath)) return call.Thread == thread ? counts : null;
                if (IsMarker(call, beginPath)) continue;
                if (!allThreads && call.Thread != thread) continue;
                if (!SyscallNames.Counted.Contains(call.Name)) continue;
                counts.TryGetValue(call.Name, out var n);
                counts[call.Name] = n + 1;
            }
            return null;
        }
    }
}
