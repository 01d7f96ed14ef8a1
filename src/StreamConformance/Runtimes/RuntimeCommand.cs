using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using Newtonsoft.Json;

namespace StreamConformance.Runtimes
{
    /// <summary>
    /// How to start a program on one runtime: the host, the host's options before the program, and the environment
    /// the host needs. Built only by <see cref="RuntimeLauncher"/>; serializable, so a probe can start its own
    /// children (the syscall meter's traced child) on exactly the runtime it runs on.
    /// </summary>
    public sealed class RuntimeCommand
    {
        [JsonProperty("flavor")] public RuntimeFlavor Flavor { get; set; }
        /// <summary>The dotnet muxer or the mono binary.</summary>
        [JsonProperty("host")] public string Host { get; set; } = "";
        /// <summary>The host's options, placed before the program (e.g. "exec --fx-version 10.0.12", "--debug").</summary>
        [JsonProperty("hostOptions")] public List<string> HostOptions { get; set; } = new List<string>();
        [JsonProperty("environment")] public Dictionary<string, string> Environment { get; set; } = new Dictionary<string, string>();

        /// <summary>The whole command line: host, host options, program, program arguments.</summary>
        public List<string> CommandLine(string program, IEnumerable<string> arguments)
        {
            var line = new List<string> { Host };
            line.AddRange(HostOptions);
            line.Add(program);
            line.AddRange(arguments);
            return line;
        }

        /// <summary>A start info for <paramref name="program"/> on this runtime (no redirection set).</summary>
        public ProcessStartInfo StartInfo(string program, IEnumerable<string> arguments)
        {
            var line = CommandLine(program, arguments);
            var psi = new ProcessStartInfo(line[0]) { UseShellExecute = false };
            ProcessArguments.Set(psi, line.Skip(1));
            ApplyEnvironment(psi);
            return psi;
        }

        /// <summary>Sets this runtime's variables on a process that starts the host itself or a tracer that execs it.</summary>
        public void ApplyEnvironment(ProcessStartInfo psi)
        {
            foreach (var pair in Environment) psi.Environment[pair.Key] = pair.Value;
        }

        public override string ToString() => string.Join(" ", new[] { Host }.Concat(HostOptions));
    }
}
