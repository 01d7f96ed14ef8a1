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
using BenchmarkDotNet.Engines;
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
    /// Do the harness's latency ratios agree with BenchmarkDotNet's, and at what cost? Ten figures (ReadByte of
    /// MemoryStream, BufferedStream, FileStream, UnmanagedMemoryStream, a decompressing DeflateStream and a read-mode
    /// CryptoStream; Read(Span) of 100 bytes of BufferedStream and FileStream; WriteByte of MemoryStream and
    /// BufferedStream), each measured in one run by BenchmarkDotNet in several processes (<c>--bdn-runs</c>, the job's
    /// launch count) with its MemoryDiagnoser and by the harness's <see cref="LatencyMeter"/> and
    /// <see cref="AllocationMeter"/>. Per figure: BenchmarkDotNet's ratio to its baseline benchmark in each launch
    /// (launch i over the baseline's launch i) and their range across launches; the harness's ratioToBaseline with its
    /// interval; whether the harness's ratio lies within BenchmarkDotNet's range widened by 10% either way; both
    /// absolute ns/call, and whether the harness's lies within ±25% of BenchmarkDotNet's mean; whether the harness timed
    /// the call directly; bytes per call; and the seconds each side took.
    /// Usage: bdn-agreement [--bdn-runs N] [--bdn-job default|short|dry] [--json FILE] [--toolchain default|in-process]
    ///                      [--artifacts DIR] [--harness-only]
    /// </summary>
    /// <remarks>
    /// Toolchain: BenchmarkDotNet out of process by default: it generates a project next to this one's output, restores
    /// and builds it (the packages come from the local cache) and measures each benchmark in <c>--bdn-runs</c> child
    /// processes. <c>--toolchain in-process</c> (<see cref="InProcessEmitToolchain"/>) measures in this process instead,
    /// for a machine where the generated project cannot be restored or built: its launches are repeats in one process,
    /// and the run says so. The project's assembly name must stay its file name (BdnAgreement): the generator finds the
    /// project by it. <c>--bdn-job short</c> (3 warm-ups, 3 iterations) and <c>dry</c> (<see cref="Job.Dry"/>) check
    /// the pipeline quickly; their figures mean little.
    /// Runtime settings: a probe of the sweep runs with DOTNET_TieredCompilation=0 and DOTNET_TieredPGO=0
    /// (Runtimes/RuntimeLauncher.cs); tools/bdn-agreement.sh exports them for this process, and BenchmarkDotNet's job
    /// sets them for its children, so both meters measure the same code of the runtime, as the sweep does. The header
    /// line says what this process had.
    /// Not a test and not part of CI: nothing here asserts a time.
    /// </remarks>
    public static class Program
    {
        /// <summary>The runtime settings a probe of the sweep runs with, each 0 (Runtimes/RuntimeLauncher.cs).</summary>
        static readonly string[] s_probeSettings = { "DOTNET_TieredCompilation", "DOTNET_TieredPGO" };

        const string Usage = "bdn-agreement [--bdn-runs N] [--bdn-job default|short|dry] [--json FILE] [--toolchain default|in-process] [--artifacts DIR] [--harness-only]";

        /// <summary>BenchmarkDotNet's range is widened by this factor each way before the harness's ratio is judged against it.</summary>
        const double RangeSlack = 0.10;

        /// <summary>The harness's ns/call is "within" when it is this close to BenchmarkDotNet's mean (relative to it).</summary>
        const double NsSlack = 0.25;

        /// <summary>BenchmarkDotNet's means at or below this many ns are not judged for ns (its overhead is of that order).</summary>
        const double NsJudgedAbove = 1.0;

        sealed record Figure(string Name, StreamOperation Operation, StreamRecipe Recipe, string BdnMethod, string BdnBaseline);

        const string ReadBaseline = nameof(ReadBenchmarks.MemoryStreamReadByte);
        const string WriteBaseline = nameof(WriteBenchmarks.MemoryStreamWriteByte);

        static readonly Figure[] s_figures =
        {
            new Figure("MemoryStream.ReadByte", StreamOperations.ReadByte, new MemoryStreamReadOnlyRecipe(), nameof(ReadBenchmarks.MemoryStreamReadByte), ReadBaseline),
            new Figure("BufferedStream.ReadByte", StreamOperations.ReadByte, new BufferedStreamSeekableRecipe(), nameof(ReadBenchmarks.BufferedStreamReadByte), ReadBaseline),
            new Figure("FileStream.ReadByte", StreamOperations.ReadByte, new FileStreamDefaultRecipe(), nameof(ReadBenchmarks.FileStreamReadByte), ReadBaseline),
            new Figure("BufferedStream.Read(Span 100)", StreamOperations.ReadSpan100, new BufferedStreamSeekableRecipe(), nameof(ReadBenchmarks.BufferedStreamReadSpan100), ReadBaseline),
            new Figure("FileStream.Read(Span 100)", StreamOperations.ReadSpan100, new FileStreamDefaultRecipe(), nameof(ReadBenchmarks.FileStreamReadSpan100), ReadBaseline),
            new Figure("UnmanagedMemoryStream.ReadByte", StreamOperations.ReadByte, new UnmanagedMemoryStreamHGlobalRecipe(), nameof(ReadBenchmarks.UnmanagedMemoryStreamReadByte), ReadBaseline),
            new Figure("DeflateStream.ReadByte", StreamOperations.ReadByte, new DeflateDecompressRecipe(), nameof(ReadBenchmarks.DeflateStreamReadByte), ReadBaseline),
            new Figure("CryptoStream.ReadByte", StreamOperations.ReadByte, new CryptoStreamAesRecipe(), nameof(ReadBenchmarks.CryptoStreamReadByte), ReadBaseline),
            new Figure("MemoryStream.WriteByte", StreamOperations.WriteByte, new MemoryStreamExpandableRecipe(), nameof(WriteBenchmarks.MemoryStreamWriteByte), WriteBaseline),
            new Figure("BufferedStream.WriteByte", StreamOperations.WriteByte, new BufferedStreamSeekableRecipe(), nameof(WriteBenchmarks.BufferedStreamWriteByte), WriteBaseline),
        };

        public static int Main(string[] args)
        {
            string? json = null, artifacts = null;
            string toolchain = "default", jobName = "default";
            var bdnRuns = 3;
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
                        case "--toolchain":
                            toolchain = Value();
                            if (toolchain != "default" && toolchain != "in-process") throw new ArgumentException($"--toolchain is default or in-process, not {toolchain}");
                            break;
                        case "--bdn-job":
                            jobName = Value();
                            if (jobName != "default" && jobName != "short" && jobName != "dry") throw new ArgumentException($"--bdn-job is default, short or dry, not {jobName}");
                            break;
                        case "--bdn-runs":
                            var runs = Value();
                            if (!int.TryParse(runs, NumberStyles.None, CultureInfo.InvariantCulture, out bdnRuns) || bdnRuns < 1 || bdnRuns > 100)
                                throw new ArgumentException($"--bdn-runs is a whole number from 1 to 100, not {runs}");
                            break;
                        case "--harness-only": harnessOnly = true; break;
                        default: throw new ArgumentException($"unknown argument {args[i]}");
                    }
                }
                catch (ArgumentException e)
                {
                    Console.Error.WriteLine("bdn-agreement: " + e.Message + " (usage: " + Usage + ")");
                    return 2;
                }
            }

            var settings = string.Join(" ", s_probeSettings.Select(n => $"{n}={Environment.GetEnvironmentVariable(n) ?? "unset"}"));
            var asProbe = s_probeSettings.All(n => Environment.GetEnvironmentVariable(n) == "0");
            Console.WriteLine($"coreclr {Environment.Version}, {Environment.ProcessorCount} cores; {DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC; " +
                $"{settings} in this process" + (harnessOnly ? "" : ", 0 in BenchmarkDotNet's job") +
                (asProbe ? "" : " (a probe runs with 0: run through tools/bdn-agreement.sh)"));
            Console.WriteLine("Times are of a shared machine: other work may have run during this run; compare the ratios before the ns.");
            var keepArtifacts = artifacts != null;
            artifacts = Path.GetFullPath(artifacts ?? Path.Combine(Path.GetTempPath(), "bdn-agreement-" + Guid.NewGuid().ToString("N")));
            Directory.CreateDirectory(artifacts);
            var scratch = new RecipeEnvironment(Path.Combine(artifacts, "files"));
            Directory.CreateDirectory(scratch.TempDirectory);
            try
            {
                var harness = s_figures.Select(x => MeasureWithHarness(x with { Recipe = x.Recipe.In(scratch) })).ToArray();
                if (harnessOnly)
                {
                    // The harness's side alone, in seconds: run it in several processes to see how a figure settles per
                    // process, or to compare a meter change with a BenchmarkDotNet run on record (docs/agreement.md).
                    var reference = LatencyReference.Measure();
                    foreach (var (f, h) in s_figures.Zip(harness))
                    {
                        var t = h.Latency;
                        var r = reference.For(f.Operation.Kind);
                        Console.WriteLine($"{f.Name,-31} {F(t.Operation.Median),8} ns  ×{F(t.RatioToBaseline)} [{F(t.BaselineRatios.Interval.Low)}..{F(t.BaselineRatios.Interval.High)}]" +
                            $"  ref ×{F(t.LimitRatios.Median / r)} [{F(t.LimitRatios.Interval.Low / r)}..{F(t.LimitRatios.Interval.High / r)}]" +
                            $"  {(t.Direct ? "direct" : "delegate")}  {h.BytesPerCall?.ToString("0.##", CultureInfo.InvariantCulture) ?? "-"} B/call  {S(h.Elapsed)} s" +
                            (t.UnmeasurableReason != null ? "  unmeasured: " + t.UnmeasurableReason : ""));
                    }
                    Console.WriteLine($"harness: {S(harness.Aggregate(TimeSpan.Zero, (sum, h) => sum + h.Elapsed))} s for the {s_figures.Length} figures (each with its own baseline, allocation meter included)");
                    return 0;
                }
                var bdnLog = Path.Combine(artifacts, "bdn.log");
                var bdn = MeasureWithBdn(toolchain, jobName, bdnRuns, artifacts, bdnLog, out var why);
                if (bdn == null)
                {
                    Console.Error.WriteLine($"bdn-agreement: BenchmarkDotNet gave no figures with the {toolchain} toolchain: {why} (log: {bdnLog})");
                    if (toolchain == "default") Console.Error.WriteLine("bdn-agreement: try --toolchain in-process");
                    keepArtifacts = true;
                    return 1;
                }
                var rows = s_figures.Select((f, i) => MakeRow(f, harness[i], bdn)).ToArray();
                Print(rows, bdn, harness);
                if (json != null) WriteJson(json, rows, bdn, harness);
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
            public string Toolchain = "", Job = "";
            public int Launches;
            public TimeSpan Total, Build;
            public Dictionary<string, BenchmarkReport> Reports = new();
            public Dictionary<string, TimeSpan> RunTime = new();
        }

        /// <summary>Times BenchmarkDotNet's stages and each benchmark's run (all its launches), as BenchmarkDotNet reports them happening.</summary>
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

        static Job MakeJob(string jobName, int launches, string toolchain)
        {
            var job = jobName switch
            {
                "short" => Job.Default.WithWarmupCount(3).WithIterationCount(3), // Job.ShortRun's counts, with our launch count
                "dry" => Job.Dry,
                _ => Job.Default,
            };
            // A probe of the sweep runs with tiering and tiered PGO off (Runtimes/RuntimeLauncher.cs): BenchmarkDotNet's
            // child processes get the same, so both meters measure the same code of the runtime, as the sweep measures it.
            // tools/bdn-agreement.sh exports them as well, for the harness's side in this process (and an in-process job).
            job = job.WithLaunchCount(launches).WithEnvironmentVariables(s_probeSettings.Select(n => new EnvironmentVariable(n, "0")).ToArray());
            return toolchain == "in-process" ? job.WithToolchain(InProcessEmitToolchain.Instance) : job;
        }

        static BdnRun? MeasureWithBdn(string toolchain, string jobName, int launches, string artifacts, string logPath, out string? why)
        {
            var job = MakeJob(jobName, launches, toolchain);
            var timer = new Timer();
            using var log = new StreamWriter(logPath);
            var config = ManualConfig.CreateEmpty()
                .AddColumnProvider(DefaultColumnProviders.Instance)
                .AddLogger(new StreamLogger(log))
                .AddDiagnoser(MemoryDiagnoser.Default)
                .AddJob(job)
                .AddEventProcessor(timer)
                .WithArtifactsPath(Path.Combine(artifacts, "bdn"));
            Console.WriteLine($"BenchmarkDotNet {typeof(Job).Assembly.GetName().Version}, {jobName} job, {launches} launch{(launches == 1 ? "" : "es")} per benchmark" +
                $"{(toolchain == "in-process" ? " (repeats in this process)" : "")}, {toolchain} toolchain, {string.Join(" ", s_probeSettings.Select(n => n + "=0"))}: running (log: {logPath}) ...");
            var clock = Stopwatch.StartNew();
            var summaries = BenchmarkRunner.Run(new[] { typeof(ReadBenchmarks), typeof(WriteBenchmarks) }, config);
            var run = new BdnRun { Toolchain = toolchain, Job = jobName, Launches = launches, Total = clock.Elapsed, Build = timer.Build };
            foreach (var summary in summaries)
                foreach (var report in summary.Reports)
                    run.Reports[report.BenchmarkCase.Descriptor.WorkloadMethod.Name] = report;
            foreach (var kv in timer.RunTime) run.RunTime[kv.Key] = kv.Value;
            var failed = run.Reports.Values.Where(r => !r.Success || LaunchMeans(r).Count == 0).ToArray();
            var missing = s_figures.Select(f => f.BdnMethod).Where(m => !run.Reports.ContainsKey(m)).ToArray();
            why = failed.Length == 0 && missing.Length == 0 ? null
                : failed.FirstOrDefault(r => r.BuildResult is { IsBuildSuccess: false }) is { } unbuilt
                    ? "the generated project did not build: " + FirstLine(unbuilt.BuildResult.ErrorMessage ?? "no message")
                : failed.Length > 0 ? failed.Length + " of " + run.Reports.Count + " benchmarks gave no measurements: " + string.Join(", ", failed.Select(r => r.BenchmarkCase.Descriptor.WorkloadMethod.Name))
                : "no report for " + string.Join(", ", missing) + string.Concat(summaries.SelectMany(s => s.ValidationErrors).Select(e => "; " + e.Message));
            return why == null ? run : null;
        }

        /// <summary>
        /// A benchmark's mean ns/op in each launch (its process), from the workload's result measurements (BenchmarkDotNet's
        /// overhead subtracted, outliers removed), by launch index.
        /// </summary>
        static SortedDictionary<int, double> LaunchMeans(BenchmarkReport report) =>
            new(Results(report).GroupBy(m => m.LaunchIndex).ToDictionary(g => g.Key, g => g.Average(NsPerOp)));

        static IEnumerable<Measurement> Results(BenchmarkReport report) =>
            report.AllMeasurements.Where(m => m.IterationMode == IterationMode.Workload && m.IterationStage == IterationStage.Result && m.Operations > 0);

        static double NsPerOp(Measurement m) => m.Nanoseconds / m.Operations;

        static string FirstLine(string text) => text.Split('\n').Select(l => l.Trim()).FirstOrDefault(l => l.Length > 0) ?? "";

        // ---------------------------------------------------------------- side by side

        sealed record Interval(double Low, double High)
        {
            public bool Contains(double value) => value >= Low && value <= High;
        }

        sealed record Row(Figure Figure, double BdnMeanNs, double[] BdnLaunchMeansNs, double[] BdnLaunchRatios, Interval BdnRange, long? BdnBytes, TimeSpan BdnTime,
            HarnessFigure Harness, Interval HarnessRatioInterval, bool Within, bool? NsWithin)
        {
            public LatencyMeasurement Latency => Harness.Latency;
            public bool HarnessMeasured => Harness.Latency.UnmeasurableReason == null;
        }

        static Row MakeRow(Figure figure, HarnessFigure harness, BdnRun bdn)
        {
            var report = bdn.Reports[figure.BdnMethod];
            var means = LaunchMeans(report);
            var baseMeans = LaunchMeans(bdn.Reports[figure.BdnBaseline]);
            var isBaseline = figure.BdnMethod == figure.BdnBaseline;
            // Launch i of the figure over launch i of its baseline: two processes each, the pairing only by index. The
            // baseline's own ratios are 1 by definition.
            var ratios = means.Select(kv => isBaseline ? 1.0
                : baseMeans.TryGetValue(kv.Key, out var b) && b > 0 ? kv.Value / b : double.NaN).ToArray();
            var finite = ratios.Where(double.IsFinite).ToArray();
            var range = finite.Length > 0 ? new Interval(finite.Min(), finite.Max()) : new Interval(double.NaN, double.NaN);
            var meanNs = Results(report).Select(NsPerOp).DefaultIfEmpty(double.NaN).Average();
            var t = harness.Latency;
            var measured = t.UnmeasurableReason == null;
            var within = measured && finite.Length > 0 && new Interval(range.Low * (1 - RangeSlack), range.High * (1 + RangeSlack)).Contains(t.RatioToBaseline);
            bool? nsWithin = measured && meanNs > NsJudgedAbove ? Math.Abs(t.Operation.Median - meanNs) <= NsSlack * meanNs : null;
            long? bytes = report.GcStats.GetBytesAllocatedPerOperation(report.BenchmarkCase);
            return new Row(figure, meanNs, means.Values.ToArray(), ratios, range, bytes,
                bdn.RunTime.TryGetValue(figure.BdnMethod, out var time) ? time : TimeSpan.Zero,
                harness, new Interval(t.BaselineRatios.Interval.Low, t.BaselineRatios.Interval.High), within, nsWithin);
        }

        static string F(double v) => !double.IsFinite(v) ? "-" : v.ToString(Math.Abs(v) >= 100 ? "0" : Math.Abs(v) >= 10 ? "0.0" : "0.00", CultureInfo.InvariantCulture);
        static string S(TimeSpan t) => t.TotalSeconds.ToString(t.TotalSeconds >= 10 ? "0.0" : "0.00", CultureInfo.InvariantCulture);
        static string YesNo(bool? b) => b == null ? "-" : b.Value ? "yes" : "no";

        static void Print(Row[] rows, BdnRun bdn, HarnessFigure[] harness)
        {
            var heading = new[]
            {
                "figure", "harness ×base [~95%]", "BDN ×base range", "BDN ×base per launch", "within",
                "harness ns", "BDN ns mean", "BDN ns per launch", "ns ±25%", "direct",
                "BDN B/op", "harness B/call", "BDN s", "harness s",
            };
            var lines = rows.Select(r => new[]
            {
                r.Figure.Name,
                r.HarnessMeasured ? $"{F(r.Latency.RatioToBaseline)} [{F(r.HarnessRatioInterval.Low)}..{F(r.HarnessRatioInterval.High)}]" : "unmeasured",
                $"[{F(r.BdnRange.Low)}..{F(r.BdnRange.High)}]" + (r.Figure.BdnMethod == r.Figure.BdnBaseline ? " (baseline)" : ""),
                string.Join("/", r.BdnLaunchRatios.Select(F)),
                YesNo(r.Within),
                F(r.Latency.Operation.Median),
                F(r.BdnMeanNs),
                string.Join("/", r.BdnLaunchMeansNs.Select(F)),
                YesNo(r.NsWithin),
                r.Latency.Direct ? "yes" : "no",
                r.BdnBytes?.ToString(CultureInfo.InvariantCulture) ?? "-",
                r.Harness.BytesPerCall?.ToString("0.##", CultureInfo.InvariantCulture) ?? "-",
                S(r.BdnTime), S(r.Harness.Elapsed),
            }).ToArray();
            var widths = heading.Select((h, c) => Math.Max(h.Length, lines.Max(l => l[c].Length))).ToArray();
            string Line(string[] cells) => string.Join("  ", cells.Select((x, c) => c == 0 ? x.PadRight(widths[c]) : x.PadLeft(widths[c])));
            Console.WriteLine();
            Console.WriteLine(Line(heading));
            foreach (var l in lines) Console.WriteLine(Line(l));
            Console.WriteLine();
            foreach (var r in rows.Where(r => !r.HarnessMeasured))
                Console.WriteLine($"{r.Figure.Name}: harness: {r.Latency.UnmeasurableReason}");
            foreach (var r in rows.Where(r => r.BdnLaunchMeansNs.Length != bdn.Launches))
                Console.WriteLine($"{r.Figure.Name}: BenchmarkDotNet: {r.BdnLaunchMeansNs.Length} launch{(r.BdnLaunchMeansNs.Length == 1 ? "" : "es")} with measurements of {bdn.Launches}");
            var harnessTotal = harness.Aggregate(TimeSpan.Zero, (sum, h) => sum + h.Elapsed);
            var bdnRuns = rows.Aggregate(TimeSpan.Zero, (sum, r) => sum + r.BdnTime);
            var judged = rows.Count(r => r.NsWithin != null);
            Console.WriteLine($"within: {rows.Count(r => r.Within)}/{rows.Length} figures; ns within ±25%: {rows.Count(r => r.NsWithin == true)}/{judged} judged; " +
                $"BenchmarkDotNet ({bdn.Job} job, {bdn.Launches} launch{(bdn.Launches == 1 ? "" : "es")}, {bdn.Toolchain} toolchain): {S(bdn.Total)} s in all, of which build {S(bdn.Build)} s " +
                $"and the benchmarks' runs {S(bdnRuns)} s; harness: {S(harnessTotal)} s for the {rows.Length} figures; " +
                $"{(bdn.Total.TotalSeconds / harnessTotal.TotalSeconds).ToString("0", CultureInfo.InvariantCulture)}× in all.");
            Console.WriteLine("harness ×base: median of the per-round ratios to the meter's MemoryStream baseline (ReadByte for reads, WriteByte for writes), its " +
                "distribution-free interval of the median (coverage " +
                string.Join("/", rows.Select(r => r.Latency.BaselineRatios.Interval.Coverage.ToString("0.0%", CultureInfo.InvariantCulture)).Distinct()) +
                "); BDN ×base per launch: the figure's mean in launch i over its baseline benchmark's (MemoryStream.ReadByte or WriteByte) in launch i, " +
                $"and BDN ×base range their [min..max]; within: the harness's ratio lies in [low×{1 - RangeSlack:0.0#}, high×{1 + RangeSlack:0.0#}] of that range. " +
                $"harness ns: the meter's median ns/call net of its harness; BDN ns: mean of the result iterations (all launches, and per launch); " +
                $"ns ±25%: the harness's ns within ±25% of BDN's mean, judged only where BDN's mean is above {NsJudgedAbove:0} ns and the harness measured the figure. " +
                "direct: the harness timed the call in a loop generated for the stream's type (else through a delegate). " +
                "BDN s: the benchmark's own run, all its launches; harness s: both meters on the figure, its baseline included.");
        }

        static double? J(double v) => double.IsFinite(v) ? v : null;

        static void WriteJson(string path, Row[] rows, BdnRun bdn, HarnessFigure[] harness)
        {
            static object I(Interval i) => new { low = J(i.Low), high = J(i.High) };
            var document = new
            {
                date = DateTime.UtcNow.ToString("yyyy-MM-ddTHH:mm:ssZ", CultureInfo.InvariantCulture),
                runtime = Environment.Version.ToString(),
                cores = Environment.ProcessorCount,
                tieredCompilation = Environment.GetEnvironmentVariable("DOTNET_TieredCompilation"),
                tieredPgo = Environment.GetEnvironmentVariable("DOTNET_TieredPGO"),
                bdnRuns = bdn.Launches,
                bdnJob = bdn.Job,
                note = "a shared machine: other work may have run during the measurements",
                bdnVersion = typeof(Job).Assembly.GetName().Version?.ToString(),
                toolchain = bdn.Toolchain,
                totals = new
                {
                    figures = rows.Length,
                    within = rows.Count(r => r.Within),
                    nsJudged = rows.Count(r => r.NsWithin != null),
                    nsWithin = rows.Count(r => r.NsWithin == true),
                    bdnSeconds = bdn.Total.TotalSeconds,
                    bdnBuildSeconds = bdn.Build.TotalSeconds,
                    bdnRunSeconds = rows.Sum(r => r.BdnTime.TotalSeconds),
                    harnessSeconds = harness.Sum(h => h.Elapsed.TotalSeconds),
                },
                figures = rows.Select(r => new
                {
                    figure = r.Figure.Name,
                    operation = r.Figure.Operation.Name,
                    recipe = r.Figure.Recipe.ToString(),
                    bdn = new
                    {
                        method = r.Figure.BdnMethod,
                        baseline = r.Figure.BdnBaseline,
                        meanNs = J(r.BdnMeanNs),
                        launchMeansNs = r.BdnLaunchMeansNs.Select(J),
                        launchRatios = r.BdnLaunchRatios.Select(J),
                        range = I(r.BdnRange),
                        bytesPerOp = r.BdnBytes,
                        seconds = r.BdnTime.TotalSeconds,
                    },
                    harness = new
                    {
                        nsPerCall = J(r.Latency.Operation.Median),
                        ratioToBaseline = J(r.Latency.RatioToBaseline),
                        ratioInterval = I(r.HarnessRatioInterval),
                        coverage = r.Latency.BaselineRatios.Interval.Coverage,
                        rounds = r.Latency.Rounds,
                        direct = r.Latency.Direct,
                        bytesPerCall = r.Harness.BytesPerCall,
                        seconds = r.Harness.Elapsed.TotalSeconds,
                        unmeasurable = r.Latency.UnmeasurableReason,
                    },
                    within = r.Within,
                    nsWithin = r.NsWithin,
                }),
            };
            File.WriteAllText(path, JsonSerializer.Serialize(document, new JsonSerializerOptions { WriteIndented = true }) + "\n");
        }
    }
}
