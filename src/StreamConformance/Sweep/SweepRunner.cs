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
                Machine = MachineInfo.Current(_options.Machine),
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
            // Each runtime's types run in probe processes of that runtime, one core each: with Parallel the runtimes
            // start side by side, and when one runtime's work is done its core takes the next chunk of another's (or, for
            // a single runtime, the second core takes every other chunk), so both cores stay busy to the end. Chunks
            // halve as a runtime's list shortens (guided scheduling): a core that frees up late finds small pieces left.
            // Every ratio is measured within one process, so a probe next door disturbs it no more than the machine's
            // own noise does. Results keep the order of the runtimes named, and within each the inventory's order.
            var works = new RuntimeWork[_options.Runtimes.Count];
            var workers = !_options.Parallel ? 1 : Math.Max(works.Length, Math.Min(Environment.ProcessorCount, 2));
            void Prepare(int i) => works[i] = PrepareRuntime(_options.Runtimes[i], scratch.Path, workers > 1, cancel);
            if (_options.Parallel)
                System.Threading.Tasks.Parallel.For(0, works.Length, new System.Threading.Tasks.ParallelOptions { MaxDegreeOfParallelism = works.Length }, Prepare);
            else
                for (var i = 0; i < works.Length; i++) Prepare(i);

            void Work(int worker)
            {
                var preferred = works.Length == 0 ? 0 : worker % works.Length;
                while (!cancel.IsCancellationRequested && NextChunk(works, preferred) is { } next)
                    RunChunk(next.Work, next.Items, cancel);
            }
            if (workers > 1)
                System.Threading.Tasks.Parallel.For(0, workers, new System.Threading.Tasks.ParallelOptions { MaxDegreeOfParallelism = workers }, Work);
            else
                Work(0);

            foreach (var work in works) document.Runtimes.Add(FinishRuntime(work));
            foreach (var work in works) document.Results.AddRange(work.OrderedResults());
            document.WallSeconds = started.Elapsed.TotalSeconds;
            return document;
        }

        /// <summary>One runtime's part of a sweep: its run, its results, and the chunks of its types not yet started.</summary>
        sealed class RuntimeWork
        {
            public RuntimeWork(RuntimeTarget target, RuntimeRun run)
            {
                Target = target;
                Run = run;
            }

            public RuntimeTarget Target { get; }
            public RuntimeRun Run { get; }
            public List<ProbeItem> Items { get; } = new List<ProbeItem>();
            public Queue<List<ProbeItem>> Chunks { get; } = new Queue<List<ProbeItem>>();
            public ProbeRequest? Request { get; set; }
            public string WorkDirectory { get; set; } = "";
            public int Chunk;
            public readonly object Gate = new object();
            public readonly List<CheckResult> Results = new List<CheckResult>();
            /// <summary>Built type → the stream types found inside its instances.</summary>
            public readonly Dictionary<string, List<string>> Inner = new Dictionary<string, List<string>>(StringComparer.Ordinal);
            public readonly Stopwatch Clock = new Stopwatch();
            public double LastEnd;

            /// <summary>Items queued but not yet handed to a probe.</summary>
            public int Queued => Chunks.Sum(c => c.Count);

            /// <summary>The results in the inventory's order of types (chunks may finish in any order), each type's in arrival order.</summary>
            public IEnumerable<CheckResult> OrderedResults()
            {
                var order = new Dictionary<string, int>();
                for (var i = 0; i < Items.Count; i++) order[Items[i].Type] = i;
                return Results.Select((r, i) => (r, i))
                    .OrderBy(x => order.TryGetValue(x.r.Type, out var o) ? o : int.MaxValue).ThenBy(x => x.i)
                    .Select(x => x.r);
            }
        }

        /// <summary>The next chunk for a worker: its own runtime's first, else that of the runtime with the most types still queued.</summary>
        static (RuntimeWork Work, List<ProbeItem> Items)? NextChunk(RuntimeWork[] works, int preferred)
        {
            lock (works)
            {
                var work = works.Length > preferred && works[preferred].Chunks.Count > 0
                    ? works[preferred]
                    : works.Where(w => w.Chunks.Count > 0).OrderByDescending(w => w.Queued).FirstOrDefault();
                if (work == null) return null;
                return (work, work.Chunks.Dequeue());
            }
        }

        /// <summary>Halves of what is left, down to a few types: big chunks first, small ones for a core that frees up late.</summary>
        internal static List<List<ProbeItem>> Guided(IReadOnlyList<ProbeItem> items, bool split, int smallest = 6)
        {
            var chunks = new List<List<ProbeItem>>();
            var rest = items.ToList();
            while (rest.Count > 0)
            {
                var size = !split || rest.Count <= 2 * smallest ? rest.Count : (rest.Count + 1) / 2;
                chunks.Add(rest.Take(size).ToList());
                rest = rest.Skip(size).ToList();
            }
            return chunks;
        }

        RuntimeWork PrepareRuntime(RuntimeTarget target, string scratch, bool split, CancellationToken cancel)
        {
            var run = new RuntimeRun { Runtime = new RuntimeInfo { Name = target.Name, Flavor = target.Flavor == RuntimeFlavor.Mono ? "mono" : "coreclr", Version = target.Version, Path = target.Location } };
            var work = new RuntimeWork(target, run);
            work.Clock.Start();   // the runtime's wall time counts its inventory too
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
                return work;
            }
            work.Items.AddRange(items);
            run.Coverage.Discovered = items.Count;
            run.Assemblies = new SortedDictionary<string, List<string>>(
                items.GroupBy(AssemblyOf).ToDictionary(g => g.Key, g => g.Select(i => i.Type).ToList()), StringComparer.Ordinal);
            RuntimeStarting?.Invoke(target, items.Count);
            if (items.Count == 0) return work;

            work.WorkDirectory = Path.Combine(scratch, SafeName(target.Name));
            Directory.CreateDirectory(work.WorkDirectory);
            var request = new ProbeRequest
            {
                Runtime = target.Name, Items = items.ToList(), Checks = _options.Checks, Quick = _options.Quick,
                Strict = _options.Strict, Seed = _options.Seed,
                BudgetsPath = _options.BudgetsPath,
            };
            request.ReportAssemblies.AddRange(_options.ReportAssemblies);
            if (target.Copy != null)
            {
                // A patched copy (or its A/A control): the probe proves which rewritten files it loaded.
                request.ReportAssemblies.AddRange(target.Copy.Assemblies.Select(a => a.Name).Except(request.ReportAssemblies));
                run.Runtime.CopyOf = $"{target.Copy.Kind} copy of {target.Copy.OriginalLocation} (patch {target.Copy.PatchId})";
            }
            work.Request = request;
            foreach (var chunk in Guided(items, split)) work.Chunks.Enqueue(chunk);
            return work;
        }

        /// <summary>The simple name of the assembly an item comes from: the runtime's by full name, a user's by its file.</summary>
        static string AssemblyOf(ProbeItem item) =>
            item.AssemblyName != null ? item.AssemblyName.Split(',')[0].Trim()
            : item.AssemblyPath != null ? Path.GetFileNameWithoutExtension(item.AssemblyPath)
            : "(unknown)";

        void RunChunk(RuntimeWork work, List<ProbeItem> items, CancellationToken cancel)
        {
            int chunk;
            lock (work.Gate)
            {
                chunk = ++work.Chunk;
            }
            // Each probe its own temporary folder: two probes of one runtime may run side by side.
            var directory = Path.Combine(work.WorkDirectory, "chunk" + chunk);
            var temp = Path.Combine(directory, "tmp");
            Directory.CreateDirectory(temp);
            var request = work.Request!.Resume(items, new HashSet<string>());
            request.TempDirectory = temp;
            try
            {
                var checkClock = new CheckClock();
                var processes = _launcher.Run(work.Target, request, directory, ev =>
                {
                    lock (work.Gate) Collect(work.Target, work.Run, work.Results, work.Inner, ev, checkClock);
                }, cancel);
                lock (work.Gate)
                {
                    checkClock.Finish(work.Run);
                    work.Run.ProbeProcesses += processes;
                }
            }
            catch (InvalidOperationException e)
            {
                lock (work.Gate) work.Run.Errors.Add(e.Message);
            }
            finally
            {
                lock (work.Gate) work.LastEnd = work.Clock.Elapsed.TotalSeconds;
            }
        }

        RuntimeRun FinishRuntime(RuntimeWork work)
        {
            var run = work.Run;
            // A type that neither built nor was declared static-only took its probe down while being built.
            var accounted = new HashSet<string>(run.Built.Keys.Concat(run.StaticOnly.Select(s => s.Type)));
            foreach (var item in work.Items.Where(i => !accounted.Contains(i.Type)))
            {
                var crash = work.Results.LastOrDefault(r => r.Runtime == work.Target.Name && r.Type == item.Type && (r.Outcome == Outcome.Crash || r.Outcome == Outcome.Timeout));
                run.StaticOnly.Add(new StaticOnlyType { Type = item.Type, Reason = crash != null ? $"{crash.Outcome.ToString().ToLowerInvariant()} while building: {crash.Message}" : "not reached (run cancelled or probe failed)" });
            }
            // A type found inside a built type's instances is covered through it, not static-only.
            foreach (var s in run.StaticOnly.ToList())
            {
                var through = work.Inner.Where(kv => kv.Value.Contains(s.Type)).Select(kv => kv.Key).OrderBy(t => t, StringComparer.Ordinal).ToList();
                if (through.Count == 0) continue;
                run.StaticOnly.Remove(s);
                run.CoveredThrough.Add(new CoveredType { Type = s.Type, Through = through, Reason = s.Reason });
            }
            run.Coverage.Built = run.Built.Count;
            run.Coverage.CoveredThrough = run.CoveredThrough.Count;
            run.Coverage.StaticOnly = run.StaticOnly.Count;
            run.WallSeconds = work.Chunk > 0 ? work.LastEnd : work.Clock.Elapsed.TotalSeconds;
            return run;
        }

        void Collect(RuntimeTarget target, RuntimeRun run, List<CheckResult> results, Dictionary<string, List<string>> inner, ProbeEvent ev, CheckClock clock)
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
                    if (ev.How != null) (run.BuiltHow ??= new SortedDictionary<string, List<string>>(StringComparer.Ordinal))[ev.Type] = ev.How;
                    if (ev.Inner != null) inner[ev.Type] = ev.Inner;
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
