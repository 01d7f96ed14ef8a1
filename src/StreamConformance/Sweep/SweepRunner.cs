using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Threading;
using StreamConformance.Probe;
using StreamConformance.Results;
using StreamConformance.Runtimes;

namespace StreamConformance.Sweep
{
    /// <summary>
    /// runtime → inventory → probe (recipes, checks, meters) → <see cref="RunDocument"/>. One probe run per
    /// runtime, each in its own scratch folder under <see cref="RunDirectory"/>, removed at the end.
    /// </summary>
    public sealed class SweepRunner
    {
        readonly SweepOptions _options;
        readonly Func<RuntimeTarget, SweepOptions, SweepTargets> _discover;
        readonly ProbeLauncher _launcher;

        public SweepRunner(SweepOptions options, Func<RuntimeTarget, SweepOptions, SweepTargets> discover, ProbeLocator? locator = null)
        {
            _options = options;
            _discover = discover;
            _launcher = new ProbeLauncher(locator ?? new ProbeLocator(), options.CheckTimeout);
        }

        /// <summary>Called for every probe event, for progress display.</summary>
        public event Action<RuntimeTarget, ProbeEvent>? Progress;

        /// <summary>Called once per runtime with the number of types about to be swept.</summary>
        public event Action<RuntimeTarget, int>? RuntimeStarting;

        public RunDocument Run(CancellationToken cancel = default)
        {
            var started = Stopwatch.StartNew();
            var document = new RunDocument
            {
                StartedAt = DateTimeOffset.UtcNow,
                ToolVersion = typeof(SweepRunner).Assembly.GetName().Version?.ToString() ?? "",
            };
            document.Options["quick"] = _options.Quick.ToString().ToLowerInvariant();
            document.Options["parallel"] = _options.Parallel.ToString().ToLowerInvariant();
            document.Options["seed"] = _options.Seed.ToString();
            document.Options["strict"] = _options.Strict.ToString().ToLowerInvariant();
            document.Options["checkTimeoutSeconds"] = _options.CheckTimeout.TotalSeconds.ToString(System.Globalization.CultureInfo.InvariantCulture);
            if (_options.Filter != null) document.Options["filter"] = _options.Filter;
            if (_options.Checks != null) document.Options["checks"] = _options.Checks;
            if (_options.BudgetsPath != null) document.Options["budgets"] = _options.BudgetsPath;
            if (_options.Assemblies.Count > 0) document.Options["assemblies"] = string.Join(";", _options.Assemblies);

            using var scratch = new ScratchDirectory();
            // Each runtime's probe is its own process: with Parallel they run side by side (one core each on a
            // two-core machine); every ratio is measured within one process, so neither disturbs the other's figures
            // more than the machine's own noise does. Results keep the order of the runtimes named.
            var perRuntime = _options.Runtimes.Select(_ => new List<CheckResult>()).ToArray();
            var runs = new RuntimeRun[_options.Runtimes.Count];
            void RunOne(int i) => runs[i] = RunRuntime(_options.Runtimes[i], scratch.Path, perRuntime[i], cancel);
            if (_options.Parallel)
                System.Threading.Tasks.Parallel.For(0, runs.Length, new System.Threading.Tasks.ParallelOptions { MaxDegreeOfParallelism = runs.Length }, RunOne);
            else
                for (var i = 0; i < runs.Length && !cancel.IsCancellationRequested; i++) RunOne(i);
            document.Runtimes.AddRange(runs.Where(r => r != null));
            foreach (var list in perRuntime) document.Results.AddRange(list);
            document.WallSeconds = started.Elapsed.TotalSeconds;
            return document;
        }

