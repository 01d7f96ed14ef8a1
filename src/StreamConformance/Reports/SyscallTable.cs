using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using StreamConformance.Checks.Syscalls;
using StreamConformance.Meters.Syscalls;
using StreamConformance.Results;

namespace StreamConformance.Reports
{
    // One concept: the syscall table and its columns, rows and cells.
    /// <summary>
    /// The syscall cells of a run side by side: one row per cell ("syscalls.file.read[handle=sync,…]"), one column per
    /// runtime. A cell shows the calls its region made by syscall name and the number of operations ("pread64 33,
    /// lseek 1 / 657 ops"), recomputed from the per-operation metrics; cells over budget are marked. A pure function
    /// of the <see cref="RunDocument"/>, so a saved run renders the same table.
    /// </summary>
    public sealed class SyscallTable
    {
        const string Prefix = "syscalls.";

        SyscallTable(IReadOnlyList<SyscallTableColumn> columns, IReadOnlyList<SyscallTableRow> rows)
        {
            Columns = columns;
            Rows = rows;
        }

        public IReadOnlyList<SyscallTableColumn> Columns { get; }
        public IReadOnlyList<SyscallTableRow> Rows { get; }

        public static SyscallTable From(RunDocument doc)
        {
            var cells = doc.Results.Where(r => r.Check.StartsWith(Prefix, StringComparison.Ordinal) && r.Check.IndexOf('[') > 0).ToList();

            var columns = doc.Runtimes.Select(r => new SyscallTableColumn(r.Runtime.Name, Describe(r.Runtime))).ToList();
            foreach (var name in cells.Select(r => r.Runtime).Distinct())
                if (columns.All(c => c.Runtime != name)) columns.Add(new SyscallTableColumn(name, name));

            // A family that did not run on a runtime (API missing, no strace) says why once, on the host recipe.
            var familySkips = doc.Results
                .Where(r => r.Outcome == Outcome.Skip && r.Type == SyscallCheck.HostType && r.Variant == SyscallCheck.HostVariant
                            && r.Check.StartsWith(Prefix, StringComparison.Ordinal) && r.Check.IndexOf('[') < 0)
                .GroupBy(r => (r.Runtime, r.Check)).ToDictionary(g => g.Key, g => g.First().Message);

            var rows = cells
                .Select((r, index) => (r, index, family: r.Check.Substring(0, r.Check.IndexOf('['))))
                .GroupBy(x => x.r.Check)
                .Select(g => (first: g.First(), results: g.Select(x => x.r).ToList()))
                .OrderBy(x => FamilyRank(x.first.family)).ThenBy(x => x.first.index)
                .Select(x =>
                {
                    var family = x.first.family;
                    var byRuntime = new Dictionary<string, SyscallTableCell>(StringComparer.Ordinal);
                    foreach (var column in columns)
                    {
                        var result = x.results.FirstOrDefault(r => r.Runtime == column.Runtime);
                        byRuntime[column.Runtime] = result != null ? SyscallTableCell.Of(result)
                            : familySkips.TryGetValue((column.Runtime, family), out var why) ? SyscallTableCell.NotRun(why)
                            : SyscallTableCell.Missing;
                    }
                    var parameters = x.first.r.Check.Substring(family.Length + 1).TrimEnd(']');
                    return new SyscallTableRow(StreamOf(family), family.Substring(Prefix.Length), parameters, byRuntime);
                })
                .ToList();
            return new SyscallTable(columns, rows);
        }

        /// <summary>Rows follow <see cref="SyscallFamilies.All"/>; a family it does not know (a test's own) comes last.</summary>
        static int FamilyRank(string family)
        {
            var i = SyscallFamilies.All.ToList().FindIndex(f => f.Check == family);
            return i < 0 ? SyscallFamilies.All.Count : i;
        }

        static string StreamOf(string family) => SyscallFamilies.Find(family)?.Stream ?? "";

        static string Describe(RuntimeInfo runtime) =>
            string.IsNullOrEmpty(runtime.Version) ? runtime.Name : $"{runtime.Name} ({(runtime.Flavor + " " + runtime.Version).Trim()})";

        public const string Legend = "Calls in each cell's region by syscall name, then its operations; ✗ over budget; "
                                     + "\"no budget\": measured, not judged; — not measured.";

    }

    public sealed class SyscallTableColumn
    {
        public SyscallTableColumn(string runtime, string title)
        {
            Runtime = runtime;
            Title = title;
        }

        /// <summary>The runtime's name in results.</summary>
        public string Runtime { get; }
        /// <summary>"dotnet (coreclr 10.0.12)".</summary>
        public string Title { get; }
    }

