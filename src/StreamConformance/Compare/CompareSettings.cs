namespace StreamConformance.Compare
{
    // One concept: how compare tells a timing change from noise, and the test that decides it.

    /// <summary>How compare tells a timing change from noise (docs/compare.md).</summary>
    public sealed class CompareSettings
    {
        /// <summary>Relative change of a timing figure that counts, as ResultsComparer's <c>--threshold</c> (0.15 = 15%).</summary>
        public double Threshold { get; set; } = 0.15;

        /// <summary>
        /// Absolute change of a ratio below which it is never a change, in units of the baseline's time per call
        /// (0.1 = a tenth of a MemoryStream.ReadByte call), as ResultsComparer's <c>--noise</c> is in ns.
        /// </summary>
        public double Noise { get; set; } = 0.1;

        /// <summary>Significance level of each one-sided Mann–Whitney test: low, since a sweep compares about a thousand figures.</summary>
        public double Alpha { get; set; } = 0.01;

        /// <summary>Which test decides a timing figure that has per-round samples on both sides.</summary>
        public TimingTest Test { get; set; } = TimingTest.Rank;

        /// <summary>These settings with the threshold raised to at least <paramref name="threshold"/>.</summary>
        public CompareSettings WithThresholdAtLeast(double threshold) =>
            new CompareSettings { Threshold = System.Math.Max(Threshold, threshold), Noise = Noise, Alpha = Alpha, Test = Test };
    }

    public enum TimingTest
    {
        /// <summary>Mann–Whitney U on the pooled per-round samples, beyond the threshold and the noise floor; intervals where there are no samples.</summary>
        Rank,
        /// <summary>Confidence intervals only (the rule before samples were kept): the sides' intervals must part and the medians differ beyond the threshold.</summary>
        Intervals,
    }
}
