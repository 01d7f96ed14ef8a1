using System;
using System.Collections.Generic;
using StreamConformance.Runtimes;

namespace StreamConformance.Sweep
{
    public sealed class SweepOptions
    {
        public List<RuntimeTarget> Runtimes { get; } = new List<RuntimeTarget>();
        /// <summary>User assemblies whose Stream subclasses are swept instead of the runtime's.</summary>
        public List<string> Assemblies { get; } = new List<string>();
        /// <summary>Glob over full type names ("*FileStream*"); null sweeps everything.</summary>
        public string? Filter { get; set; }
        /// <summary>Glob over check names; null runs every check.</summary>
        public string? Checks { get; set; }
        public bool Quick { get; set; }
        /// <summary>Advisories (stricter than dotnet/runtime's own suite) fail instead.</summary>
        public bool Strict { get; set; }
        public int Seed { get; set; } = 20261121;
        public TimeSpan CheckTimeout { get; set; } = TimeSpan.FromSeconds(5);
        public string? BudgetsPath { get; set; }
        /// <summary>Assemblies (simple names) whose load location and module id each probe reports, besides those a runtime copy rewrote.</summary>
        public List<string> ReportAssemblies { get; } = new List<string>();
        /// <summary>Sweep the runtimes side by side (one probe process each) rather than one after the other.</summary>
        public bool Parallel { get; set; } = true;
        /// <summary>What the run calls its machine (results' <c>machine.name</c>); null: the host name.</summary>
        public string? Machine { get; set; }
        /// <summary>Inventories this build read before, by what they were read from; null reads every runtime afresh.</summary>
        public Discovery.InventoryCache? InventoryCache { get; set; }

        /// <summary>The options as a run's document records them (<see cref="Results.RunDocument.Options"/>).</summary>
        public SortedDictionary<string, string> Describe()
        {
            var options = new SortedDictionary<string, string>
            {
                ["quick"] = Quick.ToString().ToLowerInvariant(),
                ["parallel"] = Parallel.ToString().ToLowerInvariant(),
                ["seed"] = Seed.ToString(),
                ["strict"] = Strict.ToString().ToLowerInvariant(),
                ["checkTimeoutSeconds"] = CheckTimeout.TotalSeconds.ToString(System.Globalization.CultureInfo.InvariantCulture),
            };
            if (Filter != null) options["filter"] = Filter;
            if (Checks != null) options["checks"] = Checks;
            if (BudgetsPath != null) options["budgets"] = BudgetsPath;
            if (Assemblies.Count > 0) options["assemblies"] = string.Join(";", Assemblies);
            return options;
        }
    }
}
