using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using StreamConformance.Findings;
using StreamConformance.Reports;

namespace StreamConformance.Compare
{
    /// <summary>
    /// A comparison as a pull-request comment: one summary line, regressions first, then improvements, then new
    /// and fixed findings per runtime; a list longer than <see cref="OpenRows"/> rows is folded in a &lt;details&gt; block.
    /// </summary>
    public static class ComparisonMarkdown
    {
        /// <summary>Rows shown open; a longer list is collapsed (GitHub renders &lt;details&gt;).</summary>
        public const int OpenRows = 10;

        public static string SummaryLine(RunComparison c) => string.Format(CultureInfo.InvariantCulture,
            "{0} regression{1}, {2} improvement{3}, {4} new finding{5}, {6} fixed ({7} vs {8} run{9} per side; threshold {10:0.##}%, noise {11:0.###}×)",
            c.Regressions.Count(), Plural(c.Regressions.Count()), c.Improvements.Count(), Plural(c.Improvements.Count()),
            c.Findings.New.Count, Plural(c.Findings.New.Count), c.Findings.Fixed.Count,
            c.BaselineRuns, c.CandidateRuns, Plural(c.CandidateRuns), 100 * c.Settings.Threshold, c.Settings.Noise);

        public static void Write(RunComparison c, TextWriter w)
        {
            w.WriteLine($"**streamconf compare**: {SummaryLine(c)}");
            w.WriteLine();
            if (PairingLine(c) is { } pairs)
            {
                w.WriteLine(Markup.MarkdownCell(pairs));
                w.WriteLine();
            }
            Changes(w, "Regressions", c.Regressions.ToList());
            Changes(w, "Improvements", c.Improvements.ToList());
            FindingList(w, "New findings", c.Findings.New);
            FindingList(w, "Fixed findings", c.Findings.Fixed);
            var quiet = new List<string>();
            if (c.Findings.Unchanged.Count > 0) quiet.Add($"{c.Findings.Unchanged.Count} findings unchanged");
            if (c.Findings.Unsettled.Count > 0) quiet.Add($"{c.Findings.Unsettled.Count} in some runs of a side only (not called new or fixed)");
            if (c.Added.Count > 0) quiet.Add($"{c.Added.Count} results only in the candidate");
            if (c.Removed.Count > 0) quiet.Add($"{c.Removed.Count} results only in the baseline");
            quiet.Add($"{c.RankTested} timing figures by Mann–Whitney, {c.IntervalTested} by intervals, {c.CountsCompared} counts exactly");
            if (c.Unmeasured > 0) quiet.Add($"{c.Unmeasured} timing figures not compared (a side skipped them: its meter could not measure)");
            w.WriteLine(string.Join("; ", quiet) + ".");
        }

        /// <summary>The runtimes compared under different names ("wasm-10.0.11 → wasm-10.0.15"), or null where every name matched.</summary>
        public static string? PairingLine(RunComparison c) => c.Runtimes.Renamed.Count == 0 ? null
            : "Compared as one runtime: " + string.Join(", ", c.Runtimes.Renamed.Select(p => $"{p.Baseline} → {p.Candidate}")) + ".";

        static void Changes(TextWriter w, string title, List<RunComparison.Change> changes)
        {
            if (changes.Count == 0) return;
            Table(w, $"{title} ({changes.Count})", "| runtime | type | variant | check | change |", "|---|---|---|---|---|",
                changes.Select(ch => Row(ch.Result.Runtime, ch.Result.Type, ch.Result.Variant, ch.Result.Check, ch.What)).ToList());
        }

        static void FindingList(TextWriter w, string title, List<Finding> findings)
        {
            if (findings.Count == 0) return;
            foreach (var runtime in findings.GroupBy(f => f.Runtime))
                Table(w, $"{title} on {runtime.Key} ({runtime.Count()})", "| id | class | type | title |", "|---|---|---|---|",
                    runtime.Select(f => Row(f.Id, f.Class.ToString().ToLowerInvariant(), f.Type, f.Title)).ToList());
        }

        static void Table(TextWriter w, string title, string header, string rule, List<string> rows)
        {
            w.WriteLine($"### {title}");
            w.WriteLine();
            var folded = rows.Count > OpenRows;
            if (folded)
            {
                w.WriteLine($"<details><summary>{rows.Count} rows</summary>");
                w.WriteLine();
            }
            w.WriteLine(header);
            w.WriteLine(rule);
            foreach (var row in rows) w.WriteLine(row);
            w.WriteLine();
            if (folded)
            {
                w.WriteLine("</details>");
                w.WriteLine();
            }
        }

        static string Row(params string[] cells) => "| " + string.Join(" | ", cells.Select(Markup.MarkdownCell)) + " |";

        static string Plural(int n) => n == 1 ? "" : "s";
    }
}
