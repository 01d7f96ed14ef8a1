using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;
using StreamConformance.Patching;
using StreamConformance.Runtimes;
using StreamConformance.Sweep;

namespace StreamConformance.Evidence
{
    // One concept: running a patch's repro and upstream-style test, and the records of what each showed on each side.

    /// <summary>One test of an upstream-style test class as xUnit reported it on one side.</summary>
    public sealed class UpstreamTestOutcome
    {
        [JsonProperty("test")] public string Test { get; set; } = "";
        /// <summary>pass, fail, skip, or error (a failure outside any test).</summary>
        [JsonProperty("outcome")] public string Outcome { get; set; } = "";
        [JsonProperty("message", NullValueHandling = NullValueHandling.Ignore)] public string? Message { get; set; }
    }

    /// <summary>The upstream-style test on one side (the A/A or the patched copy) of one runtime.</summary>
    public sealed class UpstreamTestSide
    {
        [JsonProperty("side")] public string Side { get; set; } = "";
        [JsonProperty("tests")] public List<UpstreamTestOutcome> Tests { get; set; } = new List<UpstreamTestOutcome>();
        /// <summary>Why the test could not run at all (no outcome then).</summary>
        [JsonProperty("error", NullValueHandling = NullValueHandling.Ignore)] public string? Error { get; set; }

        /// <summary>Every test ran and passed (none skipped, at least one).</summary>
        [JsonIgnore] public bool Passed => Error == null && Tests.Count > 0 && Tests.All(t => t.Outcome == "pass");
        /// <summary>At least one test ran and failed (a run that could not start is neither passed nor failed).</summary>
        [JsonIgnore] public bool Failed => Error == null && Tests.Any(t => t.Outcome == "fail" || t.Outcome == "error");
        [JsonIgnore] public string Summary => Error != null ? "not run: " + Error
            : Passed ? $"pass ({Tests.Count} of {Tests.Count})"
            : $"fail ({Tests.Count(t => t.Outcome != "pass")} of {Tests.Count}: {OneLine(Tests.First(t => t.Outcome != "pass").Message)})";

        /// <summary>xUnit's messages span lines ("Values differ\nExpected: 4\nActual: 10"); a table cell and a console line take one.</summary>
        static string OneLine(string? message) =>
            string.Join(" · ", (message ?? "").Split('\n').Select(l => System.Text.RegularExpressions.Regex.Replace(l.Trim(), @"\s+", " ")).Where(l => l.Length > 0));
    }

    /// <summary>The upstream-style test of a patch on one runtime: where it comes from, and how it did on each copy.</summary>
    public sealed class UpstreamTestEvidence
    {
        [JsonProperty("file")] public string File { get; set; } = "";
        [JsonProperty("framework")] public string Framework { get; set; } = "";
        /// <summary>The upstream test file it joins, at the commit read.</summary>
        [JsonProperty("joins")] public string Joins { get; set; } = "";
        [JsonProperty("sides")] public List<UpstreamTestSide> Sides { get; set; } = new List<UpstreamTestSide>();

        public UpstreamTestSide? SideOf(string side) => Sides.FirstOrDefault(s => s.Side == side);

        /// <summary>What a patch's test must show: it fails on the A/A copy (the fault is there) and passes on the patched one.</summary>
        [JsonIgnore] public bool FailsThenPasses => SideOf(EvidenceRunner.Aa)?.Failed == true && SideOf(EvidenceRunner.Patched)?.Passed == true;
    }

    /// <summary>What a patch's repro program printed on one side (the original runtime or the patched copy).</summary>
    public sealed class ReproSide
    {
        [JsonProperty("side")] public string Side { get; set; } = "";
        [JsonProperty("output")] public string Output { get; set; } = "";
        [JsonProperty("exitCode")] public int ExitCode { get; set; }
        [JsonProperty("error", NullValueHandling = NullValueHandling.Ignore)] public string? Error { get; set; }
    }

    /// <summary>The repro a user can run, and what it printed before and after.</summary>
    public sealed class ReproEvidence
    {
        [JsonProperty("file")] public string File { get; set; } = "";
        [JsonProperty("sides")] public List<ReproSide> Sides { get; set; } = new List<ReproSide>();
        public ReproSide? SideOf(string side) => Sides.FirstOrDefault(s => s.Side == side);
        /// <summary>The repro shows the fault: its output on the original differs from the patched copy's.</summary>
        [JsonIgnore] public bool ShowsTheFault => Sides.Count == 2 && Sides.All(s => s.Error == null) && Sides[0].Output != Sides[1].Output;
    }

    /// <summary>
    /// Runs the programs a patch folder ships, compiled against the original runtime, inside the probe on its copies,
    /// through <see cref="RuntimeLauncher"/> like every process on a runtime: the upstream-style test with xUnit's
    /// engine (<c>streamconf-probe --xunit</c>) on the A/A and the patched copy, the repro (<c>--repro</c>) on the
    /// original runtime and the patched copy.
    /// </summary>
    public sealed class PatchProgramRunner
    {
        static readonly TimeSpan s_timeout = TimeSpan.FromSeconds(120);
        readonly ProbeLocator _probes;
        readonly string _scratch;

        public PatchProgramRunner(ProbeLocator probes, string scratch)
        {
            _probes = probes;
            _scratch = scratch;
        }

