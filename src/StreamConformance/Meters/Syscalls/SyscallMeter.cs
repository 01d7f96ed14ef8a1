using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using Newtonsoft.Json;

namespace StreamConformance.Meters.Syscalls
{
    /// <summary>
    /// Counts the system calls of measured regions. The cells run in a child process of the current runtime
    /// (the probe executable in its <see cref="SyscallChild"/> mode) under <c>strace -f</c>; each region lies
    /// between two marker calls (a stat of a unique, absent path). Only the marking thread's calls count unless
    /// the cell asks for all threads (async I/O). Linux only; see <see cref="UnavailableReason"/>.
    /// </summary>
    public static class SyscallMeter
    {
        static readonly object s_gate = new object();
        static string? s_stracePath;
        static Lazy<string?> s_unavailable = new Lazy<string?>(DetectUnavailability);

        /// <summary>The strace executable; null searches PATH. Setting it (a test hook, or a user's choice) re-runs detection.</summary>
        public static string? StracePath
        {
            get => s_stracePath;
            set { lock (s_gate) { s_stracePath = value; s_unavailable = new Lazy<string?>(DetectUnavailability); } }
        }

        /// <summary>Overrides the probe executable the child runs (streamconf-probe.dll / .exe); null finds it next to this assembly.</summary>
        public static string? ProbePath { get; set; }

        /// <summary>Why syscalls cannot be counted here (not Linux, no strace, ptrace refused, no probe), or null when they can. Detected once.</summary>
        public static string? UnavailableReason
        {
            get { lock (s_gate) return s_unavailable.Value; }
        }

        /// <summary>Longest a child may run before it is killed and its cells reported as errors.</summary>
        public static TimeSpan ChildTimeout { get; set; } = TimeSpan.FromSeconds(90);

        /// <summary>
        /// Runs every cell in one traced child and returns one measurement per cell, in order.
        /// Throws <see cref="InvalidOperationException"/> when the meter is unavailable: check <see cref="UnavailableReason"/> first.
        /// </summary>
        /// <param name="heartbeat">Called about twice a second while the traced child runs (a matrix can take seconds).</param>
        public static IReadOnlyList<SyscallMeasurement> Measure(IReadOnlyList<SyscallCell> cells, string tempDirectory, IEnumerable<string>? scenarioAssemblies = null,
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
                var (host, hostArgs) = ChildCommand();
                var args = new List<string> { "-f", "-qq", "-y", "-e", "trace=" + SyscallNames.TraceExpression(), "-o", logPath, host };
                if (s_seccomp) args.Insert(1, SeccompFlag);
                args.AddRange(hostArgs);
                args.Add(SyscallChild.Flag);
                args.Add(requestPath);
                var (exit, stderr) = RunProcess(ResolveStrace()!, args, ChildTimeout, heartbeat);

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

        static string? DetectUnavailability()
        {
            if (Environment.OSVersion.Platform != PlatformID.Unix || !Directory.Exists("/proc/self"))
                return "system-call counting needs Linux (strace); this is " + Environment.OSVersion.VersionString;
            var strace = ResolveStrace();
            if (strace == null)
                return s_stracePath != null ? $"strace not found at {s_stracePath}" : "strace not found on PATH (Debian package 'strace')";
            try
            {
                var (host, _) = ChildCommand();
                if (!File.Exists(host)) return $"runtime host not found at {host}";
                var probe = ResolveProbe();
                if (!File.Exists(probe)) return $"streamconf-probe not found at {probe}";
            }
            catch (Exception e) when (e is InvalidOperationException || e is IOException)
            {
                return "cannot tell how to start a child of this runtime: " + e.Message;
            }
            var trueBinary = File.Exists("/bin/true") ? "/bin/true" : "/usr/bin/true";
            s_seccomp = RunProcess(strace, new[] { "-f", SeccompFlag, "-qq", "-e", "trace=?read", "-o", "/dev/null", trueBinary }, TimeSpan.FromSeconds(20)).Exit == 0;
            if (s_seccomp) return null;
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

        /// <summary>Whether this strace accepts <see cref="SeccompFlag"/> (set by detection).</summary>
        static bool s_seccomp;

        static string? ResolveStrace()
        {
            if (s_stracePath != null) return File.Exists(s_stracePath) ? s_stracePath : null;
            var path = Environment.GetEnvironmentVariable("PATH") ?? "/usr/bin:/bin";
            return path.Split(':').Where(d => d.Length > 0).Select(d => Path.Combine(d, "strace")).FirstOrDefault(File.Exists);
        }

        static string ResolveProbe()
        {
            if (ProbePath != null) return ProbePath;
            var dir = Path.GetDirectoryName(typeof(SyscallMeter).Assembly.Location) ?? ".";
            return Path.Combine(dir, IsMono ? "streamconf-probe.exe" : "streamconf-probe.dll");
        }

        static bool IsMono => Type.GetType("Mono.Runtime") != null;

        /// <summary>The host that runs a child of the runtime this process runs on, and its arguments up to the probe.</summary>
        static (string Host, List<string> Args) ChildCommand()
        {
            var current = Process.GetCurrentProcess().MainModule?.FileName ?? throw new InvalidOperationException("the current process has no main module");
            var probe = ResolveProbe();
            if (IsMono)
                return (current, new List<string> { probe });
            // .NET: the muxer itself, else (an apphost or testhost started us) the muxer that owns the running framework.
            if (Path.GetFileName(current) == "dotnet") return (current, new List<string> { "exec", probe });
            var fromEnv = Environment.GetEnvironmentVariable("DOTNET_HOST_PATH");
            if (!string.IsNullOrEmpty(fromEnv) && File.Exists(fromEnv)) return (fromEnv!, new List<string> { "exec", probe });
            var framework = Path.GetDirectoryName(typeof(object).Assembly.Location) ?? "";
            var root = Path.GetFullPath(Path.Combine(framework, "..", "..", ".."));
            return (Path.Combine(root, "dotnet"), new List<string> { "exec", probe });
        }

        /// <summary>Runs a process to completion; exit code null on timeout (the process is killed).</summary>
        static (int? Exit, string Stderr) RunProcess(string file, IEnumerable<string> args, TimeSpan timeout, Action? heartbeat = null)
        {
            var info = new ProcessStartInfo(file, string.Join(" ", args.Select(Quote)))
            {
                UseShellExecute = false,
                RedirectStandardOutput = true,
                RedirectStandardError = true,
            };
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

        static string Quote(string arg) =>
            arg.Length > 0 && arg.All(c => char.IsLetterOrDigit(c) || "-_./=,?:%+".IndexOf(c) >= 0) ? arg : "\"" + arg.Replace("\\", "\\\\").Replace("\"", "\\\"") + "\"";

        static string FirstLines(string text)
        {
            var lines = text.Split('\n').Select(l => l.Trim()).Where(l => l.Length > 0).Take(3);
            return string.Join(" | ", lines);
        }
    }
}
