using System;
using System.Collections.Generic;
using System.Linq;
using MathNet.Numerics.Statistics;
using Perfolizer.Mathematics.SignificanceTesting.Base;
using Perfolizer.Mathematics.SignificanceTesting.MannWhitney;
using Perfolizer.Metrology;
using Pragmastat;
using Pragmastat.Metrology;

namespace StreamConformance.Compare
{
    /// <summary>
    /// ResultsComparer's rule on two sets of per-round samples: a one-sided Mann–Whitney U test each way with the
    /// threshold built into the hypothesis (is the candidate slower than the baseline made threshold% slower?),
    /// then a noise floor on the shift of the medians. Distribution-free, so the skew of timing rounds (an
    /// interruption only ever adds time) does not matter.
    /// </summary>
    public static class RankTest
    {
        /// <summary>Too few rounds on a side for the test to reach any usual significance level.</summary>
        public const int MinSamples = 3;

        public static RunComparison.ChangeKind? Decide(IReadOnlyList<double> before, IReadOnlyList<double> after, CompareSettings settings)
        {
            if (before.Count < MinSamples || after.Count < MinSamples) return null;
            var x = new Sample(before.ToArray());
            var y = new Sample(after.ToArray());
            var threshold = new Threshold(new Measurement(100 * settings.Threshold, PercentUnit.Instance));
            // Perform(a, b, Greater, t) tests a > b·(1 + t).
            var slower = (double)MannWhitneyTest.Instance.Perform(y, x, AlternativeHypothesis.Greater, threshold).PValue < settings.Alpha;
            var faster = (double)MannWhitneyTest.Instance.Perform(x, y, AlternativeHypothesis.Greater, threshold).PValue < settings.Alpha;
            if (slower == faster) return null;
            if (Math.Abs(after.Median() - before.Median()) <= settings.Noise) return null;
            return slower ? RunComparison.ChangeKind.Regression : RunComparison.ChangeKind.Improvement;
        }
    }
}
