using System;
using System.IO;

namespace StreamConformance.Reports
{
    /// <summary>
    /// A report destination, checked before any work starts (a path that cannot be written is an input error
    /// up front, not after a ten-minute sweep) and written atomically (a temp file renamed into place), so a
    /// failed or interrupted run leaves nothing half-written.
    /// </summary>
    public sealed class OutputFile
    {
        /// <summary>A run's report in <paramref name="exporter"/>'s format, written with <see cref="Write"/>.</summary>
        public OutputFile(string path, IExporter exporter) : this(path, exporter.Format) => Exporter = exporter;

        /// <summary>A destination for text that is not a run's report (a patch's evidence, an inventory), written with <see cref="WriteText"/>.</summary>
        public OutputFile(string path, string format)
        {
            Path = System.IO.Path.GetFullPath(path);
            Format = format;
            var dir = System.IO.Path.GetDirectoryName(Path)!;
            if (Directory.Exists(Path))
                throw new InputException($"{path}: is a folder, expected a file to write the {format} report to");
            if (!Directory.Exists(dir))
                throw new InputException($"{path}: cannot be written (folder {dir} does not exist)");
            var probe = System.IO.Path.Combine(dir, $".streamconf-{Guid.NewGuid():N}.tmp");
            try
            {
                File.WriteAllText(probe, "");
                File.Delete(probe);
            }
            catch (Exception e) when (e is IOException || e is UnauthorizedAccessException)
            {
                throw new InputException($"{path}: cannot be written ({e.Message})");
            }
        }

        public string Path { get; }
        /// <summary>"json", "markdown", "html".</summary>
        public string Format { get; }
        /// <summary>What renders a run into it; null for other text.</summary>
        public IExporter? Exporter { get; }

        public void Write(RunAnalysis analysis) =>
            WriteText(w => (Exporter ?? throw new InvalidOperationException($"{Path}: a {Format} page, not a run's report")).Export(analysis, w));

        public void WriteText(Action<TextWriter> write)
        {
            var temp = Path + $".{Guid.NewGuid():N}.tmp";
            try
            {
                using (var writer = new StreamWriter(temp, false, new System.Text.UTF8Encoding(false)))
                    write(writer);
                if (File.Exists(Path)) File.Delete(Path);
                File.Move(temp, Path);
            }
            finally
            {
                if (File.Exists(temp)) File.Delete(temp);
            }
        }
    }
}
