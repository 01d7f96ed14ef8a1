using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Runtime.InteropServices;
using Newtonsoft.Json;
using StreamConformance.Compare;
using StreamConformance.Patching;
using StreamConformance.Reports;
using StreamConformance.Results;
using StreamConformance.Runtimes;
using StreamConformance.Sweep;

namespace StreamConformance.Evidence
{
    // One concept: patch evidence's runner and the options it runs with.

    public sealed class EvidenceOptions
    {
        /// <summary>Probe processes per side (original, A/A, patched): a timing change must clear the spread between them.</summary>
        public int Runs { get; set; } = 5;
        public bool Quick { get; set; }
        /// <summary>Glob over check names, instead of the patch's own "checks".</summary>
        public string? Checks { get; set; }
        /// <summary>The relative change a timing figure must exceed (compare's --threshold).</summary>
        public double Threshold { get; set; } = 0.15;
        public PatchCache Cache { get; set; } = PatchCache.Default();
        public ProbeLocator? Locator { get; set; }
        /// <summary>The command line that reproduces the evidence, as written into it.</summary>
        public string Command { get; set; } = "";
        public Action<string> Progress { get; set; } = _ => { };
    }

    /// <summary>
    /// <c>patch evidence</c>: builds (or reuses) the A/A and patched copies of each runtime, sweeps the patched type
    /// and a control type on the original, A/A and patched runtimes with the same checks and meters, several
    /// processes per side in rotating order, and judges the patch by compare's rules: exact counts change on any
    /// difference, timing figures only beyond the threshold and when the sides' spreads part.
    /// </summary>
    public sealed class EvidenceRunner
    {
        public const string Original = "original", Aa = "aa", Patched = "patched";
        static readonly string[] s_sides = { Original, Aa, Patched };
        readonly EvidenceOptions _options;

        public EvidenceRunner(EvidenceOptions options) => _options = options;

        public EvidenceDocument Run(PatchFolder patch, IReadOnlyList<RuntimeTarget> runtimes) => Run(PatchSet.Of(patch), runtimes);

        /// <summary>One copy per side carrying every patch of <paramref name="set"/>: a group is measured as the one pull
        /// request it goes upstream as, each patch's headline verdicts, repro and test shown on the shared copies.</summary>
        public EvidenceDocument Run(PatchSet set, IReadOnlyList<RuntimeTarget> runtimes)
        {
            if (_options.Runs < 1) throw new InputException($"--runs: {_options.Runs} is not a positive number of processes");
            var document = new EvidenceDocument
            {
                Patch = set.Id, Title = set.Title, GeneratedAt = DateTimeOffset.UtcNow,
                ToolVersion = typeof(EvidenceRunner).Assembly.GetName().Version?.ToString() ?? "", Command = _options.Command,
                RunsPerSide = _options.Runs, Quick = _options.Quick, Machine = Machine(),
                Group = set.IsGroup ? set.Group : null, Patches = set.IsGroup ? set.Patches.Select(p => p.Manifest.Id).ToList() : null,
            };
            foreach (var runtime in runtimes) set.TargetsFor(runtime); // a runtime the patches do not target is bad input, before any work
            foreach (var runtime in runtimes) document.Runtimes.Add(RunOn(set, runtime));
            var statuses = set.Patches.Select(p => p.Manifest.Status).Distinct().ToList();
            document.Status = document.Runtimes.Any(r => r.Rejected) ? "rejected" : string.Join("/", statuses);
            document.Headline = set.IsGroup ? GroupHeadline(document) : Headline(set.Patches[0], document);
            return document.RelativeTo(PatchFolder.CheckoutRoot());
        }

