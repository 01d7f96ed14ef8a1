using System;
using System.Collections.Generic;
using System.IO;
using StreamConformance.Recipes;
using StreamConformance.Results;

namespace StreamConformance.Checks
{
    /// <summary>
    /// After Dispose, CanRead/CanWrite/CanSeek are false and every member the stream supported before throws
    /// ObjectDisposedException. With the lenient setting (or a recipe whose knob says the type is not strict),
    /// NotSupportedException and InvalidOperationException are accepted too, as dotnet/runtime's conformance
    /// suite does. Flush may also succeed: a no-op Flush (MemoryStream's) has nothing to refuse.
    /// </summary>
    public sealed class DisposeMembersThrowCheck : StreamCheck
    {
        public override string Name => "dispose.members-throw";

        static readonly Type[] Strict = { typeof(ObjectDisposedException) };
        static readonly Type[] Lenient = { typeof(ObjectDisposedException), typeof(NotSupportedException), typeof(InvalidOperationException) };

        protected override CheckResult Evaluate(StreamRecipe recipe, CheckContext context)
        {
            var lenient = context.LenientDisposal || !recipe.ThrowsObjectDisposedAfterDispose;
            var accepted = lenient ? Lenient : Strict;
            var content = CheckContext.Content(64);
            var findings = new Findings();
            var opened = 0;
            foreach (StreamAccess access in Enum.GetValues(typeof(StreamAccess)))
            {
                var fixture = Fixtures.Open(recipe, access, content);
                if (fixture == null) continue;
                opened++;
                using (fixture)
                    findings.Run(access.ToString(), () => Probe(fixture.Stream, accepted));
            }
            if (opened == 0) return Skip("the recipe opens no stream");
            var mode = lenient ? "ObjectDisposed, NotSupported or InvalidOperation (lenient)" : "ObjectDisposedException (strict)";
            return Verdict(findings, $"after Dispose the capabilities are false and members throw {mode}");
        }

        static void Probe(Stream s, Type[] accepted)
        {
            bool canRead = s.CanRead, canWrite = s.CanWrite, canSeek = s.CanSeek;
            Expect.Call("Dispose()", s.Dispose);
            var problems = new List<string>();
            if (s.CanRead) problems.Add("CanRead is true");
            if (s.CanWrite) problems.Add("CanWrite is true");
            if (s.CanSeek) problems.Add("CanSeek is true");
            var buffer = new byte[8];
            void Disposed(string what, Action call)
            {
                try { Expect.ThrowsAnyOf($"{what} after Dispose", call, accepted); }
                catch (ContractViolation v) { problems.Add(v.Message); }
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
                    if (Array.FindIndex(accepted, t => t.IsInstanceOfType(e)) < 0)
                        problems.Add($"{what} after Dispose threw {Describe.Exception(e)}; expected success or {accepted[0].Name}");
                }
            }
            MaySucceed("Flush()", s.Flush);
            MaySucceed("FlushAsync()", () => s.FlushAsync().GetAwaiter().GetResult());
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
            var findings = new Findings();
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
