using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text.Json;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.EventProcessors;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using StreamConformance.Meters;
using StreamConformance.Recipes;

namespace StreamConformance.Tools.BdnAgreement
{
    /// <summary>
    /// Do the harness's latency ratios agree with BenchmarkDotNet's, and at what cost? Five figures (ReadByte of
    /// MemoryStream, BufferedStream and FileStream, Read(Span) of 100 bytes and WriteByte of BufferedStream),
    /// each measured in one run by BenchmarkDotNet's default job with its MemoryDiagnoser and by the harness's
    /// <see cref="LatencyMeter"/> and <see cref="AllocationMeter"/>, printed side by side: BenchmarkDotNet's mean
    /// ns/op with its 99.9% confidence interval and bytes/op, its ratio to its own MemoryStream.ReadByte (or
    /// WriteByte) with an interval, the harness's ratioToBaseline with its interval and bytes/call, whether the two
    /// ratio intervals overlap, and the wall time each side took per figure and in all.
    /// Usage: bdn-agreement [--json FILE] [--toolchain default|in-process] [--artifacts DIR] [--harness-only]
    /// </summary>
    /// <remarks>
    /// Toolchain: BenchmarkDotNet's default job, out of process: it generates a project next to this one's output,
    /// restores and builds it (the packages come from the local cache, so the registry here is enough: about 40 s on
    /// this 2-core machine) and measures in a child process. That works here and is what the figures in
    /// docs/agreement.md used. <c>--toolchain in-process</c> (<see cref="InProcessEmitToolchain"/>) measures in this
    /// process instead, for a machine where the generated project cannot be restored or built; the run then says so.
    /// The project's assembly name must stay its file name (BdnAgreement): the generator finds the project by it.
    /// Not a test and not part of CI: nothing here asserts a time.
    /// </remarks>
    public static class Program
    {
        sealed record Figure(string Name, StreamOperation Operation, StreamRecipe Recipe, string BdnMethod, string BdnBaseline);

        static readonly Figure[] s_figures =
        {
            new Figure("MemoryStream.ReadByte", StreamOperations.ReadByte, new MemoryStreamReadOnlyRecipe(), nameof(ReadBenchmarks.MemoryStreamReadByte), nameof(ReadBenchmarks.MemoryStreamReadByte)),
            new Figure("BufferedStream.ReadByte", StreamOperations.ReadByte, new BufferedStreamSeekableRecipe(), nameof(ReadBenchmarks.BufferedStreamReadByte), nameof(ReadBenchmarks.MemoryStreamReadByte)),
            new Figure("FileStream.ReadByte", StreamOperations.ReadByte, new FileStreamDefaultRecipe(), nameof(ReadBenchmarks.FileStreamReadByte), nameof(ReadBenchmarks.MemoryStreamReadByte)),
            new Figure("BufferedStream.Read(Span 100)", StreamOperations.ReadSpan100, new BufferedStreamSeekableRecipe(), nameof(ReadBenchmarks.BufferedStreamReadSpan100), nameof(ReadBenchmarks.MemoryStreamReadByte)),
            new Figure("BufferedStream.WriteByte", StreamOperations.WriteByte, new BufferedStreamSeekableRecipe(), nameof(WriteBenchmarks.BufferedStreamWriteByte), nameof(WriteBenchmarks.MemoryStreamWriteByte)),
        };