        RuntimeEvidence RunOn(PatchSet set, RuntimeTarget original)
        {
            var clock = Stopwatch.StartNew();
            var targets = set.TargetsFor(original);
            var scope = Scope.Of(set, targets);
            var evidence = new RuntimeEvidence { Runtime = original.Name, Flavor = PatchApplier.FlavorOf(original), Version = original.Version, Original = original.Location };
            var sides = new Dictionary<string, RuntimeTarget> { [Original] = original.WithName(Original) };
            foreach (var (side, kind) in new[] { (Aa, RuntimeCopyManifest.RoundTrip), (Patched, RuntimeCopyManifest.Patched) })
            {
                _options.Progress($"{original.Name}: {(side == Aa ? "A/A" : "patched")} copy");
                var built = Stopwatch.StartNew();
                var (copy, wasBuilt) = _options.Cache.GetOrBuild(set, original, kind);
                sides[side] = copy.WithName(side);
                evidence.Copies.Add(new CopyEvidence
                {
                    Side = side, Location = copy.Flavor == RuntimeFlavor.CoreClr ? copy.DotNetRoot! : copy.Location,
                    WrittenMvid = copy.Copy!.Assemblies[0].Mvid, Reused = !wasBuilt,
                    WrittenMvids = copy.Copy.Assemblies.Count > 1 ? copy.Copy.Assemblies.ToDictionary(a => a.Name, a => a.Mvid) : null, BuildSeconds = Math.Round(built.Elapsed.TotalSeconds, 1),
                });
                if (side == Patched) evidence.Replaced = copy.Copy.Replaced;
            }
            var programs = new PatchProgramRunner(_options.Locator ?? new ProbeLocator(), _options.Cache.ProgramsFolder);
            if (!set.IsGroup && (targets[0].Target.Repro != null || targets[0].Target.Test != null))
            {
                _options.Progress($"{original.Name}: repro and upstream-style test");
                programs.RunAll(evidence, set.Patches[0], original, sides[Aa], sides[Patched]);
            }
            if (set.IsGroup)
            {
                evidence.Members = new List<MemberEvidence>();
                foreach (var (patch, target) in targets)
                {
                    _options.Progress($"{original.Name}: {patch.Manifest.Id}'s repro and upstream-style test on the group's copies");
                    var member = new MemberEvidence { Patch = patch.Manifest.Id, Title = patch.Manifest.Title, Sentence = patch.Manifest.Sentence, Headline = patch.Manifest.HeadlineCheck };
                    programs.RunAll(member, patch, original, sides[Aa], sides[Patched]);
                    evidence.Members.Add(member);
                }
            }
            evidence.Copies.Insert(0, new CopyEvidence { Side = Original, Location = original.Flavor == RuntimeFlavor.CoreClr ? original.DotNetRoot ?? original.Location : original.Location });

            var runs = s_sides.ToDictionary(s => s, _ => new List<RunDocument>());
            for (var i = 0; i < _options.Runs; i++)
            {
                // Rotating the order spreads any drift of the machine over the three sides alike.
                foreach (var side in s_sides.Skip(i % 3).Concat(s_sides.Take(i % 3)))
                {
                    _options.Progress($"{original.Name}: {side}, process {i + 1} of {_options.Runs}");
                    var doc = Sweep(sides[side], scope);
                    runs[side].Add(doc);
                    evidence.Errors.AddRange(doc.Runtimes.SelectMany(r => r.Errors).Select(e => $"{side}: {e}"));
                }
            }
            foreach (var copy in evidence.Copies) Prove(copy, runs[copy.Side], scope.Assemblies, original);
            Judge(evidence, runs, set, scope);
            evidence.Seconds = Math.Round(clock.Elapsed.TotalSeconds, 1);
            return evidence;
        }

        /// <summary>What a set's sweeps cover: the patched types, the controls, the checks, the rewritten assemblies.</summary>
        sealed class Scope
        {
            public IReadOnlyList<string> Measured = Array.Empty<string>();
            public IReadOnlyList<string> Controls = Array.Empty<string>();
            public string? Checks;
            public IReadOnlyList<string> Assemblies = Array.Empty<string>();
            public string Assembly => string.Join(" and ", Assemblies);
            public string MeasuredType => string.Join(" and ", Measured);
            public string Control => string.Join(" and ", Controls);
            public string[] Types => Measured.Concat(Controls.Where(c => !Measured.Contains(c))).ToArray();

