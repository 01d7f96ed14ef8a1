using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;

namespace StreamConformance.Sweep
{
    /// <summary>
    /// How long each thread of a process has stood ready to run while every CPU was busy with other work: the second
    /// field of Linux's <c>/proc/&lt;pid&gt;/task/&lt;tid&gt;/schedstat</c> (nanoseconds on the run queue, since the
    /// thread started). A probe on a loaded machine (a build beside the sweep) spends most of its wall time there, and
    /// that is no sign of a hang (<see cref="ProbeSilence"/>).
    /// </summary>
    public static class RunQueueWaits
    {
        /// <summary>
        /// The run-queue wait of every thread of <paramref name="pid"/>, by thread id; null where the system does not
        /// say (not Linux, a kernel without scheduler statistics, or the process gone).
        /// </summary>
        public static IReadOnlyDictionary<int, long>? Of(int pid)
        {
            var tasks = Path.Combine("/proc", pid.ToString(CultureInfo.InvariantCulture), "task");
            try
            {
                if (!Directory.Exists(tasks)) return null;
                var waits = new Dictionary<int, long>();
                foreach (var task in Directory.EnumerateDirectories(tasks))
                {
                    // A thread may end between the listing and the read: it has nothing left to wait for.
                    string line;
                    try { line = File.ReadAllText(Path.Combine(task, "schedstat")); }
                    catch (IOException) { continue; }
                    if (int.TryParse(Path.GetFileName(task), NumberStyles.None, CultureInfo.InvariantCulture, out var tid) && Parse(line) is long wait)
                        waits[tid] = wait;
                }
                return waits.Count > 0 ? waits : null;
            }
            catch (Exception e) when (e is IOException || e is UnauthorizedAccessException)
            {
                return null;
            }
        }

        /// <summary>The run-queue nanoseconds of one schedstat line ("run-ns wait-ns timeslices"); null when it is not one.</summary>
        public static long? Parse(string schedstat)
        {
            var fields = schedstat.Split(new[] { ' ', '\t', '\n' }, StringSplitOptions.RemoveEmptyEntries);
            return fields.Length >= 2 && long.TryParse(fields[1], NumberStyles.None, CultureInfo.InvariantCulture, out var wait) ? wait : (long?)null;
        }
    }
}
