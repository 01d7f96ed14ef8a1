using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using StreamConformance.Runtimes;

namespace StreamConformance.Patching
{
    /// <summary>
    /// Compiles the programs a patch folder ships to be run on its copies: the upstream-style test
    /// (<see cref="UpstreamTest"/>, a library the probe runs with xUnit's engine) and the repro (a program with a Main
    /// the probe calls). Both compile against the runtime's own assemblies, as a test project compiles against the
    /// shared framework, and the xUnit.net files the probe carries. The original runtime is compiled against, never
    /// the copy: neither may see a member the patch adds.
    /// </summary>
    public static class PatchProgramCompiler
    {
        /// <summary>The framework line tests are written for and run with.</summary>
        public const string Framework = "xunit 2.";

        static readonly string[] s_xunitFiles = { "xunit.core.dll", "xunit.assert.dll", "xunit.abstractions.dll" };

        /// <summary>Compiles <paramref name="sourcePath"/> into <paramref name="outputPath"/>.</summary>
        /// <param name="probeFolder">The folder of the probe build that will run the test (holds the xUnit files).</param>
        /// <param name="support">Sources compiled with it that are not part of the text that goes upstream (stand-ins).</param>
        public static void Compile(string sourcePath, RuntimeTarget original, string probeFolder, string outputPath, bool program = false, IEnumerable<string>? support = null)
        {
            var references = new List<string>();
            foreach (var dir in original.AssemblyDirectories.Concat(original.AssemblyDirectories.Take(1).Select(d => Path.Combine(d, "Facades"))))
                if (Directory.Exists(dir))
                    references.AddRange(Directory.EnumerateFiles(dir, "*.dll").Where(IsManagedAssembly));
            foreach (var file in s_xunitFiles)
            {
                var path = Path.Combine(probeFolder, file);
                if (!File.Exists(path)) throw new InvalidOperationException($"probe build at {probeFolder} has no {file} (run ./build.sh)");
                references.Add(path);
            }
            var name = Path.GetFileNameWithoutExtension(outputPath);
            var parse = new CSharpParseOptions(LanguageVersion.Latest,
                preprocessorSymbols: new[] { original.Flavor == RuntimeFlavor.Mono ? "MONO" : "CORECLR" });
            var trees = new[] { sourcePath }.Concat(support ?? Array.Empty<string>())
                .Select(path => CSharpSyntaxTree.ParseText(File.ReadAllText(path), parse, path)).ToList();
            var options = new CSharpCompilationOptions(program ? OutputKind.ConsoleApplication : OutputKind.DynamicallyLinkedLibrary, optimizationLevel: OptimizationLevel.Debug,
                allowUnsafe: true, nullableContextOptions: NullableContextOptions.Enable);
            var compilation = CSharpCompilation.Create(name, trees,
                references.GroupBy(Path.GetFileName, StringComparer.OrdinalIgnoreCase).Select(g => MetadataReference.CreateFromFile(RuntimeResolver.ResolveLinks(g.First()))),
                options);
            Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(outputPath))!);
            using var output = File.Create(outputPath);
            var result = compilation.Emit(output);
            if (!result.Success)
            {
                var error = result.Diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error).OrderBy(d => d.Location.SourceSpan.Start).First();
                var span = error.Location.GetLineSpan();
                throw new InputException($"patch: {sourcePath}({span.StartLinePosition.Line + 1},{span.StartLinePosition.Character + 1}): error {error.Id}: " +
                                         error.GetMessage(System.Globalization.CultureInfo.InvariantCulture) + $" (compiled against {original.Name} {original.Version})");
            }
        }

        static bool IsManagedAssembly(string path)
        {
            try
            {
                using var stream = File.OpenRead(path);
                using var pe = new PEReader(stream);
                return pe.HasMetadata && pe.GetMetadataReader().IsAssembly;
            }
            catch (BadImageFormatException) { return false; }
        }
    }
}
