using System;
using System.IO;
using StreamConformance.Meters.Syscalls;

namespace StreamConformance.Scenarios
{
    /// <summary>Per-run settings a scenario gets inside the probe (never statics).</summary>
    public sealed class ScenarioContext
    {
        /// <summary>Multiplier of the default size (1 = the default, chosen to finish within a minute here).</summary>
        public double Size { get; set; } = 1;

        /// <summary>Scratch folder for the scenario's files (removed by the host).</summary>
        public string TempDirectory { get; set; } = Path.GetTempPath();

        /// <summary>The syscall meter for this runtime; null when the run has none (in-process tests that skip it).</summary>
        public SyscallMeter? Syscalls { get; set; }

        /// <summary>Called now and then during long cases so the host's watchdog knows the probe is alive.</summary>
        public Action Heartbeat { get; set; } = () => { };

        /// <summary>A count scaled by <see cref="Size"/>, never below <paramref name="minimum"/>.</summary>
        public int Scaled(int count, int minimum = 1) => Math.Max(minimum, (int)Math.Round(count * Size));
    }
}
