using System;
using System.IO;
using System.Text;
using Newtonsoft.Json;

namespace StreamConformance.Probe
{
    /// <summary>
    /// The probe process's entry point: "streamconf-probe REQUEST.json". Events go to the process's standard
    /// output as marked lines; the exit code is 0 when the run completed (findings are in the events, not the code).
    /// </summary>
    public static class ProbeHost
    {
        /// <param name="claimFiles">How the request's claims are made, where not as files of this process (<see cref="ItemClaims"/>).</param>
        public static int Main(string[] args, IClaimFiles? claimFiles = null)
        {
            // A child of the syscall meter: runs traced cells instead of checks.
            if (args.Length > 0 && args[0] == Meters.Syscalls.SyscallChild.Flag) return Meters.Syscalls.SyscallChild.Main(args);
            if (args.Length != 1 || !File.Exists(args[0]))
            {
                Console.Error.WriteLine("usage: streamconf-probe REQUEST.json (written by the streamconf host)");
                return 2;
            }
            var request = JsonConvert.DeserializeObject<ProbeRequest>(File.ReadAllText(args[0]))
                          ?? throw new InvalidDataException("empty request: " + args[0]);
            if (!string.IsNullOrEmpty(request.TempDirectory)) UseScratchDataHome(request.TempDirectory!);
            // Keep our own handle on stdout: a stream under test may redirect Console.Out or write to fd 1.
            var output = new StreamWriter(Console.OpenStandardOutput(), new UTF8Encoding(false)) { AutoFlush = true };
            var gate = new object();
            new ProbeRunner(request, e =>
            {
                lock (gate) output.WriteLine(e.ToLine());
            }, claimFiles: claimFiles).Run();
            return 0;
        }

        /// <summary>
        /// The probe's LocalApplicationData ($XDG_DATA_HOME on Unix, read by both runtimes on each use) is a folder of
        /// the run's scratch space: what a stream under test keeps per user (isolated storage) never reaches the
        /// user's profile, and the store starts empty on every run.
        /// </summary>
        static void UseScratchDataHome(string tempDirectory)
        {
            if (Path.DirectorySeparatorChar != '/') return; // Windows: LocalApplicationData does not come from the environment
            var dataHome = Path.Combine(tempDirectory, "data-home");
            Directory.CreateDirectory(dataHome);
            Environment.SetEnvironmentVariable("XDG_DATA_HOME", dataHome);
        }
    }
}
