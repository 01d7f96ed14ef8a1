using System;
using System.Collections.Generic;
using System.IO;
using StreamConformance.Recipes;
using StreamConformance.Results;

namespace StreamConformance.Checks
{
    /// <summary>
    /// CanRead, CanWrite and CanSeek agree with behaviour: what a stream says it cannot do throws
    /// NotSupportedException (Seek, Position, Length, SetLength; for reads and writes the recipe's
    /// UnsupportedReadWriteExceptionType is accepted too, for types that document another), and what it says it
    /// can do does not. The recipe's CanSeek knob must agree with the stream's CanSeek. Checked for every access the recipe opens.
    /// A Position getter that works although CanSeek is false is advisory: dotnet/runtime's suite has a knob for exactly
    /// that variation (CanGetPositionWhenCanSeekIsFalse), which zip and tar entry streams use to report progress.
    /// </summary>
    public sealed class CapabilitiesUnsupportedCheck : StreamCheck
    {
        public override string Name => "capabilities.unsupported";

        protected override CheckResult Evaluate(StreamRecipe recipe, CheckContext context)
        {
            var content = CheckContext.Content(64);
            var findings = new Violations();
            var opened = new List<string>();
            var stricter = new List<string>();
            foreach (StreamAccess access in Enum.GetValues(typeof(StreamAccess)))
            {
                var fixture = Fixtures.Open(recipe, access, content);
                if (fixture == null) continue;
                using (fixture)
                {
                    var stream = fixture.Stream;
                    findings.Run(access.ToString(), () =>
                    {
                        var flags = $"CanRead={stream.CanRead}, CanWrite={stream.CanWrite}, CanSeek={stream.CanSeek}";
                        if (stream.CanSeek && !recipe.CanSeek) flags += ", seeks though the recipe does not say so";
                        var writes = access != StreamAccess.Read || recipe.WritesOnReadFixture;
                        if (stream.CanWrite && !writes) flags += ", writes left to the feeder that ends them";
                        // A read over content the stream rejects fails on the content: it says nothing of CanRead.
                        var reads = access == StreamAccess.Write || recipe.RejectedContentReason == null;
                        if (stream.CanRead && !reads) flags += ", no read judged: " + recipe.RejectedContentReason;
                        opened.Add($"{access} ({flags})");
                        Probe(stream, access, recipe.CanSeek, recipe.UnsupportedReadWriteExceptionType, writes, reads, stricter);
                    });
                }
            }
            if (opened.Count == 0) return Skip("the recipe opens no stream");
            if (findings.Count > 0 || stricter.Count == 0) return Verdict(findings, "capabilities agree with behaviour for " + string.Join("; ", opened));
            return CheckResult.Of(Name, context.Strict ? Outcome.Fail : Outcome.Advisory,
                "within dotnet/runtime's conformance rules (its CanGetPositionWhenCanSeekIsFalse knob); not the stricter one: " + string.Join("; ", stricter));
        }

        static void Probe(Stream s, StreamAccess access, bool seekKnob, Type unsupportedReadWrite, bool writes, bool reads, List<string> stricter)
        {
            // A recipe that knows its type seeks is a promise: losing it is a finding. One that does not say
            // (generic shapes) only decides which seek checks run; behaviour is judged against the stream's own flags.
            Expect.That(s.CanSeek || !seekKnob, "CanSeek is false; the recipe says its streams seek");
            var buffer = new byte[8];
            // Unsupported members first: a call that wrongly succeeds must not disturb the supported ones after it.
            if (!s.CanSeek)
            {
                Unsupported("Seek(0, Begin)", () => s.Seek(0, SeekOrigin.Begin));
                try
                {
                    var position = s.Position;
                    stricter.Add($"{access}: the Position getter returned {position} although CanSeek is false");
                }
                catch (Exception e) when (Describe.Unwrap(e) is NotSupportedException) { }
                catch (Exception e)
                {
                    throw Expect.Violation($"Position getter where the capability is false threw {Describe.Exception(Describe.Unwrap(e))}; expected NotSupportedException or a position");
                }
                Unsupported("Position = 0", () => s.Position = 0);
                Unsupported("Length", () => _ = s.Length);
                Unsupported("SetLength(0)", () => s.SetLength(0));
            }
            // The Stream contract's NotSupportedException is always right; a type may document another instead.
            var ioAccepted = unsupportedReadWrite == typeof(NotSupportedException)
                ? new[] { typeof(NotSupportedException) }
                : new[] { typeof(NotSupportedException), unsupportedReadWrite };
            void UnsupportedIo(string what, Action call) =>
                Expect.ThrowsAnyOf($"{what} where the capability is false", call, ioAccepted);
            if (!s.CanRead)
            {
                UnsupportedIo("ReadByte()", () => s.ReadByte());
                UnsupportedIo("Read(byte[], 0, 8)", () => _ = s.Read(buffer, 0, 8));
                UnsupportedIo("Read(Span<byte>)", () => _ = s.Read(new Span<byte>(buffer)));
                UnsupportedIo("ReadAsync(byte[], 0, 8)", () => s.ReadAsync(buffer, 0, 8).GetAwaiter().GetResult());
                UnsupportedIo("ReadAsync(Memory<byte>)", () => s.ReadAsync(new Memory<byte>(buffer)).AsTask().GetAwaiter().GetResult());
                UnsupportedIo("BeginRead/EndRead", () => s.EndRead(s.BeginRead(buffer, 0, 8, null, null)));
            }
            if (!s.CanWrite)
            {
                UnsupportedIo("WriteByte(1)", () => s.WriteByte(1));
                UnsupportedIo("Write(byte[], 0, 8)", () => s.Write(buffer, 0, 8));
                UnsupportedIo("Write(ReadOnlySpan<byte>)", () => s.Write(new ReadOnlySpan<byte>(buffer)));
                UnsupportedIo("WriteAsync(byte[], 0, 8)", () => s.WriteAsync(buffer, 0, 8).GetAwaiter().GetResult());
                UnsupportedIo("WriteAsync(ReadOnlyMemory<byte>)", () => s.WriteAsync(new ReadOnlyMemory<byte>(buffer)).AsTask().GetAwaiter().GetResult());
                UnsupportedIo("BeginWrite/EndWrite", () => s.EndWrite(s.BeginWrite(buffer, 0, 8, null, null)));
                if (s.CanSeek) Unsupported("SetLength(0) on a read-only stream", () => s.SetLength(0));
            }
            if (s.CanSeek)
            {
                Supported("Seek(0, Current)", () => s.Seek(0, SeekOrigin.Current));
                Supported("Position getter", () => _ = s.Position);
                Supported("Length", () => _ = s.Length);
                Supported("Position = 0", () => s.Position = 0);
            }
            if (s.CanRead && access != StreamAccess.Write && reads)
                Supported("ReadByte()", () => s.ReadByte());
            if (s.CanWrite && writes)
            {
                Supported("WriteByte(1)", () => s.WriteByte(1));
                Supported("Write(byte[], 0, 8)", () => s.Write(buffer, 0, 8));
            }
        }

        static void Unsupported(string what, Action call) =>
            Expect.Throws<NotSupportedException>($"{what} where the capability is false", call);

        static void Supported(string what, Action call)
        {
            try { call(); }
            // An I/O failure (a peer that already closed its end) says the call was attempted: it does not
            // contradict the capability, and other checks judge the data.
            catch (Exception e) when (Describe.Unwrap(e) is IOException) { }
            catch (Exception e)
            {
                throw Expect.Violation($"{what} threw {Describe.Exception(e)} although the capability is true");
            }
        }
    }
}
