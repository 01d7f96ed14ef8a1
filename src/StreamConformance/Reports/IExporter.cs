using System.IO;

namespace StreamConformance.Reports
{
    /// <summary>
    /// One output format of a run, all of it in one class: it renders a run's <see cref="RunAnalysis"/> and works out
    /// nothing the analysis does not hold. The sweep, report and merge verbs offer it as `--` + <see cref="Format"/>
    /// once it is listed in <see cref="Exporters.All"/>.
    /// </summary>
    public interface IExporter
    {
        /// <summary>"json", "markdown", "html": the option's name without its dashes.</summary>
        string Format { get; }

        /// <summary>The option's help: "Write an HTML report to this file."</summary>
        string Description { get; }

        void Export(RunAnalysis analysis, TextWriter writer);
    }
}
