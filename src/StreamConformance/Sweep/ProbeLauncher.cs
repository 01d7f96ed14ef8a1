using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Threading;
using Newtonsoft.Json;
using StreamConformance.Probe;
using StreamConformance.Results;
using StreamConformance.Runtimes;

namespace StreamConformance.Sweep
{
    /// <summary>
    /// Runs a probe request in child processes of a target runtime and survives whatever the streams do:
    /// a check that stays silent past its limit (<see cref="SilenceLimit"/>, in the probe's own time:
    /// <see cref="ProbeSilence"/>) has its process killed, runs once more in a fresh probe, and is reported as
    /// <see cref="Outcome.Timeout"/> when it hangs there too; a process that dies is reported as <see cref="Outcome.Crash"/>
    /// for the check (or type) it was running. Either way a fresh probe carries on with the rest, so the report is
    /// complete. What happened is in the request's <see cref="ProbeTrace"/>.
    /// </summary>
    public sealed class ProbeLauncher
    {
        readonly ProbeLocator _locator;

        public ProbeLauncher(ProbeLocator locator, TimeSpan checkTimeout)
        {
            _locator = locator;
            CheckTimeout = checkTimeout;
        }

        /// <summary>The longest a check may stay silent (no event) before it is declared hung, before what the probe measured extends it (<see cref="SilenceLimit"/>).</summary>
        public TimeSpan CheckTimeout { get; }

        /// <summary>How long each thread of a probe process (by its id) has run and waited for a CPU: what its silence is not charged with (<see cref="ProbeSilence"/>).</summary>
        public Func<int, IReadOnlyDictionary<int, ThreadTime>?> ThreadTimes { get; set; } = Sweep.ThreadTimes.Of;

        /// <summary>How long a probe may take to start and say hello (runtime start-up, JIT of the harness).</summary>
        public TimeSpan StartTimeout { get; set; } = TimeSpan.FromSeconds(60);

        /// <summary>
        /// Runs <paramref name="request"/> to completion, folding every event of every process into
        /// <paramref name="trace"/> (with the timeout and crash results it gives itself). Each event is also passed to
        /// <paramref name="onEvent"/> as it arrives, for progress.
        /// </summary>
        public void Run(RuntimeTarget target, ProbeRequest request, string workDirectory, ProbeTrace trace, Action<ProbeEvent>? onEvent = null, CancellationToken cancel = default)
        {
            // Resolved once: the probe's command, which its own children (the syscall meter's traced child) reuse.
            var (runtime, probe) = _locator.Command(target);
            var remaining = request.Items.ToList();
            var skip = new HashSet<string>(request.Skip);
            var claims = request.ClaimDirectory != null ? new ItemClaims(request.ClaimDirectory) : null;
            // Steps that were killed as hung once (ProbeRequest.Key): the next hang of one is reported.
            var hungOnce = new HashSet<string>();
            // An item's index in the chunk: what its claim is named by. The items left are always a run of the request's.
            int IndexOf(ProbeItem item) => request.ClaimOffset + request.Items.IndexOf(item);
            // Items the host has since given to another probe (always a tail) are no longer this request's.
            void DropTaken()
            {
                if (claims != null && remaining.Count > 0)
                {
                    var first = IndexOf(remaining[0]);
                    remaining = remaining.TakeWhile((_, i) => !claims.TakenByHost(first + i)).ToList();
                }
            }
            try
            {
                while (!cancel.IsCancellationRequested)
                {
                    DropTaken();
                    if (remaining.Count == 0) break;
                    trace.StartProcess();
                    var attempt = request.Resume(remaining, skip, trace.DeferredRoundTrips);
                    attempt.ClaimOffset = IndexOf(remaining[0]);
                    attempt.RuntimeCommand = runtime;
                    var requestPath = Path.Combine(workDirectory, $"request-{request.Runtime.Replace('/', '_')}-{trace.Processes}.json");
                    File.WriteAllText(requestPath, JsonConvert.SerializeObject(attempt));
                    var hostResult = RunOnce(target, runtime.StartInfo(probe, new[] { requestPath }), trace, onEvent, cancel);
                    if (trace.Completed || cancel.IsCancellationRequested) break;
                    if (hostResult?.Outcome == Outcome.Timeout && OnTrial(trace) is string step)
                    {
                        if (hungOnce.Add(step))
                        {
                            // A step that hung once runs again in a fresh probe before it is reported: a stall of the
                            // machine (a disk flushing a build's output) is not the stream's. Only a second hang is.
                            Resume(trace, skip, ref remaining, skipStep: false);
                            continue;
                        }
                        hostResult.Message += "; it hung again in a fresh probe";
                    }
                    if (hostResult != null) trace.AddHostResult(hostResult);
                    if (!Resume(trace, skip, ref remaining))
                    {
                        // The probe cannot even start: report once instead of retrying forever.
                        DropTaken();
                        foreach (var item in remaining)
                            trace.AddHostResult(Result(request.Runtime, item.Type, "", "probe", Outcome.Crash, trace.LastEnd));
                        break;
                    }
                }
            }
            finally
            {
                trace.Clock.Finish();
            }
        }

        /// <summary>The step a hang is confirmed on by running it again (ProbeRequest.Key); null for a type's build, whose limit already outlasts its peers' waits, and for its finalizers.</summary>
        static string? OnTrial(ProbeTrace trace) =>
            trace.Type == null || trace.Check == null || trace.Check == ProbeRunner.FinalizeStep ? null : ProbeRequest.Key(trace.Type, trace.Variant ?? "", trace.Check);