    public sealed class SyscallTableRow
    {
        public SyscallTableRow(string stream, string family, string parameters, IReadOnlyDictionary<string, SyscallTableCell> cells)
        {
            Stream = stream;
            Family = family;
            Parameters = parameters;
            Cells = cells;
        }

        /// <summary>"FileStream", "BufferedStream", "AnonymousPipe", "NetworkStream", "RandomAccess" ("" for an unknown family).</summary>
        public string Stream { get; }
        /// <summary>The family without "syscalls.", e.g. "file.read".</summary>
        public string Family { get; }
        /// <summary>"handle=sync,api=Read,buffer=4096,chunk=100,length=65536".</summary>
        public string Parameters { get; }
        /// <summary>Runtime name → cell, for every column.</summary>
        public IReadOnlyDictionary<string, SyscallTableCell> Cells { get; }
    }

    public sealed class SyscallTableCell
    {
        SyscallTableCell(Outcome? outcome, string text, bool overBudget, string message, int? operations, IReadOnlyList<KeyValuePair<string, int>> calls)
        {
            Outcome = outcome;
            Text = text;
            OverBudget = overBudget;
            Message = message;
            Operations = operations;
            Calls = calls;
        }

        /// <summary>The cell's outcome; null when the runtime has no result for it.</summary>
        public Outcome? Outcome { get; }
        /// <summary>What the table shows: "pread64 33, lseek 1 / 657 ops ✗".</summary>
        public string Text { get; }
        /// <summary>Judged and over budget (or wrong data): the cell is a finding.</summary>
        public bool OverBudget { get; }
        /// <summary>The result's full message ("" when none).</summary>
        public string Message { get; }
        public int? Operations { get; }
        /// <summary>Calls in the region by syscall name, most frequent first (recomputed from calls per operation × operations).</summary>
        public IReadOnlyList<KeyValuePair<string, int>> Calls { get; }

        internal static readonly SyscallTableCell Missing =
            new SyscallTableCell(null, "—", false, "", null, Array.Empty<KeyValuePair<string, int>>());

        internal static SyscallTableCell NotRun(string why) =>
            new SyscallTableCell(Results.Outcome.Skip, "skip: " + Short(why), false, why, null, Array.Empty<KeyValuePair<string, int>>());

        internal static SyscallTableCell Of(CheckResult r)
        {
            var metrics = r.Metrics ?? new SortedDictionary<string, double>();
            int? operations = metrics.TryGetValue("operations", out var ops) ? (int)Math.Round(ops) : (int?)null;
            var calls = metrics
                .Where(m => m.Key.StartsWith("syscalls.", StringComparison.Ordinal) && m.Key != "syscalls.total" && !MetricNames.IsBackground(m.Key))
                .Select(m => new KeyValuePair<string, int>(m.Key.Substring("syscalls.".Length), (int)Math.Round(m.Value * (operations ?? 0))))
                .OrderByDescending(c => c.Value).ThenBy(c => c.Key, StringComparer.Ordinal)
                .ToList();
            string? counts = null;
            if (operations is { } n && n > 0)
                counts = (calls.Count == 0 ? "no calls" : string.Join(", ", calls.Select(c => c.Key + " " + c.Value.ToString(CultureInfo.InvariantCulture))))
                         + " / " + n.ToString(CultureInfo.InvariantCulture) + " ops";
            var wrong = r.Message.StartsWith("wrong data", StringComparison.Ordinal);
            string text;
            switch (r.Outcome)
            {
                case Results.Outcome.Pass:
                    text = counts ?? "pass";
                    break;
                case Results.Outcome.Fail:
                    text = wrong ? "wrong data" + (counts != null ? ": " + counts : "") : (counts ?? "fail") + " ✗";
                    break;
                case Results.Outcome.Skip:
                    text = counts != null ? counts + " (no budget)" : "skip: " + Short(r.Message);
                    break;
                default:
                    text = r.Outcome.ToString().ToLowerInvariant() + ": " + Short(r.Message);
                    break;
            }
            return new SyscallTableCell(r.Outcome, text, r.Outcome == Results.Outcome.Fail, r.Message, operations, calls);
        }

        /// <summary>The first clause of a message, at most 60 characters.</summary>
        static string Short(string message)
        {
            var cut = message.IndexOf(';');
            var first = cut >= 0 ? message.Substring(0, cut) : message;
            return first.Length <= 60 ? first : first.Substring(0, 59) + "…";
        }
    }
}
