using System;
using System.Collections.Generic;
using System.Linq;
using StreamConformance.Results;

namespace StreamConformance.Tests.Reports
{
    /// <summary>Run documents made in code for the report tests: a small one with known differences, and one the size of a default sweep.</summary>
    static class SyntheticRuns
    {
        public const string Memory = "System.IO.MemoryStream";
        public const string Buffered = "System.IO.BufferedStream";
        public const string File = "System.IO.FileStream";
        public const string FileRead = "syscalls.file.read[handle=sync,api=Read,buffer=4096,chunk=100,length=65536]";
        public const string FileSeek = "syscalls.file.seek[case=in-buffer,handle=sync,buffer=4096]";

        public static readonly string[] FourRuntimes = { "8.0", "9.0", "dotnet", "mono" };

        public static CheckResult Result(string runtime, string type, string variant, string check, Outcome outcome, string message = "", params (string Name, double Value)[] metrics)
        {
            var r = new CheckResult { Runtime = runtime, Type = type, Variant = variant, Check = check, Outcome = outcome, Message = message };
            foreach (var (name, value) in metrics) r.WithMetric(name, value);
            return r;
        }

        public static CheckResult Alloc(string runtime, string type, string variant, string op, double bytes, Outcome outcome = Outcome.Pass) =>
            Result(runtime, type, variant, "budget.alloc." + op, outcome, outcome == Outcome.Fail ? $"allocates {bytes} B/call, budget 0 B" : "",
                ("bytesPerCall", bytes), ("budget", 0), ("calls", 10000), ("exact", 1));

        public static CheckResult Latency(string runtime, string type, string variant, string op, double toLimit) =>
            Result(runtime, type, variant, "budget.latency." + op, Outcome.Pass, "", ("ratioToLimit", toLimit), ("ratioToBaseline", toLimit / 2), ("nsPerCall", 3));

        /// <summary>A syscall cell: <paramref name="calls"/> calls by name over <paramref name="operations"/> operations.</summary>
        public static CheckResult Syscalls(string runtime, string check, int operations, params (string Name, int Calls)[] calls)
        {
            var r = Result(runtime, File, "default", check, Outcome.Pass);
            r.WithMetric("operations", operations);
            foreach (var (name, n) in calls) r.WithMetric("syscalls." + name, (double)n / operations);
            r.WithMetric("syscalls.total", (double)calls.Sum(c => c.Calls) / operations);
            return r;
        }

        public static RuntimeRun Run(string name) =>
            new RuntimeRun
            {
                Runtime = name == "mono" ? new RuntimeInfo { Name = name, Flavor = "mono", Version = "6.8.0.105" }
                    : new RuntimeInfo { Name = name, Flavor = "coreclr", Version = name == "dotnet" ? "10.0.12" : name + ".22" },
                Coverage = new Coverage { Discovered = 3, Built = 3 },
            };

        /// <summary>
        /// .NET 8, 9, 10 and Mono. MemoryStream.ReadByte allocates 24 B on Mono only; BufferedStream.WriteByte is
        /// 12× its limit on .NET 8 only (3× elsewhere); FileStream's in-buffer seek makes an lseek on Mono only.
        /// Everything else agrees within the thresholds.
        /// </summary>
        public static RunDocument FourRuntimeRun()
        {
            var doc = new RunDocument { ToolVersion = "0.1.0", StartedAt = new DateTimeOffset(2026, 1, 2, 3, 4, 5, TimeSpan.Zero) };
            doc.Options["seed"] = "7";
            foreach (var name in FourRuntimes)
            {
                doc.Runtimes.Add(Run(name));
                var mono = name == "mono";
                doc.Results.Add(Alloc(name, Memory, "default", "read-byte", mono ? 24 : 0, mono ? Outcome.Fail : Outcome.Pass));
                doc.Results.Add(Alloc(name, Memory, "default", "write-byte", 0));
                doc.Results.Add(Latency(name, Memory, "default", "read-byte", name == "9.0" ? 1.9 : 1.5));
                doc.Results.Add(Latency(name, Buffered, "over-seekable", "write-byte", name == "8.0" ? 12 : 3));
                doc.Results.Add(Alloc(name, Buffered, "over-seekable", "write-byte", name == "dotnet" ? 0.004 : 0));
                doc.Results.Add(Syscalls(name, FileRead, 656, ("read", 17)));
                doc.Results.Add(Syscalls(name, FileSeek, 100, mono ? new[] { ("lseek", 100) } : Array.Empty<(string, int)>()));
                doc.Results.Add(Result(name, Memory, "default", "read-byte.values", Outcome.Pass));
            }
            // A cell one runtime did not run.
            doc.Results.Add(Alloc("mono", File, "default", "read-byte", 0));
            return doc;
        }

