using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using StreamConformance.Probe;
using StreamConformance.Results;
using StreamConformance.Runtimes;

namespace StreamConformance.Sweep
{
    /// <summary>
    /// One runtime's part of a sweep: its inventory, the chunks of its types not yet started and the trace of each
    /// chunk's probes. Nothing goes into the run's document until <see cref="ToRun"/>, once every chunk is done.
    /// </summary>
    sealed class RuntimeWork
    {
        readonly SortedDictionary<int, ProbeTrace> _traces = new SortedDictionary<int, ProbeTrace>();
        int _chunk;
        double _lastEnd;

        public RuntimeWork(RuntimeTarget target) => Target = target;

        public RuntimeTarget Target { get; }
        /// <summary>The inventory's types and what could not be read of it; null when discovery failed (<see cref="Errors"/> says why).</summary>
        public SweepTargets? Targets { get; set; }
        public IReadOnlyList<ProbeItem> Items => Targets?.Items ?? new ProbeItem[0];
        /// <summary>Problems that did not stop the run: discovery's, then the probes'.</summary>
        public List<string> Errors { get; } = new List<string>();
        public Queue<List<ProbeItem>> Chunks { get; } = new Queue<List<ProbeItem>>();
        public ProbeRequest? Request { get; set; }
        public string WorkDirectory { get; set; } = "";
        /// <summary>The runtime's wall time, its inventory included.</summary>
        public Stopwatch Clock { get; } = Stopwatch.StartNew();
        public readonly object Gate = new object();

        /// <summary>Items queued but not yet handed to a probe.</summary>
        public int Queued => Chunks.Sum(c => c.Count);

        /// <summary>A core that runs out of work may take over the later types of this runtime's running chunks (<see cref="ItemClaims"/>).</summary>
        public bool HandsOver { get; set; }

        /// <summary>Chunks whose probes are at work (under <see cref="Gate"/>).</summary>
        public List<RunningChunk> Running { get; } = new List<RunningChunk>();

        /// <summary>A chunk starts: its folder (with its probes' temporary folder, and its claims where it can be handed over), and the trace its probes report into.</summary>
        public RunningChunk StartChunk(List<ProbeItem> items)
        {
            lock (Gate)
            {
                var directory = Path.Combine(WorkDirectory, "chunk" + ++_chunk);
                Directory.CreateDirectory(Path.Combine(directory, "tmp"));
                ItemClaims? claims = null;
                if (HandsOver)
                {
                    claims = new ItemClaims(Path.Combine(directory, "claims"));
                    Directory.CreateDirectory(claims.Directory);
                }
                var chunk = new RunningChunk(this, _chunk, items, directory, claims);
                _traces[_chunk] = chunk.Trace;
                Running.Add(chunk);
                return chunk;
            }
        }

        public void EndChunk(RunningChunk chunk, string? error)
        {
            lock (Gate)
            {
                Running.Remove(chunk);
                if (error != null) Errors.Add(error);
                _lastEnd = Clock.Elapsed.TotalSeconds;
            }
        }

        /// <summary>The results in the inventory's order of types (chunks may finish in any order), each type's in arrival order.</summary>
        public IEnumerable<CheckResult> OrderedResults()
        {
            var order = new Dictionary<string, int>();
            for (var i = 0; i < Items.Count; i++) order[Items[i].Type] = i;
            return _traces.Values.SelectMany(t => t.Results).Select((r, i) => (r, i))
                .OrderBy(x => order.TryGetValue(x.r.Type, out var o) ? o : int.MaxValue).ThenBy(x => x.i)
                .Select(x => x.r);
        }

        /// <summary>The runtime's part of the document: what was discovered, what the probes reported, coverage decided once.</summary>
        public RuntimeRun ToRun(IReadOnlyList<CheckResult> results)
        {
            var run = new RuntimeRun { Runtime = new RuntimeInfo { Name = Target.Name, Flavor = Target.Flavor.Key(), Version = Target.Version, Path = Target.Location } };
            if (Target.Copy != null) run.Runtime.CopyOf = $"{Target.Copy.Kind} copy of {Target.Copy.OriginalLocation} (patch {Target.Copy.PatchId})";
            if (_traces.Values.Select(t => t.Runtime).FirstOrDefault(r => r != null) is { } hello)
            {
                run.Runtime.Version = hello.Version;
                run.Runtime.LoadedAssemblies = hello.LoadedAssemblies;
            }
            run.Errors.AddRange(Errors);
            if (Targets != null)
            {
                if (Targets.Hazards.Count > 0)
                    run.Hazards = new SortedDictionary<string, List<Discovery.Hazard>>(Targets.Hazards.ToDictionary(p => p.Key, p => p.Value), StringComparer.Ordinal);
                run.Coverage.Discovered = Items.Count;
                run.Assemblies = new SortedDictionary<string, List<string>>(
                    Items.GroupBy(AssemblyOf).ToDictionary(g => g.Key, g => g.Select(i => i.Type).ToList()), StringComparer.Ordinal);
            }
            CoverageDecision.Apply(run, Items, _traces.Values, results, Target.Name);
            foreach (var trace in _traces.Values)
            {
                run.ProbeProcesses += trace.Processes;
                trace.Clock.AddTo(run);
            }
            run.WallSeconds = _chunk > 0 ? _lastEnd : Clock.Elapsed.TotalSeconds;
            return run;
        }

        /// <summary>The simple name of the assembly an item comes from: the runtime's by full name, a user's by its file.</summary>
        static string AssemblyOf(ProbeItem item) =>
            item.AssemblyName != null ? item.AssemblyName.Split(',')[0].Trim()
            : item.AssemblyPath != null ? Path.GetFileNameWithoutExtension(item.AssemblyPath)
            : "(unknown)";
    }
}
