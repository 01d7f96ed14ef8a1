using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text;
using System.Threading;
using Newtonsoft.Json;
using Xunit.Abstractions;
using Xunit.Sdk;

namespace StreamConformance.Probe
{
    /// <summary>
    /// <c>streamconf-probe --xunit TESTS.dll</c>: runs a patch's upstream-style test assembly with xUnit.net 2's own
    /// engine (XunitTestFramework, as dotnet/runtime's library tests run) on the runtime this process runs on, a
    /// patched or A/A copy. One JSON line per test on standard output, then one with the counts. Exit code 0 when the
    /// assembly ran (whatever its tests did), 2 when it could not be loaded.
    /// </summary>
    static class XunitHost
    {
        public const string Flag = "--xunit";

        public static int Run(string[] args)
        {
            if (args.Length != 2 || !File.Exists(args[1]))
            {
                Console.Error.WriteLine($"usage: streamconf-probe {Flag} TESTS.dll (written by streamconf patch test)");
                return 2;
            }
            var output = new StreamWriter(Console.OpenStandardOutput(), new UTF8Encoding(false)) { AutoFlush = true };
            var assembly = Assembly.LoadFrom(Path.GetFullPath(args[1]));
            // The executor loads the assembly by name; a test assembly outside the probe's folder is found here.
            AppDomain.CurrentDomain.AssemblyResolve += (sender, e) =>
                new AssemblyName(e.Name).Name == assembly.GetName().Name ? assembly : null;

            var sink = new ResultSink(output);
            using (var framework = new XunitTestFramework(new Quiet()))
            using (var executor = framework.GetExecutor(assembly.GetName()))
            {
                var options = new Options();
                // One test at a time, reported as it ends: a test of a stream must not race another on a shared copy.
                options.SetValue("xunit.execution.DisableParallelization", true);
                options.SetValue("xunit.execution.SynchronousMessageReporting", true);
                executor.RunAll(sink, options, options);
                sink.Finished.WaitOne();
            }
            output.WriteLine(JsonConvert.SerializeObject(new { kind = "summary", total = sink.Total, failed = sink.Failed, skipped = sink.Skipped }));
            return 0;
        }

        /// <summary>Discovery and execution options: xUnit's defaults unless set (the runner package that has a class
        /// for this is not the engine's).</summary>
        sealed class Options : ITestFrameworkDiscoveryOptions, ITestFrameworkExecutionOptions
        {
            readonly Dictionary<string, object?> _values = new Dictionary<string, object?>();
            public TValue GetValue<TValue>(string name) => _values.TryGetValue(name, out var v) && v is TValue t ? t : default!;
            public void SetValue<TValue>(string name, TValue value) => _values[name] = value;
        }

        sealed class Quiet : IMessageSink
        {
            public bool OnMessage(IMessageSinkMessage message) => true;
        }

        sealed class ResultSink : IMessageSink
        {
            readonly TextWriter _output;
            public ResultSink(TextWriter output) => _output = output;
            public ManualResetEvent Finished { get; } = new ManualResetEvent(false);
            public int Total { get; private set; }
            public int Failed { get; private set; }
            public int Skipped { get; private set; }

            public bool OnMessage(IMessageSinkMessage message)
            {
                switch (message)
                {
                    case ITestPassed passed:
                        Write("pass", passed.Test.DisplayName, null);
                        break;
                    case ITestFailed failed:
                        Failed++;
                        Write("fail", failed.Test.DisplayName,
                            $"{failed.ExceptionTypes.FirstOrDefault()}: {failed.Messages.FirstOrDefault()}");
                        break;
                    case ITestSkipped skipped:
                        Skipped++;
                        Write("skip", skipped.Test.DisplayName, skipped.Reason);
                        break;
                    case IErrorMessage error:
                        // A failure outside any test (a class that cannot be built, a fixture that throws).
                        Failed++;
                        Write("error", "", $"{error.ExceptionTypes.FirstOrDefault()}: {error.Messages.FirstOrDefault()}");
                        break;
                    case ITestAssemblyFinished _:
                        Finished.Set();
                        break;
                }
                return true;
            }

            void Write(string outcome, string test, string? message)
            {
                if (outcome != "error") Total++;
                _output.WriteLine(JsonConvert.SerializeObject(new { kind = "test", outcome, test, message }));
            }
        }
    }
}
