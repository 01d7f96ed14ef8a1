using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using StreamConformance.Meters.Syscalls;
using StreamConformance.Recipes;

namespace StreamConformance.Budgets
{
    // One concept: a parsed budget file and its parts: ceilings per meter and per stream class, per-type overrides.

    /// <summary>
    /// A parsed budget file: ceilings per operation for buffered and unbuffered streams, optional per-runtime
    /// sections, and per-type overrides that each carry a reason. See docs/budgets.md for the format.
    /// </summary>
    /// <remarks>
    /// For one stream, operation and meter, the most specific rule that sets the meter's ceiling wins:
    /// a matching override (exact operation beats "*", then a given variant, then a given runtime; the later
    /// entry wins a tie), then the runtime section, then the defaults; in a section an exact operation beats "*".
    /// Streams whose recipe says <see cref="StreamRecipe.IsBuffered"/> take the "buffered" class, others "unbuffered".
    /// </remarks>
    public sealed class BudgetSet
    {
        internal const string DefaultResourceName = "StreamConformance.Budgets.default.json";
        internal const string Wildcard = "*";

        static readonly Lazy<BudgetSet> s_default = new Lazy<BudgetSet>(LoadDefault);

        internal BudgetSet(string source, IReadOnlyDictionary<string, ClassCeilings> defaults,
            IReadOnlyDictionary<string, IReadOnlyDictionary<string, ClassCeilings>> runtimes, IReadOnlyList<BudgetOverride> overrides,
            SyscallRules? syscallDefaults, IReadOnlyDictionary<string, SyscallRules> syscallRuntimes)
        {
            Source = source;
            Defaults = defaults;
            Runtimes = runtimes;
            Overrides = overrides;
            SyscallDefaults = syscallDefaults;
            SyscallRuntimes = syscallRuntimes;
        }

        /// <summary>The built-in budgets: budgets/default.json of the repository, embedded in the library.</summary>
        public static BudgetSet Default => s_default.Value;

        /// <summary>The file (or resource) the budgets were read from, for messages.</summary>
        public string Source { get; }

        /// <summary>Stream class ("buffered", "unbuffered") → operation or "*" → ceilings.</summary>
        internal IReadOnlyDictionary<string, ClassCeilings> Defaults { get; }

        /// <summary>Runtime key (flavor "mono"/"coreclr" or a run's runtime name) → the same shape as <see cref="Defaults"/>.</summary>
        internal IReadOnlyDictionary<string, IReadOnlyDictionary<string, ClassCeilings>> Runtimes { get; }

        internal IReadOnlyList<BudgetOverride> Overrides { get; }

        /// <summary>The "syscalls" section of the defaults, if any.</summary>
        internal SyscallRules? SyscallDefaults { get; }

        /// <summary>Runtime key → that runtime section's "syscalls".</summary>
        internal IReadOnlyDictionary<string, SyscallRules> SyscallRuntimes { get; }

        /// <summary>"buffered" or "unbuffered": the class of budgets a recipe's streams take.</summary>
        public static string ClassOf(StreamRecipe recipe) => recipe.IsBuffered ? "buffered" : "unbuffered";

        /// <summary>
        /// The budget for <paramref name="operation"/> (a <see cref="Meters.StreamOperation.Name"/>) on streams of
        /// <paramref name="recipe"/>, on a runtime known by any of <paramref name="runtimeKeys"/>; null when no rule sets one.
        /// </summary>
        public Budget? Find(BudgetMeter meter, string operation, StreamRecipe recipe, IReadOnlyCollection<string> runtimeKeys)
        {
            var best = Overrides
                .Select((o, index) => (o, index))
                .Where(x => x.o.Ceilings.Of(meter) != null && x.o.Matches(recipe, operation, runtimeKeys))
                .OrderByDescending(x => x.o.Specificity(operation)).ThenByDescending(x => x.index)
                .Select(x => x.o)
                .FirstOrDefault();
            if (best != null)
                return new Budget(meter, best.Ceilings.Of(meter)!.Value, $"override for {best.Describe()}: {best.Reason}");

            var streamClass = ClassOf(recipe);
            foreach (var key in runtimeKeys)
            {
                if (Runtimes.TryGetValue(key, out var section)
                    && Lookup(section, streamClass, operation, meter) is { } runtimeCeiling)
                    return new Budget(meter, runtimeCeiling, $"{key} default for {streamClass} streams");
            }
            return Lookup(Defaults, streamClass, operation, meter) is { } ceiling
                ? new Budget(meter, ceiling, $"default for {streamClass} streams")
                : null;
        }

