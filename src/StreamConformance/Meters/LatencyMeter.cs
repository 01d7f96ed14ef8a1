using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using StreamConformance.Recipes;

namespace StreamConformance.Meters
{
    /// <summary>
    /// Nanoseconds per call, as the median of several timed batches, and above all as ratios measured in the
    /// same process moments apart: to a baseline (MemoryStream.ReadByte or WriteByte through the same harness)
    /// and to the limit (a plain loop reading a byte[], the cheapest way managed code gets one byte).
    /// </summary>
    /// <remarks>
    /// Every call goes through a delegate in a counted loop. That harness cost is measured with an empty
    /// delegate and subtracted from the operation and from the baseline alike; the limit loop has no harness
    /// and is taken as is. A figure that falls below the harness noise is clamped to 0 and its ratio is 0.
    /// Absolute figures depend on the machine and its load: report them, never assert them.
    /// </remarks>
    public static class LatencyMeter
    {
        /// <summary>Measures an operation on a recipe's stream and, right before, the baseline, the harness and the limit.</summary>
        public static LatencyMeasurement Measure(StreamOperation operation, StreamRecipe recipe, bool quick = false)
        {
            var settings = quick ? LatencySettings.Quick : LatencySettings.Normal;
            var harness = TimeHarness(settings);
            var limit = TimeLimit(settings);
            var baselineOperation = operation.Kind == OperationKind.Write ? StreamOperations.WriteByte : StreamOperations.ReadByte;
            var baseline = Time(baselineOperation, BaselineRecipe.Instance, settings, harness.Median);
            var measured = Time(operation, recipe, settings, harness.Median);
            return new LatencyMeasurement(measured, baseline, harness, limit);
        }

        /// <summary>Times one operation: calibrates the batch size, warms up, then times batches of calls (net of the harness).</summary>
        public static BatchTimes Time(StreamOperation operation, StreamRecipe recipe, LatencySettings settings, double harnessNs)
        {
            var calls = CallsPerBatch(operation, recipe, settings);
            var sessionCalls = recipe.CanSeek ? 2 * calls : calls * (settings.Batches + 1);
            using var session = operation.Open(recipe, sessionCalls, out var why) ?? throw new InvalidOperationException(why);
            var call = session.Call;
            for (var i = 0; i < calls; i++) call();
            var perCall = new double[settings.Batches];
            for (var b = 0; b < perCall.Length; b++)
            {
                session.Rewind();
                var start = Stopwatch.GetTimestamp();
                for (var i = 0; i < calls; i++) call();
                var end = Stopwatch.GetTimestamp();
                perCall[b] = Math.Max(0, Nanoseconds(end - start) / calls - harnessNs);
            }
            if (session.Anomaly != null) throw new InvalidOperationException($"{operation.Title}: {session.Anomaly}");
            return new BatchTimes(perCall, calls);
        }

        /// <summary>Calls per batch so that a batch lasts about <see cref="LatencySettings.BatchNanoseconds"/>.</summary>
        static int CallsPerBatch(StreamOperation operation, StreamRecipe recipe, LatencySettings settings)
        {
            const int probeCalls = 64;
            using var session = operation.Open(recipe, 2 * probeCalls, out var why) ?? throw new InvalidOperationException(why);
            var call = session.Call;
            for (var i = 0; i < probeCalls; i++) call();
            var start = Stopwatch.GetTimestamp();
            for (var i = 0; i < probeCalls; i++) call();
            var perCall = Nanoseconds(Stopwatch.GetTimestamp() - start) / probeCalls;
            var calls = perCall <= 0 ? settings.MaxCallsPerBatch : settings.BatchNanoseconds / perCall;
            return (int)Math.Max(settings.MinCallsPerBatch, Math.Min(settings.MaxCallsPerBatch, calls));
        }

        /// <summary>The harness alone: an empty delegate called in the same loop.</summary>
        public static BatchTimes TimeHarness(LatencySettings settings)
        {
            Action empty = Empty;
            var calls = settings.MaxCallsPerBatch;
            for (var i = 0; i < calls; i++) empty();
            var perCall = new double[settings.Batches];
            for (var b = 0; b < perCall.Length; b++)
            {
                var start = Stopwatch.GetTimestamp();
                for (var i = 0; i < calls; i++) empty();
                perCall[b] = Nanoseconds(Stopwatch.GetTimestamp() - start) / calls;
            }
            return new BatchTimes(perCall, calls);
        }

