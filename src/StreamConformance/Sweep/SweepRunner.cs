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
    /// runtime → inventory → probe (recipes, checks, meters) → <see cref="RunDocument"/>. Each runtime's types run in
    /// chunks, each in probe processes of its own scratch folder (removed at the end); the document is assembled once
    /// every chunk is done, from what each runtime's probes reported (<see cref="RuntimeWork"/>).
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
                Options = _options.Describe(),
            };
            using var scratch = new ScratchDirectory();
            // Each runtime's types run in probe processes of that runtime, one core each: with Parallel the runtimes
            // start side by side, and when one runtime's work is done its core takes the next chunk of another's (or, for
            // a single runtime, the second core takes every other chunk), and with nothing left to start it takes over the
            // later types of a running probe, so both cores stay busy to the end (GuidedChunks, ItemClaims). Every ratio is measured within one process, so a probe next door disturbs it no more than
            // the machine's own noise does. Results keep the order of the runtimes named, and within each the inventory's order.
            var works = new RuntimeWork?[_options.Runtimes.Count];
            var workers = !_options.Parallel ? 1 : Math.Max(works.Length, Math.Min(Environment.ProcessorCount, 2));
            void Prepare(int i)
            {
                var work = PrepareRuntime(_options.Runtimes[i], scratch.Path, workers > 1);
                lock (works) works[i] = work;
            }
            // Side by side, each runtime's first probe starts as soon as its own inventory is read (.NET's, with ASP.NET
            // Core's shared framework, takes about 0.6 s longer than Mono's); a core out of its own runtime's work waits
            // for every inventory before it takes over another's.
            using var prepared = new CountdownEvent(works.Length);
            void Work(int worker)
            {
                if (workers > 1 && worker < works.Length)
                {
                    try { Prepare(worker); }
                    finally { prepared.Signal(); }
                }
                var preferred = works.Length == 0 ? 0 : worker % works.Length;
                for (var pass = 0; pass < 2; pass++)
                {
                    while (!cancel.IsCancellationRequested && GuidedChunks.Next(works, preferred) is { } next)
                        RunChunk(next, cancel);
                    if (pass > 0) break;
                    try { prepared.Wait(cancel); }
                    catch (OperationCanceledException) { return; }
                }
            }
            if (workers > 1)
                System.Threading.Tasks.Parallel.For(0, workers, new System.Threading.Tasks.ParallelOptions { MaxDegreeOfParallelism = workers }, Work);
            else
            {
                for (var i = 0; i < works.Length; i++)
                {
                    Prepare(i);
                    prepared.Signal();
                }
                Work(0);
            }

            // The document is written only now, from what each runtime's probes reported.
            foreach (var work in works.OfType<RuntimeWork>())
            {
                var results = work.OrderedResults().ToList();
                document.Runtimes.Add(work.ToRun(results));
                document.Results.AddRange(results);
            }
            document.WallSeconds = started.Elapsed.TotalSeconds;
            return document;
        }

        /// <summary>The runtime's inventory, and its types cut into chunks, with the request every chunk's probe starts from.</summary>
        RuntimeWork PrepareRuntime(RuntimeTarget target, string scratch, bool split)
        {
            var work = new RuntimeWork(target);
            try
            {
                work.Targets = _discover(target, _options);
                work.Errors.AddRange(work.Targets.Errors);
            }
            catch (InputException e)
            {
                work.Errors.Add(e.Message);
                return work;
            }
            var items = work.Items;
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
            // A patched copy (or its A/A control): the probe proves which rewritten files it loaded.
            if (target.Copy != null) request.ReportAssemblies.AddRange(target.Copy.Assemblies.Select(a => a.Name).Except(request.ReportAssemblies));
            work.Request = request;
            work.HandsOver = split;
            foreach (var chunk in GuidedChunks.For(items, split, _options.Quick)) work.Chunks.Enqueue(chunk);
            return work;
        }

        /// <summary>One chunk's probes, reporting into the chunk's trace; nothing is written to the document here.</summary>
        void RunChunk(RunningChunk chunk, CancellationToken cancel)
        {
            var work = chunk.Work;
            // Each probe its own temporary folder: two probes of one runtime may run side by side.
            var request = work.Request!.Resume(chunk.Items, new HashSet<string>());
            request.TempDirectory = Path.Combine(chunk.Directory, "tmp");
            request.ClaimDirectory = chunk.Claims?.Directory;
            string? error = null;
            try
            {
                _launcher.Run(work.Target, request, chunk.Directory, chunk.Trace, ev => Progress?.Invoke(work.Target, ev), cancel);
            }
            catch (InvalidOperationException e)
            {
                error = e.Message;
            }
            finally
            {
                work.EndChunk(chunk, error);
            }
        }

        static string SafeName(string name) => new string(name.Select(c => char.IsLetterOrDigit(c) || c == '.' || c == '-' ? c : '_').ToArray());
    }
}