            public static Scope Of(PatchSet set, IReadOnlyList<(PatchFolder Patch, PatchTarget Target)> targets)
            {
                // A group sweeps every check one of its patches asks for: all of them when one asks for all.
                var checks = set.Patches.Select(p => p.Manifest.Checks).Distinct().ToList();
                return new Scope
                {
                    Measured = targets.SelectMany(t => t.Target.MeasuredTypes).Distinct().ToList(),
                    Controls = set.Patches.Select(p => p.Manifest.Control).Distinct().ToList(),
                    Checks = checks.Any(c => c == null || c == "*") ? null : string.Join("|", checks),
                    Assemblies = targets.Select(t => t.Target.Assembly).Distinct().ToList(),
                };
            }
        }

        RunDocument Sweep(RuntimeTarget side, Scope scope)
        {
            var options = new SweepOptions
            {
                Filter = string.Join("|", scope.Types), Checks = _options.Checks ?? scope.Checks,
                Quick = _options.Quick, Parallel = false,
            };
            options.Runtimes.Add(side);
            options.ReportAssemblies.AddRange(scope.Assemblies);
            return new SweepRunner(options, SweepTargets.FromInventory, _options.Locator).Run();
        }

        /// <summary>Every process of a side loaded each rewritten assembly as it should: the copy's written file (by module
        /// id), or the installed one.</summary>
        static void Prove(CopyEvidence copy, List<RunDocument> runs, IReadOnlyList<string> assemblies, RuntimeTarget original)
        {
            copy.Loaded = new List<string>();
            copy.Proven = true;
            foreach (var assembly in assemblies)
            {
                var loaded = runs.Select(d => d.Runtimes.FirstOrDefault()?.Runtime.LoadedAssemblies?.FirstOrDefault(a => a.Name == assembly)).ToList();
                // One assembly: its lines as they always were; several: each line names its assembly.
                var prefix = assemblies.Count > 1 ? assembly + ": " : "";
                copy.Loaded.AddRange(loaded.Select(a => prefix + (a == null ? "(not reported)" : a.Error ?? $"{a.Location} mvid {a.Mvid}")).Distinct());
                string? written = copy.WrittenMvid;
                if (copy.WrittenMvids != null) written = copy.WrittenMvids.TryGetValue(assembly, out var mvid) ? mvid : null;
                if (copy.WrittenMvid != null && written == null) { copy.Proven = false; continue; }
                // WebAssembly loads its assemblies from bytes, with no location: there the original is known by its module id too.
                var originalMvid = new Lazy<string>(() => MvidOf(RuntimeCopier.Locate(original, "/nonexistent", assembly).Original));
                copy.Proven &= loaded.All(a => a != null && a.Error == null && (written != null
                    ? a.Mvid == written
                    : a.Location.Length == 0
                        ? a.Mvid == originalMvid.Value
                        : original.AssemblyDirectories.Any(d => RuntimeResolver.ResolveLinks(a.Location).StartsWith(RuntimeResolver.ResolveLinks(d), StringComparison.Ordinal))));
            }
        }

        static string MvidOf(string assemblyPath)
        {
            using var file = File.OpenRead(assemblyPath);
            using var pe = new System.Reflection.PortableExecutable.PEReader(file);
            var metadata = System.Reflection.Metadata.PEReaderExtensions.GetMetadataReader(pe);
            return metadata.GetGuid(metadata.GetModuleDefinition().Mvid).ToString();
        }

