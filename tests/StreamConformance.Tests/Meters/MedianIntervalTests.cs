using System.Linq;
using NUnit.Framework;
using StreamConformance.Meters;

namespace StreamConformance.Tests.Meters
{
    public class MedianIntervalTests
    {
        /// <summary>
        /// Ranks and coverage of the distribution-free interval, worked by hand from Binomial(n, ½):
        /// n = 11 leaves one sample out at each end (P(B ≤ 1) = 12/2048); n = 20 leaves five (P(B ≤ 5) = 21700/2^20);
        /// n = 5 cannot leave any out and covers 1 − 2/32.
        /// </summary>
        [TestCase(11, 2, 10, 1 - 24.0 / 2048)]
        [TestCase(20, 6, 15, 1 - 43400.0 / 1048576)]
        [TestCase(5, 1, 5, 0.9375)]
        [TestCase(1, 1, 1, 0)]
        public void TheIntervalIsTheOrderStatisticsTheBinomialAllows(int n, int lowRank, int highRank, double coverage)
        {
            var samples = Enumerable.Range(1, n).Select(i => (double)i).ToArray();
            var interval = MedianInterval.OfSorted(samples);
            Assert.That(interval.Low, Is.EqualTo(lowRank));
            Assert.That(interval.High, Is.EqualTo(highRank));
            Assert.That(interval.Coverage, Is.EqualTo(coverage).Within(1e-12));
        }

        [Test]
        public void AnIntervalContainsItsEnds()
        {
            var interval = MedianInterval.OfSorted(new[] { 1.0, 2, 3, 4, 5 });
            Assert.That(interval.Contains(1) && interval.Contains(5) && interval.Contains(3), Is.True);
            Assert.That(interval.Contains(0.99) || interval.Contains(5.01), Is.False);
        }

        [Test]
        public void BatchTimesTakeTheirMedianAndIntervalFromTheSortedBatches()
        {
            var times = new BatchTimes(new[] { 9.0, 1, 8, 2, 7, 3, 6, 4, 5, 11, 10 }, callsPerBatch: 100);
            Assert.That(times.Median, Is.EqualTo(6));
            Assert.That((times.Min, times.Max), Is.EqualTo((1.0, 11.0)));
            Assert.That((times.Interval.Low, times.Interval.High), Is.EqualTo((2.0, 10.0)));
        }
    }
}