        static void Empty() { }

        static readonly byte[] s_limitData = Checks.CheckContext.Content(1 << 16);
        internal static int LimitSink;

        /// <summary>The limit: a plain loop summing a byte[] (per byte, loop included).</summary>
        public static BatchTimes TimeLimit(LatencySettings settings)
        {
            var data = s_limitData;
            var perCall = new double[settings.Batches];
            var sum = SumBytes(data);
            for (var b = 0; b < perCall.Length; b++)
            {
                var start = Stopwatch.GetTimestamp();
                sum += SumBytes(data);
                perCall[b] = Nanoseconds(Stopwatch.GetTimestamp() - start) / data.Length;
            }
            LimitSink = sum;
            return new BatchTimes(perCall, data.Length);
        }

        static int SumBytes(byte[] data)
        {
            var sum = 0;
            for (var i = 0; i < data.Length; i++) sum += data[i];
            return sum;
        }

        static double Nanoseconds(long ticks) => ticks * 1e9 / Stopwatch.Frequency;

        /// <summary>The baseline stream: a MemoryStream over an array (reads) or a growable MemoryStream (writes).</summary>
        [NotInCatalog]
        sealed class BaselineRecipe : StreamRecipe
        {
            public static readonly BaselineRecipe Instance = new BaselineRecipe();
            public override string TypeName => "System.IO.MemoryStream";
            public override bool CanSeek => true;
            public override bool IsBuffered => true;
            public override StreamFixture? OpenRead(byte[] content) => new StreamFixture(new MemoryStream(content, writable: false));
            public override StreamFixture? OpenWrite() => new StreamFixture(new MemoryStream());
        }
    }

    /// <summary>How long the latency meter spends: batches per figure and the size of a batch.</summary>
    public sealed class LatencySettings
    {
        public static readonly LatencySettings Normal = new LatencySettings { Batches = 9, BatchNanoseconds = 1_000_000 };
        public static readonly LatencySettings Quick = new LatencySettings { Batches = 5, BatchNanoseconds = 300_000 };

        public int Batches { get; set; }
        public double BatchNanoseconds { get; set; }
        public int MinCallsPerBatch { get; set; } = 100;
        public int MaxCallsPerBatch { get; set; } = 10_000;
    }

    /// <summary>Nanoseconds per call of each batch.</summary>
    public sealed class BatchTimes
    {
        public BatchTimes(IReadOnlyList<double> perCall, int callsPerBatch)
        {
            PerCall = perCall;
            CallsPerBatch = callsPerBatch;
            var sorted = perCall.OrderBy(x => x).ToArray();
            Median = sorted.Length % 2 == 1 ? sorted[sorted.Length / 2] : (sorted[sorted.Length / 2 - 1] + sorted[sorted.Length / 2]) / 2;
            Min = sorted[0];
            Max = sorted[sorted.Length - 1];
        }

        public IReadOnlyList<double> PerCall { get; }
        public int CallsPerBatch { get; }
        public double Median { get; }
        public double Min { get; }
        public double Max { get; }
        public int Calls => PerCall.Count * CallsPerBatch;
    }

    /// <summary>An operation's time per call with everything it is compared to.</summary>
    public sealed class LatencyMeasurement
    {
        public LatencyMeasurement(BatchTimes operation, BatchTimes baseline, BatchTimes harness, BatchTimes limit)
        {
            Operation = operation;
            Baseline = baseline;
            Harness = harness;
            Limit = limit;
        }

        /// <summary>The operation, net of the harness.</summary>
        public BatchTimes Operation { get; }
        /// <summary>MemoryStream.ReadByte or WriteByte, net of the harness.</summary>
        public BatchTimes Baseline { get; }
        /// <summary>An empty delegate call in the same loop: already subtracted from Operation and Baseline.</summary>
        public BatchTimes Harness { get; }
        /// <summary>Summing a byte[] in a plain loop, per byte.</summary>
        public BatchTimes Limit { get; }

        public double RatioToBaseline => Ratio(Operation.Median, Baseline.Median);
        public double RatioToLimit => Ratio(Operation.Median, Limit.Median);

        /// <summary>0 when the operation is below the harness noise; capped at 1e9 when the reference is.</summary>
        static double Ratio(double value, double reference) => value <= 0 ? 0 : reference <= 0 ? 1e9 : value / reference;
    }
}