        public static int Main(string[] args)
        {
            string? json = null, artifacts = null, toolchain = "default";
            var harnessOnly = false;
            for (var i = 0; i < args.Length; i++)
            {
                string Value() => i + 1 < args.Length ? args[++i] : throw new ArgumentException($"{args[i]} needs a value");
                try
                {
                    switch (args[i])
                    {
                        case "--json": json = Value(); break;
                        case "--artifacts": artifacts = Value(); break;
                        case "--toolchain": toolchain = Value(); break;
                        case "--harness-only": harnessOnly = true; break;
                        default: throw new ArgumentException($"unknown argument {args[i]}");
                    }
                }
                catch (ArgumentException e)
                {
                    Console.Error.WriteLine("bdn-agreement: " + e.Message + " (usage: bdn-agreement [--json FILE] [--toolchain default|in-process] [--artifacts DIR] [--harness-only])");
                    return 2;
                }
            }
            if (toolchain != "default" && toolchain != "in-process")
            {
                Console.Error.WriteLine($"bdn-agreement: --toolchain is default or in-process, not {toolchain}");
                return 2;
            }

            Console.WriteLine($"coreclr {Environment.Version}, {Environment.ProcessorCount} cores; {DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC");
            Console.WriteLine("Times are of a shared machine: other work may have run during this run; compare the ratios, not the ns.");
            var keepArtifacts = artifacts != null;
            artifacts = Path.GetFullPath(artifacts ?? Path.Combine(Path.GetTempPath(), "bdn-agreement-" + Guid.NewGuid().ToString("N")));
            Directory.CreateDirectory(artifacts);
            RecipeEnvironment.TempDirectory = Path.Combine(artifacts, "files");
            Directory.CreateDirectory(RecipeEnvironment.TempDirectory);
            try
            {
                var harness = s_figures.Select(MeasureWithHarness).ToArray();
                if (harnessOnly)
                {
                    // The harness's side alone, in seconds: run it in several processes to see how a figure settles per
                    // process, or to compare a meter change with a BenchmarkDotNet run on record (docs/agreement.md).
                    var reference = LatencyReference.Measure();
                    foreach (var (f, h) in s_figures.Zip(harness))
                        Console.WriteLine($"{f.Name,-30} {F(h.Latency.Operation.Median),8} ns  ×{F(h.Latency.RatioToBaseline)} [{F(h.Latency.BaselineRatios.Interval.Low)}..{F(h.Latency.BaselineRatios.Interval.High)}]  ref ×{F(h.Latency.LimitRatios.Median / reference.For(f.Operation.Kind))} [{F(h.Latency.LimitRatios.Interval.Low / reference.For(f.Operation.Kind))}..{F(h.Latency.LimitRatios.Interval.High / reference.For(f.Operation.Kind))}]  {h.BytesPerCall?.ToString("0.##", CultureInfo.InvariantCulture) ?? "-"} B/call  {S(h.Elapsed)} s");
                    return 0;
                }
                var bdnLog = Path.Combine(artifacts, "bdn.log");
                var bdn = MeasureWithBdn(toolchain, artifacts, bdnLog, out var why);
                if (bdn == null)
                {
                    Console.Error.WriteLine($"bdn-agreement: BenchmarkDotNet gave no figures with the {toolchain} toolchain: {why} (log: {bdnLog})");
                    if (toolchain == "default") Console.Error.WriteLine("bdn-agreement: try --toolchain in-process");
                    keepArtifacts = true;
                    return 1;
                }
                var rows = s_figures.Select((f, i) => MakeRow(f, harness[i], bdn)).ToArray();
                Print(rows, bdn, harness);
                if (json != null) WriteJson(json, rows, bdn, harness, toolchain);
                return 0;
            }
            finally
            {
                if (!keepArtifacts)
                    try { Directory.Delete(artifacts, recursive: true); }
                    catch (IOException) { }
                else Console.WriteLine($"BenchmarkDotNet's artifacts and log: {artifacts}");
            }
        }

        // ---------------------------------------------------------------- the harness

        sealed record HarnessFigure(LatencyMeasurement Latency, double? BytesPerCall, TimeSpan Elapsed);

        static HarnessFigure MeasureWithHarness(Figure figure)
        {
            var clock = Stopwatch.StartNew();
            double? bytes = AllocationMeter.UnavailableReason == null
                ? AllocationMeter.Measure(calls => figure.Operation.Open(figure.Recipe, calls, out var why) ?? throw new InvalidOperationException(why)).BytesPerCall
                : null;
            var latency = LatencyMeter.Measure(figure.Operation, figure.Recipe);
            return new HarnessFigure(latency, bytes, clock.Elapsed);
        }

        // ---------------------------------------------------------------- BenchmarkDotNet

        sealed class BdnRun
        {
            public string Toolchain = "";
            public TimeSpan Total, Build;
            public Dictionary<string, BenchmarkReport> Reports = new();
            public Dictionary<string, TimeSpan> RunTime = new();
        }

        /// <summary>Times BenchmarkDotNet's stages and each benchmark's run, as BenchmarkDotNet reports them happening.</summary>
        sealed class Timer : EventProcessor
        {
            readonly Stopwatch _clock = Stopwatch.StartNew();
            TimeSpan _buildStart, _runStart;
            public TimeSpan Build;
            public readonly Dictionary<string, TimeSpan> RunTime = new();

            public override void OnStartBuildStage(IReadOnlyList<BuildPartition> partitions) => _buildStart = _clock.Elapsed;
            public override void OnEndBuildStage() => Build = _clock.Elapsed - _buildStart;
            public override void OnStartRunBenchmark(BenchmarkCase benchmarkCase) => _runStart = _clock.Elapsed;
            public override void OnEndRunBenchmark(BenchmarkCase benchmarkCase, BenchmarkReport report) =>
                RunTime[benchmarkCase.Descriptor.WorkloadMethod.Name] = _clock.Elapsed - _runStart;
        }

        static BdnRun? MeasureWithBdn(string toolchain, string artifacts, string logPath, out string? why)
        {
            var job = toolchain == "in-process" ? Job.Default.WithToolchain(InProcessEmitToolchain.Instance) : Job.Default;
            var timer = new Timer();
            using var log = new StreamWriter(logPath);
            var config = ManualConfig.CreateEmpty()
                .AddColumnProvider(DefaultColumnProviders.Instance)
                .AddLogger(new StreamLogger(log))
                .AddDiagnoser(MemoryDiagnoser.Default)
                .AddJob(job)
                .AddEventProcessor(timer)
                .WithArtifactsPath(Path.Combine(artifacts, "bdn"));
            Console.WriteLine($"BenchmarkDotNet {typeof(Job).Assembly.GetName().Version}, {toolchain} toolchain: running (log: {logPath}) ...");
            var clock = Stopwatch.StartNew();
            var summaries = BenchmarkRunner.Run(new[] { typeof(ReadBenchmarks), typeof(WriteBenchmarks) }, config);
            var run = new BdnRun { Toolchain = toolchain, Total = clock.Elapsed, Build = timer.Build };
            foreach (var summary in summaries)
                foreach (var report in summary.Reports)
                    run.Reports[report.BenchmarkCase.Descriptor.WorkloadMethod.Name] = report;
            foreach (var kv in timer.RunTime) run.RunTime[kv.Key] = kv.Value;
            var failed = run.Reports.Values.Where(r => !r.Success || r.ResultStatistics == null).ToArray();
            why = failed.Length == 0 && run.Reports.Count > 0 ? null
                : failed.FirstOrDefault(r => r.BuildResult is { IsBuildSuccess: false }) is { } unbuilt
                    ? "the generated project did not build: " + FirstLine(unbuilt.BuildResult.ErrorMessage ?? "no message")
                : failed.Length > 0 ? failed.Length + " of " + run.Reports.Count + " benchmarks gave no statistics"
                : "no benchmark ran" + string.Concat(summaries.SelectMany(s => s.ValidationErrors).Select(e => "; " + e.Message));
            return why == null ? run : null;
        }

        static string FirstLine(string text) => text.Split('\n').Select(l => l.Trim()).FirstOrDefault(l => l.Length > 0) ?? "";

        // ---------------------------------------------------------------- side by side

        sealed record Interval(double Low, double High)
        {
            public bool Overlaps(Interval other) => Low <= other.High && other.Low <= High;
        }

        sealed record Row(Figure Figure, double BdnMeanNs, double BdnMedianNs, Interval BdnCi, long? BdnBytes, double BdnRatio, Interval BdnRatioInterval,
            bool BdnIsBaseline, double HarnessNs, double HarnessRatio, Interval HarnessRatioInterval, double HarnessCoverage, double? HarnessBytes,
            string? HarnessUnmeasurable, int HarnessRounds, bool Agree, Interval HarnessBand, bool InBand, TimeSpan BdnTime, TimeSpan HarnessTime);

        static Row MakeRow(Figure figure, HarnessFigure harness, BdnRun bdn)
        {
            var report = bdn.Reports[figure.BdnMethod];
            var baseline = bdn.Reports[figure.BdnBaseline];
            var stats = report.ResultStatistics!;
            var baseStats = baseline.ResultStatistics!;
            var ci = stats.ConfidenceInterval; // 99.9% (BenchmarkDotNet's level), around the mean
            var baseCi = baseStats.ConfidenceInterval;
            var isBaseline = figure.BdnMethod == figure.BdnBaseline;
            // The ratio of the means; its interval from the two 99.9% intervals at their most unfavourable ends
            // (jointly at least 99.8%): a baseline is 1 by definition.
            var ratio = isBaseline ? 1 : stats.Mean / baseStats.Mean;
            var ratioInterval = isBaseline ? new Interval(1, 1)
                : new Interval(ci.Lower / baseCi.Upper, baseCi.Lower > 0 ? ci.Upper / baseCi.Lower : double.PositiveInfinity);
            var t = harness.Latency;
            var harnessInterval = new Interval(t.BaselineRatios.Interval.Low, t.BaselineRatios.Interval.High);
            long? bytes = report.GcStats.GetBytesAllocatedPerOperation(report.BenchmarkCase);
            // The band in which the harness's budget checks give no verdict: its interval widened by the spread between
            // processes it allows for (LatencyMeasurement.ProcessSpread, docs/budgets.md). Reported beside the overlap,
            // not instead of it: it says whether BDN's figure lies where the harness already says "it depends".
            var band = new Interval(harnessInterval.Low / (1 + t.ProcessSpread), harnessInterval.High * (1 + t.ProcessSpread));
            return new Row(figure, stats.Mean, stats.Median, new Interval(ci.Lower, ci.Upper), bytes, ratio, ratioInterval, isBaseline,
                t.Operation.Median, t.RatioToBaseline, harnessInterval, t.BaselineRatios.Interval.Coverage, harness.BytesPerCall,
                t.UnmeasurableReason, t.Rounds, t.UnmeasurableReason == null && harnessInterval.Overlaps(ratioInterval),
                band, t.UnmeasurableReason == null && band.Overlaps(ratioInterval),
                bdn.RunTime.TryGetValue(figure.BdnMethod, out var time) ? time : TimeSpan.Zero, harness.Elapsed);
        }

        static string F(double v) => v.ToString(Math.Abs(v) >= 100 ? "0" : Math.Abs(v) >= 10 ? "0.0" : "0.00", CultureInfo.InvariantCulture);
        static string S(TimeSpan t) => t.TotalSeconds.ToString(t.TotalSeconds >= 10 ? "0.0" : "0.00", CultureInfo.InvariantCulture);

        static void Print(Row[] rows, BdnRun bdn, HarnessFigure[] harness)
        {
            var heading = new[]
            {
                "figure", "BDN ns/op mean [99.9% CI]", "BDN B/op", "BDN ×baseline [interval]", "harness ns", "harness ×baseline [~95% interval]", "harness B/call",
                "agree", "in band", "BDN s", "harness s", "BDN/harness time",
            };
            var lines = rows.Select(r => new[]
            {
                r.Figure.Name,
                $"{F(r.BdnMeanNs)} [{F(r.BdnCi.Low)}..{F(r.BdnCi.High)}]",
                r.BdnBytes?.ToString(CultureInfo.InvariantCulture) ?? "-",
                r.BdnIsBaseline ? "1 (baseline)" : $"{F(r.BdnRatio)} [{F(r.BdnRatioInterval.Low)}..{F(r.BdnRatioInterval.High)}]",
                F(r.HarnessNs),
                r.HarnessUnmeasurable != null ? "unmeasured" : $"{F(r.HarnessRatio)} [{F(r.HarnessRatioInterval.Low)}..{F(r.HarnessRatioInterval.High)}]",
                r.HarnessBytes?.ToString("0.##", CultureInfo.InvariantCulture) ?? "-",
                r.Agree ? "yes" : "no",
                r.InBand ? "yes" : "no",
                S(r.BdnTime), S(r.HarnessTime),
                r.HarnessTime > TimeSpan.Zero ? (r.BdnTime.TotalSeconds / r.HarnessTime.TotalSeconds).ToString("0", CultureInfo.InvariantCulture) + "×" : "-",
            }).ToArray();
            var widths = heading.Select((h, c) => Math.Max(h.Length, lines.Max(l => l[c].Length))).ToArray();
            string Line(string[] cells) => string.Join("  ", cells.Select((x, c) => c == 0 ? x.PadRight(widths[c]) : x.PadLeft(widths[c])));
            Console.WriteLine();
            Console.WriteLine(Line(heading));
            foreach (var l in lines) Console.WriteLine(Line(l));
            Console.WriteLine();
            foreach (var r in rows.Where(r => r.HarnessUnmeasurable != null))
                Console.WriteLine($"{r.Figure.Name}: harness: {r.HarnessUnmeasurable}");
            var baselines = rows.Select(r => r.Figure.BdnBaseline).Distinct().Where(b => rows.All(r => r.Figure.BdnMethod != b)).ToArray();
            var baselineTime = baselines.Aggregate(TimeSpan.Zero, (sum, b) => sum + (bdn.RunTime.TryGetValue(b, out var t) ? t : TimeSpan.Zero));
            var harnessTotal = harness.Aggregate(TimeSpan.Zero, (sum, h) => sum + h.Elapsed);
            Console.WriteLine($"BenchmarkDotNet ({bdn.Toolchain} toolchain): {S(bdn.Total)} s in all, of which build {S(bdn.Build)} s and the extra baseline " +
                $"{string.Join(", ", baselines)} {S(baselineTime)} s; harness: {S(harnessTotal)} s for the five figures (each with its own baseline, " +
                $"allocation meter included); {(bdn.Total.TotalSeconds / harnessTotal.TotalSeconds).ToString("0", CultureInfo.InvariantCulture)}× in all.");
            Console.WriteLine("BDN ×baseline: ratio of the means, its interval from the two 99.9% intervals at their far ends; harness ×baseline: median of the " +
                "per-round ratios, its distribution-free interval of the median (coverage " +
                string.Join("/", rows.Select(r => r.HarnessCoverage.ToString("0.0%", CultureInfo.InvariantCulture)).Distinct()) +
                "); agree: the two intervals overlap; in band: BDN's interval meets the harness's interval widened by the spread between " +
                $"processes its verdicts allow for (×/÷ {1 + LatencyMeter.ProcessSpread:0.##}), where a budget check gives no verdict. BDN s: the benchmark's own run; harness s: both meters on the figure.");
        }

        static void WriteJson(string path, Row[] rows, BdnRun bdn, HarnessFigure[] harness, string toolchain)
        {
            static object I(Interval i) => new { low = i.Low, high = i.High };
            var document = new
            {
                date = DateTime.UtcNow.ToString("yyyy-MM-ddTHH:mm:ssZ", CultureInfo.InvariantCulture),
                runtime = Environment.Version.ToString(),
                cores = Environment.ProcessorCount,
                note = "a shared machine: other work may have run during the measurements",
                bdn = new
                {
                    version = typeof(Job).Assembly.GetName().Version?.ToString(),
                    toolchain,
                    totalSeconds = bdn.Total.TotalSeconds,
                    buildSeconds = bdn.Build.TotalSeconds,
                    runSeconds = bdn.RunTime.ToDictionary(kv => kv.Key, kv => kv.Value.TotalSeconds),
                },
                harnessSeconds = harness.Sum(h => h.Elapsed.TotalSeconds),
                figures = rows.Select(r => new
                {
                    figure = r.Figure.Name,
                    operation = r.Figure.Operation.Name,
                    recipe = r.Figure.Recipe.ToString(),
                    bdn = new
                    {
                        method = r.Figure.BdnMethod,
                        baseline = r.Figure.BdnBaseline,
                        meanNs = r.BdnMeanNs,
                        medianNs = r.BdnMedianNs,
                        ci999 = I(r.BdnCi),
                        bytesPerOp = r.BdnBytes,
                        ratio = r.BdnRatio,
                        ratioInterval = I(r.BdnRatioInterval),
                        seconds = r.BdnTime.TotalSeconds,
                    },
                    harness = new
                    {
                        nsPerCall = r.HarnessNs,
                        ratioToBaseline = r.HarnessRatio,
                        ratioInterval = I(r.HarnessRatioInterval),
                        coverage = r.HarnessCoverage,
                        rounds = r.HarnessRounds,
                        bytesPerCall = r.HarnessBytes,
                        unmeasurable = r.HarnessUnmeasurable,
                        seconds = r.HarnessTime.TotalSeconds,
                    },
                    agree = r.Agree,
                    harnessBand = I(r.HarnessBand),
                    inBand = r.InBand,
                }),
            };
            File.WriteAllText(path, JsonSerializer.Serialize(document, new JsonSerializerOptions { WriteIndented = true }) + "\n");
        }
    }
}
