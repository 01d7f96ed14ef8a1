using System;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using StreamConformance.Results;

namespace StreamConformance.Reports
{
    /// <summary>
    /// The C# of a failing sequence of calls a check kept (<see cref="ReproTrace"/>): each step as the call a user
    /// would make, printing what it returned beside what the check expected, "WRONG" where they part, and a thrown
    /// exception as such. A write's bytes are kept in <c>written</c>, the store's read-back is compared with them.
    /// </summary>
    static class TraceRepro
    {
        /// <summary>The statements of <paramref name="trace"/>'s steps (<paramref name="store"/>: the expression reading back the store), or null with the reason.</summary>
        public static string? Body(ReproTrace trace, string? store, string variant, out string why)
        {
            why = "";
            if (trace.Steps.Any(s => s.Op == ReproOps.StoreIs) && store == null)
            {
                why = $"the recipe '{variant}' has no source form for reading back what reached its store";
                return null;
            }
            var sb = new StringBuilder();
            foreach (var step in trace.Steps)
            {
                var line = Step(step, store);
                if (line == null)
                {
                    why = $"the harness cannot spell the step {step} in C#";
                    return null;
                }
                sb.Append(line).Append('\n');
            }
            return sb.ToString();
        }

        static string I(long value) => value.ToString(CultureInfo.InvariantCulture);

        static string Bytes(byte[]? data) =>
            "new byte[] { " + string.Join(", ", (data ?? Array.Empty<byte>()).Select(b => "0x" + b.ToString("X2", CultureInfo.InvariantCulture))) + " }";

        /// <summary>"Position " + the check of Position against the step's expectation, when there is one.</summary>
        static string PositionAfter(ReproStep step) => step.Expect is long e ? $" + \"; Position \" + Is(stream.Position, {I(e)})" : "";

