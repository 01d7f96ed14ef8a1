using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using StreamConformance.Meters.Syscalls;

namespace StreamConformance.Scenarios
{
    /// <summary>How the scenarios use the harness's meters: the allocation counter of the measuring thread and the strace meter.</summary>
    public static class ScenarioMeters
    {
        /// <summary>Bytes <paramref name="action"/> allocated on the calling thread, divided by <paramref name="operations"/>; null when the counter is unavailable.</summary>
        public static double? BytesPerOp(Action action, double operations)
        {
            if (Meters.AllocationMeter.UnavailableReason != null) { action(); return null; }
            var before = GC.GetAllocatedBytesForCurrentThread();
            action();
            return (GC.GetAllocatedBytesForCurrentThread() - before) / operations;
        }

        /// <summary>
        /// Runs <paramref name="cells"/> in one traced child and puts each cell's counts (read, write, seek, sync
        /// families, and any other family that occurred) on its case; a case whose cell could not be counted gets the reason.
        /// </summary>
        public static void CountSyscalls(ScenarioContext context, IReadOnlyList<(ScenarioCase Case, SyscallCell Cell, string Per)> cells)
        {
            var why = context.Syscalls == null ? "no syscall meter in this run" : context.Syscalls.UnavailableReason;
            if (why == null)
            {
                try
                {
                    var measured = context.Syscalls!.Measure(cells.Select(c => c.Cell).ToList(), context.TempDirectory, heartbeat: context.Heartbeat);
                    for (var i = 0; i < cells.Count; i++)
                    {
                        var m = measured[i];
                        var target = cells[i].Case;
                        if (m.Counts == null || m.Report.Status != SyscallCellReport.Ok)
                        {
                            target.SyscallNote = $"skip: {m.Report.Status}: {m.Report.Message}";
                            continue;
                        }
                        var families = new SortedDictionary<string, int>(StringComparer.Ordinal);
                        foreach (var family in SyscallNames.Family.All)
                        {
                            var n = m.FamilyCount(family);
                            if (n > 0 || family == SyscallNames.Family.Seek || family == SyscallNames.Family.Sync || family == SyscallNames.Family.Read || family == SyscallNames.Family.Write)
                                families[family] = n;
                        }
                        target.Syscalls = families;
                        target.SyscallsPer = cells[i].Per;
                    }
                    return;
                }
                catch (Exception e) when (e is InvalidOperationException || e is IOException)
                {
                    why = e.Message;
                }
            }
            foreach (var c in cells) c.Case.SyscallNote = "skip: " + why;
        }

        public static string Bytes(long n) => n >= 1 << 20
            ? (n / (double)(1 << 20)).ToString("0.##", CultureInfo.InvariantCulture) + " MiB"
            : n >= 1 << 10 ? (n / 1024.0).ToString("0.##", CultureInfo.InvariantCulture) + " KiB" : n + " B";
    }
}
