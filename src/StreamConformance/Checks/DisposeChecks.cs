using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using StreamConformance.Recipes;
using StreamConformance.Results;

namespace StreamConformance.Checks
{
    // One concept: the checks after Dispose: the members throw, and disposing again does not.

    /// <summary>
    /// After Dispose every member the stream supported before throws, and the capabilities are false. Two tiers:
    /// dotnet/runtime's own conformance suite accepts ObjectDisposed, NotSupported or InvalidOperation (Flush may
    /// succeed) and lets a type keep its capabilities when its tests say so (pipes); anything outside that fails.
    /// The harness's stricter rule (ObjectDisposedException only, capabilities always false; a recipe whose knob says
    /// the type is not strict is spared) is an <see cref="Outcome.Advisory"/>, or a failure with --strict.
    /// </summary>
    public sealed class DisposeMembersThrowCheck : StreamCheck
    {
        public override string Name => "dispose.members-throw";

        static readonly Type[] Accepted = { typeof(ObjectDisposedException), typeof(NotSupportedException), typeof(InvalidOperationException) };

        protected override CheckResult Evaluate(StreamRecipe recipe, CheckContext context)
        {
            var content = CheckContext.Content(64);
            var findings = new Violations();
            var stricter = new List<string>();
            var opened = 0;
            foreach (StreamAccess access in Enum.GetValues(typeof(StreamAccess)))
            {
                var opening = Stopwatch.StartNew();
                var fixture = Fixtures.Open(recipe, access, content);
                if (fixture == null) continue;
                opened++;
                var bound = CallBound.After(opening);
                using (fixture)
                    findings.Run(access.ToString(), () => Probe(fixture.Stream, recipe, access.ToString(), stricter, bound));
            }
            if (opened == 0) return Skip("the recipe opens no stream");
            if (findings.Count > 0 && !recipe.MembersThrowAfterDispose)
                return CheckResult.Of(Name, context.Strict ? Outcome.Fail : Outcome.Advisory,
                    "dotnet/runtime's conformance suite does not hold this type to throwing after Dispose (its tests skip that rule for it): " + findings);
            if (findings.Count > 0) return Fail(findings.ToString());
            if (stricter.Count == 0)
                return Pass("after Dispose the capabilities are false and every member throws ObjectDisposedException");
            var message = "within dotnet/runtime's conformance rule (ObjectDisposed, NotSupported or InvalidOperation after Dispose); " +
                          "not the stricter one: " + string.Join("; ", stricter);
            return CheckResult.Of(Name, context.Strict ? Outcome.Fail : Outcome.Advisory, message);
        }

