#if NET
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Compare;
using StreamConformance.Findings;
using StreamConformance.Reports;
using StreamConformance.Results;

namespace StreamConformance.Tests.Compare
{
    /// <summary>
    /// A servicing update compared as a before/after: two runs of one flavour whose runtimes are named by version
    /// (<c>wasm-10.0.11</c>, <c>wasm-10.0.15</c>) are compared result by result and finding by finding.
    /// </summary>
    public class RuntimePairingTests
    {
        static RunDocument Run(params (string Name, string Flavor)[] runtimes)
        {
            var doc = new RunDocument();
            foreach (var (name, flavor) in runtimes)
                doc.Runtimes.Add(new RuntimeRun { Runtime = new RuntimeInfo { Name = name, Flavor = flavor, Version = name.Split('-').Last() } });
            return doc;
        }

        static CheckResult Result(string runtime, string type, string check, Outcome outcome, params (string Name, double Value)[] metrics)
        {
            var r = new CheckResult { Runtime = runtime, Type = type, Variant = "default", Check = check, Outcome = outcome, Message = outcome == Outcome.Fail ? "Write(buffer, 2, 4) stored 10 bytes; expected 4" : "" };
            foreach (var (name, value) in metrics) r.WithMetric(name, value);
            return r;
        }

        /// <summary>The pack before (10.0.11) and after (10.0.15): a contract fault fixed, 8 bytes per call less, one figure alike.</summary>
        static (RunAnalysis Before, RunAnalysis After) ServicingUpdate()
        {
            var before = Run(("wasm-10.0.11", "wasm"));
            before.Results.Add(Result("wasm-10.0.11", "System.Data.SqlTypes.StreamOnSqlBytes", "write-byte.round-trip", Outcome.Fail));
            before.Results.Add(Result("wasm-10.0.11", "System.IO.BufferedStream", "budget.alloc.read-byte", Outcome.Pass, ("bytesPerCall", 32), ("exact", 1)));
            before.Results.Add(Result("wasm-10.0.11", "System.IO.MemoryStream", "budget.alloc.read-byte", Outcome.Pass, ("bytesPerCall", 0), ("exact", 1)));
            var after = Run(("wasm-10.0.15", "wasm"));
            after.Results.Add(Result("wasm-10.0.15", "System.Data.SqlTypes.StreamOnSqlBytes", "write-byte.round-trip", Outcome.Pass));
            after.Results.Add(Result("wasm-10.0.15", "System.IO.BufferedStream", "budget.alloc.read-byte", Outcome.Pass, ("bytesPerCall", 24), ("exact", 1)));
            after.Results.Add(Result("wasm-10.0.15", "System.IO.MemoryStream", "budget.alloc.read-byte", Outcome.Pass, ("bytesPerCall", 0), ("exact", 1)));
            return (RunAnalysis.Of(before), RunAnalysis.Of(after));
        }

        [Test]
        public void TwoPacksOfOneFlavourAreComparedResultByResult()
        {
            var (before, after) = ServicingUpdate();
            var c = new RunComparison(before, after);
            Assert.That(c.Runtimes.Renamed, Is.EqualTo(new[] { ("wasm-10.0.11", "wasm-10.0.15") }));
            Assert.That(c.Added, Is.Empty, "every result of the candidate has its baseline");
            Assert.That(c.Removed, Is.Empty);
            Assert.That(c.Changes.Select(x => (x.Kind, x.Result.Runtime, x.Result.Type, x.What)), Is.EquivalentTo(new[]
            {
                (RunComparison.ChangeKind.Improvement, "wasm-10.0.15", "System.Data.SqlTypes.StreamOnSqlBytes", "fail → pass"),
                (RunComparison.ChangeKind.Improvement, "wasm-10.0.15", "System.IO.BufferedStream", "bytesPerCall: 32 → 24"),
            }));
            Assert.That(c.CountsCompared, Is.EqualTo(2));
        }