        /// <summary>
        /// The figure <paramref name="allowance"/> (a name from <see cref="SyscallBudgets.Allowances"/>) for a syscall
        /// cell on a runtime known by any of <paramref name="runtimeKeys"/>; null when no rule sets it. Precedence as
        /// for <see cref="Find"/>: an override for the type the cell measures (a more specific cell pattern first, then
        /// a given runtime, then the later entry), then the runtime section, then the defaults; in a section the most
        /// specific matching pattern that sets the allowance.
        /// </summary>
        public SyscallAllowance? FindSyscall(string allowance, SyscallCell cell, IReadOnlyCollection<string> runtimeKeys)
        {
            var type = SyscallBudgets.TypeOf(cell.Scenario);
            var best = Overrides
                .Select((o, index) => (o, index, found: o.Syscalls != null && o.Type == type && (o.Runtime == null || runtimeKeys.Contains(o.Runtime))
                    ? o.Syscalls.Find(allowance, cell) : null))
                .Where(x => x.found != null)
                .OrderByDescending(x => x.found!.Value.Pattern.Specificity * 2 + (x.o.Runtime != null ? 1 : 0)).ThenByDescending(x => x.index)
                .FirstOrDefault();
            if (best.found is { } o)
                return new SyscallAllowance(allowance, o.Value,
                    $"override for {best.o.Type} \"{o.Pattern}\"{(best.o.Runtime != null ? " on " + best.o.Runtime : "")}: {best.o.Reason}");

            foreach (var key in runtimeKeys)
            {
                if (SyscallRuntimes.TryGetValue(key, out var rules) && rules.Find(allowance, cell) is { } r)
                    return new SyscallAllowance(allowance, r.Value, $"{key} \"{r.Pattern}\"");
            }
            return SyscallDefaults?.Find(allowance, cell) is { } d ? new SyscallAllowance(allowance, d.Value, $"default \"{d.Pattern}\"") : null;
        }

        static double? Lookup(IReadOnlyDictionary<string, ClassCeilings> section, string streamClass, string operation, BudgetMeter meter)
        {
            if (!section.TryGetValue(streamClass, out var byOperation)) return null;
            return byOperation.Of(operation, meter);
        }

        static BudgetSet LoadDefault()
        {
            using var stream = typeof(BudgetSet).Assembly.GetManifestResourceStream(DefaultResourceName)
                ?? throw new InvalidOperationException($"resource {DefaultResourceName} is missing from the library");
            using var reader = new StreamReader(stream);
            return BudgetLoader.Parse(reader.ReadToEnd(), "budgets/default.json");
        }
    }

    /// <summary>Ceilings of one meter set or not.</summary>
    internal sealed class Ceilings
    {
        public double? BytesPerCall { get; set; }
        public double? RatioToBaseline { get; set; }
        public double? RatioToInner { get; set; }

        public double? Of(BudgetMeter meter) => meter switch
        {
            BudgetMeter.Allocation => BytesPerCall,
            BudgetMeter.Wrapping => RatioToInner,
            _ => RatioToBaseline,
        };
    }

    /// <summary>Operation name or "*" → ceilings, for one stream class.</summary>
    internal sealed class ClassCeilings
    {
        public ClassCeilings(IReadOnlyDictionary<string, Ceilings> byOperation) => ByOperation = byOperation;

        public IReadOnlyDictionary<string, Ceilings> ByOperation { get; }

        /// <summary>The exact operation's ceiling when it sets this meter, else the "*" entry's.</summary>
        public double? Of(string operation, BudgetMeter meter)
        {
            if (ByOperation.TryGetValue(operation, out var exact) && exact.Of(meter) is { } value) return value;
            return ByOperation.TryGetValue(BudgetSet.Wildcard, out var any) ? any.Of(meter) : null;
        }
    }

    /// <summary>A per-type exception to the defaults, with the reason it is acceptable.</summary>
    internal sealed class BudgetOverride
    {
        public string Type { get; set; } = "";
        public string? Variant { get; set; }
        public string? Runtime { get; set; }
        public string Operation { get; set; } = BudgetSet.Wildcard;
        public Ceilings Ceilings { get; set; } = new Ceilings();
        /// <summary>Set for a syscall override (which then sets no <see cref="Ceilings"/>).</summary>
        public SyscallRules? Syscalls { get; set; }
        public string Reason { get; set; } = "";

        public bool Matches(StreamRecipe recipe, string operation, IReadOnlyCollection<string> runtimeKeys) =>
            Type == recipe.TypeName
            && (Variant == null || Variant == recipe.Variant)
            && (Runtime == null || runtimeKeys.Contains(Runtime))
            && (Operation == BudgetSet.Wildcard || Operation == operation);

        public int Specificity(string operation) =>
            (Operation == operation ? 4 : 0) + (Variant != null ? 2 : 0) + (Runtime != null ? 1 : 0);

        public string Describe() =>
            Type + (Variant != null ? $" [{Variant}]" : "") + (Operation != BudgetSet.Wildcard ? " " + Operation : "") + (Runtime != null ? " on " + Runtime : "");
    }
}
