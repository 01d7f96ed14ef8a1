#if NET
using System;
using System.Diagnostics;
using System.IO;
using NUnit.Framework;
using StreamConformance.Tests.Isolation;

namespace StreamConformance.Tests.Cli
{
    /// <summary>Runs the built `streamconf` as a user would and captures what it says.</summary>
    static class StreamConfProcess
    {
        public static string CliPath => Path.Combine(RepoPaths.Root, "src", "StreamConformance.Cli", "bin", RepoPaths.Configuration, "net10.0", "streamconf.dll");

        public sealed record Outcome(int ExitCode, string StandardOutput, string StandardError);

        public static Outcome Run(params string[] args)
        {
            var psi = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
            psi.ArgumentList.Add(CliPath);
            foreach (var a in args) psi.ArgumentList.Add(a);
            using var p = Process.Start(psi)!;
            var stdout = p.StandardOutput.ReadToEndAsync();
            var stderr = p.StandardError.ReadToEnd();
            p.WaitForExit();
            return new Outcome(p.ExitCode, stdout.Result, stderr);
        }

        /// <summary>Bad input: exit code 2 and exactly one line on standard error, naming <paramref name="mustName"/>.</summary>
        public static void AssertBadInput(Outcome outcome, string mustName)
        {
            Assert.That(outcome.ExitCode, Is.EqualTo(2), outcome.StandardError + outcome.StandardOutput);
            var lines = outcome.StandardError.Split('\n', StringSplitOptions.RemoveEmptyEntries);
            Assert.That(lines, Has.Length.EqualTo(1), outcome.StandardError);
            Assert.That(lines[0], Does.StartWith("streamconf: ").And.Contain(mustName));
        }
    }
}
#endif
