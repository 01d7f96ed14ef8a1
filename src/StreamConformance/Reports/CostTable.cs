using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using StreamConformance.Results;

namespace StreamConformance.Reports
{
    /// <summary>
    /// What one byte costs, per runtime: a row per built stream (type and recipe variant), and for ReadByte,
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
            ("read-byte", "ReadByte"),
            ("write-byte", "WriteByte"),
            ("read-span-1", "Read(Span[1])"),
        };

        const string AllocPrefix = "budget.alloc.";
        const string LatencyPrefix = "budget.latency.";
        const string OverMark = "✗";
        /// <summary>After an allocation figure the meter did not call exact (its pairs of windows disagreed, or it was counted process-wide).</summary>
        const string InexactMark = "~";
        const string Absent = "–";

        /// <summary>Markdown: a heading and a table per runtime; "" when the document holds no budget results for these operations.</summary>
        public static string ToMarkdown(RunDocument doc) => From(doc).ToMarkdown();

        public string ToMarkdown()
        {
            var tables = Tables;
            if (tables.Count == 0) return "";
            var sb = new StringBuilder();
            sb.Append("## Per-call cost\n\n");
            sb.Append("Bytes allocated per call; time per call as a ratio to summing a byte[] (×limit) and to MemoryStream (×baseline). ")
              .Append("**").Append(OverMark).Append("**: over budget; ").Append(InexactMark)
              .Append(": not exact, the figure may differ from run to run.\n");
            foreach (var table in tables)
            {
                sb.Append("\n### ").Append(Markup.MarkdownCell(table.Title)).Append("\n\n");
                sb.Append("| type | variant |");
                foreach (var (_, heading) in Operations)
                    sb.Append(' ').Append(heading).Append(" B/call | ").Append(heading).Append(" ×limit | ").Append(heading).Append(" ×baseline |");
                sb.Append("\n|---|---|");
                foreach (var _ in Operations) sb.Append("---:|---:|---:|");
                sb.Append('\n');
                foreach (var row in table.Rows)
                {
                    sb.Append("| ").Append(MarkdownCode(row.Type)).Append(" | ").Append(Markup.MarkdownCell(row.Variant)).Append(" |");
                    foreach (var cell in row.Cells)
                        sb.Append(' ').Append(cell.Over ? "**" + cell.Text + " " + OverMark + "**" : cell.Text).Append(" |");
                    sb.Append('\n');
                }
            }
            return sb.ToString();
        }

        /// <summary>An HTML fragment (no page around it), every text encoded; "" when there is nothing to show.
        /// Over-budget cells carry class <c>fail</c> and the check's message as their title.</summary>
        public static string ToHtml(RunDocument doc) => From(doc).ToHtml();

        public string ToHtml()
        {
            var tables = Tables;
            if (tables.Count == 0) return "";
            var sb = new StringBuilder();
            sb.Append("<section class=\"cost-table\"><h2>Per-call cost</h2>\n");
            sb.Append("<p>Bytes allocated per call; time per call as a ratio to summing a byte[] (×limit) and to MemoryStream (×baseline). ")
              .Append(OverMark).Append(": over budget; ").Append(InexactMark).Append(": not exact, the figure may differ from run to run.</p>\n");
            foreach (var table in tables)
            {
                sb.Append("<h3>").Append(Markup.Html(table.Title)).Append("</h3>\n<table>\n<tr><th rowspan=\"2\">type</th><th rowspan=\"2\">variant</th>");
                foreach (var (_, heading) in Operations) sb.Append("<th colspan=\"3\">").Append(Markup.Html(heading)).Append("</th>");
                sb.Append("</tr>\n<tr>");
                foreach (var _ in Operations) sb.Append("<th>B/call</th><th>×limit</th><th>×baseline</th>");
                sb.Append("</tr>\n");
                foreach (var row in table.Rows)
                {
                    sb.Append("<tr><td><code>").Append(Markup.Html(row.Type)).Append("</code></td><td>").Append(Markup.Html(row.Variant)).Append("</td>");
                    foreach (var cell in row.Cells)
                    {
                        if (cell.Over)
                            sb.Append("<td class=\"fail\" title=\"").Append(Markup.Html(cell.Message)).Append("\">").Append(Markup.Html(cell.Text + " " + OverMark)).Append("</td>");
                        else
                            sb.Append("<td>").Append(Markup.Html(cell.Text)).Append("</td>");
                    }
                    sb.Append("</tr>\n");
                }
                sb.Append("</table>\n");
            }
            sb.Append("</section>\n");
            return sb.ToString();
        }

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

        /// <summary>Generic names hold a backtick ("List`1"): fence those with two.</summary>
        static string MarkdownCode(string text) =>
            Markup.MarkdownCell(text.Contains("`") ? "`` " + text + " ``" : "`" + text + "`");
    }
}
