using System.IO;
using StreamConformance.Results;

namespace StreamConformance.Reports
{
    /// <summary>Turns a <see cref="RunDocument"/> into one output format. Exporters read only the document.</summary>
    public interface IExporter
    {
        /// <summary>"json", "markdown", "html".</summary>
        string Format { get; }

        void Export(RunDocument document, TextWriter writer);
    }
}