        /// <summary>
        /// Narrows the items to those a fresh probe runs after the current process died or was killed: from the item that
        /// was running, skipping the step it was in (a crash or hang inside a check costs only that check). False when
        /// the probe did not even start, again.
        /// </summary>
        /// <param name="skipStep">False to run the step it was in again (a hang on trial, <see cref="OnTrial"/>).</param>
        static bool Resume(ProbeTrace trace, HashSet<string> skip, ref List<ProbeItem> remaining, bool skipStep = true)
        {
            var type = trace.Type;
            var index = type == null ? -1 : remaining.FindIndex(i => i.Type == type);
            if (trace.Check == ProbeRunner.FinalizeStep && index >= 0)
            {
                // The type's last step: resume with the next type. Building this one again would only leave
                // new finalizable instances behind for the next type's finalizer step to be blamed for.
                remaining = remaining.Skip(index + 1).ToList();
            }
            else if (trace.Check != null && index >= 0)
            {
                if (skipStep) skip.Add(ProbeRequest.Key(type!, trace.Variant ?? "", trace.Check));
                skip.UnionWith(trace.Finished);
                remaining = remaining.Skip(index).ToList();
            }
            else
            {
                remaining = remaining.Skip(index + 1).ToList();
                if (index < 0 && type == null && trace.Processes > 1 && trace.EventCount == 0) return false;
            }
            return true;
        }

        static string SignalName(int exitCode)
        {
            // A process killed by signal N exits with 128+N (as reported by .NET's Process on Unix).
            if (exitCode <= 128 || exitCode > 128 + 64) return "";
            var names = new Dictionary<int, string> { [4] = "SIGILL", [6] = "SIGABRT", [7] = "SIGBUS", [8] = "SIGFPE", [9] = "SIGKILL", [11] = "SIGSEGV", [15] = "SIGTERM" };
            return names.TryGetValue(exitCode - 128, out var n) ? $", signal {n}" : $", signal {exitCode - 128}";
        }

        /// <summary>How a process that did not complete ended: killed after its limit, or died (exit code, signal, the first lines of its standard error).</summary>
        static string Describe(int? exitCode, string standardError)
        {
            var code = exitCode.HasValue ? $"exit code {exitCode}{SignalName(exitCode.Value)}" : "no exit code";
            var err = standardError.Trim();
            var lastLine = err.Length == 0 ? "" : ": " + err.Split('\n').Select(l => l.Trim()).Where(l => l.Length > 0).Take(3).Aggregate((a, b) => a + " | " + b);
            return $"process died ({code}){lastLine}";
        }

        /// <summary>Runs one probe process over the request; the timeout or crash result the host gives for the step it ended in, if it did not complete.</summary>
        CheckResult? RunOnce(RuntimeTarget target, ProcessStartInfo psi, ProbeTrace trace, Action<ProbeEvent>? onEvent, CancellationToken cancel)
        {
            psi.RedirectStandardOutput = psi.RedirectStandardError = psi.RedirectStandardInput = true;

            var timedOut = false;
            var stderr = new System.Text.StringBuilder();
            using var process = new Process { StartInfo = psi };
            process.ErrorDataReceived += (_, e) => { if (e.Data != null) lock (stderr) if (stderr.Length < 8192) stderr.AppendLine(e.Data); };
            process.Start();
            process.StandardInput.Close();
            using var lines = new ProbeLines(process.StandardOutput);
            process.BeginErrorReadLine();

            var limit = new SilenceLimit(trace, target.Flavor.CheckTimeout(CheckTimeout), StartTimeout);
            var silence = ProbeSilence.Of(process.Id, ThreadTimes);
            try
            {
                while (true)
                {
                    if (!lines.TryTake(out var line, silence.NextLook(limit.Current), cancel))
                    {
                        silence.Measure();
                        if (!silence.Exceeds(limit.Current)) continue;
                        timedOut = true;
                        break;
                    }
                    silence.Restart();
                    if (line == null) break; // stdout closed: the process is exiting
                    var ev = ProbeEvent.TryParse(line);
                    if (ev == null) continue;
                    trace.Observe(ev);
                    onEvent?.Invoke(ev);
                }
            }
            catch (OperationCanceledException)
            {
                timedOut = false;
            }
            finally
            {
                if (!process.HasExited) Kill(process);
                process.WaitForExit();
            }
            if (trace.Completed) return null;
            string standardError;
            lock (stderr) standardError = stderr.ToString();
            trace.LastEnd = timedOut ? "killed after the time limit" : Describe(process.ExitCode, standardError);
            if (cancel.IsCancellationRequested || trace.Type == null) return null;
            return Result(target.Name, trace.Type, trace.Variant ?? "", trace.Check ?? "construct",
                timedOut ? Outcome.Timeout : Outcome.Crash, timedOut ? limit.Describe(silence.Last) : trace.LastEnd);
        }

        static void Kill(Process process)
        {
#if NET
            try { process.Kill(entireProcessTree: true); }
#else
            try { process.Kill(); }
#endif
            catch (InvalidOperationException) { }
            catch (System.ComponentModel.Win32Exception) { }
        }

        static CheckResult Result(string runtime, string type, string variant, string check, Outcome outcome, string message) =>
            new CheckResult { Runtime = runtime, Type = type, Variant = variant, Check = check, Outcome = outcome, Message = message };
    }
}