        static void Probe(Stream s, StreamRecipe recipe, string label, List<string> stricter, TimeSpan bound)
        {
            bool canRead = s.CanRead, canWrite = s.CanWrite, canSeek = s.CanSeek;
            Expect.Call("Dispose()", s.Dispose);
            var problems = new List<string>();
            var capabilities = new List<string>();
            // A capability that throws after Dispose is named as such: Stream's contract has it return false.
            void Capability(string name, Func<bool> get)
            {
                try
                {
                    if (get()) capabilities.Add(name + " is true");
                }
                catch (Exception e)
                {
                    capabilities.Add($"{name} threw {Describe.Exception(e)}; Stream's contract has it return false after Dispose");
                }
            }
            Capability("CanRead", () => s.CanRead);
            Capability("CanWrite", () => s.CanWrite);
            Capability("CanSeek", () => s.CanSeek);
            if (recipe.CansReturnFalseAfterDispose) problems.AddRange(capabilities);
            else stricter.AddRange(capabilities.Select(c => $"{label}: {c} after Dispose (allowed for this type by the official suite)"));
            var buffer = new byte[8];
            // A call that waits for ever on a disposed stream (a pipe's read waiting for a writer: FSharpx's CircularStream) is
            // named, bounded on a worker thread, instead of the probe being killed as hung; the members after it are not
            // tried, as the stream may be held by the call that never returned.
            var stuck = false;
            void Disposed(string what, Action call)
            {
                if (stuck) return;
                if (!BoundedCall.TryRun(() => { call(); return 0; }, bound, "dispose members", null, TimeSpan.Zero, out _, out var error))
                {
                    stuck = true;
                    problems.Add(string.Format(CultureInfo.InvariantCulture,
                        "{0} after Dispose had not returned after {1:0.#} s; expected ObjectDisposedException (or NotSupported/InvalidOperation)", what, bound.TotalSeconds));
                    return;
                }
                var thrown = error == null ? null : Describe.Unwrap(error);
                if (thrown == null)
                    problems.Add($"{what} after Dispose succeeded; expected ObjectDisposedException (or NotSupported/InvalidOperation)");
                else if (Array.FindIndex(Accepted, t => t.IsInstanceOfType(thrown)) < 0)
                    problems.Add($"{what} after Dispose threw {Describe.Exception(thrown)}; expected ObjectDisposedException (or NotSupported/InvalidOperation)");
                else if (!(thrown is ObjectDisposedException) && recipe.ThrowsObjectDisposedAfterDispose)
                    stricter.Add($"{label}: {what} threw {thrown.GetType().Name}, not ObjectDisposedException");
            }
            if (canRead)
            {
                Disposed("ReadByte()", () => s.ReadByte());
                Disposed("Read(byte[], 0, 8)", () => _ = s.Read(buffer, 0, 8));
                Disposed("Read(Span<byte>)", () => _ = s.Read(new Span<byte>(buffer)));
                Disposed("ReadAsync(byte[], 0, 8)", () => s.ReadAsync(buffer, 0, 8).GetAwaiter().GetResult());
                Disposed("ReadAsync(Memory<byte>)", () => s.ReadAsync(new Memory<byte>(buffer)).AsTask().GetAwaiter().GetResult());
                Disposed("BeginRead", () => s.EndRead(s.BeginRead(buffer, 0, 8, null, null)));
            }
            if (canWrite)
            {
                Disposed("WriteByte(1)", () => s.WriteByte(1));
                Disposed("Write(byte[], 0, 8)", () => s.Write(buffer, 0, 8));
                Disposed("Write(ReadOnlySpan<byte>)", () => s.Write(new ReadOnlySpan<byte>(buffer)));
                Disposed("WriteAsync(byte[], 0, 8)", () => s.WriteAsync(buffer, 0, 8).GetAwaiter().GetResult());
                Disposed("WriteAsync(ReadOnlyMemory<byte>)", () => s.WriteAsync(new ReadOnlyMemory<byte>(buffer)).AsTask().GetAwaiter().GetResult());
                Disposed("BeginWrite", () => s.EndWrite(s.BeginWrite(buffer, 0, 8, null, null)));
            }
            if (canSeek)
            {
                Disposed("Seek(0, Begin)", () => s.Seek(0, SeekOrigin.Begin));
                Disposed("Position getter", () => _ = s.Position);
                Disposed("Position = 0", () => s.Position = 0);
                Disposed("Length", () => _ = s.Length);
                if (canWrite) Disposed("SetLength(0)", () => s.SetLength(0));
            }
            // Flush may succeed (nothing to flush) but, if it throws, the exception must be one of the accepted ones.
            void MaySucceed(string what, Action call)
            {
                try { call(); }
                catch (Exception e)
                {
                    e = Describe.Unwrap(e);
                    if (Array.FindIndex(Accepted, t => t.IsInstanceOfType(e)) < 0)
                        problems.Add($"{what} after Dispose threw {Describe.Exception(e)}; expected success or ObjectDisposedException");
                }
            }
            if (!stuck)
            {
                MaySucceed("Flush()", s.Flush);
                MaySucceed("FlushAsync()", () => s.FlushAsync().GetAwaiter().GetResult());
            }
            if (problems.Count > 0) throw Expect.Violation(string.Join("; ", problems));
        }
    }

    /// <summary>Dispose is idempotent: Dispose twice, Close after Dispose and DisposeAsync (where the stream has it) do not throw.</summary>
    public sealed class DisposeTwiceCheck : StreamCheck
    {
        public override string Name => "dispose.twice";

        protected override CheckResult Evaluate(StreamRecipe recipe, CheckContext context)
        {
            var content = CheckContext.Content(64);
            var findings = new Violations();
            var opened = 0;
            var asyncToo = false;
            foreach (StreamAccess access in Enum.GetValues(typeof(StreamAccess)))
            {
                var fixture = Fixtures.Open(recipe, access, content);
                if (fixture == null) continue;
                opened++;
                using (fixture)
                    findings.Run(access.ToString(), () =>
                    {
                        var s = fixture.Stream;
                        Expect.Call("the first Dispose()", s.Dispose);
                        Expect.Call("a second Dispose()", s.Dispose);
                        Expect.Call("Close() after Dispose()", s.Close);
                        if (s is IAsyncDisposable asyncDisposable)
                            Expect.Call("DisposeAsync() after Dispose()", () => asyncDisposable.DisposeAsync().AsTask().GetAwaiter().GetResult());
                    });
                // DisposeAsync first and twice, on a fresh stream.
                var second = Fixtures.Open(recipe, access, content);
                if (second == null) continue;
                using (second)
                {
                    if (!(second.Stream is IAsyncDisposable disposable)) continue;
                    asyncToo = true;
                    findings.Run(access.ToString(), () =>
                    {
                        Expect.Call("the first DisposeAsync()", () => disposable.DisposeAsync().AsTask().GetAwaiter().GetResult());
                        Expect.Call("a second DisposeAsync()", () => disposable.DisposeAsync().AsTask().GetAwaiter().GetResult());
                        Expect.Call("Dispose() after DisposeAsync()", second.Stream.Dispose);
                    });
                }
            }
            if (opened == 0) return Skip("the recipe opens no stream");
            return Verdict(findings, asyncToo
                ? "Dispose twice, Close, and DisposeAsync (twice, and mixed with Dispose) did not throw"
                : "Dispose twice and Close did not throw (the stream is not IAsyncDisposable on this runtime)");
        }
    }
}
