using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading;
using StreamConformance.Patching;
using StreamConformance.Probe;
using StreamConformance.Runtimes;
using StreamConformance.Scenarios;

namespace StreamConformance.Sweep
{
    /// <summary>
    /// Runs scenarios inside each runtime's probe (one probe per runtime, one runtime after the other so they do not
    /// time each other). byte-at-a-time also runs in the runtime's copy with patch 0001 woven in (the 2010 body of
    /// BufferedStream.ReadByte), built once and kept in the patch cache.
    /// </summary>
    public sealed class ScenarioSweep
    {
        readonly ProbeLauncher _launcher;

        public ScenarioSweep(ProbeLocator? locator = null, TimeSpan? silence = null) =>
            _launcher = new ProbeLauncher(locator ?? new ProbeLocator(), silence ?? TimeSpan.FromSeconds(180));

        public PatchCache Cache { get; set; } = PatchCache.Default();

        /// <summary>The patch folder with the 2010 body; null: patches/0001-… of the checkout the tool runs from.</summary>
        public string? Patch2010 { get; set; }

        /// <summary>Told what is starting ("dotnet: small-chunks…"), for the console.</summary>
        public Action<string> Progress { get; set; } = _ => { };

        public ScenarioDocument Run(IReadOnlyList<RuntimeTarget> runtimes, IReadOnlyList<string> scenarios, double size, CancellationToken cancel = default)
        {
            var document = new ScenarioDocument { Size = size };
            using var scratch = new ScratchDirectory();
            foreach (var runtime in runtimes)
            {
                var results = RunOn(runtime, scenarios, size, scratch.Path, cancel);
                var byteAtATime = results.FirstOrDefault(r => r.Scenario == "byte-at-a-time");
                if (byteAtATime != null && byteAtATime.Error == null && !cancel.IsCancellationRequested)
                    ByteAtATimeScenario.AddCopy(byteAtATime, RunOnCopy(runtime, size, scratch.Path, cancel));
                document.Results.AddRange(results);
            }
            return document;
        }

        ScenarioResult RunOnCopy(RuntimeTarget runtime, double size, string scratch, CancellationToken cancel)
        {
            RuntimeTarget copy;
            var clock = System.Diagnostics.Stopwatch.StartNew();
            try
            {
                var folder = Patch2010 ?? Path.Combine(PatchFolder.CheckoutRoot() ?? throw new InvalidOperationException("no checkout with patches/ above the tool"),
                    "patches", ByteAtATimeScenario.PatchFolderName);
                Progress($"{runtime.Name}: runtime copy with patch 0001 (the 2010 BufferedStream.ReadByte)…");
                var (built, wasBuilt) = Cache.GetOrBuild(PatchFolder.Load(folder), runtime, RuntimeCopyManifest.Patched);
                copy = built;
                if (wasBuilt) Progress($"{copy.Name}: built in {clock.Elapsed.TotalSeconds:0.#} s at {copy.Location}");
            }
            catch (Exception e) when (e is InputException || e is InvalidOperationException || e is IOException || e is NotSupportedException)
            {
                return new ScenarioResult { Scenario = "byte-at-a-time", Runtime = runtime.Name + "+0001", Error = "the patched copy could not be built: " + e.Message };
            }
            var results = RunOn(copy, new[] { "byte-at-a-time" }, size, scratch, cancel);
            return results.Count > 0 ? results[0] : new ScenarioResult { Scenario = "byte-at-a-time", Runtime = copy.Name, Error = "no result" };
        }

        List<ScenarioResult> RunOn(RuntimeTarget runtime, IReadOnlyList<string> scenarios, double size, string scratch, CancellationToken cancel)
        {
            var work = Path.Combine(scratch, runtime.Name.Replace('/', '_').Replace('+', '_'));
            var temp = Path.Combine(work, "tmp");
            Directory.CreateDirectory(temp);
            var request = new ProbeRequest
            {
                Runtime = runtime.Name, Kind = ProbeRequest.ScenarioKind, ScenarioSize = size, TempDirectory = temp,
                Items = scenarios.Select(s => new ProbeItem { Type = s }).ToList(),
            };
            var trace = new ProbeTrace();
            _launcher.Run(runtime, request, work, trace, ev =>
            {
                if (ev is CheckEvent check) Progress($"{runtime.Name}: {check.Type}…");
                else if (ev is ScenarioEvent done) Progress($"{runtime.Name}: {done.Type} took {done.Scenario.Seconds:0.#} s");
            }, cancel);
            var version = trace.Runtime?.Version;
            var results = trace.Scenarios.Select(e => e.Scenario).ToList();
            // A crash or a hang: the launcher reports it as the scenario step's result.
            results.AddRange(trace.Results.Select(r => new ScenarioResult { Scenario = r.Type, Runtime = runtime.Name, Error = $"{r.Outcome}: {r.Message}" }));
            foreach (var r in results)
            {
                r.Runtime = runtime.Name;
                if (string.IsNullOrEmpty(r.Version)) r.Version = version ?? runtime.Version;
            }
            foreach (var missing in scenarios.Where(s => results.All(r => r.Scenario != s)))
                results.Add(new ScenarioResult { Scenario = missing, Runtime = runtime.Name, Version = version ?? runtime.Version, Error = cancel.IsCancellationRequested ? "cancelled" : "the probe returned no result" });
            return scenarios.Select(s => results.First(r => r.Scenario == s)).ToList();
        }
    }
}
