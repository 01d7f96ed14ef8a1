using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// Several files as one parameter (a list or array of strings named as paths or files): a read gets the content in two
    /// files, its first half and the rest, so that the checks read across the seam; a write gets one new file, read back
    /// from disk. An empty list (<see cref="CollectionArguments"/>) would give a reader nothing to read: .NET IoT's
    /// <c>FileSetStream(IEnumerable&lt;string&gt; fileNames)</c> built with one reported "no argument gives it content".
    /// </summary>
    public sealed class PathListArguments : IArgumentSource
    {
        /// <summary>Whether the parameter is a list or array of strings named as paths or files.</summary>
        public static bool Takes(ParameterInfo parameter)
        {
            var name = (parameter.Name ?? "").ToLowerInvariant();
            return CollectionArguments.ListElementOf(parameter.ParameterType) == typeof(string) && (name.Contains("path") || name.Contains("file"));
        }

        public IReadOnlyList<Argument> For(ParameterInfo parameter)
        {
            if (!Takes(parameter)) return new Argument[0];
            var array = parameter.ParameterType.IsArray;
            var (open, close) = array ? ("new string[] { ", " }") : ("new System.Collections.Generic.List<string> { ", " }");
            var label = (array ? "string[]" : "List<string>") + " of files";
            return new[]
            {
                new Argument(label, open + "firstHalfPath, secondHalfPath" + close + " /* files holding the content's halves */",
                    open + "path" + close + " /* a new file */", scope => Make(scope, array)),
            };
        }

        static object Make(BuildScope scope, bool array)
        {
            var paths = new List<string>();
            if (scope.ForReading && !scope.ContentGiven)
            {
                scope.ContentGiven = true;
                var content = scope.Content;
                var half = content.Length / 2;
                foreach (var part in new[] { content.Take(half).ToArray(), content.Skip(half).ToArray() })
                {
                    var file = new TempFile(scope.Scratch, "synthesized", part);
                    scope.Owned.Add(file);
                    paths.Add(file.Path);
                }
            }
            else if (!scope.ForReading && scope.ReadBack == null)
            {
                var file = new TempFile(scope.Scratch, "synthesized");
                scope.Owned.Add(file);
                scope.ReadBack = () => File.Exists(file.Path) ? file.ReadAll() : new byte[0];
                paths.Add(file.Path);
            }
            return array ? paths.ToArray() : (object)paths;
        }
    }
}
