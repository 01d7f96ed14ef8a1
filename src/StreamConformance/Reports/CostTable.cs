using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using StreamConformance.Checks;
using StreamConformance.Meters;
using StreamConformance.Results;

namespace StreamConformance.Reports
{
    /// <summary>
    /// What one byte costs, per runtime (the model; the Markdown and HTML exporters render it): a row per built stream (type and recipe variant), and for ReadByte,
    /// WriteByte and Read(Span) of 1 byte the bytes allocated per call and the time per call as a ratio to the
    /// limit (summing a byte[]) and to the baseline (MemoryStream). Read from the budget checks' results only.
    /// </summary>
    /// <remarks>
    /// A figure the budget rejected is marked: bytes/call when <c>budget.alloc.OP</c> failed, the baseline ratio
    /// when <c>budget.latency.OP</c> failed (that ratio is what latency budgets judge; the limit ratio is never judged).
    /// A cell without a figure says why: the outcome (skip, error, timeout, crash), or "–" when the check did not run.
    /// </remarks>
    public sealed class CostTable
    {
        CostTable(IReadOnlyList<Table> tables) => Tables = tables;

        /// <summary>A table per runtime with budget results for these operations, in the document's order.</summary>
        public IReadOnlyList<Table> Tables { get; }

        public static CostTable From(RunDocument doc) => new CostTable(Build(doc));

        /// <summary>The operations shown, in column order: (operation name in check names, heading).</summary>
        public static readonly IReadOnlyList<(string Operation, string Heading)> Operations = new[]
        {
            (StreamOperations.ReadByte.Name, "ReadByte"),
            (StreamOperations.WriteByte.Name, "WriteByte"),
            (StreamOperations.ReadSpan1.Name, "Read(Span[1])"),
        };

        const string AllocPrefix = BudgetChecks.AllocPrefix;
        const string LatencyPrefix = BudgetChecks.LatencyPrefix;
        /// <summary>After a figure over its budget.</summary>
        public const string OverMark = "✗";
        /// <summary>After an allocation figure the meter did not call exact (its pairs of windows disagreed, or it was counted process-wide).</summary>
        public const string InexactMark = "~";
        const string Absent = "–";

        /// <summary>One runtime's rows.</summary>
        public sealed class Table
        {
            public string Title { get; set; } = "";
            public List<Row> Rows { get; } = new List<Row>();
        }

        /// <summary>A built stream (type and recipe variant): three cells per operation, in <see cref="Operations"/>' order.</summary>
        public sealed class Row
        {
            public string Type { get; set; } = "";
            public string Variant { get; set; } = "";
            public List<Cell> Cells { get; } = new List<Cell>();
        }

        public sealed class Cell
        {
            public string Text { get; set; } = Absent;
            /// <summary>Over budget: the figure a failed budget check judged.</summary>
            public bool Over { get; set; }
            public string Message { get; set; } = "";
        }

        /// <summary>Runtimes in the document's order (then any only the results name), each with its rows sorted by type and variant.</summary>
        static IReadOnlyList<Table> Build(RunDocument doc)
        {
            var shown = new HashSet<string>(Operations.SelectMany(o => new[] { AllocPrefix + o.Operation, LatencyPrefix + o.Operation }), StringComparer.Ordinal);
            var budgetResults = doc.Results.Where(r => shown.Contains(r.Check)).ToList();
            var runtimeNames = doc.Runtimes.Select(r => r.Runtime.Name)
                .Concat(budgetResults.Select(r => r.Runtime)).Distinct(StringComparer.Ordinal).ToList();
            var tables = new List<Table>();
            foreach (var name in runtimeNames)
            {
                var mine = budgetResults.Where(r => r.Runtime == name).ToList();
                if (mine.Count == 0) continue;
                var table = new Table { Title = TitleOf(doc, name) };
                var byStream = mine.GroupBy(r => (r.Type, r.Variant))
                    .OrderBy(g => g.Key.Type, StringComparer.Ordinal).ThenBy(g => g.Key.Variant, StringComparer.Ordinal);
                foreach (var stream in byStream)
                {
                    var row = new Row { Type = stream.Key.Type, Variant = stream.Key.Variant };
                    foreach (var (op, _) in Operations)
                    {
                        // Several results for one cell would be a harness bug; the last one is the one a re-run left.
                        var alloc = stream.LastOrDefault(r => r.Check == AllocPrefix + op);
                        var latency = stream.LastOrDefault(r => r.Check == LatencyPrefix + op);
                        row.Cells.Add(CellOf(alloc, "bytesPerCall", FormatBytes, judged: true));
                        row.Cells.Add(CellOf(latency, "ratioToLimit", FormatRatio, judged: false));
                        row.Cells.Add(CellOf(latency, "ratioToBaseline", FormatRatio, judged: true));
                    }
                    table.Rows.Add(row);
                }
                tables.Add(table);
            }
            return tables;
        }

        static string TitleOf(RunDocument doc, string name)
        {
            var run = doc.Runtimes.FirstOrDefault(r => r.Runtime.Name == name);
            if (run == null) return name;
            var what = (run.Runtime.Flavor + " " + run.Runtime.Version).Trim();
            return what.Length == 0 ? name : name + " (" + what + ")";
        }

        /// <summary>The figure when the check measured it (a skip without a budget still carries one), else the outcome.</summary>
        static Cell CellOf(CheckResult? result, string metric, Func<double, string> format, bool judged)
        {
            if (result == null) return new Cell();
            if (result.Metrics != null && result.Metrics.TryGetValue(metric, out var value))
            {
                return new Cell { Text = format(value) + (result.IsInexact ? " " + InexactMark : ""), Over = judged && result.Outcome == Outcome.Fail, Message = result.Message };
            }
            return new Cell { Text = result.Outcome.ToString().ToLowerInvariant(), Message = result.Message };
        }

        static string FormatBytes(double bytes) => ResultSummary.Format(bytes);

        /// <summary>Three significant figures at most: 0.123, 1.23, 12.3, 123, 1234.</summary>
        internal static string FormatRatio(double ratio)
        {
            var a = Math.Abs(ratio);
            var pattern = a >= 100 ? "0" : a >= 10 ? "0.#" : a >= 1 ? "0.##" : "0.###";
            return ratio.ToString(pattern, CultureInfo.InvariantCulture);
        }
    }
}
