using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;

namespace StreamConformance.Sweep
{
    // One concept: the scheduler's account of a process's threads, and one thread's entry in it.

    /// <summary>
    /// How long each thread of a process has run on a CPU, and how long it has stood ready to run while every CPU was
    /// busy: the first two fields of Linux's <c>/proc/&lt;pid&gt;/task/&lt;tid&gt;/schedstat</c> (nanoseconds since the
    /// thread started). A probe on a loaded machine (a build beside the sweep) spends most of its wall time waiting, and
    /// that is no sign of a hang (<see cref="ProbeSilence"/>).
    /// </summary>
    public static class ThreadTimes
    {
        /// <summary>
        /// Every thread of <paramref name="pid"/>, by thread id; null where the system does not say (not Linux, a kernel
        /// without scheduler statistics, or the process gone).
        /// </summary>
        public static IReadOnlyDictionary<int, ThreadTime>? Of(int pid)
        {
            var tasks = Path.Combine("/proc", pid.ToString(CultureInfo.InvariantCulture), "task");
            try
            {
                if (!Directory.Exists(tasks)) return null;
                var times = new Dictionary<int, ThreadTime>();
                foreach (var task in Directory.EnumerateDirectories(tasks))
                {
                    // A thread may end between the listing and the read: it has nothing left to wait for.
                    string line;
                    try { line = File.ReadAllText(Path.Combine(task, "schedstat")); }
                    catch (IOException) { continue; }
                    if (int.TryParse(Path.GetFileName(task), NumberStyles.None, CultureInfo.InvariantCulture, out var tid) && Parse(line) is ThreadTime time)
                        times[tid] = time;
                }
                return times.Count > 0 ? times : null;
            }
            catch (Exception e) when (e is IOException || e is UnauthorizedAccessException)
            {
                return null;
            }
        }

        /// <summary>One schedstat line ("run-ns wait-ns timeslices"); null when it is not one.</summary>
        public static ThreadTime? Parse(string schedstat)
        {
            var fields = schedstat.Split(new[] { ' ', '\t', '\n' }, StringSplitOptions.RemoveEmptyEntries);
            return fields.Length >= 2
                   && long.TryParse(fields[0], NumberStyles.None, CultureInfo.InvariantCulture, out var ran)
                   && long.TryParse(fields[1], NumberStyles.None, CultureInfo.InvariantCulture, out var waited)
                ? new ThreadTime(ran, waited) : (ThreadTime?)null;
        }
    }

    /// <summary>One thread's time on a CPU and on the run queue, in nanoseconds since it started.</summary>
    public readonly struct ThreadTime
    {
        public ThreadTime(long ranNanoseconds, long waitedNanoseconds)
        {
            RanNanoseconds = ranNanoseconds;
            WaitedNanoseconds = waitedNanoseconds;
        }

        public long RanNanoseconds { get; }
        public long WaitedNanoseconds { get; }
    }
}