        static string? Step(ReproStep s, string? store)
        {
            var n = s.Data?.Length ?? 0;
            var offset = (int)s.Arg(0);
            var sourceLength = Math.Max(s.Arg(1), offset + n);
            var source = $"Source({I(sourceLength)}, {I(offset)}, {Bytes(s.Data)})";
            switch (s.Op)
            {
                case ReproOps.ReadByte:
                    return $"Step(\"ReadByte()\", () => Is(stream.ReadByte(), {I(s.Expect ?? -1)}));";
                case ReproOps.Read:
                case ReproOps.ReadSpan:
                case ReproOps.ReadAsync:
                case ReproOps.ReadAsyncMemory:
                    var count = s.Arg(0);
                    var call = s.Op switch
                    {
                        ReproOps.Read => $"stream.Read(buffer, 5, {I(count)})",
                        // A zero-byte read the check made with the empty span or memory (no array behind it) is made so here.
                        ReproOps.ReadSpan when count == 0 => "stream.Read(Span<byte>.Empty)",
                        ReproOps.ReadAsyncMemory when count == 0 => "stream.ReadAsync(Memory<byte>.Empty, System.Threading.CancellationToken.None).AsTask().GetAwaiter().GetResult()",
                        ReproOps.ReadSpan => $"stream.Read(new Span<byte>(buffer, 5, {I(count)}))",
                        ReproOps.ReadAsync => $"stream.ReadAsync(buffer, 5, {I(count)}).GetAwaiter().GetResult()",
                        // Mono 6.8's mscorlib gives the token no default value: mcs wants it spelled.
                        _ => $"stream.ReadAsync(new Memory<byte>(buffer, 5, {I(count)}), System.Threading.CancellationToken.None).AsTask().GetAwaiter().GetResult()",
                    };
                    var shown = s.Op switch
                    {
                        ReproOps.Read => $"Read(buffer, 5, {I(count)})",
                        ReproOps.ReadSpan when count == 0 => "Read(Span<byte>.Empty)",
                        ReproOps.ReadAsyncMemory when count == 0 => "ReadAsync(Memory<byte>.Empty)",
                        ReproOps.ReadSpan => $"Read(Span<byte>[{I(count)}])",
                        ReproOps.ReadAsync => $"ReadAsync(buffer, 5, {I(count)})",
                        _ => $"ReadAsync(Memory<byte>[{I(count)}])",
                    };
                    return $"Step(\"{shown}\", () => {{ var buffer = new byte[5 + {I(count)}]; return ReadIs(buffer, {call}, {Bytes(s.Data)}, shortReads: {(s.Arg(1) != 0 ? "true" : "false")}); }});";
                case ReproOps.Seek:
                    var origin = ((SeekOrigin)s.Arg(1)).ToString();
                    return $"Step(\"Seek({I(s.Arg(0))}, SeekOrigin.{origin})\", () => Is(stream.Seek({I(s.Arg(0))}, SeekOrigin.{origin}), {I(s.Expect ?? 0)}){PositionAfter(s)});";
                case ReproOps.Position:
                    return $"Step(\"Position\", () => Is(stream.Position, {I(s.Expect ?? 0)}));";
                case ReproOps.SetPosition:
                    return $"Step(\"Position = {I(s.Arg(0))}\", () => {{ stream.Position = {I(s.Arg(0))}; return \"done\"{PositionAfter(s)}; }});";
                case ReproOps.Length:
                    return $"Step(\"Length\", () => Is(stream.Length, {I(s.Expect ?? 0)}));";
                case ReproOps.WriteByte:
                    return $"Step(\"WriteByte({I(s.Arg(0))})\", () => {{ stream.WriteByte({I(s.Arg(0))}); Wrote(new byte[] {{ {I(s.Arg(0))} }}); return \"done\"{PositionAfter(s)}; }});";
                case ReproOps.Write:
                    return $"Step(\"Write(source, {I(offset)}, {I(n)})\", () => {{ stream.Write({source}, {I(offset)}, {I(n)}); Wrote({Bytes(s.Data)}); return \"done\"{PositionAfter(s)}; }});";
                case ReproOps.WriteSpan when n == 0:
                    return $"Step(\"Write(ReadOnlySpan<byte>.Empty)\", () => {{ stream.Write(ReadOnlySpan<byte>.Empty); return \"done\"{PositionAfter(s)}; }});";
                case ReproOps.WriteAsyncMemory when n == 0:
                    return $"Step(\"WriteAsync(ReadOnlyMemory<byte>.Empty)\", () => {{ stream.WriteAsync(ReadOnlyMemory<byte>.Empty, System.Threading.CancellationToken.None).AsTask().GetAwaiter().GetResult(); return \"done\"{PositionAfter(s)}; }});";
                case ReproOps.WriteSpan:
                    return $"Step(\"Write(ReadOnlySpan<byte>[{I(n)}])\", () => {{ stream.Write(new ReadOnlySpan<byte>({source}, {I(offset)}, {I(n)})); Wrote({Bytes(s.Data)}); return \"done\"{PositionAfter(s)}; }});";
                case ReproOps.WriteAsync:
                    return $"Step(\"WriteAsync(source, {I(offset)}, {I(n)})\", () => {{ stream.WriteAsync({source}, {I(offset)}, {I(n)}).GetAwaiter().GetResult(); Wrote({Bytes(s.Data)}); return \"done\"{PositionAfter(s)}; }});";
                case ReproOps.WriteAsyncMemory:
                    return $"Step(\"WriteAsync(ReadOnlyMemory<byte>[{I(n)}])\", () => {{ stream.WriteAsync(new ReadOnlyMemory<byte>({source}, {I(offset)}, {I(n)}), System.Threading.CancellationToken.None).AsTask().GetAwaiter().GetResult(); Wrote({Bytes(s.Data)}); return \"done\"{PositionAfter(s)}; }});";
                case ReproOps.BeginWrite:
                    return $"Step(\"EndWrite(BeginWrite(source, {I(offset)}, {I(n)}))\", () => {{ stream.EndWrite(stream.BeginWrite({source}, {I(offset)}, {I(n)}, null, null)); Wrote({Bytes(s.Data)}); return \"done\"{PositionAfter(s)}; }});";
                case ReproOps.SetLength:
                    return $"Step(\"SetLength({I(s.Arg(0))})\", () => {{ stream.SetLength({I(s.Arg(0))}); return \"Length \" + Is(stream.Length, {I(s.Expect ?? s.Arg(0))}); }});";
                case ReproOps.Flush:
                    return "Step(\"Flush()\", () => { stream.Flush(); return \"done\"; });";
                case ReproOps.FlushAsync:
                    return "Step(\"FlushAsync()\", () => { stream.FlushAsync().GetAwaiter().GetResult(); return \"done\"; });";
                case ReproOps.ReadToEnd:
                    return $"Step(\"Read(buffer, 0, {I(s.Arg(0))}) until it returns 0\", () => RestIs(stream, {I(s.Arg(0))}, content, {I(s.Arg(1))}));";
                case ReproOps.Dispose:
                    return "Step(\"Dispose()\", () => { stream.Dispose(); return \"done\"; });";
                case ReproOps.StoreIs:
                    return store == null ? null
                        : $"Step(\"the store after {(s.Arg(0) == 0 ? "Flush" : "Dispose")}\", () => StoreIs({store}, written.ToArray()));";
                default:
                    return null;
            }
        }

