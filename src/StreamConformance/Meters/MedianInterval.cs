using System;
using System.Collections.Generic;
using MathNet.Numerics.Distributions;

namespace StreamConformance.Meters
{
    /// <summary>
    /// A distribution-free confidence interval for the median of a few samples: the order statistics x(k+1) and
    /// x(n−k), with k the most samples that can be left out at each end while P(Binomial(n, ½) ≤ k) stays within
    /// the tail (1 − <see cref="Level"/>) / 2. No shape is assumed, which matters for batch times: an interruption
    /// only ever adds time, so their distribution is skewed and a mean ± t·s interval would be wrong.
    /// </summary>
    /// <remarks>
    /// With 11 rounds the interval is [x(2), x(10)] at 98.8% coverage; with 5 (a quick sweep) no rank can be left
    /// out and it is [min, max] at 93.75%: <see cref="Coverage"/> says which.
    /// </remarks>
    public readonly struct MedianInterval
    {
        /// <summary>The coverage aimed at.</summary>
        public const double Level = 0.95;

        MedianInterval(double low, double high, double coverage)
        {
            Low = low;
            High = high;
            Coverage = coverage;
        }

        public double Low { get; }
        public double High { get; }

        /// <summary>The interval's actual coverage: at least <see cref="Level"/> unless the samples are too few.</summary>
        public double Coverage { get; }

        public bool Contains(double value) => value >= Low && value <= High;

        /// <summary>The interval from samples sorted in ascending order.</summary>
        public static MedianInterval OfSorted(IReadOnlyList<double> sorted)
        {
            var n = sorted.Count;
            if (n == 0) throw new ArgumentException("no samples", nameof(sorted));
            // Leaving k samples out at each end, the median falls outside with probability 2·P(B ≤ k), B ~ Binomial(n, ½).
            var tail = (1 - Level) / 2;
            var k = 0;
            while (k + 1 <= (n - 1) / 2 && Binomial.CDF(0.5, n, k + 1) <= tail) k++;
            var coverage = 1 - 2 * Binomial.CDF(0.5, n, k);
            return new MedianInterval(sorted[k], sorted[n - 1 - k], coverage);
        }
    }
}
