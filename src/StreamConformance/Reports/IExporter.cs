using System.IO;

namespace StreamConformance.Reports
{
    /// <summary>Renders a run's <see cref="RunAnalysis"/> in one output format; it works out nothing the analysis does not hold.</summary>
    public interface IExporter
    {
        /// <summary>"json", "markdown", "html".</summary>
        string Format { get; }

        void Export(RunAnalysis analysis, TextWriter writer);
    }
}