        /// <summary>
        /// The helpers the steps call, as members of the program's class. Every step is a call the check expected to work
        /// (its model counts a throw as the violation), so a step that throws is marked WRONG as a wrong value is.
        /// </summary>
        public const string Helpers = @"
    static MemoryStream written = new MemoryStream();

    static void Step(string call, Func<string> run)
    {
        try { Console.WriteLine(call + "": "" + run()); }
        catch (Exception e) { Console.WriteLine(call + "" threw "" + e.GetType().FullName + "": "" + e.Message + ""  <-- WRONG""); }
    }

    static string Is(long actual, long expected) =>
        actual == expected ? actual.ToString() : actual + "" (expected "" + expected + "")  <-- WRONG"";

    static byte[] Source(int length, int offset, byte[] data)
    {
        var source = new byte[length];
        Buffer.BlockCopy(data, 0, source, offset, data.Length);
        return source;
    }

    static void Wrote(byte[] data) => written.Write(data, 0, data.Length);

    static string ReadIs(byte[] buffer, int n, byte[] expected, bool shortReads)
    {
        var countOk = shortReads ? n >= 1 && n <= expected.Length : n == expected.Length;
        if (!countOk) return ""returned "" + n + "" (expected "" + (shortReads ? ""1.."" : """") + expected.Length + "")  <-- WRONG"";
        for (var i = 0; i < n; i++)
            if (buffer[5 + i] != expected[i])
                return ""returned "" + n + ""; byte "" + i + "" is 0x"" + buffer[5 + i].ToString(""X2"") + "" (expected 0x"" + expected[i].ToString(""X2"") + "")  <-- WRONG"";
        return ""returned "" + n + "", the expected bytes"";
    }

    static string RestIs(Stream stream, int chunk, byte[] content, int from)
    {
        var rest = new MemoryStream();
        var buffer = new byte[chunk];
        int n;
        while (rest.Length <= content.Length && (n = stream.Read(buffer, 0, chunk)) > 0) rest.Write(buffer, 0, n);
        var got = rest.ToArray();
        var i = 0;
        while (i < got.Length && from + i < content.Length && got[i] == content[from + i]) i++;
        return got.Length == content.Length - from && i == got.Length
            ? ""the remaining "" + got.Length + "" bytes of the content""
            : ""read "" + got.Length + "" bytes; expected the remaining "" + (content.Length - from) + "", equal up to offset "" + (from + i) + ""  <-- WRONG"";
    }

    static string StoreIs(byte[] stored, byte[] expected)
    {
        var common = Math.Min(stored.Length, expected.Length);
        for (var i = 0; i < common; i++)
            if (stored[i] != expected[i])
                return ""first difference at offset "" + i + "": expected 0x"" + expected[i].ToString(""X2"") + "", got 0x"" + stored[i].ToString(""X2"") + "" (wrote "" + expected.Length + "" bytes, the store holds "" + stored.Length + "")  <-- WRONG"";
        if (stored.Length != expected.Length) return ""wrote "" + expected.Length + "" bytes, the store holds "" + stored.Length + ""  <-- WRONG"";
        return ""holds the "" + stored.Length + "" bytes written"";
    }
";
    }
}
