using System;
using System.Collections.Concurrent;
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
    /// a check that stays silent past the timeout is reported as <see cref="Outcome.Timeout"/> and its process
    /// killed; a process that dies is reported as <see cref="Outcome.Crash"/> for the check (or type) it was
    /// running. Either way a fresh probe carries on with the rest, so the report is complete.
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

        /// <summary>How long a probe may take to start and say hello (runtime start-up, JIT of the harness).</summary>
        public TimeSpan StartTimeout { get; set; } = TimeSpan.FromSeconds(60);

        /// <summary>
        /// Runs <paramref name="request"/> to completion. Every event (including synthesized timeout and crash
        /// results) is passed to <paramref name="onEvent"/>. Returns how many processes were started.
        /// </summary>
        public int Run(RuntimeTarget target, ProbeRequest request, string workDirectory, Action<ProbeEvent> onEvent, CancellationToken cancel = default)
        {
            // Resolved once: the probe's command, which its own children (the syscall meter's traced child) reuse.
            var (runtime, probe) = _locator.Command(target);
            var remaining = request.Items.ToList();
            var skip = new HashSet<string>(request.Skip);
            var processes = 0;
            while (remaining.Count > 0 && !cancel.IsCancellationRequested)
            {
                processes++;
                var attempt = request.Resume(remaining, skip);
                attempt.RuntimeCommand = runtime;
                var requestPath = Path.Combine(workDirectory, $"request-{request.Runtime.Replace('/', '_')}-{processes}.json");
                File.WriteAllText(requestPath, JsonConvert.SerializeObject(attempt));
                var end = RunOnce(target, runtime.StartInfo(probe, new[] { requestPath }), onEvent, cancel);
                if (end.Completed) break;

                // Resume after the item that was running; a crash or hang inside a check skips only that check.
                var index = end.CurrentType == null ? -1 : remaining.FindIndex(i => i.Type == end.CurrentType);
                if (end.CurrentCheck == ProbeRunner.FinalizeStep && index >= 0)
                {
                    // The type's last step: resume with the next type. Building this one again would only leave
                    // new finalizable instances behind for the next type's finalizer step to be blamed for.
                    remaining = remaining.Skip(index + 1).ToList();
                }
                else if (end.CurrentCheck != null && index >= 0)
                {
                    skip.Add(ProbeRequest.Key(end.CurrentType!, end.CurrentVariant ?? "", end.CurrentCheck));
                    skip.UnionWith(end.Finished);
                    remaining = remaining.Skip(index).ToList();
                }
                else
                {
                    remaining = remaining.Skip(index + 1).ToList();
                    if (index < 0 && end.CurrentType == null && processes > 1 && end.EventCount == 0)
                    {
                        // The probe cannot even start: report once instead of retrying forever.
                        foreach (var item in remaining)
                            onEvent(Synthesize(request.Runtime, item.Type, "", "probe", Outcome.Crash, end.Describe()));
                        break;
                    }
                }
            }
            return processes;
        }

        sealed class RunEnd
        {
            public bool Completed;
            public string? CurrentType, CurrentVariant, CurrentCheck;
            public int EventCount;
            public int? ExitCode;
            public bool TimedOut;
            public string StandardError = "";
            public readonly HashSet<string> Finished = new HashSet<string>();

            public string Describe()
            {
                if (TimedOut) return "killed after the time limit";
                var code = ExitCode.HasValue ? $"exit code {ExitCode}{SignalName(ExitCode.Value)}" : "no exit code";
                var err = StandardError.Trim();
                var lastLine = err.Length == 0 ? "" : ": " + err.Split('\n').Select(l => l.Trim()).Where(l => l.Length > 0).Take(3).Aggregate((a, b) => a + " | " + b);
                return $"process died ({code}){lastLine}";
            }
        }

        static string SignalName(int exitCode)
        {
            // A process killed by signal N exits with 128+N (as reported by .NET's Process on Unix).
            if (exitCode <= 128 || exitCode > 128 + 64) return "";
            var names = new Dictionary<int, string> { [4] = "SIGILL", [6] = "SIGABRT", [7] = "SIGBUS", [8] = "SIGFPE", [9] = "SIGKILL", [11] = "SIGSEGV", [15] = "SIGTERM" };
            return names.TryGetValue(exitCode - 128, out var n) ? $", signal {n}" : $", signal {exitCode - 128}";
        }

        RunEnd RunOnce(RuntimeTarget target, ProcessStartInfo psi, Action<ProbeEvent> onEvent, CancellationToken cancel)
        {
            psi.RedirectStandardOutput = psi.RedirectStandardError = psi.RedirectStandardInput = true;

            var end = new RunEnd();
            var lines = new BlockingCollection<string?>();
            var stderr = new System.Text.StringBuilder();
            using var process = new Process { StartInfo = psi };
            process.OutputDataReceived += (_, e) => lines.Add(e.Data);
            process.ErrorDataReceived += (_, e) => { if (e.Data != null) lock (stderr) if (stderr.Length < 8192) stderr.AppendLine(e.Data); };
            process.Start();
            process.StandardInput.Close();
            process.BeginOutputReadLine();
            process.BeginErrorReadLine();

            var limit = new SilenceLimit(CheckTimeout, StartTimeout);
            try
            {
                while (true)
                {
                    if (!lines.TryTake(out var line, (int)Math.Min(int.MaxValue, limit.Current.TotalMilliseconds), cancel))
                    {
                        end.TimedOut = true;
                        break;
                    }
                    if (line == null) break; // stdout closed: the process is exiting
                    var ev = ProbeEvent.TryParse(line);
                    if (ev == null) continue;
                    end.EventCount++;
                    limit.Observe(ev);
                    switch (ev.Kind)
                    {
                        case ProbeEvent.TypeStart:
                            end.CurrentType = ev.Type;
                            end.CurrentVariant = end.CurrentCheck = null;
                            break;
                        case ProbeEvent.CheckStart:
                            if (end.CurrentCheck != null) end.Finished.Add(ProbeRequest.Key(end.CurrentType!, end.CurrentVariant ?? "", end.CurrentCheck));
                            end.CurrentVariant = ev.Variant;
                            end.CurrentCheck = ev.Check;
                            break;
                        case ProbeEvent.Done:
                            end.Completed = true;
                            break;
                    }
                    onEvent(ev);
                }
            }
            catch (OperationCanceledException)
            {
                end.TimedOut = false;
            }
            finally
            {
                if (!process.HasExited) Kill(process);
                process.WaitForExit();
            }
            if (end.Completed) return end;
            end.ExitCode = process.ExitCode;
            lock (stderr) end.StandardError = stderr.ToString();
            if (cancel.IsCancellationRequested) return end;

            var outcome = end.TimedOut ? Outcome.Timeout : Outcome.Crash;
            var what = end.TimedOut ? limit.Describe() : end.Describe();
            if (end.CurrentType != null)
                onEvent(Synthesize(target.Name, end.CurrentType, end.CurrentVariant ?? "", end.CurrentCheck ?? "construct", outcome, what));
            return end;
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

        static ProbeEvent Synthesize(string runtime, string type, string variant, string check, Outcome outcome, string message) =>
            new ProbeEvent
            {
                Kind = ProbeEvent.ResultKind,
                Result = new CheckResult { Runtime = runtime, Type = type, Variant = variant, Check = check, Outcome = outcome, Message = message },
            };
    }
}