        void Judge(RuntimeEvidence evidence, Dictionary<string, List<RunDocument>> runs, PatchSet set, Scope scope)
        {
            var types = scope.Types;
            bool Measured(string type) => scope.Measured.Contains(type);
            var side = runs.ToDictionary(kv => kv.Key, kv => kv.Value.Select(d => Relabel(d, types)).ToList());

            // Each process's run analysed once, for both comparisons it takes part in.
            var analysed = side.ToDictionary(kv => kv.Key, kv => kv.Value.Select(d => RunAnalysis.Of(d)).ToList());
            var patchEffect = new RunComparison(analysed[Aa], analysed[Patched], _options.Threshold);
            var rewriteEffect = new RunComparison(analysed[Original], analysed[Aa], _options.Threshold);
            evidence.PatchEffect = patchEffect.Changes.Select(Describe).ToList();
            evidence.RewriteEffect = rewriteEffect.Changes.Select(Describe).ToList();
            evidence.ControlChanges = patchEffect.Changes.Where(c => scope.Controls.Contains(c.Result.Type) && !Measured(c.Result.Type)).Select(Describe).ToList();
            evidence.Figures = Figures(side, patchEffect, types);
            evidence.JitCost = JitCost(evidence.Figures, scope.Measured);
            if (evidence.Members != null)
                foreach (var member in evidence.Members)
                {
                    var patch = set.Patches.Single(p => p.Manifest.Id == member.Patch);
                    member.Verdicts = HeadlineVerdicts(side, evidence.Figures, patch.Manifest.HeadlineCheck, patch.Manifest.HeadlineMetric, patch.Manifest.Targets.SelectMany(t => t.MeasuredTypes).ToList());
                }

            foreach (var s in s_sides)
            {
                var first = side[s][0].Results.Where(r => Measured(r.Type) && IsConformance(r.Check)).ToList();
                evidence.Conformance[s] = new OutcomeCounts
                {
                    Pass = first.Count(r => r.Outcome == Outcome.Pass), Fail = first.Count(r => r.Outcome == Outcome.Fail),
                    Other = first.Count(r => r.Outcome != Outcome.Pass && r.Outcome != Outcome.Fail),
                };
            }
            bool Always(List<RunDocument> docs, string key, bool finding) =>
                docs.All(d => d.Results.Any(r => Key(r) == key && r.IsFailing() == finding));
            var keys = side[Patched][0].Results.Where(r => Measured(r.Type) && IsConformance(r.Check)).Select(Key).Distinct();
            foreach (var key in keys)
            {
                if (Always(side[Aa], key, false) && Always(side[Patched], key, true)) evidence.IntroducedFailures.Add(key.Replace("|", " "));
                if (Always(side[Aa], key, true) && Always(side[Patched], key, false)) evidence.FixedFailures.Add(key.Replace("|", " "));
            }

            var onType = patchEffect.Changes.Where(c => Measured(c.Result.Type)).ToList();
            var improvements = onType.Count(c => c.Kind == RunComparison.ChangeKind.Improvement);
            var regressions = onType.Count(c => c.Kind == RunComparison.ChangeKind.Regression);
            var unproven = evidence.Copies.Where(c => !c.Proven).Select(c => c.Side).ToList();
            if (unproven.Count > 0)
            {
                evidence.Verdict = $"no evidence: the {string.Join(" and ", unproven)} side did not prove it loaded the expected {scope.Assembly} (see copies)";
                return;
            }
            if (evidence.IntroducedFailures.Count > 0)
            {
                evidence.Rejected = true;
                evidence.Verdict = $"rejected: the patched copy fails {evidence.IntroducedFailures.Count} conformance check(s) of {scope.MeasuredType} that pass on the A/A copy";
                return;
            }
            if (!set.IsGroup && set.Patches[0].Manifest.Status == "guard")
            {
                // A guard holds when its headline check passes on A/A and fails on the patched copy, in every process and variant.
                var headline = set.Patches[0].Manifest.HeadlineCheck;
                var rows = evidence.Figures.Where(f => Measured(f.Type) && f.Check == headline).ToList();
                var holds = rows.Count > 0 && rows.All(f => f.Aa != null && f.Patched != null
                    && f.Aa.Outcomes.SequenceEqual(new[] { "pass" }) && f.Patched.Outcomes.SequenceEqual(new[] { "fail" }));
                evidence.Verdict = holds
                    ? $"the guard holds: {headline} passes on the A/A copy and fails on the patched copy in every process and all {rows.Count} variant(s); {regressions} figure(s) or verdict(s) of {scope.MeasuredType} regress in all"
                    : $"the guard does not hold: {headline} does not pass on A/A and fail on the patched copy in every process and variant ({regressions} regression(s) seen)";
                return;
            }
            if (improvements == 0)
            {
                evidence.Rejected = true;
                evidence.Verdict = $"rejected: no figure or verdict of {scope.MeasuredType} improved from the A/A copy to the patched one";
                return;
            }
            evidence.Verdict = $"improves {improvements} figure(s) or verdict(s) of {scope.MeasuredType}" +
                (regressions > 0 ? $"; {regressions} regression(s), listed below" : "; no regression") +
                (evidence.ControlChanges.Count > 0 ? $"; the control {scope.Control} moved in {evidence.ControlChanges.Count} figure(s)" : "; the control is unchanged") +
                TestClause(evidence.UpstreamTest);
            if (evidence.Members != null)
                evidence.Verdict += "; in the one copy " + string.Join("; ", evidence.Members.Select(m =>
                    $"{m.Patch}'s {m.Headline ?? "headline"} {(m.Verdicts.Count == 0 ? "has no result" : string.Join(", ", m.Verdicts.Select(v => v.Change).Distinct()))}" +
                    (m.UpstreamTest == null ? "" : m.UpstreamTest.FailsThenPasses ? ", its test fails on A/A and passes patched" : ", its test does NOT fail on A/A and pass patched")));
        }

