using System;
using System.Collections.Generic;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Budgets;
using StreamConformance.Checks;
using StreamConformance.Checks.Syscalls;
using StreamConformance.Meters.Syscalls;
using StreamConformance.Reports;
using StreamConformance.Results;

namespace StreamConformance.Tests.Syscalls
{
    /// <summary>
    /// Every syscall family of <see cref="SyscallFamilies.All"/> is known to every layer that reads it: one check
    /// measures it, its cells run only its scenarios, each scenario has its code and its bounds, and the syscall table
    /// shows it. No strace needed: this is the bookkeeping a new family must get right.
    /// </summary>
    public class SyscallFamilyTests
    {
        static IReadOnlyList<SyscallCheck> Checks => CheckCatalog.All.OfType<SyscallCheck>().ToList();

        [Test]
        public void EveryFamilyHasOneCheckAndEveryCheckAFamily()
        {
            Assert.That(Checks.Select(c => c.Family), Is.EquivalentTo(SyscallFamilies.All));
            foreach (var check in Checks)
                Assert.That(check.Name, Is.EqualTo(check.Family!.Check));
        }

        [Test]
        public void ACheckRunsEveryScenarioOfItsFamilyAndNoOther([Values] bool quick)
        {
            var context = new CheckContext { Quick = quick };
            foreach (var check in Checks)
                Assert.That(check.Cells(context).Select(c => c.Scenario).Distinct(), Is.EquivalentTo(check.Family!.Scenarios.Select(s => s.Name)), check.Name);
        }

        [Test]
        public void ACellCarriesTheParametersItsScenarioDeclares()
        {
            var context = new CheckContext();
            foreach (var check in Checks)
                foreach (var cell in check.Cells(context))
                    Assert.That(cell.Parameters.Select(p => p.Key), Is.EqualTo(SyscallFamilies.Scenarios[cell.Scenario].Parameters), cell.Id);
        }

        /// <summary>The traced child finds scenarios by name: every scenario of a family this runtime can run has its code.</summary>
        [Test]
        public void EveryScenarioHasItsCode()
        {
            var names = typeof(ISyscallScenario).Assembly.GetTypes()
                .Where(t => !t.IsAbstract && typeof(ISyscallScenario).IsAssignableFrom(t) && t.GetConstructor(Type.EmptyTypes) != null)
                .Select(t => ((ISyscallScenario)Activator.CreateInstance(t)!).Name)
                .ToList();
            Assert.That(names, Is.Unique);
            foreach (var check in Checks.Where(c => c.RuntimeUnsupportedReason == null))
                foreach (var scenario in check.Family!.Scenarios)
                    Assert.That(names, Does.Contain(scenario.Name), check.Name);
        }

        /// <summary>Every cell gets bounds from the built-in budgets: <see cref="SyscallBudgets.For"/> knows its scenario and the file sets every figure it needs.</summary>
        [Test]
        public void EveryCellHasBoundsFromTheBuiltInBudgets([Values("coreclr", "mono")] string runtime)
        {
            var context = new CheckContext();
            foreach (var check in Checks)
                foreach (var cell in check.Cells(context))
                {
                    var bounds = SyscallBudgets.For(cell, 10, name => BudgetSet.Default.FindSyscall(name, cell, new[] { runtime }));
                    Assert.That(bounds.Budgets, Is.Not.Empty, cell.Id);
                    Assert.That(bounds.Missing, Is.Empty, cell.Id);
                }
        }

        [Test]
        public void TheTableShowsEveryFamilyInOrderWithItsStream()
        {
            var doc = new RunDocument();
            doc.Runtimes.Add(new RuntimeRun { Runtime = new RuntimeInfo { Name = "dotnet", Flavor = "coreclr", Version = "10.0.12" } });
            var context = new CheckContext();
            foreach (var check in Checks.Reverse())
            {
                var cell = check.Cells(context)[0];
                doc.Results.Add(new CheckResult { Runtime = "dotnet", Type = SyscallCheck.HostType, Variant = SyscallCheck.HostVariant,
                    Check = SyscallCheck.CellName(check.Name, cell), Outcome = Outcome.Pass, Message = "within budget" });
            }
            var rows = SyscallTable.From(doc).Rows;
            Assert.That(rows.Select(r => "syscalls." + r.Family), Is.EqualTo(SyscallFamilies.All.Select(f => f.Check)));
            Assert.That(rows.Select(r => r.Stream), Is.EqualTo(SyscallFamilies.All.Select(f => f.Stream)));
        }
    }
}