        /// <summary>
        /// As many results as a default sweep of .NET 10 and Mono (about 3,600: 70 recipes × 9 operations × 2 budget
        /// checks, 172 syscall scenarios, contract checks; 150 findings; 200 static-only types), with long type names.
        /// </summary>
        public static RunDocument DefaultSweepSized()
        {
            var doc = new RunDocument { ToolVersion = "0.1.0", StartedAt = new DateTimeOffset(2026, 1, 2, 3, 4, 5, TimeSpan.Zero) };
            var ops = new[] { "read-byte", "write-byte", "read-span-1", "read-span-100", "write-span-1", "write-span-100", "read-async-memory", "read-async-array-100", "write-async-array-100" };
            var checks = new[] { "edge.argument-validation", "edge.zero-length", "dispose.members-throw", "seek.origins", "capabilities.unsupported", "read-byte.values", "write-byte.round-trip" };
            var rng = new Random(1);
            foreach (var name in new[] { "dotnet", "mono" })
            {
                var run = Run(name);
                for (var s = 0; s < 100; s++)
                    run.StaticOnly.Add(new StaticOnlyType { Type = $"System.Some.Long.Namespace.Of.Internal.Streams.UnbuildableStream{s}", Reason = "no public constructor and no recipe knows how to get an instance of it from a public API" });
                doc.Runtimes.Add(run);
                for (var t = 0; t < 70; t++)
                {
                    var type = $"System.Net.Http.HttpConnection+SomeRatherLongNestedReadStream{t}";
                    var variant = "http-response content-length " + t % 5;
                    foreach (var op in ops)
                    {
                        var bytes = rng.Next(4) == 0 ? rng.Next(2000) : 0;
                        doc.Results.Add(Alloc(name, type, variant, op, bytes, bytes > 0 && t % 3 == 0 ? Outcome.Fail : Outcome.Pass));
                        doc.Results.Add(Latency(name, type, variant, op, 1 + rng.NextDouble() * 5000));
                    }
                    foreach (var check in checks)
                        doc.Results.Add(Result(name, type, variant, check, t % 9 == 0 && check.StartsWith("edge", StringComparison.Ordinal) ? Outcome.Fail : Outcome.Pass,
                            "Write(null, 0, 1): expected ArgumentNullException, nothing was thrown; Write(buffer[10], -1, 1): expected ArgumentOutOfRangeException"));
                }
                for (var c = 0; c < 172; c++)
                    doc.Results.Add(Syscalls(name, $"syscalls.file.read[handle=sync,api=Read,buffer={c},chunk=100,length=65536]", 656, ("pread64", 17 + rng.Next(3)), ("lseek", rng.Next(2))));
            }
            return doc;
        }
    

        /// <summary>
        /// A run with <paramref name="count"/> findings of every class, one type each, on two runtimes: wrong values,
        /// wrong exceptions, costs, advisories, harness errors and hangs, each beside a result that passes.
        /// <see cref="FindingsExpectations"/> marks the first one (Lib.S00's read-byte.values) as by design.
        /// </summary>
        public static RunDocument FindingsRun(int count = 45)
        {
            var doc = new RunDocument { ToolVersion = "0.1.0", StartedAt = new DateTimeOffset(2026, 1, 2, 3, 4, 5, TimeSpan.Zero) };
            doc.Runtimes.Add(Run("dotnet"));
            doc.Runtimes.Add(Run("mono"));
            for (var i = 0; i < count; i++)
            {
                var runtime = i % 2 == 0 ? "dotnet" : "mono";
                var type = $"Lib.S{i:00}";
                doc.Results.Add(Result(runtime, type, "v", "seek.origins", Outcome.Pass));
                doc.Results.Add((i % 6) switch
                {
                    0 => Result(runtime, type, "v", "read-byte.values", Outcome.Fail, $"ReadByte() at offset 3 returned {i}; expected 9"),
                    1 => Result(runtime, type, "v", "budget.alloc.read-byte", Outcome.Fail, "allocates", ("bytesPerCall", 40 + i), ("budget", 16)),
                    2 => Result(runtime, type, "v", "dispose.members-throw", Outcome.Advisory, "Read after Dispose threw NotSupportedException"),
                    3 => Result(runtime, type, "v", "write-byte.round-trip", Outcome.Error, "the recipe failed to open its stream"),
                    4 => Result(runtime, type, "v", "edge.zero-length", Outcome.Timeout, "no answer within 5 s"),
                    _ => Result(runtime, type, "v", "edge.argument-validation", Outcome.Fail, "Read(null, 0, 1): expected ArgumentNullException, got ArgumentOutOfRangeException"),
                });
            }
            return doc;
        }

        public const string FindingsExpectationsJson =
            @"{ ""schemaVersion"": 1, ""expectations"": [ { ""type"": ""Lib.S00"", ""check"": ""read-byte.values"", ""reason"": ""the test library documents this value as intended"" } ] }";

        public static global::StreamConformance.Findings.ExpectationSet FindingsExpectations => global::StreamConformance.Findings.ExpectationSet.Parse(FindingsExpectationsJson, "test.json");
    }
}
