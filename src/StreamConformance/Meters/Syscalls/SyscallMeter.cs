using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using Newtonsoft.Json;
using StreamConformance.Runtimes;

namespace StreamConformance.Meters.Syscalls
{
    /// <summary>
    /// Counts the system calls of measured regions. The cells run in a child process (the probe executable in its
    /// <see cref="SyscallChild"/> mode) on the runtime the meter is given, under <c>strace -f</c>; each region lies
    /// between two marker calls (a stat of a unique, absent path). Only the marking thread's calls count unless
    /// the cell asks for all threads (async I/O). Linux only; see <see cref="UnavailableReason"/>.
    /// </summary>
    public sealed class SyscallMeter
    {
        static readonly Lazy<SyscallMeter> s_current = new Lazy<SyscallMeter>(() => new SyscallMeter(RuntimeLauncher.ForCurrentProcess()));
        readonly Lazy<string?> _unavailable;
        bool _seccomp;

        /// <param name="runtime">The runtime the traced child runs on (a probe passes its own, from its request).</param>
        /// <param name="stracePath">The strace executable; null searches PATH.</param>
        /// <param name="probePath">The probe program the child runs; null: the one beside this assembly, for the runtime's flavor.</param>
        public SyscallMeter(RuntimeCommand runtime, string? stracePath = null, string? probePath = null)
        {
            Runtime = runtime;
            StracePath = stracePath;
            ProbePath = probePath ?? Path.Combine(Path.GetDirectoryName(typeof(SyscallMeter).Assembly.Location) ?? ".",
                runtime.Flavor == RuntimeFlavor.Mono ? "streamconf-probe.exe" : "streamconf-probe.dll");
            _unavailable = new Lazy<string?>(DetectUnavailability);
        }

        /// <summary>A meter whose child runs on the runtime of this process (created once: detection starts processes).</summary>
        public static SyscallMeter ForCurrentRuntime => s_current.Value;

        public RuntimeCommand Runtime { get; }
        public string? StracePath { get; }
        public string ProbePath { get; }

        /// <summary>Why syscalls cannot be counted here (not Linux, no strace, ptrace refused, no probe), or null when they can. Detected once.</summary>
        public string? UnavailableReason => _unavailable.Value;

        /// <summary>Longest a child may run before it is killed and its cells reported as errors.</summary>
        public TimeSpan ChildTimeout { get; set; } = TimeSpan.FromSeconds(90);

        /// <summary>
        /// Runs every cell in one traced child and returns one measurement per cell, in order.
        /// Throws <see cref="InvalidOperationException"/> when the meter is unavailable: check <see cref="UnavailableReason"/> first.
        /// </summary>
        /// <param name="heartbeat">Called about twice a second while the traced child runs (a matrix can take seconds).</param>
        public IReadOnlyList<SyscallMeasurement> Measure(IReadOnlyList<SyscallCell> cells, string tempDirectory, IEnumerable<string>? scenarioAssemblies = null,
            Action? heartbeat = null)
        {
            var why = UnavailableReason;
            if (why != null) throw new InvalidOperationException("syscall meter unavailable: " + why);
            var nonce = Guid.NewGuid().ToString("N").Substring(0, 12);
            var work = Path.Combine(tempDirectory, "syscalls-" + nonce);
            Directory.CreateDirectory(work);
            try
            {
                var request = new SyscallChildRequest
                {
                    Nonce = nonce,
                    TempDirectory = work,
                    Cells = cells.ToList(),
                    ScenarioAssemblies = scenarioAssemblies?.ToList() ?? new List<string>(),
                    Output = Path.Combine(work, "reports.json"),
                };
                var requestPath = Path.Combine(work, "request.json");
                File.WriteAllText(requestPath, JsonConvert.SerializeObject(request));
                var logPath = Path.Combine(work, "strace.log");
                var args = new List<string> { "-f", "-qq", "-y", "-e", "trace=" + SyscallNames.TraceExpression(), "-o", logPath };
                if (_seccomp) args.Insert(1, SeccompFlag);
                args.AddRange(Runtime.CommandLine(ProbePath, new[] { SyscallChild.Flag, requestPath }));
                var (exit, stderr) = RunProcess(ResolveStrace()!, args, ChildTimeout, heartbeat, Runtime);

                List<SyscallCellReport>? reports = null;
                if (File.Exists(request.Output))
                    reports = JsonConvert.DeserializeObject<List<SyscallCellReport>>(File.ReadAllText(request.Output));
                if (reports == null || reports.Count != cells.Count)
                {
                    var failure = exit == null ? $"the traced child did not finish within {ChildTimeout.TotalSeconds:0} s"
                        : $"the traced child exited with code {exit} without reports: {FirstLines(stderr)}";
                    return cells.Select(c => new SyscallMeasurement(c, new SyscallCellReport { Id = c.Id, Status = SyscallCellReport.Error, Message = failure }, null)).ToList();
                }
                var calls = StraceLog.Read(logPath);
                var result = new List<SyscallMeasurement>();
                for (var i = 0; i < cells.Count; i++)
                {
                    var report = reports[i];
                    var counts = report.Status == SyscallCellReport.Ok || report.Status == SyscallCellReport.Wrong
                        ? StraceLog.CountRegion(calls, request.BeginMarker(i), request.EndMarker(i), report.AllThreads, report.WatchedDescriptors, report.WatchedPaths)
                        : null;
                    if (counts == null && report.Status == SyscallCellReport.Ok)
                    {
                        report.Status = SyscallCellReport.Error;
                        report.Message = "the region's markers were not found in the trace";
                    }
                    result.Add(new SyscallMeasurement(cells[i], report, counts));
                }
                return result;
            }
            finally
            {
                // STREAMCONF_KEEP_SYSCALL_LOGS=1 keeps the request, reports and trace for reading by hand.
                if (Environment.GetEnvironmentVariable("STREAMCONF_KEEP_SYSCALL_LOGS") != "1")
                try { Directory.Delete(work, recursive: true); } catch (IOException) { } catch (UnauthorizedAccessException) { }
            }
        }

