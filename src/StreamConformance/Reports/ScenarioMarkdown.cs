using System.Globalization;
using System.Linq;
using StreamConformance.Scenarios;

namespace StreamConformance.Reports
{
    /// <summary>`scenario --markdown`: each scenario's table, its source and the conditions of the run.</summary>
    public static class ScenarioMarkdown
    {
        public static string Render(ScenarioDocument document)
        {
            var sb = new System.Text.StringBuilder();
            sb.AppendLine("# Scenarios").AppendLine();
            sb.AppendLine($"Size ×{document.Size.ToString(CultureInfo.InvariantCulture)}; {document.Machine}; started {document.Started:u}.").AppendLine();
            foreach (var group in document.ByScenario())
            {
                var table = ScenarioTable.Of(group.ToList());
                sb.AppendLine($"## {table.Scenario}").AppendLine().AppendLine(table.Source).AppendLine();
                sb.AppendLine("| " + string.Join(" | ", table.Header.Select(Cell)) + " |");
                sb.AppendLine("|" + string.Concat(table.Header.Select(_ => "---|")));
                foreach (var row in table.Rows) sb.AppendLine("| " + string.Join(" | ", row.Select(Cell)) + " |");
                sb.AppendLine();
                foreach (var note in table.Notes) sb.AppendLine("- " + note);
                sb.AppendLine();
            }
            return sb.ToString();
        }

        static string Cell(string text) => text.Replace("|", "\\|").Replace("\n", " ");
    }
}
