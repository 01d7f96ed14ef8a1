using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Newtonsoft.Json;
using StreamConformance.Meters;

namespace StreamConformance.Scenarios
{
    // One concept: a time figure with its spread, and the ratio of two such figures.
    /// <summary>
    /// A time with its spread: the median of the samples and the distribution-free interval of that median
    /// (<see cref="MedianInterval"/>), in seconds per <see cref="Per"/>.
    /// </summary>
    public sealed class TimeFigure
    {
        [JsonProperty("per")] public string Per { get; set; } = "";
        [JsonProperty("median")] public double Median { get; set; }
        [JsonProperty("low")] public double Low { get; set; }
        [JsonProperty("high")] public double High { get; set; }
        [JsonProperty("samples")] public int Samples { get; set; }
        [JsonProperty("coverage")] public double Coverage { get; set; }

        /// <summary>The figure of <paramref name="seconds"/> samples, each divided by <paramref name="operations"/>.</summary>
        public static TimeFigure Of(IEnumerable<double> seconds, string per, double operations = 1)
        {
            var sorted = seconds.Select(s => s / operations).OrderBy(s => s).ToList();
            var interval = MedianInterval.OfSorted(sorted);
            return new TimeFigure
            {
                Per = per,
                Median = MathNet.Numerics.Statistics.Statistics.Median(sorted),
                Low = interval.Low,
                High = interval.High,
                Samples = sorted.Count,
                Coverage = interval.Coverage,
            };
        }

        /// <summary>Runs <paramref name="round"/> (which returns the seconds it measured) <paramref name="rounds"/> times.</summary>
        public static TimeFigure Measure(int rounds, Func<double> round, string per, double operations = 1, Action? heartbeat = null)
        {
            var samples = new List<double>();
            for (var i = 0; i < rounds; i++)
            {
                samples.Add(round());
                heartbeat?.Invoke();
            }
            return Of(samples, per, operations);
        }

        public static RatioFigure Ratio(TimeFigure x, TimeFigure baseline) => new RatioFigure
        {
            Median = x.Median / baseline.Median,
            // The ratio of two intervals at their far ends: wide, but it cannot claim more than both figures support.
            Low = x.Low / baseline.High,
            High = x.High / baseline.Low,
        };

        /// <summary>"1.23 ms [1.20–1.31]" with a unit chosen for the median.</summary>
        public string Describe()
        {
            var (scale, unit) = Median >= 1 ? (1.0, "s") : Median >= 1e-3 ? (1e3, "ms") : Median >= 1e-6 ? (1e6, "µs") : (1e9, "ns");
            string F(double v) => (v * scale).ToString(v * scale >= 100 ? "0" : v * scale >= 10 ? "0.0" : "0.00", CultureInfo.InvariantCulture);
            return $"{F(Median)} {unit} [{F(Low)}–{F(High)}]";
        }
    }

    /// <summary>A case's time over its baseline's: the medians' ratio and the bounds the two intervals allow.</summary>
    public sealed class RatioFigure
    {
        [JsonProperty("median")] public double Median { get; set; }
        [JsonProperty("low")] public double Low { get; set; }
        [JsonProperty("high")] public double High { get; set; }

        public string Describe()
        {
            string F(double v) => v.ToString(v >= 100 ? "0" : v >= 10 ? "0.0" : "0.00", CultureInfo.InvariantCulture);
            return $"{F(Median)}× [{F(Low)}–{F(High)}]";
        }
    }
}