        string? DetectUnavailability()
        {
            // Checked first: inside WebAssembly the platform answers "Other", which would name the wrong cause.
            if (Runtimes.RuntimeResolver.IsRunningOnWasm)
                return "no system calls to count on WebAssembly: the module makes none of its own (its file system is emscripten's, in memory, and it has no sockets), so strace would see only Node's";
            if (Environment.OSVersion.Platform != PlatformID.Unix || !Directory.Exists("/proc/self"))
                return "system-call counting needs Linux (strace); this is " + Environment.OSVersion.VersionString;
            var strace = ResolveStrace();
            if (strace == null)
                return StracePath != null ? $"strace not found at {StracePath}" : "strace not found on PATH (Debian package 'strace')";
            if (!File.Exists(Runtime.Host)) return $"runtime host not found at {Runtime.Host}";
            if (!File.Exists(ProbePath)) return $"streamconf-probe not found at {ProbePath}";
            var trueBinary = File.Exists("/bin/true") ? "/bin/true" : "/usr/bin/true";
            _seccomp = RunProcess(strace, new[] { "-f", SeccompFlag, "-qq", "-e", "trace=?read", "-o", "/dev/null", trueBinary }, TimeSpan.FromSeconds(20)).Exit == 0;
            if (_seccomp) return null;
            var (exit, stderr) = RunProcess(strace, new[] { "-f", "-qq", "-e", "trace=?read", "-o", "/dev/null", trueBinary }, TimeSpan.FromSeconds(20));
            if (exit == 0) return null;
            if (stderr.IndexOf("Operation not permitted", StringComparison.Ordinal) >= 0 || stderr.IndexOf("EPERM", StringComparison.Ordinal) >= 0)
                return "strace cannot trace here (ptrace not permitted): " + FirstLines(stderr);
            return exit == null ? "strace did not finish tracing 'true' within 20 s" : $"strace failed to trace 'true' (exit {exit}): {FirstLines(stderr)}";
        }

        /// <summary>
        /// Stops the child only at the traced calls (strace 5.3+): without it every call of the runtime (futex,
        /// mmap, GC's madvise) is stopped and resumed, which makes a Mono child three times slower. Counts are
        /// the same either way, since only traced calls are counted.
        /// </summary>
        const string SeccompFlag = "--seccomp-bpf";

        string? ResolveStrace()
        {
            if (StracePath != null) return File.Exists(StracePath) ? StracePath : null;
            var path = Environment.GetEnvironmentVariable("PATH") ?? "/usr/bin:/bin";
            return path.Split(':').Where(d => d.Length > 0).Select(d => Path.Combine(d, "strace")).FirstOrDefault(File.Exists);
        }

        /// <summary>Runs a process to completion; exit code null on timeout (the process is killed).</summary>
        static (int? Exit, string Stderr) RunProcess(string file, IEnumerable<string> args, TimeSpan timeout, Action? heartbeat = null, RuntimeCommand? runtime = null)
        {
            var info = new ProcessStartInfo(file)
            {
                UseShellExecute = false,
                RedirectStandardOutput = true,
                RedirectStandardError = true,
            };
            ProcessArguments.Set(info, args);
            // strace passes its environment on to the runtime it starts.
            runtime?.ApplyEnvironment(info);
            using var process = Process.Start(info) ?? throw new InvalidOperationException("could not start " + file);
            var stderr = process.StandardError.ReadToEndAsync();
            var stdout = process.StandardOutput.ReadToEndAsync();
            var clock = Stopwatch.StartNew();
            bool exited;
            while (!(exited = process.WaitForExit(500)) && clock.Elapsed < timeout)
                heartbeat?.Invoke();
            if (!exited)
            {
                try { process.Kill(); } catch (InvalidOperationException) { }
                process.WaitForExit();
                return (null, stderr.Result);
            }
            process.WaitForExit();
            GC.KeepAlive(stdout.Result);
            return (process.ExitCode, stderr.Result);
        }

        static string FirstLines(string text)
        {
            var lines = text.Split('\n').Select(l => l.Trim()).Where(l => l.Length > 0).Take(3);
            return string.Join(" | ", lines);
        }
    }
}