        RuntimeRun RunRuntime(RuntimeTarget target, string scratch, List<CheckResult> results, CancellationToken cancel)
        {
            var clock = Stopwatch.StartNew();
            var run = new RuntimeRun { Runtime = new RuntimeInfo { Name = target.Name, Flavor = target.Flavor == RuntimeFlavor.Mono ? "mono" : "coreclr", Version = target.Version, Path = target.Location } };
            IReadOnlyList<ProbeItem> items;
            try
            {
                var targets = _discover(target, _options);
                items = targets.Items;
                run.Errors.AddRange(targets.Errors);
                if (targets.Hazards.Count > 0)
                    run.Hazards = new SortedDictionary<string, List<Discovery.Hazard>>(targets.Hazards.ToDictionary(p => p.Key, p => p.Value), System.StringComparer.Ordinal);
            }
            catch (InputException e)
            {
                run.Errors.Add(e.Message);
                return run;
            }
            run.Coverage.Discovered = items.Count;
            RuntimeStarting?.Invoke(target, items.Count);
            if (items.Count == 0) return run;

            var work = Path.Combine(scratch, SafeName(target.Name));
            var temp = Path.Combine(work, "tmp");
            Directory.CreateDirectory(temp);
            var request = new ProbeRequest
            {
                Runtime = target.Name, Items = items.ToList(), Checks = _options.Checks, Quick = _options.Quick,
                Strict = _options.Strict, Seed = _options.Seed, TempDirectory = temp,
                BudgetsPath = _options.BudgetsPath,
            };
            request.ReportAssemblies.AddRange(_options.ReportAssemblies);
            if (target.Copy != null)
            {
                // A patched copy (or its A/A control): the probe proves which rewritten files it loaded.
                request.ReportAssemblies.AddRange(target.Copy.Assemblies.Select(a => a.Name).Except(request.ReportAssemblies));
                run.Runtime.CopyOf = $"{target.Copy.Kind} copy of {target.Copy.OriginalLocation} (patch {target.Copy.PatchId})";
            }
            try
            {
                var checkClock = new CheckClock();
                run.ProbeProcesses = _launcher.Run(target, request, work, ev => Collect(target, run, results, ev, checkClock), cancel);
                checkClock.Finish(run);
            }
            catch (InvalidOperationException e)
            {
                run.Errors.Add(e.Message);
            }

            // A type that neither built nor was declared static-only took its probe down while being built.
            var accounted = new HashSet<string>(run.Built.Keys.Concat(run.StaticOnly.Select(s => s.Type)));
            foreach (var item in items.Where(i => !accounted.Contains(i.Type)))
            {
                var crash = results.LastOrDefault(r => r.Runtime == target.Name && r.Type == item.Type && (r.Outcome == Outcome.Crash || r.Outcome == Outcome.Timeout));
                run.StaticOnly.Add(new StaticOnlyType { Type = item.Type, Reason = crash != null ? $"{crash.Outcome.ToString().ToLowerInvariant()} while building: {crash.Message}" : "not reached (run cancelled or probe failed)" });
            }
            run.Coverage.Built = run.Built.Count;
            run.Coverage.StaticOnly = run.StaticOnly.Count;
            run.WallSeconds = clock.Elapsed.TotalSeconds;
            return run;
        }

        void Collect(RuntimeTarget target, RuntimeRun run, List<CheckResult> results, ProbeEvent ev, CheckClock clock)
        {
            clock.Observe(run, ev);
            switch (ev.Kind)
            {
                case ProbeEvent.Hello when ev.Runtime != null:
                    run.Runtime.Version = ev.Runtime.Version;
                    run.Runtime.LoadedAssemblies ??= ev.Runtime.LoadedAssemblies;
                    break;
                case ProbeEvent.Built when ev.Type != null:
                    run.Built[ev.Type] = ev.Variants ?? new List<string>();
                    break;
                case ProbeEvent.StaticOnly when ev.Type != null:
                    run.StaticOnly.Add(new StaticOnlyType { Type = ev.Type, Reason = ev.Reason ?? "" });
                    break;
                case ProbeEvent.ResultKind when ev.Result != null:
                    results.Add(ev.Result);
                    break;
            }
            Progress?.Invoke(target, ev);
        }

        /// <summary>Attributes the time between events to the check that was running (and to the probe as a whole).</summary>
        sealed class CheckClock
        {
            readonly Stopwatch _clock = Stopwatch.StartNew();
            string? _check, _type;
            double _checkStarted, _typeStarted, _probeStarted = -1;

            double _lastEvent;

            public void Finish(RuntimeRun run)
            {
                if (_probeStarted >= 0) run.ProbeSeconds += _lastEvent - _probeStarted;
                _probeStarted = -1;
            }

            public void Observe(RuntimeRun run, ProbeEvent ev)
            {
                var now = _clock.Elapsed.TotalSeconds;
                if (ev.Kind == ProbeEvent.Hello)
                {
                    // The previous probe died or was killed (no "done"): it was at work until its last event.
                    if (_probeStarted >= 0) run.ProbeSeconds += _lastEvent - _probeStarted;
                    _probeStarted = now;
                }
                _lastEvent = now;
                if (_check != null && ev.Kind != ProbeEvent.ResultKind && ev.Kind != ProbeEvent.Alive)
                {
                    run.CheckSeconds.TryGetValue(_check, out var sum);
                    run.CheckSeconds[_check] = Math.Round(sum + now - _checkStarted, 3);
                    _check = null;
                }
                if (_type != null && (ev.Kind == ProbeEvent.TypeStart || ev.Kind == ProbeEvent.Done || ev.Kind == ProbeEvent.Hello))
                {
                    run.TypeSeconds.TryGetValue(_type, out var sum);
                    run.TypeSeconds[_type] = Math.Round(sum + now - _typeStarted, 3);
                    _type = null;
                }
                if (ev.Kind == ProbeEvent.TypeStart)
                {
                    _type = ev.Type;
                    _typeStarted = now;
                }
                if (ev.Kind == ProbeEvent.CheckStart)
                {
                    _check = ev.Check;
                    _checkStarted = now;
                }
                if (ev.Kind == ProbeEvent.Done && _probeStarted >= 0)
                {
                    run.ProbeSeconds += now - _probeStarted;
                    _probeStarted = -1;
                }
            }
        }

        static string SafeName(string name) => new string(name.Select(c => char.IsLetterOrDigit(c) || c == '.' || c == '-' ? c : '_').ToArray());
    }
}