        /// <summary>
        /// A patch's headline check on each variant of its types, A/A → patched: the outcomes every process of a side
        /// gave, and the figure where the check measures one. Shows in a group's evidence that each patch's own
        /// check moved on the shared copy.
        /// </summary>
        static List<MemberVerdict> HeadlineVerdicts(Dictionary<string, List<RunDocument>> side, List<FigureRow> figures, string? check, string? metric, IReadOnlyList<string> types)
        {
            var verdicts = new List<MemberVerdict>();
            if (check == null) return verdicts;
            string Outcomes(string s, string key) => string.Join("/", side[s].SelectMany(d => d.Results).Where(r => Key(r) == key)
                .Select(r => r.Outcome.ToString().ToLowerInvariant()).Distinct().OrderBy(o => o, StringComparer.Ordinal));
            var keys = side[Patched].SelectMany(d => d.Results).Where(r => types.Contains(r.Type) && r.Check == check)
                .Select(r => (r.Type, r.Variant, Key: Key(r))).Distinct().OrderBy(k => k.Key, StringComparer.Ordinal);
            foreach (var (type, variant, key) in keys)
            {
                // The headline's own metric ("check#metric") when it names one, else the first figure that changed, else the first:
                // a check with several figures (a syscall cell's lseek and pwrite64) must not show one that stayed "0 → 0".
                var rows = figures.Where(f => f.Type == type && f.Variant == variant && f.Check == check && f.Aa != null && f.Patched != null).ToList();
                var figure = rows.FirstOrDefault(f => f.Metric == metric) ?? rows.FirstOrDefault(f => f.Aa!.Value != f.Patched!.Value) ?? rows.FirstOrDefault();
                verdicts.Add(new MemberVerdict
                {
                    Type = type, Variant = variant, Check = check, Aa = Outcomes(Aa, key), Patched = Outcomes(Patched, key),
                    Figure = figure == null ? null : FigureChange(figure),
                });
            }
            return verdicts;
        }

        /// <summary>"dotnet 10.0.12: 0011 write-byte.round-trip fail → pass, 0017 dispose.members-throw fail → advisory (A/A → patched, one copy)".</summary>
        static string GroupHeadline(EvidenceDocument document) => string.Join("; ", document.Runtimes.Select(r => r.Members == null || r.Verdict.StartsWith("no evidence", StringComparison.Ordinal)
            ? $"{r.Runtime} {r.Version}: {r.Verdict}"
            : $"{r.Runtime} {r.Version}: " + string.Join(", ", r.Members.Select(m => $"{m.Patch} {m.Headline} {string.Join(", ", m.Verdicts.Select(v => v.Change).Distinct())}")) + " (A/A → patched, one copy)"));

        const string TestClausePrefix = "; the upstream-style test ";

        static string TestClause(UpstreamTestEvidence? test) => test == null ? "" : TestClausePrefix + (test.FailsThenPasses
            ? "fails on A/A and passes patched"
            : "does NOT fail on A/A and pass patched (see its section)");

        /// <summary>
        /// <c>patch test --record</c>: runs the repro and the upstream-style test again on the runtimes of a saved evidence
        /// and puts their outcomes into it, leaving every measured figure as it was (a test or repro written after the
        /// patch was measured needs no new sweep).
        /// </summary>
        public static void RecordPrograms(EvidenceDocument document, PatchFolder patch, Func<RuntimeEvidence, RuntimeTarget> resolve,
            PatchCache cache, PatchProgramRunner programs)
        {
            foreach (var r in document.Runtimes)
            {
                var original = resolve(r);
                var (aa, patched) = cache.GetOrBuildBoth(patch, original);
                programs.RunAll(r, patch, original, aa, patched);
                var cut = r.Verdict.IndexOf(TestClausePrefix, StringComparison.Ordinal);
                if (!r.Rejected && !r.Verdict.StartsWith("no evidence", StringComparison.Ordinal))
                    r.Verdict = (cut >= 0 ? r.Verdict.Substring(0, cut) : r.Verdict) + TestClause(r.UpstreamTest);
            }
            document.Headline = Headline(patch, document);
        }

