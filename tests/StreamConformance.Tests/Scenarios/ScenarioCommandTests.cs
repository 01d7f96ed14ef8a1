#if NET
using System;
using NUnit.Framework;
using StreamConformance.Tests.Cli;

namespace StreamConformance.Tests.Scenarios
{
    /// <summary>`streamconf scenario` refuses bad input with one line naming it and exit code 2, before any probe starts.</summary>
    public class ScenarioCommandTests
    {
        static void AssertBadInput(StreamConfProcess.Outcome outcome, string mustName)
        {
            StreamConfProcess.AssertBadInput(outcome, mustName);
            Assert.That(outcome.StandardOutput, Does.Not.Contain("took"), "no scenario ran");
        }

        [Test]
        public void UnknownScenario() => AssertBadInput(StreamConfProcess.Run("scenario", "small-chunks", "no-such-scenario"), "'no-such-scenario'");

        [Test]
        public void SizeThatIsNotAPositiveNumber()
        {
            AssertBadInput(StreamConfProcess.Run("scenario", "small-chunks", "--size", "abc"), "'abc'");
            AssertBadInput(StreamConfProcess.Run("scenario", "all", "--size", "0"), "'0'");
        }
    }
}
#endif
