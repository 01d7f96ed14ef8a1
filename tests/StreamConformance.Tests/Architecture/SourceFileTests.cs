using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using NUnit.Framework;
using StreamConformance.Tests.Isolation;

namespace StreamConformance.Tests.Architecture
{
    /// <summary>
    /// One type per source file, unless the file's types are one concept and a "// One concept: …" line says which: a
    /// newcomer finds a type by its name, or in the file whose line names its family. Read from the sources under src/.
    /// </summary>
    public class SourceFileTests
    {
        // A type declared directly in a namespace block (the sources' four-space indent), after at most one attribute line.
        static readonly Regex TopLevelType = new Regex(
            @"^    (?:\[[^\n]*\]\s*\n    )?(?:(?:public|internal|static|sealed|abstract|partial|readonly|unsafe)\s+)*(?:class|struct|interface|enum|record|delegate\s+[\w<>\[\],.? ]+?)\s+(\w+)",
            RegexOptions.Multiline);

        static readonly Regex ConceptLine = new Regex(@"^\s*// One concept: \S.{10,}$", RegexOptions.Multiline);

        // Source text inside a verbatim string (a program the harness compiles) declares no type of the file.
        static readonly Regex VerbatimString = new Regex(@"@""(?:[^""]|"""")*""");

        internal static List<string> TopLevelTypes(string source) =>
            TopLevelType.Matches(VerbatimString.Replace(source, "\"\"")).Cast<Match>().Select(m => m.Groups[1].Value).ToList();

        [Test]
        public void AFileWithSeveralTypesSaysWhatConceptTheyShare()
        {
            var src = Path.Combine(RepoPaths.Root, "src");
            var several = 0;
            var unexplained = new List<string>();
            foreach (var file in Directory.EnumerateFiles(src, "*.cs", SearchOption.AllDirectories))
            {
                var relative = file.Substring(RepoPaths.Root.Length + 1).Replace('\\', '/');
                if (relative.Contains("/obj/") || relative.Contains("/bin/")) continue;
                var text = File.ReadAllText(file);
                var types = TopLevelTypes(text);
                if (types.Count < 2) continue;
                several++;
                if (!ConceptLine.IsMatch(text)) unexplained.Add(relative + ": " + string.Join(", ", types));
            }
            Assert.That(several, Is.GreaterThan(10), "the scan finds the files that hold a family of types");
            Assert.That(unexplained, Is.Empty, "files with several top-level types and no '// One concept: …' line:\n" + string.Join("\n", unexplained));
        }

        [Test]
        public void TheScanCountsTopLevelTypesOnly()
        {
            const string source = @"namespace N
{
    /// <summary>A.</summary>
    [Serializable]
    public sealed class A
    {
        sealed class Nested { }
    }

    internal static class B { }

    public delegate void Handler(int x);

    enum C { X }

    static class D
    {
        const string Program = @""namespace P
{
    public sealed class NotOfThisFile { }
}"";
    }
}";
            Assert.That(TopLevelTypes(source), Is.EqualTo(new[] { "A", "B", "Handler", "C", "D" }), "not a type declared in a verbatim string");
            Assert.That(ConceptLine.IsMatch(source), Is.False);
            Assert.That(ConceptLine.IsMatch(source.Replace("{\n    /// <summary>A.", "{\n    // One concept: a family of three small types.\n    /// <summary>A.")), Is.True);
        }
    }
}
