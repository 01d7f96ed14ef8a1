using System;
using System.Collections.Generic;
using System.Linq;
using StreamConformance.Results;

namespace StreamConformance.Reports.Matrix
{
    // One concept: the runtime matrix and its columns, one per runtime.
    /// <summary>
    /// One run's figures with its runtimes side by side: per type, recipe variant and operation, the bytes allocated
    /// per call and the time per call as a ratio to its limit (summing a byte[]); per syscall scenario, the calls it
    /// made. A row whose runtimes disagree is marked, and so is the cell that differs from the row's others, so a
    /// regression or a fix between .NET 8, 9, 10 and Mono stands out. A pure function of the <see cref="RunDocument"/>.
    /// </summary>
    public sealed class RuntimeMatrix
    {
        RuntimeMatrix(IReadOnlyList<MatrixRuntime> runtimes, IReadOnlyList<MatrixSection> sections)
        {
            Runtimes = runtimes;
            Sections = sections;
        }

        /// <summary>The columns, in the document's order (then any runtime only the results name).</summary>
        public IReadOnlyList<MatrixRuntime> Runtimes { get; }

        /// <summary>Bytes per call, ×limit, syscalls: always all three, possibly without rows.</summary>
        public IReadOnlyList<MatrixSection> Sections { get; }

        public MatrixSection Section(MatrixMeasure measure) => Sections.First(s => s.Measure == measure);

        const string AllocPrefix = "budget.alloc.";
        const string LatencyPrefix = "budget.latency.";

        public static RuntimeMatrix From(RunDocument doc) => From(doc, SyscallTable.From(doc));

        /// <summary>The matrix, its syscall section read from the run's <paramref name="syscalls"/> table.</summary>
        public static RuntimeMatrix From(RunDocument doc, SyscallTable syscalls)
        {
            var runtimes = doc.Runtimes.Select(r => new MatrixRuntime(r.Runtime.Name, Describe(r.Runtime))).ToList();
            foreach (var name in doc.Results.Select(r => r.Runtime).Distinct(StringComparer.Ordinal))
                if (runtimes.All(r => r.Name != name) && IsMatrixResult(doc.Results, name)) runtimes.Add(new MatrixRuntime(name, name));
            var sections = new List<MatrixSection>
            {
                CostSection(doc, runtimes, MatrixMeasure.BytesPerCall, AllocPrefix, "bytesPerCall", judged: true),
                CostSection(doc, runtimes, MatrixMeasure.RatioToLimit, LatencyPrefix, "ratioToLimit", judged: false),
                SyscallSection(syscalls, runtimes),
            };
            return new RuntimeMatrix(runtimes, sections);
        }

        static bool IsMatrixResult(IEnumerable<CheckResult> results, string runtime) =>
            results.Any(r => r.Runtime == runtime && (r.Check.StartsWith(AllocPrefix, StringComparison.Ordinal)
                                                      || r.Check.StartsWith(LatencyPrefix, StringComparison.Ordinal)
                                                      || r.Check.StartsWith("syscalls.", StringComparison.Ordinal)));

        /// <summary>A row per type × variant × operation, operations in the order the results first name them.</summary>
        static MatrixSection CostSection(RunDocument doc, IReadOnlyList<MatrixRuntime> runtimes, MatrixMeasure measure, string prefix, string metric, bool judged)
        {
            var results = doc.Results.Where(r => r.Check.StartsWith(prefix, StringComparison.Ordinal)).ToList();
            var operations = results.Select(r => r.Check.Substring(prefix.Length)).Distinct(StringComparer.Ordinal)
                .Select((op, index) => (op, index)).ToDictionary(x => x.op, x => x.index, StringComparer.Ordinal);
            var rows = results
                .GroupBy(r => (r.Type, r.Variant, Operation: r.Check.Substring(prefix.Length)))
                .OrderBy(g => g.Key.Type, StringComparer.Ordinal).ThenBy(g => g.Key.Variant, StringComparer.Ordinal)
                .ThenBy(g => operations[g.Key.Operation])
                .Select(g => new MatrixRow(g.Key.Type, g.Key.Variant, g.Key.Operation, runtimes.Select(rt =>
                {
                    // Several results for one cell would be a harness bug; the last one is the one a re-run left.
                    var result = g.LastOrDefault(r => r.Runtime == rt.Name);
                    return CellOf(result, metric, measure, judged);
                }).ToList(), measure))
                .ToList();
            return new MatrixSection(measure, rows);
        }

        static MatrixCell CellOf(CheckResult? result, string metric, MatrixMeasure measure, bool judged)
        {
            if (result == null) return MatrixCell.Missing;
            if (result.Metrics != null && result.Metrics.TryGetValue(metric, out var value))
                return new MatrixCell(value, MatrixSection.Format(measure, value), result.IsInexact, judged && result.Outcome == Outcome.Fail, result.Message);
            return new MatrixCell(null, result.Outcome.ToString().ToLowerInvariant(), false, false, result.Message);
        }

        /// <summary>A row per syscall cell (family and parameters), the value the calls its region made (background threads' calls left out).</summary>
        static MatrixSection SyscallSection(SyscallTable table, IReadOnlyList<MatrixRuntime> runtimes)
        {
            var rows = table.Rows.Select(row => new MatrixRow(row.Stream, row.Family, row.Parameters, runtimes.Select(rt =>
            {
                if (!row.Cells.TryGetValue(rt.Name, out var cell) || cell.Outcome == null) return MatrixCell.Missing;
                if (cell.Operations is { } ops && ops > 0)
                {
                    var calls = cell.Calls.Sum(c => c.Value);
                    return new MatrixCell(calls, MatrixSection.Format(MatrixMeasure.Syscalls, calls), false, cell.OverBudget, cell.Text);
                }
                return new MatrixCell(null, cell.Outcome.Value.ToString().ToLowerInvariant(), false, false, cell.Message);
            }).ToList(), MatrixMeasure.Syscalls)).ToList();
            return new MatrixSection(MatrixMeasure.Syscalls, rows);
        }

        static string Describe(RuntimeInfo runtime)
        {
            var what = (runtime.Flavor + " " + runtime.Version).Trim();
            return what.Length == 0 ? runtime.Name : runtime.Name + " (" + what + ")";
        }
    }

    public sealed class MatrixRuntime
    {
        public MatrixRuntime(string name, string title)
        {
            Name = name;
            Title = title;
        }

        /// <summary>The runtime's name in results ("dotnet", "8.0", "mono").</summary>
        public string Name { get; }
        /// <summary>"dotnet (coreclr 10.0.12)".</summary>
        public string Title { get; }
    }
}
