using System;
using System.Collections.Generic;
using System.Linq;

namespace StreamConformance.Scenarios
{
    /// <summary>The scenarios by name, in the seeds' order.</summary>
    public static class ScenarioCatalog
    {
        public static readonly IReadOnlyList<IScenario> All = new IScenario[]
        {
            new SmallChunksScenario(), new MmfViewsScenario(), new ByteAtATimeScenario(), new AsyncVsSyncScenario(), new PerItemCommitScenario(),
        };

        public static IScenario? Find(string name) => All.FirstOrDefault(s => string.Equals(s.Name, name, StringComparison.Ordinal));

        /// <summary>Runs one scenario and times it; an exception becomes the result's error, not a lost run.</summary>
        public static ScenarioResult Run(IScenario scenario, ScenarioContext context)
        {
            var clock = System.Diagnostics.Stopwatch.StartNew();
            ScenarioResult result;
            try { result = scenario.Run(context); }
            catch (Exception e)
            {
                result = new ScenarioResult { Scenario = scenario.Name, Source = scenario.Source, Error = $"{e.GetType().FullName}: {e.Message}" };
            }
            result.Seconds = clock.Elapsed.TotalSeconds;
            result.Version = Runtimes.RuntimeResolver.CurrentVersion();
            return result;
        }
    }
}
