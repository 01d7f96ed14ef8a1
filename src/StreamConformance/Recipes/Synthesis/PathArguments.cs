using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>A string named as a path or file: a file in the scratch folder holding the content (read) or not there yet (write, read back from disk).</summary>
    public sealed class PathArguments : IArgumentSource
    {
        static readonly string[] Names = { "path", "file" };

        public static bool IsPath(ParameterInfo parameter) =>
            parameter.ParameterType == typeof(string) && Names.Any((parameter.Name ?? "").ToLowerInvariant().Contains);

        public IReadOnlyList<Argument> For(ParameterInfo parameter)
        {
            if (!IsPath(parameter)) return new Argument[0];
            return new[]
            {
                new Argument("path", "path /* a file holding content */", "path /* a new file */", scope =>
                {
                    var file = new TempFile(scope.Scratch, "synthesized", scope.ForReading ? scope.Content : null);
                    scope.Owned.Add(file);
                    if (scope.ForReading) scope.ContentGiven = true;
                    else if (scope.ReadBack == null) scope.ReadBack = () => File.Exists(file.Path) ? file.ReadAll() : new byte[0];
                    return file.Path;
                }),
            };
        }
    }
}
