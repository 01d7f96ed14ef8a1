using System.Linq;
using System.Text;

namespace StreamConformance.Reports.Matrix
{
    /// <summary>The matrix for an issue or a PR: per section, the rows whose runtimes differ, the cell that stands out in bold.</summary>
    public static class MatrixMarkdown
    {
        /// <summary>"" when the run has fewer than two runtimes with figures (the per-call cost table already shows one).</summary>
        public static string Render(RuntimeMatrix matrix)
        {
            if (matrix.Runtimes.Count < 2 || matrix.Sections.All(s => s.Rows.Count == 0)) return "";
            var sb = new StringBuilder();
            sb.Append("## Runtime matrix\n\n");
            sb.Append("The same figure on each runtime of the run, only the rows where runtimes differ; **bold**: the runtime that parts from the others. ")
              .Append("Every row: `--html`.\n");
            foreach (var section in matrix.Sections.Where(s => s.Rows.Count > 0))
            {
                var differing = section.Differing.ToList();
                sb.Append("\n### ").Append(section.Title).Append("\n\n").Append(section.Legend).Append(' ');
                if (differing.Count == 0)
                {
                    sb.Append("No row of ").Append(section.Rows.Count).Append(" differs.\n");
                    continue;
                }
                sb.Append(differing.Count).Append(" of ").Append(section.Rows.Count).Append(" rows differ.\n\n");
                sb.Append("| ").Append(section.Measure == MatrixMeasure.Syscalls ? "stream | scenario | parameters" : "type | variant | operation").Append(" | ")
                  .Append(string.Join(" | ", matrix.Runtimes.Select(r => Cell(r.Title)))).Append(" |\n");
                sb.Append("|---|---|---|").Append(string.Concat(matrix.Runtimes.Select(_ => "---:|"))).Append('\n');
                foreach (var row in differing)
                {
                    sb.Append("| `").Append(Cell(row.Subject)).Append("` | ").Append(Cell(row.Variant)).Append(" | ").Append(Cell(row.Operation)).Append(" |");
                    foreach (var cell in row.Cells)
                        sb.Append(' ').Append(cell.StandsOut ? "**" + Cell(cell.Display) + "**" : Cell(cell.Display)).Append(" |");
                    sb.Append('\n');
                }
            }
            return sb.ToString();
        }

        static string Cell(string text) => Markup.MarkdownCell(text).Replace("*", "\\*");
    }
}
