#if MONO_CORLIB
using System;
using System.Diagnostics;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Checks;
using StreamConformance.Findings;
using StreamConformance.Recipes;
using StreamConformance.Reports;
using StreamConformance.Results;
using StreamConformance.Tests.Isolation;

namespace StreamConformance.Tests.Reports
{
    /// <summary>
    /// The repro programs on classic Mono: a finding's program, written from what the check kept, compiled with Mono's
    /// own C# compiler (mcs) and run under mono, prints the wrong behaviour the finding names.
    /// </summary>
    [TestFixture]
    public sealed class FindingReproMonoTests
    {
        static string CompileAndRun(string program, params string[] references)
        {
            var folder = Path.Combine(Path.GetTempPath(), "streamconf-repro-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(folder);
            try
            {
                var source = Path.Combine(folder, "Repro.cs");
                File.WriteAllText(source, program);
                foreach (var reference in references) File.Copy(reference, Path.Combine(folder, Path.GetFileName(reference)));
                var exe = Path.Combine(folder, "Repro.exe");
                var refs = string.Join(" ", new[] { "System.Data.dll", "System.Net.Http.dll" }.Concat(references.Select(Path.GetFileName)).Select(r => "-r:" + r));
                var (code, output) = Run("mcs", $"-nologo -out:Repro.exe {refs} Repro.cs", folder);
                Assert.That(code, Is.EqualTo(0), output + "\n" + program);
                (code, output) = Run("mono", "Repro.exe", folder);
                Assert.That(code, Is.EqualTo(0), output);
                return output;
            }
            finally
            {
                try { Directory.Delete(folder, true); }
                catch (IOException) { }
            }
        }

        static (int Code, string Output) Run(string file, string arguments, string folder)
        {
            var start = new ProcessStartInfo(file, arguments)
            {
                WorkingDirectory = folder,
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                UseShellExecute = false,
            };
            using var process = Process.Start(start)!;
            var stderr = process.StandardError.ReadToEndAsync();
            var stdout = process.StandardOutput.ReadToEnd();
            Assert.That(process.WaitForExit(60000), Is.True, file + " did not end");
            return (process.ExitCode, stdout + stderr.Result);
        }

        static CheckResult Checked(string check, StreamRecipe recipe)
        {
            var result = CheckCatalog.Select(check).Single().Run(recipe, new CheckContext()).Single();
            result.Runtime = "mono";
            result.Type = recipe.TypeName;
            result.Variant = recipe.Variant;
            return result;
        }

        [Test]
        public void ASequenceFaultsProgramPrintsTheWrongAnswerOnMono()
        {
            var faulty = RepoPaths.FaultyStreams("net472");
            var type = System.Reflection.Assembly.LoadFrom(faulty).GetType("FaultyStreams.ReadAheadSeekStream", true)!;
            var result = Checked("seek.random-walk", GenericShapes.For(type).Single());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Repro, Is.Not.Null);
            Assert.That(result.Repro!.Steps.Count, Is.InRange(2, 10), string.Join(", ", result.Repro.Steps));
            var program = FindingRepro.For(FindingBuilder.Build(new[] { result }).Single(), out var why);
            Assert.That(program, Is.Not.Null, why);
            Assert.That(CompileAndRun(program!, faulty), Does.Match(@"Seek\(-?\d+, SeekOrigin.Current\): -?\d+ \(expected -?\d+\)  <-- WRONG"));
        }

        /// <summary>Mono 6.8's MemoryStream over an array window returns the index into the array from Seek (a finding of the default Mono sweep).</summary>
        [Test]
        public void MonosMemoryStreamWindowSeekIsReplayed()
        {
            var result = Checked("seek.origins", new MemoryStreamWindowRecipe());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            var program = FindingRepro.For(FindingBuilder.Build(new[] { result }).Single(), out var why);
            Assert.That(program, Is.Not.Null, why);
            Assert.That(CompileAndRun(program!), Does.Match(@"Seek\(10, SeekOrigin.Begin\): 26 \(expected 10\)  <-- WRONG"));
        }
    }
}
#endif
