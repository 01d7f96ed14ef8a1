using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// An archive stream carries bytes only inside an entry, as every caller uses it: a writer with a public
    /// <c>PutNextEntry(name)</c> (DotNetZip's and SharpZipLib's ZipOutputStream) puts one entry before its first write; a
    /// reader with a public <c>GetNextEntry()</c> moves to its first entry before its first read. Written before the entry,
    /// it throws by design ("You must call PutNextEntry() before calling Write"), which is no defect of the stream.
    /// </summary>
    public sealed class EntryStep
    {
        /// <summary>The entry's name: a plain file name every archive format takes.</summary>
        public const string EntryName = "entry.bin";

        readonly object?[] _values;
        readonly string[] _sources;

        EntryStep(MethodInfo method, object?[] values, string[] sources)
        {
            Method = method;
            _values = values;
            _sources = sources;
        }

        public MethodInfo Method { get; }

        /// <summary>
        /// The step of <paramref name="type"/>, or null when it has none, or its entry cannot be made from a name. A reader
        /// moves to an entry only where its partner writer (<see cref="PartnerNames"/>) puts one: else nothing it reads has one.
        /// </summary>
        public static EntryStep? For(Type type)
        {
            var put = Put(type);
            if (put != null) return put;
            var next = Methods(type, "GetNextEntry").FirstOrDefault(m => m.GetParameters().Length == 0);
            return next != null && PartnerNames.For(type).Any(p => Put(p) != null) ? new EntryStep(next, new object?[0], new string[0]) : null;
        }

        /// <summary>
        /// Why <paramref name="type"/> cannot be used as its callers use it: it writes only inside an entry, and no
        /// PutNextEntry of it takes an entry made from a name alone (a tar entry needs its size first); null otherwise.
        /// </summary>
        public static string? Unmakeable(Type type)
        {
            var puts = Methods(type, "PutNextEntry").ToList();
            if (puts.Count == 0 || Put(type) != null) return null;
            return $"it writes inside an entry, and no entry for {string.Join(" or ", puts.Select(ConstructionEnumerator.Describe))} can be made from a name alone";
        }

        static IEnumerable<MethodInfo> Methods(Type type, string name) =>
            type.GetMethods(BindingFlags.Public | BindingFlags.Instance).Where(m => !m.ContainsGenericParameters && m.Name == name)
                .OrderBy(m => m.GetParameters().Length).ThenBy(m => m.ToString(), StringComparer.Ordinal);

        static EntryStep? Put(Type type)
        {
            foreach (var method in Methods(type, "PutNextEntry"))
            {
                var parameters = method.GetParameters();
                if (parameters.Length != 1) continue;
                var entryType = parameters[0].ParameterType;
                if (entryType == typeof(string)) return new EntryStep(method, new object?[] { EntryName }, new[] { $"\"{EntryName}\"" });
                // An entry object made from its name alone: new ZipEntry("entry.bin").
                var byName = entryType.IsAbstract ? null : entryType.GetConstructor(new[] { typeof(string) });
                if (byName != null && byName.IsPublic)
                    return new EntryStep(method, new object?[] { byName.Invoke(new object[] { EntryName }) }, new[] { $"new {CSharpNames.Of(entryType)}(\"{EntryName}\")" });
            }
            return null;
        }

        /// <summary>For the variant name: "PutNextEntry(\"entry.bin\")", "GetNextEntry()".</summary>
        public string Label => $"{Method.Name}({string.Join(", ", _sources)})";

        /// <summary>The C# statement on <paramref name="receiver"/>.</summary>
        public string Source(string receiver) => $"{receiver}.{Method.Name}({string.Join(", ", _sources)});";

        /// <summary>Runs the step; an entry object is made again each time (a writer keeps and fills the one it is given).</summary>
        public void Run(object stream)
        {
            var values = _values.Select(v => v == null || v is string ? v : Activator.CreateInstance(v.GetType(), EntryName)).ToArray();
            Reflected.Invoke(Method, stream, values);
        }
    }
}
