using System;
using System.Collections.Generic;
using MathNet.Numerics.Statistics;
using StreamConformance.Results;

namespace StreamConformance.Compare
{
    /// <summary>
    /// One metric on one side: its first run's figure, the median over runs, and the interval it spans — every
    /// run's confidence interval where the figure has one (a median of timed rounds), else its figures' range.
    /// </summary>
    public sealed class MetricSpread
    {
        public double First { get; private set; }
        public double Value { get; private set; }
        public double Low { get; private set; }
        public double High { get; private set; }
        public int Runs { get; private set; }

        public static MetricSpread? Of(List<CheckResult> results, string name)
        {
            var values = new List<double>();
            double low = double.MaxValue, high = double.MinValue;
            foreach (var r in results)
            {
                if (r.Metrics == null || !r.Metrics.TryGetValue(name, out var value)) continue;
                values.Add(value);
                low = Math.Min(low, r.Metrics.TryGetValue(MetricNames.CiLow(name), out var ciLow) ? ciLow : value);
                high = Math.Max(high, r.Metrics.TryGetValue(MetricNames.CiHigh(name), out var ciHigh) ? ciHigh : value);
            }
            if (values.Count == 0) return null;
            return new MetricSpread { First = values[0], Value = values.Median(), Low = low, High = high, Runs = values.Count };
        }
    }
}
