using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;

namespace StreamConformance.Runtimes
{
    /// <summary>
    /// The one place that knows how to start a process on a runtime. The probe launcher, the syscall meter's
    /// traced child and patched runtime copies all go through it, so a measurement never lands on another runtime
    /// than the one named (a dotnet root with several frameworks picks the newest unless told the version).
    /// </summary>
    public static class RuntimeLauncher
    {
        /// <summary>The command that starts programs on <paramref name="target"/>.</summary>
        public static RuntimeCommand CommandFor(RuntimeTarget target)
        {
            if (!target.CanRunProbe)
                throw new InvalidOperationException($"runtime {target.Name} at {target.Location} has no host to run a program with (metadata only)");
            var command = new RuntimeCommand { Flavor = target.Flavor, Host = target.HostPath! };
            // Node runs the probe's module (main.mjs), which loads the pack's runtime from the probe's own folder.
            if (target.Flavor == RuntimeFlavor.Wasm) return command;
            if (target.Flavor == RuntimeFlavor.Mono)
            {
                command.HostOptions.Add("--debug");
                AddMonoCrashOptions(command);
                return command;
            }
            if (target.Kind == RuntimeKind.CoreRun)
            {
                // Upstream corerun (src/coreclr/hosts/corerun/corerun.cpp) takes `corerun [options] app.dll args` and loads
                // CoreCLR and every assembly of CORE_ROOT; the variable is what every corerun version reads.
                command.Environment["CORE_ROOT"] = target.Location;
            }
            else
                AddMuxerOptions(command, target);
            // One code state from a method's first call to the process's end: each method compiled once, fully optimized
            // (ReadyToRun code as shipped), no profile, no background recompilation. With tiering, a figure timed tier-0 or
            // tier-1 code of its stream depending on when the background queue reached it (a user's ReadByte 12.6 ns or
            // 5.6 ns in probes of one build; docs/budgets.md); a quick .NET sweep also runs in 15 s instead of 21.
            // A user who sets either variable keeps their own.
            SetUnlessGiven(command, "DOTNET_TieredCompilation", "0");
            SetUnlessGiven(command, "DOTNET_TieredPGO", "0");
            return command;
        }

        static void SetUnlessGiven(RuntimeCommand command, string name, string value)
        {
            if (string.IsNullOrEmpty(Environment.GetEnvironmentVariable(name))) command.Environment[name] = value;
        }

        /// <summary>
        /// A crashing Mono runs gdb for a native backtrace before it dies (1.7 s on a quiet machine here, many seconds
        /// under load): long enough for the host to call a crash a timeout. Without it the process dies at once, with
        /// its managed crash report on standard output and the signal in its exit code.
        /// </summary>
        static void AddMonoCrashOptions(RuntimeCommand command)
        {
            var existing = Environment.GetEnvironmentVariable("MONO_DEBUG");
            command.Environment["MONO_DEBUG"] = string.IsNullOrEmpty(existing) ? "no-gdb-backtrace" : existing + ",no-gdb-backtrace";
        }

        static void AddMuxerOptions(RuntimeCommand command, RuntimeTarget target)
        {
            command.HostOptions.AddRange(new[] { "exec", "--fx-version", target.Version });
            if (target.DotNetRoot != null)
            {
                command.Environment["DOTNET_ROOT"] = target.DotNetRoot;
                command.Environment["DOTNET_MULTILEVEL_LOOKUP"] = "0";
            }
        }

        /// <summary>The command that starts programs on the runtime this process runs on (tests, in-process runs).</summary>
        public static RuntimeCommand ForCurrentProcess()
        {
            var current = Process.GetCurrentProcess().MainModule?.FileName ?? throw new InvalidOperationException("the current process has no main module");
            if (RuntimeResolver.IsRunningOnMono)
            {
                var mono = new RuntimeCommand { Flavor = RuntimeFlavor.Mono, Host = current, HostOptions = new List<string> { "--debug" } };
                AddMonoCrashOptions(mono);
                return mono;
            }
            // The muxer itself, else (an apphost or testhost started us) the muxer of the running framework's root.
            var framework = Path.GetDirectoryName(typeof(object).Assembly.Location) ?? "";
            var root = Path.GetFullPath(Path.Combine(framework, "..", "..", ".."));
            string host;
            if (Path.GetFileName(current) == "dotnet") host = current;
            else if (File.Exists(Path.Combine(root, "dotnet"))) host = Path.Combine(root, "dotnet");
            else host = Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") ?? Path.Combine(root, "dotnet");
            var target = new RuntimeTarget("current", RuntimeFlavor.CoreClr, Path.GetFileName(framework), framework, new[] { framework }, host, root);
            return CommandFor(target);
        }
    }
}