        [Test]
        public void AFindingOfTheOlderPackIsFixedNotGoneAndAnotherNew()
        {
            var (before, after) = ServicingUpdate();
            var c = new RunComparison(before, after);
            Assert.That(c.Findings.Fixed.Select(f => (f.Id, f.Runtime)), Is.EqualTo(new[]
            {
                (FindingBuilder.IdOf("wasm-10.0.11", "System.Data.SqlTypes.StreamOnSqlBytes", "write-byte.round-trip"), "wasm-10.0.11"),
            }));
            Assert.That(c.Findings.New, Is.Empty);

            // The same finding on both packs is unchanged, not one new and one fixed; shown under the candidate's id.
            var (stillBefore, _) = ServicingUpdate();
            var stillAfter = Run(("wasm-10.0.15", "wasm"));
            stillAfter.Results.Add(Result("wasm-10.0.15", "System.Data.SqlTypes.StreamOnSqlBytes", "write-byte.round-trip", Outcome.Fail));
            var kept = new RunComparison(stillBefore, RunAnalysis.Of(stillAfter));
            Assert.That(kept.Findings.New, Is.Empty);
            Assert.That(kept.Findings.Fixed, Is.Empty);
            Assert.That(kept.Findings.Unchanged.Select(f => f.Id), Is.EqualTo(new[] { FindingBuilder.IdOf("wasm-10.0.15", "System.Data.SqlTypes.StreamOnSqlBytes", "write-byte.round-trip") }));
            Assert.That(kept.Findings.HasNewFailure, Is.False);
        }

        [Test]
        public void ThePairingIsStatedInTheComment()
        {
            var (before, after) = ServicingUpdate();
            var w = new StringWriter();
            ComparisonMarkdown.Write(new RunComparison(before, after), w);
            Assert.That(w.ToString(), Does.Contain("Compared as one runtime: wasm-10.0.11 → wasm-10.0.15."));
        }

        [Test]
        public void RuntimesOfAnotherFlavourOrNamedAlikeAreNotRepaired()
        {
            var before = Run(("wasm-10.0.11", "wasm"), ("mono", "mono"), ("dotnet", "coreclr"));
            var after = Run(("wasm-10.0.15", "wasm"), ("mono", "mono"), ("dotnet-9.0", "coreclr"), ("dotnet-8.0", "coreclr"));
            var p = RuntimePairing.Of(new[] { before }, new[] { after });
            Assert.That(p.Renamed, Is.EqualTo(new[] { ("wasm-10.0.11", "wasm-10.0.15") }), "two CoreCLR names for one: which is its pair cannot be told");
            Assert.That(p.BaselineNameOf("mono"), Is.EqualTo("mono"));
            Assert.That(p.BaselineNameOf("dotnet-9.0"), Is.EqualTo("dotnet-9.0"));
        }

        /// <summary>
        /// The 10.0.11 and 10.0.15 packs' MemoryStream ReadAsync(Memory), both skipped as within the meter's noise: 377.6
        /// and 600.5 ns/call (a loaded machine) is no change.
        /// </summary>
        [Test]
        public void ATimingFigureASideSkippedIsNotCompared()
        {
            var before = Run(("wasm-10.0.11", "wasm"));
            before.Results.Add(Result("wasm-10.0.11", "System.IO.MemoryStream", "budget.latency.read-async-memory", Outcome.Skip, ("nsPerCall", 377.598)));
            var after = Run(("wasm-10.0.15", "wasm"));
            after.Results.Add(Result("wasm-10.0.15", "System.IO.MemoryStream", "budget.latency.read-async-memory", Outcome.Skip, ("nsPerCall", 600.517)));
            var c = new RunComparison(RunAnalysis.Of(before), RunAnalysis.Of(after));
            Assert.That(c.Changes, Is.Empty);
            Assert.That((c.Unmeasured, c.IntervalTested), Is.EqualTo((1, 0)));

            // The same figures, measured on both sides, are a change.
            before.Results[0].Outcome = Outcome.Inconclusive;
            after.Results[0].Outcome = Outcome.Inconclusive;
            var measured = new RunComparison(RunAnalysis.Of(before), RunAnalysis.Of(after));
            Assert.That(measured.Changes.Select(x => x.What), Is.EqualTo(new[] { "nsPerCall: 377.598 → 600.517" }));
        }

        [Test]
        public void ARunWithoutItsRuntimesPairsByNameOnly()
        {
            var before = new RunDocument();
            before.Results.Add(Result("wasm-10.0.11", "System.IO.MemoryStream", "read-byte.values", Outcome.Pass));
            var after = new RunDocument();
            after.Results.Add(Result("wasm-10.0.15", "System.IO.MemoryStream", "read-byte.values", Outcome.Pass));
            var c = new RunComparison(RunAnalysis.Of(before), RunAnalysis.Of(after));
            Assert.That(c.Runtimes.Renamed, Is.Empty);
            Assert.That((c.Added.Count, c.Removed.Count), Is.EqualTo((1, 1)));
        }
    }
}
#endif
