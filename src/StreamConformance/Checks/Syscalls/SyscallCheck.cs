using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using StreamConformance.Budgets;
using StreamConformance.Meters.Syscalls;
using StreamConformance.Recipes;
using StreamConformance.Results;

namespace StreamConformance.Checks.Syscalls
{
    /// <summary>
    /// A family of syscall cells, measured in one traced child per run. The cells build their own streams in the
    /// child (it cannot receive the host's recipe object), so the family runs once per runtime: on the recipe
    /// <see cref="HostType"/> [<see cref="HostVariant"/>], and skips every other recipe. Each cell yields one result
    /// named "check[parameters]" with the calls per operation as metrics "syscalls.NAME" plus "operations".
    /// </summary>
    public abstract class SyscallCheck : IStreamCheck
    {
        public const string HostType = "System.IO.FileStream", HostVariant = "default";

        /// <summary>The family this check measures: its name, scenarios and table row (null for a test's own family, which names itself).</summary>
        public virtual SyscallFamily? Family => null;

        public virtual string Name => Family?.Check ?? throw new InvalidOperationException($"{GetType().Name} names neither its family nor itself");

        /// <summary>The matrix this family measures.</summary>
        public abstract IReadOnlyList<SyscallCell> Cells(CheckContext context);

        /// <summary>Assemblies besides the harness's that hold the family's scenarios (a test's own families).</summary>
        public virtual IEnumerable<string> ScenarioAssemblies => new string[0];

        /// <summary>Why the family cannot run on this runtime (API missing), or null.</summary>
        public virtual string? RuntimeUnsupportedReason => null;

        public IEnumerable<CheckResult> Run(StreamRecipe recipe, CheckContext context)
        {
            // The family runs its own scenario matrix once per runtime, when the sweep reaches its host recipe;
            // every other stream gets no result from it (a skip per type would say nothing about that type).
            if (recipe.TypeName != HostType || recipe.Variant != HostVariant || !recipe.IsOsBacked)
                return new CheckResult[0];
            var why = RuntimeUnsupportedReason ?? context.Syscalls.UnavailableReason;
            if (why != null) return new[] { CheckResult.Of(Name, Outcome.Skip, why) };
            return Judge(context.SyscallFamilies.Measure(this, context), context);
        }

        /// <summary>One result per measurement; families that compare cells override this.</summary>
        protected virtual IEnumerable<CheckResult> Judge(IReadOnlyList<SyscallMeasurement> measurements, CheckContext context) =>
            measurements.Select(m => JudgeCell(Name, m, BoundsFor(m, context), BudgetSource(context)));

        /// <summary>The budget file in force: the context's, else the built-in one (as for the alloc/latency budget checks).</summary>
        public static BudgetSet Budgets(CheckContext context) => context.Budgets ?? BudgetSet.Default;

        public static string BudgetSource(CheckContext context) => Budgets(context).Source;

        /// <summary>One allowance for a cell from the budget file in force, on this runtime.</summary>
        public static SyscallAllowance? Allowance(string name, SyscallCell cell, CheckContext context) =>
            Budgets(context).FindSyscall(name, cell, BudgetCheck.RuntimeKeys(context));

        /// <summary>The bounds the budget file in force gives a measured cell.</summary>
        public static SyscallBounds BoundsFor(SyscallMeasurement m, CheckContext context) =>
            SyscallBudgets.For(m.Cell, m.Report.Operations, name => Allowance(name, m.Cell, context));

        public static string CellName(string check, SyscallCell cell) =>
            check + "[" + string.Join(",", cell.Parameters.Select(p => p.Key + "=" + p.Value)) + "]";

        /// <summary>
        /// Applies budgets to one measurement: Skip/Error/Fail from the child's report first, then every bound. A cell
        /// over a bound fails; a cell whose bounds need allowances <paramref name="budgetSource"/> does not set skips
        /// ("no budget"), never passes.
        /// </summary>
        public static CheckResult JudgeCell(string check, SyscallMeasurement m, SyscallBounds bounds, string budgetSource)
        {
            var budgets = bounds.Budgets;
            var name = CellName(check, m.Cell);
            switch (m.Report.Status)
            {
                case SyscallCellReport.Unsupported: return CheckResult.Of(name, Outcome.Skip, m.Report.Message ?? "unsupported");
                case SyscallCellReport.Error: return CheckResult.Of(name, Outcome.Error, m.Report.Message ?? "error");
            }
            var result = WithMetrics(CheckResult.Of(name, Outcome.Pass, ""), m);
            var threads = m.Report.WatchedDescriptors.Count + m.Report.WatchedPaths.Count > 0
                ? $" on the stream's descriptor from any thread ({m.BackgroundTotal} other calls in the region not attributed)"
                : m.Report.AllThreads ? " (all threads between the markers: async I/O)" : "";
            if (m.Report.Status == SyscallCellReport.Wrong)
            {
                result.Outcome = Outcome.Fail;
                result.Message = $"wrong data: {m.Report.Message}; calls{threads}: {m.Describe()}";
                return result;
            }
            var over = budgets.Where(b => !b.Allows(m.FamilyCount(b.Family)))
                .Select(b => $"{b.Family} calls: expected {b.Describe()} ({b.Why}; {b.DescribeSources()}), measured {m.FamilyCount(b.Family)}").ToList();
            var noBudget = bounds.Missing.Count > 0 || budgets.Count == 0
                ? $"no budget: {(bounds.Missing.Count > 0 ? string.Join(", ", bounds.Missing) : "no bound")} for {m.Cell.Scenario} in {budgetSource}"
                : null;
            result.Outcome = over.Count > 0 ? Outcome.Fail : noBudget != null ? Outcome.Skip : Outcome.Pass;
            result.Message = string.Join("; ", over.Concat(new[] { over.Count == 0 && noBudget == null ? "within budget" : noBudget }).Where(x => x != null))
                             + $"; {m.Report.Operations} operations, calls{threads}: {m.Describe()}";
            return result;
        }

        /// <summary>"operations" and "syscalls.NAME" (calls per operation) for every counted name that occurred, plus "syscalls.total".</summary>
        public static CheckResult WithMetrics(CheckResult result, SyscallMeasurement m)
        {
            var ops = m.Report.Operations;
            result.WithMetric("operations", ops);
            if (m.Counts == null || ops <= 0) return result;
            foreach (var c in m.Counts) result.WithMetric("syscalls." + c.Key, (double)c.Value / ops);
            result.WithMetric("syscalls.total", (double)m.Total / ops);
            result.WithMetric(MetricNames.SyscallsBackgroundPrefix + "total", (double)m.BackgroundTotal / ops);
            return result;
        }

        protected static string Str(int value) => value.ToString(CultureInfo.InvariantCulture);
    }
}
