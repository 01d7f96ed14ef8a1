using System.Collections.Generic;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace StreamConformance.Patching
{
    /// <summary>
    /// Compiles a patch's replacement source against the target runtime's own assemblies (not reference packs):
    /// the shadow type declares the private fields and methods the bodies use, and the weaver maps them by name and
    /// signature onto the runtime's. A source that does not compile is an <see cref="InputException"/> quoting the
    /// compiler's first error.
    /// </summary>
    public static class ReplacementCompiler
    {
        /// <summary>Marks the members whose bodies are woven (and the externs that call a member's original body); added to
        /// every compilation, so patches need no reference.</summary>
        public const string AttributeSource = @"namespace StreamConformance.Patching
{
    [System.AttributeUsage(System.AttributeTargets.Method | System.AttributeTargets.Property | System.AttributeTargets.Constructor)]
    internal sealed class ReplaceAttribute : System.Attribute { }

    [System.AttributeUsage(System.AttributeTargets.Method)]
    internal sealed class OriginalAttribute : System.Attribute { public OriginalAttribute(string member) { } }
}
";
        public const string AttributeFullName = "StreamConformance.Patching.ReplaceAttribute";

        /// <summary>Marks an extern of the shadow that stands for the runtime's own body of the named member, kept beside the
        /// replacement: a guard in front of a body the replacement cannot be written as (an async method's).</summary>
        public const string OriginalAttributeFullName = "StreamConformance.Patching.OriginalAttribute";

        /// <summary>Warnings a shadow type raises by design: it conflicts with the imported type (CS0436), declares
        /// extern stubs (CS0626), fields never assigned or used (CS0649, CS0169, CS0414), members hiding others (CS0108, CS0114).</summary>
        static readonly string[] s_expectedWarnings = { "CS0436", "CS0626", "CS0649", "CS0169", "CS0414", "CS0108", "CS0114", "CS0109" };

        /// <param name="sourcePath">The replacement file.</param>
        /// <param name="references">The runtime's assemblies to compile against (core library first).</param>
        /// <param name="flavor">"coreclr" or "mono": defined as CORECLR or MONO for #if.</param>
        public static byte[] Compile(string sourcePath, IEnumerable<string> references, string flavor)
        {
            var parse = new CSharpParseOptions(LanguageVersion.Latest, preprocessorSymbols: new[] { flavor.ToUpperInvariant() });
            var trees = new[]
            {
                CSharpSyntaxTree.ParseText(File.ReadAllText(sourcePath), parse, sourcePath),
                CSharpSyntaxTree.ParseText(AttributeSource, parse, "ReplaceAttribute.cs"),
            };
            var options = new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary,
                    optimizationLevel: OptimizationLevel.Release, allowUnsafe: true, nullableContextOptions: NullableContextOptions.Disable)
                .WithSpecificDiagnosticOptions(s_expectedWarnings.ToDictionary(id => id, _ => ReportDiagnostic.Suppress));
            var compilation = CSharpCompilation.Create("streamconf-patch-" + Path.GetFileNameWithoutExtension(sourcePath), trees,
                references.Distinct().Select(r => MetadataReference.CreateFromFile(r)), options);
            using var output = new MemoryStream();
            var result = compilation.Emit(output);
            var error = result.Diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error).OrderBy(d => d.Location.SourceSpan.Start).FirstOrDefault();
            if (!result.Success)
                throw new InputException($"patch: {Describe(error, sourcePath)}");
            return output.ToArray();
        }

        static string Describe(Diagnostic? error, string sourcePath)
        {
            if (error == null) return $"{sourcePath}: does not compile";
            var span = error.Location.GetLineSpan();
            return $"{sourcePath}({span.StartLinePosition.Line + 1},{span.StartLinePosition.Character + 1}): error {error.Id}: {error.GetMessage(System.Globalization.CultureInfo.InvariantCulture)}";
        }
    }
}
