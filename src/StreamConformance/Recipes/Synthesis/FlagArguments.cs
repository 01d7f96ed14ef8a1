using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>A bool (each value) or an enum (each distinct defined value, a compression mode or level among them).</summary>
    public sealed class FlagArguments : IArgumentSource
    {
        const int MaxEnumValues = 8;

        /// <summary>
        /// The values FileStream's own shorter overloads open a file with (FileStream(path, mode): read and write, shared for
        /// reading, no options), with a mode that opens the content's file or makes the sink's: tried first, so a library's
        /// (path, FileMode, FileAccess, FileShare, bufferSize, FileOptions) does not spend its trials on CreateNew with Read,
        /// which FileStream refuses (ZoneTree's LocalFileStream met its limit on those before reaching one that opens).
        /// </summary>
        static readonly object[] FileOpening = { FileMode.OpenOrCreate, FileAccess.ReadWrite, FileShare.Read, FileOptions.None };

        static bool OpensFileAs(object value) => Array.IndexOf(FileOpening, value) >= 0;

        public IReadOnlyList<Argument> For(ParameterInfo parameter)
        {
            var type = parameter.ParameterType;
            if (type == typeof(bool))
                return new[] { Argument.Constant(false, "false", "false"), Argument.Constant(true, "true", "true") };
            if (!type.IsEnum) return new Argument[0];
            var name = CSharpNames.Of(type);
            return Enum.GetValues(type).Cast<object>()
                .GroupBy(v => Convert.ToInt64(v, System.Globalization.CultureInfo.InvariantCulture)).Select(g => g.First())
                .OrderBy(v => OpensFileAs(v) ? 0 : 1) // stable: the rest keep their declared order
                .Take(MaxEnumValues)
                .Select(v => Argument.Constant(v, v.ToString()!, $"{name}.{v}"))
                .ToList();
        }
    }
}
