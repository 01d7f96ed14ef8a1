using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using StreamConformance.Scenarios;

namespace StreamConformance.Reports
{
    /// <summary>
    /// One scenario's results as a plain table (the console, Markdown and HTML render the same cells): a row per
    /// case, the published figure, then per runtime the time with its interval, the ratio to the group's baseline,
    /// bytes allocated per operation and the counted syscalls.
    /// </summary>
    public sealed class ScenarioTable
    {
        public string Scenario { get; private set; } = "";
        public string Source { get; private set; } = "";
        public List<string> Header { get; } = new List<string>();
        public List<List<string>> Rows { get; } = new List<List<string>>();
        /// <summary>Per runtime: its notes, time taken and any error.</summary>
        public List<string> Notes { get; } = new List<string>();

        public static ScenarioTable Of(IReadOnlyList<ScenarioResult> results)
        {
            var table = new ScenarioTable { Scenario = results[0].Scenario, Source = results.Select(r => r.Source).FirstOrDefault(s => s.Length > 0) ?? "" };
            table.Header.Add("case");
            table.Header.Add("published");
            foreach (var r in results)
            {
                var label = r.Runtime + (r.Version.Length > 0 ? " " + r.Version : "");
                table.Header.AddRange(new[] { label + ": time", "ratio", "B/op", "syscalls" });
            }
            // Cases in first-seen order across runtimes (a runtime may have more rows, e.g. its patched copy).
            var keys = results.SelectMany(r => r.Cases).Select(c => (c.Group, c.Name)).Distinct().ToList();
            foreach (var (group, name) in keys)
            {
                var any = results.SelectMany(r => r.Cases).First(c => c.Group == group && c.Name == name);
                var row = new List<string> { (group.Length > 0 ? group + ": " : "") + name, any.Published };
                foreach (var r in results)
                {
                    var c = r.Cases.FirstOrDefault(x => x.Group == group && x.Name == name);
                    if (c == null) { row.AddRange(new[] { "", "", "", "" }); continue; }
                    var time = c.Time == null ? "" : c.Time.Describe() + " per " + c.Time.Per;
                    if (c.Note != null) time += " (" + c.Note + ")";
                    row.Add(time);
                    row.Add(c.Ratio == null ? "" : c.Baseline ? "1× (baseline)" : c.Ratio.Describe());
                    row.Add((c.BytesPerOp == null ? "n/a" : c.BytesPerOp.Value.ToString("0.#", CultureInfo.InvariantCulture)) + (c.AllocationNote != null ? "*" : ""));
                    row.Add(c.Syscalls != null
                        ? string.Join(" ", c.Syscalls.Select(s => s.Key + "=" + s.Value)) + " per " + c.SyscallsPer
                        : c.SyscallNote ?? "");
                }
                table.Rows.Add(row);
            }
            foreach (var r in results)
            {
                table.Notes.Add($"{r.Runtime}: {r.Seconds:0.#} s" + (r.Error != null ? " — not measured: " + r.Error : ""));
                table.Notes.AddRange(r.Notes.Select(n => $"{r.Runtime}: {n}"));
                table.Notes.AddRange(r.Cases.Where(c => c.AllocationNote != null).Select(c => $"{r.Runtime}: * {c.Name}: {c.AllocationNote}").Distinct());
            }
            return table;
        }
    }
}
