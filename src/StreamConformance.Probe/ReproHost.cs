using System;
using System.IO;
using System.Reflection;

namespace StreamConformance.Probe
{
    /// <summary>
    /// <c>streamconf-probe --repro REPRO.dll</c>: calls a patch's repro program's Main on the runtime this process runs on
    /// (the original, or a patched copy), so its output can be shown beside the other's. What it prints is its own;
    /// an exception it lets escape is printed as a runtime prints one, and the exit code is 1.
    /// </summary>
    static class ReproHost
    {
        public const string Flag = "--repro";

        public static int Run(string[] args)
        {
            if (args.Length != 2 || !File.Exists(args[1]))
            {
                Console.Error.WriteLine($"usage: streamconf-probe {Flag} REPRO.dll (written by streamconf patch evidence)");
                return 2;
            }
            var entry = Assembly.LoadFrom(Path.GetFullPath(args[1])).EntryPoint;
            if (entry == null)
            {
                Console.Error.WriteLine($"{args[1]}: no Main");
                return 2;
            }
            try
            {
                var result = entry.Invoke(null, entry.GetParameters().Length == 0 ? null : new object[] { Array.Empty<string>() });
                Console.Out.Flush();
                return result is int code ? code : 0;
            }
            catch (TargetInvocationException e) when (e.InnerException != null)
            {
                Console.Out.Flush();
                Console.WriteLine($"Unhandled exception. {e.InnerException.GetType().FullName}: {e.InnerException.Message}");
                return 1;
            }
        }
    }
}