        /// <summary>"median 3.1× (1.2–4.0× over N figures)": the A/A copy's ns/call over the original's, on the patched type.</summary>
        static string? JitCost(List<FigureRow> figures, IReadOnlyList<string> types)
        {
            var type = string.Join(" and ", types);
            var ratios = figures.Where(f => types.Contains(f.Type) && f.Metric == "nsPerCall" && f.Original != null && f.Aa != null && f.Original.Value > 0)
                .Select(f => f.Aa!.Value / f.Original!.Value).OrderBy(x => x).ToList();
            if (ratios.Count == 0) return null;
            var median = MathNet.Numerics.Statistics.Statistics.Median(ratios);
            return $"ns/call on A/A is {ResultSummary.Format(median)}× the original's (median over {ratios.Count} latency figures of {type}; range {ResultSummary.Format(ratios[0])}–{ResultSummary.Format(ratios[ratios.Count - 1])}×)";
        }

        /// <summary>The checks that judge behaviour, not cost.</summary>
        static bool IsConformance(string check) => !check.StartsWith("budget.", StringComparison.Ordinal) && !check.StartsWith("syscalls.", StringComparison.Ordinal);

        /// <summary>One row per (type, variant, check, figure) that a budget or syscall check reports, the three sides side by side.</summary>
        static List<FigureRow> Figures(Dictionary<string, List<RunDocument>> side, RunComparison patchEffect, string[] types)
        {
            var rows = new List<FigureRow>();
            var keys = s_sides.SelectMany(s => side[s].SelectMany(d => d.Results)).Where(r => Array.IndexOf(types, r.Type) >= 0 && r.Metrics != null)
                .GroupBy(Key).OrderBy(g => Array.IndexOf(types, g.First().Type)).ThenBy(g => g.Key, StringComparer.Ordinal);
            foreach (var group in keys)
            {
                var sample = group.First();
                foreach (var metric in FiguresOf(sample))
                {
                    var row = new FigureRow { Type = sample.Type, Variant = sample.Variant, Check = sample.Check, Metric = metric };
                    if (metric.StartsWith("syscalls.", StringComparison.Ordinal) && sample.Metrics!.TryGetValue("operations", out var operations)) row.Operations = operations;
                    var all = new List<CheckResult>();
                    foreach (var s in s_sides)
                    {
                        var results = side[s].SelectMany(d => d.Results).Where(r => Key(r) == group.Key).ToList();
                        all.AddRange(results);
                        var spread = MetricSpread.Of(results, metric);
                        var figure = spread == null ? null : new Figure
                        {
                            Value = spread.Value, Low = spread.Low, High = spread.High, Runs = spread.Runs,
                            Outcomes = results.Select(r => r.Outcome.ToString().ToLowerInvariant()).Distinct().ToList(),
                        };
                        if (s == Original) row.Original = figure; else if (s == Aa) row.Aa = figure; else row.Patched = figure;
                    }
                    row.Exact = metric.StartsWith("syscalls.", StringComparison.Ordinal) || (metric == "bytesPerCall" && !all.Any(r => r.IsInexact));
                    var change = patchEffect.Changes.FirstOrDefault(c => Key(c.Result) == group.Key && c.What.StartsWith(metric + ":", StringComparison.Ordinal));
                    row.Change = change == null ? "" : change.Kind == RunComparison.ChangeKind.Regression ? "regression" : "improvement";
                    rows.Add(row);
                }
            }
            return rows;
        }

