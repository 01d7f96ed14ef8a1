namespace StreamConformance.Scenarios
{
    /// <summary>
    /// One seed experiment, reproduced inside the runtime under test (the probe runs it): its cases timed with
    /// spread, with allocations and syscalls where the meters apply, beside the figures the seed published.
    /// </summary>
    public interface IScenario
    {
        /// <summary>Command-line name, e.g. "small-chunks".</summary>
        string Name { get; }

        /// <summary>The seed document it reproduces and what that document published, e.g. "seed 000 (…): 6.4 s vs 0.3 s".</summary>
        string Source { get; }

        /// <summary>Runs every case at <see cref="ScenarioContext.Size"/> times the default size.</summary>
        ScenarioResult Run(ScenarioContext context);
    }
}
