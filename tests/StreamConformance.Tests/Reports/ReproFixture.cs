using System;
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
    /// What the repro tests of each runtime share: a check run for real on a recipe and named as a sweep names its
    /// result, the program <c>report --finding</c> writes for it, and FaultyStreams built for this runtime. Each runtime
    /// compiles and runs the program with its own compiler (<see cref="Run"/>).
    /// </summary>
    public abstract class ReproFixture
    {
        /// <summary>The runtime a result is named for, as a sweep names it ("dotnet", "mono").</summary>
        protected abstract string RuntimeName { get; }

        /// <summary>The target framework the tests run as ("net10.0", "net472"): FaultyStreams' build for it.</summary>
        protected abstract string Framework { get; }

        /// <summary>Compiles <paramref name="program"/> (with <paramref name="references"/>) and runs it: what it printed.</summary>
        protected abstract string Run(string program, params string[] references);

        protected string FaultyStreams => RepoPaths.FaultyStreams(Framework);

        protected Type Faulty(string name) => System.Reflection.Assembly.LoadFrom(FaultyStreams).GetType("FaultyStreams." + name, true)!;

        /// <summary>A check run for real on a recipe, as the probe runs it, its result named as a sweep names it.</summary>
        protected CheckResult Checked(string check, StreamRecipe recipe)
        {
            var result = CheckCatalog.Select(check).Single().Run(recipe, new CheckContext()).Single();
            result.Runtime = RuntimeName;
            result.Type = recipe.TypeName;
            result.Variant = recipe.Variant;
            if (result.Outcome == Outcome.Fail) result.Source = StreamConformance.Probe.ProbeRunner.SourceForms(recipe);
            return result;
        }

        /// <summary>The one finding of a failing result.</summary>
        protected static Finding FindingOf(CheckResult result) => FindingBuilder.Build(new[] { result }).Single();

        /// <summary>The program of the finding of <paramref name="result"/>, which must have one.</summary>
        protected static string ProgramOf(CheckResult result) => ProgramOf(FindingOf(result), result.Message);

        /// <summary>The program of <paramref name="finding"/>, which must have one.</summary>
        protected static string ProgramOf(Finding finding, string? message = null)
        {
            var program = FindingRepro.For(finding, out var why);
            Assert.That(program, Is.Not.Null, why + (message == null ? "" : "\n" + message));
            return program!;
        }

        /// <summary>The program's "// reference X" lines: the assemblies beyond the framework's it names.</summary>
        protected static string[] ReferencesNamed(string program) =>
            program.Split('\n').Select(l => l.Trim()).Where(l => l.StartsWith("// reference ", StringComparison.Ordinal))
                .Select(l => l.Substring("// reference ".Length).Trim()).Distinct().ToArray();
    }
}