        /// <summary>The cost figures a budget or syscall result carries, as compare judges them.</summary>
        static IEnumerable<string> FiguresOf(CheckResult r)
        {
            if (r.Check.StartsWith("budget.alloc.", StringComparison.Ordinal)) return new[] { "bytesPerCall" };
            if (r.Check.StartsWith("budget.latency.", StringComparison.Ordinal)) return new[] { "ratioToBaseline", "nsPerCall" };
            if (r.Check.StartsWith("syscalls.", StringComparison.Ordinal))
                return r.Metrics!.Keys.Where(k => k.StartsWith("syscalls.", StringComparison.Ordinal) && !MetricNames.IsBackground(k) && !MetricNames.IsSpread(k));
            return Array.Empty<string>();
        }

        /// <summary>A side's results under one runtime name, so compare matches them across sides; only the two types.</summary>
        static RunDocument Relabel(RunDocument doc, string[] types)
        {
            var copy = JsonConvert.DeserializeObject<RunDocument>(JsonConvert.SerializeObject(doc))!;
            copy.Results.RemoveAll(r => Array.IndexOf(types, r.Type) < 0);
            foreach (var r in copy.Results) r.Runtime = "side";
            return copy;
        }

        static string Key(CheckResult r) => $"{r.Type}|{r.Variant}|{r.Check}";

        static string Describe(RunComparison.Change c) =>
            $"{c.Result.Type} [{c.Result.Variant}] {c.Result.Check}: {c.What} ({(c.Kind == RunComparison.ChangeKind.Regression ? "regression" : "improvement")})";

        /// <summary>"dotnet 10.0.12: 0 → 32 B/call (A/A → patched); …" for the manifest's headline check.</summary>
        static string Headline(PatchFolder patch, EvidenceDocument document)
        {
            var check = patch.Manifest.HeadlineCheck;
            var metric = patch.Manifest.HeadlineMetric;
            var parts = new List<string>();
            foreach (var r in document.Runtimes)
            {
                var row = r.Figures.Where(f => (check == null || f.Check == check) && (metric == null || f.Metric == metric)).Where(f => f.Aa != null && f.Patched != null)
                    .OrderBy(f => f.Type == patch.Manifest.Control ? 1 : 0).ThenBy(f => f.Variant == "default" ? 0 : 1).ThenBy(f => f.Variant, StringComparer.Ordinal).FirstOrDefault();
                if (row == null) { parts.Add($"{r.Runtime} {r.Version}: {r.Verdict}"); continue; }
                // A syscall figure is per operation: the headline gives the calls of the whole cell, which is what a reader counts.
                var figures = row.Operations is double ? FigureChange(row) : $"{Format(row.Aa!.Value, row.Metric)} → {Format(row.Patched!.Value, row.Metric)}";
                parts.Add($"{r.Runtime} {r.Version}: {row.Check} {figures} (A/A → patched{(row.Variant == "default" ? "" : ", " + row.Variant)})");
            }
            return string.Join("; ", parts);
        }

        /// <summary>"bytesPerCall 4 → 0 B/call"; a syscall cell's figure as calls of the cell ("syscalls.pwrite64 17 → 16 calls in
        /// 65536 operations"), never as a per-operation rate rounded to 0.</summary>
        static string FigureChange(FigureRow f) => f.Operations is double ops && ops > 0
            ? $"{f.Metric} {ResultSummary.Format(Math.Round(f.Aa!.Value * ops))} → {ResultSummary.Format(Math.Round(f.Patched!.Value * ops))} calls in {ResultSummary.Format(ops)} operations"
            : $"{f.Metric} {Format(f.Aa!.Value, f.Metric)} → {Format(f.Patched!.Value, f.Metric)}";

        public static string Format(double value, string metric) => metric switch
        {
            "bytesPerCall" => ResultSummary.Format(value) + " B/call",
            "ratioToBaseline" => ResultSummary.Format(value) + "×",
            "nsPerCall" => ResultSummary.Format(value) + " ns",
            _ => ResultSummary.Format(value),
        };

        static string Machine()
        {
            var cpu = "";
            try
            {
                cpu = File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal))?.Split(':')[1].Trim() ?? "";
            }
            catch (IOException) { }
            catch (UnauthorizedAccessException) { }
            return $"{RuntimeInformation.OSDescription}, {Environment.ProcessorCount} cores{(cpu.Length > 0 ? ", " + cpu : "")}";
        }
    }
}