        /// <summary>The target's repro and test on <paramref name="original"/> and its copies, into <paramref name="evidence"/>
        /// (each null where the target names none).</summary>
        public void RunAll(IProgramEvidence evidence, PatchFolder patch, RuntimeTarget original, RuntimeTarget aa, RuntimeTarget patched)
        {
            var target = PatchApplier.TargetFor(patch, original);
            if (original.Flavor == RuntimeFlavor.Wasm && (target.Repro != null || target.Test != null))
            {
                // The probe under Node runs the sweep's request only: no second program, no xUnit engine in its build.
                evidence.ProgramsNotRun = "not run on WebAssembly: its probe runs checks only (a repro or an xUnit test would need a program of its own built for the pack)";
                return;
            }
            evidence.Repro = RunRepro(patch, target, original, new Dictionary<string, RuntimeTarget> { [EvidenceRunner.Original] = original, [EvidenceRunner.Patched] = patched });
            evidence.UpstreamTest = RunTest(patch, target, original, new Dictionary<string, RuntimeTarget> { [EvidenceRunner.Aa] = aa, [EvidenceRunner.Patched] = patched });
        }

        /// <summary>Null when the patch has no test for <paramref name="original"/>'s flavor.</summary>
        public UpstreamTestEvidence? RunTest(PatchFolder patch, RuntimeTarget original, IReadOnlyDictionary<string, RuntimeTarget> copies) =>
            RunTest(patch, PatchApplier.TargetFor(patch, original), original, copies);

        UpstreamTestEvidence? RunTest(PatchFolder patch, PatchTarget target, RuntimeTarget original, IReadOnlyDictionary<string, RuntimeTarget> copies)
        {
            if (target.Test == null) return null;
            var test = target.Test;
            var evidence = new UpstreamTestEvidence { File = test.Source, Framework = test.Framework, Joins = test.Url };
            var probe = _probes.PathFor(original);
            var dll = Path.Combine(_scratch, $"upstream-test-{patch.Manifest.Id}-{original.Flavor}-{original.Version}", $"StreamConformance.UpstreamTest{patch.Manifest.Id}.dll");
            PatchProgramCompiler.Compile(patch.FileOf(test.Source), original, Path.GetDirectoryName(probe)!, dll, support: test.Support.Select(patch.FileOf));
            foreach (var pair in copies) evidence.Sides.Add(RunOn(pair.Key, pair.Value, dll));
            return evidence;
        }

        /// <summary>Null when the patch has no repro for <paramref name="original"/>'s flavor; else its output on each side.</summary>
        public ReproEvidence? RunRepro(PatchFolder patch, RuntimeTarget original, IReadOnlyDictionary<string, RuntimeTarget> sides) =>
            RunRepro(patch, PatchApplier.TargetFor(patch, original), original, sides);

        ReproEvidence? RunRepro(PatchFolder patch, PatchTarget target, RuntimeTarget original, IReadOnlyDictionary<string, RuntimeTarget> sides)
        {
            if (target.Repro == null) return null;
            var evidence = new ReproEvidence { File = target.Repro };
            var dll = Path.Combine(_scratch, $"repro-{patch.Manifest.Id}-{original.Flavor}-{original.Version}", $"StreamConformance.Repro{patch.Manifest.Id}.dll");
            PatchProgramCompiler.Compile(patch.FileOf(target.Repro), original, Path.GetDirectoryName(_probes.PathFor(original))!, dll, program: true);
            foreach (var pair in sides)
            {
                var (exit, stdout, stderr, error) = RunProbe(pair.Value, "--repro", dll);
                evidence.Sides.Add(new ReproSide
                {
                    Side = pair.Key, ExitCode = exit, Error = error,
                    Output = (stdout + (exit != 0 && stderr.Trim().Length > 0 ? stderr : "")).Replace("\r\n", "\n").TrimEnd(),
                });
            }
            return evidence;
        }

        /// <summary>Runs the probe in one of its program modes on <paramref name="runtime"/>; error: it did not end in time.</summary>
        (int Exit, string Stdout, string Stderr, string? Error) RunProbe(RuntimeTarget runtime, string flag, string dll)
        {
            var (command, probe) = _probes.Command(runtime);
            var psi = command.StartInfo(probe, new[] { flag, dll });
            psi.RedirectStandardOutput = psi.RedirectStandardError = true;
            using var process = Process.Start(psi) ?? throw new InvalidOperationException($"could not start {psi.FileName}");
            var stderr = process.StandardError.ReadToEndAsync();
            var stdout = process.StandardOutput.ReadToEndAsync();
            if (!process.WaitForExit((int)s_timeout.TotalMilliseconds))
            {
                try { process.Kill(entireProcessTree: true); } catch (InvalidOperationException) { }
                return (-1, "", "", $"no result within {s_timeout.TotalSeconds:0} s; the process was killed");
            }
            process.WaitForExit();
            return (process.ExitCode, stdout.Result, stderr.Result, null);
        }

        UpstreamTestSide RunOn(string side, RuntimeTarget runtime, string dll)
        {
            var result = new UpstreamTestSide { Side = side };
            var (exit, stdout, stderr, error) = RunProbe(runtime, "--xunit", dll);
            if (error != null)
            {
                result.Error = error;
                return result;
            }
            var summary = false;
            foreach (var line in stdout.Split('\n').Select(l => l.Trim()).Where(l => l.StartsWith("{", StringComparison.Ordinal)))
            {
                var o = JObject.Parse(line);
                if ((string?)o["kind"] == "summary") summary = true;
                else if ((string?)o["kind"] == "test")
                    result.Tests.Add(new UpstreamTestOutcome { Test = (string?)o["test"] ?? "", Outcome = (string?)o["outcome"] ?? "", Message = (string?)o["message"] });
            }
            if (!summary)
                result.Error = $"the test process exited with code {exit} before its summary: " +
                               (stderr.Split('\n').FirstOrDefault(l => l.Trim().Length > 0)?.Trim() ?? "no message");
            else if (result.Tests.Count == 0)
                result.Error = "xUnit found no test in the test file";
            return result;
        }
    }
}
