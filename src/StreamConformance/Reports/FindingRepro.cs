using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using System.Text.RegularExpressions;
using StreamConformance.Findings;
using StreamConformance.Recipes;
using StreamConformance.Results;

namespace StreamConformance.Reports
{
    /// <summary>
    /// A self-contained C# program for a contract finding: the recipe as a user would write it (its
    /// <see cref="StreamRecipe.ReproSource"/>), then the call the check saw go wrong, printing what it returns or
    /// throws; or, where the check kept the sequence of calls that failed (<see cref="CheckResult.Repro"/>, shrunk),
    /// those calls (<see cref="TraceRepro"/>). Only what can be written down faithfully: no source for the recipe, or a
    /// call the harness cannot spell in C#, gives no program and says why.
    /// </summary>
    public static class FindingRepro
    {
        /// <summary>The program, or null with the reason in <paramref name="why"/>.</summary>
        /// <param name="run">The run's other results: a hang's result (made by the host, which killed the probe) carries no
        /// source form, and another result of the same recipe may.</param>
        public static string? For(Finding finding, out string why, IReadOnlyList<CheckResult>? run = null)
        {
            why = "";
            string? tracedReason = null;
            if (finding.Class != FindingClass.Contract)
            {
                why = "a repro program is written for contract findings; the figures above are the evidence of a cost";
                return null;
            }
            foreach (var result in finding.Results.Where(r => r.Outcome == Outcome.Fail))
            {
                if (result.Repro != null)
                {
                    var traced = Traced(finding, result, result.Repro, out var tracedWhy);
                    if (traced != null) return traced;
                    tracedReason ??= tracedWhy;
                }
                var violation = FirstViolation(result.Message, out var access);
                var call = violation == null ? null : CallOf(violation, result.Check, out var disposedFirst) is { } c ? (c, disposedFirst) : ((string, bool)?)null;
                if (call == null)
                {
                    why = $"the harness cannot spell the failing call of {result.Check} in C#: {Clip(result.Message)}";
                    continue;
                }
                var (source, _) = SourceOf(finding, result, access, out var noSource);
                if (source == null)
                {
                    why = noSource;
                    continue;
                }
                return Program(finding, result, source, call.Value.Item1, call.Value.Item2, violation!, access);
            }
            if (tracedReason != null) why = tracedReason;
            if (finding.Results.FirstOrDefault(r => r.Outcome == Outcome.Timeout) is { } hung)
                return Hang(finding, hung, run, out why);
            if (why.Length == 0) why = "no failing result to replay";
            return null;
        }

        /// <summary>The read a meter times in its batches, as an expression of the bytes it read (<c>read</c>: the bytes read so far this round).</summary>
        static readonly Dictionary<string, string> MeteredReads = new Dictionary<string, string>(StringComparer.Ordinal)
        {
            ["read-byte"] = "stream.ReadByte() < 0 ? 0 : 1",
            ["read-span-1"] = "stream.Read(new Span<byte>(buffer, 0, 1))",
            ["read-span-100"] = "stream.Read(new Span<byte>(buffer, 0, Math.Min(100, content.Length - read)))",
            ["read-async-array-100"] = "stream.ReadAsync(buffer, 0, Math.Min(100, content.Length - read)).GetAwaiter().GetResult()",
            ["read-async-memory"] = "stream.ReadAsync(new Memory<byte>(buffer, 0, 1)).AsTask().GetAwaiter().GetResult()",
        };

        /// <summary>
        /// A read meter's hang (NPOI's document streams: a rewind after reading past the first block, and the next read never
        /// returns): what the meter does, reading its content's length and setting Position = 0 between batches, on a pool
        /// thread the program waits 5 s for, as the check did. Null, with why, for any other hang: its calls are not kept.
        /// </summary>
        static string? Hang(Finding finding, CheckResult hung, IReadOnlyList<CheckResult>? run, out string why)
        {
            var operation = Regex.Match(hung.Check, @"^budget\.(latency|alloc)\.(?<op>.+)$").Groups["op"].Value;
            if (!MeteredReads.TryGetValue(operation, out var readCall))
            {
                why = $"{hung.Check} hung, and its probe was killed before it said which call";
                return null;
            }
            why = "";
            var source = run?.FirstOrDefault(r => r.Runtime == hung.Runtime && r.Type == hung.Type && r.Variant == hung.Variant && r.Source?.Read != null)?.Source!.Read
                         ?? SourceOf(finding, hung, StreamAccess.Read, out why).Source;
            if (source == null) return null;
            var sb = new StringBuilder();
            sb.Append("// ").Append(finding.Id).Append(": ").Append(finding.Title).Append('\n');
            sb.Append("// Seen by ").Append(hung.Check).Append(" on the recipe '").Append(hung.Variant).Append("': its calls never returned (").Append(Clip(hung.Message)).Append(")\n");
            sb.Append("// The meter reads its session's content in each batch and sets Position = 0 between them: three rounds, each reading\n");
            sb.Append("// the content's length and no further, on a pool thread, waited for 5 s as the check waited.\n");
            sb.Append(BuildNote(source));
            sb.Append(UsingsFor(source)).Append("static class Repro\n{\n    static void Main()\n    {\n");
            Content(sb, 4096);
            foreach (var line in source.Split('\n')) sb.Append("        ").Append(line).Append('\n');
            sb.Append("        var buffer = new byte[100];\n");
            sb.Append("        var pending = System.Threading.Tasks.Task.Run(() =>\n        {\n");
            sb.Append("            for (var round = 1; round <= 3; round++)\n            {\n");
            sb.Append("                if (stream.CanSeek) stream.Position = 0;\n");
            sb.Append("                var read = 0;\n");
            sb.Append("                while (read < content.Length)\n                {\n");
            sb.Append("                    var n = ").Append(readCall).Append(";\n");
            sb.Append("                    if (n <= 0) break;\n");
            sb.Append("                    read += n;\n                }\n");
            sb.Append("                Console.WriteLine($\"round {round}: read {read} of {content.Length} bytes\");\n");
            sb.Append("            }\n        });\n");
            sb.Append("        try { Console.WriteLine(pending.Wait(5000) ? \"every round returned\" : \"a read had not returned after 5 s  <-- WRONG\"); }\n");
            sb.Append("        catch (AggregateException e) { Console.WriteLine(\"a read threw \" + e.InnerException.GetType().FullName + \": \" + e.InnerException.Message); }\n");
            sb.Append("    }\n}\n");
            return WithHelperTypes(sb.ToString());
        }

        static string? Traced(Finding finding, CheckResult result, ReproTrace trace, out string why)
        {
            var access = trace.Access == "write" ? StreamAccess.Write : trace.Access == "readWrite" ? StreamAccess.ReadWrite : StreamAccess.Read;
            var (source, store) = SourceOf(finding, result, access, out why);
            if (source == null) return null;
            var body = TraceRepro.Body(trace, store, result.Variant, out why);
            if (body == null) return null;
            var sb = new StringBuilder();
            sb.Append("// ").Append(finding.Id).Append(": ").Append(finding.Title).Append('\n');
            sb.Append("// Seen by ").Append(result.Check).Append(" on the recipe '").Append(result.Variant).Append("': ").Append(Clip(trace.Violation)).Append('\n');
            sb.Append(trace.Replays == 0 || trace.ShrunkFrom == trace.Steps.Count
                    ? $"// The check's {trace.Steps.Count} calls, as it made them"
                    : $"// The check's {trace.ShrunkFrom} calls, shrunk to the {trace.Steps.Count} below by {trace.Replays} re-runs on fresh streams")
              .Append("; each prints what it returned, WRONG where the check expected otherwise.\n");
            sb.Append(BuildNote(source));
            sb.Append(UsingsFor(source)).Append("static class Repro\n{\n    static void Main()\n    {\n");
            Content(sb, trace.ContentLength);
            foreach (var line in source.Split('\n')) sb.Append("        ").Append(line).Append('\n');
            sb.Append("        Console.WriteLine($\"CanRead={stream.CanRead} CanWrite={stream.CanWrite} CanSeek={stream.CanSeek}\");\n");
            foreach (var line in body.TrimEnd('\n').Split('\n')) sb.Append("        ").Append(line).Append('\n');
            sb.Append("    }\n").Append(TraceRepro.Helpers).Append("}\n");
            return WithHelperTypes(sb.ToString());
        }

        /// <summary>
        /// A recipe's source may wrap its content in <c>new Unseekable(stream)</c> (a request body is not seekable, and the
        /// stream built over it behaves accordingly), hand out a stream through <c>new HandOver()</c> or give memory without
        /// an array through <c>new NoArrayMemory(content)</c>; the program then declares that small type itself.
        /// </summary>
        static string WithHelperTypes(string program) =>
            program + (program.Contains("new Unseekable(") ? UnseekableType : "") + (program.Contains("new HandOver(") ? HandOverType : "")
                    + (program.Contains("new NoArrayMemory(") ? NoArrayMemoryType : "");

        const string NoArrayMemoryType = @"
/// <summary>Memory whose owner exposes no array (TryGetArray is false), as native or pooled memory's does.</summary>
sealed class NoArrayMemory : System.Buffers.MemoryManager<byte>
{
    readonly byte[] _array;
    public NoArrayMemory(byte[] array) => _array = array;
    public override Span<byte> GetSpan() => _array;
    public override System.Buffers.MemoryHandle Pin(int elementIndex = 0) => throw new NotSupportedException();
    public override void Unpin() { }
    protected override void Dispose(bool disposing) { }
}
";

        const string HandOverType = @"
/// <summary>Content whose SerializeToStreamAsync hands out the stream it is given, and ends when released.</summary>
sealed class HandOver : System.Net.Http.HttpContent
{
    public readonly System.Threading.Tasks.TaskCompletionSource<Stream> Given = new System.Threading.Tasks.TaskCompletionSource<Stream>(System.Threading.Tasks.TaskCreationOptions.RunContinuationsAsynchronously);
    readonly System.Threading.Tasks.TaskCompletionSource<bool> _release = new System.Threading.Tasks.TaskCompletionSource<bool>(System.Threading.Tasks.TaskCreationOptions.RunContinuationsAsynchronously);
    protected override System.Threading.Tasks.Task SerializeToStreamAsync(Stream stream, System.Net.TransportContext context)
    {
        Given.TrySetResult(stream);
        return _release.Task;
    }
    protected override bool TryComputeLength(out long length) { length = 0; return false; }
    public void Release() => _release.TrySetResult(true);
}
";

        const string UnseekableType = @"
/// <summary>The content as a request body gives it: readable, not seekable.</summary>
sealed class Unseekable : Stream
{
    readonly Stream _inner;
    public Unseekable(Stream inner) => _inner = inner;
    public override bool CanRead => _inner.CanRead;
    public override bool CanSeek => false;
    public override bool CanWrite => false;
    public override long Length => throw new NotSupportedException();
    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }
    public override int Read(byte[] buffer, int offset, int count) => _inner.Read(buffer, offset, count);
    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
    public override void SetLength(long value) => throw new NotSupportedException();
    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    public override void Flush() { }
}
";

        static string BuildNote(string source) => source.Contains("WebApplication.")
            ? "// Self-contained: build it as a console program with <FrameworkReference Include=\"Microsoft.AspNetCore.App\" /> and run it on the runtime named above.\n"
            : "// Self-contained: build it as a console program (.NET) or with `csc Repro.cs` (Mono) and run it on the runtime named above.\n";

        const string Usings = "using System;\nusing System.IO;\nusing System.IO.Compression;\nusing System.Security.Cryptography;\n";

        /// <summary>The program's usings: those of a minimal ASP.NET Core app too when the recipe's source starts one.</summary>
        static string UsingsFor(string source) => Usings + (source.Contains("WebApplication.")
            ? "using System.Linq;\nusing System.Threading.Tasks;\nusing Microsoft.AspNetCore.Builder;\nusing Microsoft.AspNetCore.Hosting;\nusing Microsoft.AspNetCore.Http;\nusing Microsoft.Extensions.DependencyInjection;\n\n"
            : "\n");

        static void Content(StringBuilder sb, int length)
        {
            sb.Append("        // The content every check reads: ").Append(length).Append(" bytes, the first 256 counting down from 255, the rest from Random(").Append(length).Append(").\n");
            sb.Append("        var content = new byte[").Append(length).Append("];\n        new Random(").Append(length).Append(").NextBytes(content);\n");
            sb.Append("        for (var i = 0; i < Math.Min(256, content.Length); i++) content[i] = (byte)(255 - i);\n\n");
        }

        /// <summary>
        /// The recipe's source form for <paramref name="access"/> and its store's read-back: as the probe that ran it kept
        /// them on the result, else from this host's own recipe of that type and variant.
        /// </summary>
        static (string? Source, string? Store) SourceOf(Finding finding, CheckResult result, StreamAccess access, out string why)
        {
            why = "";
            string? source, store;
            if (result.Source is { } kept)
            {
                source = access == StreamAccess.Write ? kept.Write : access == StreamAccess.ReadWrite ? kept.ReadWrite : kept.Read;
                store = access == StreamAccess.Write ? kept.WriteStore : access == StreamAccess.ReadWrite ? kept.ReadWriteStore : null;
            }
            else
            {
                var recipe = RecipeOf(finding.Type, result.Variant);
                if (recipe == null)
                {
                    why = $"no recipe named '{result.Variant}' for {finding.Type} in this build";
                    return (null, null);
                }
                source = recipe.ReproSource(access);
                store = recipe.ReproStore(access);
            }
            if (source == null) why = $"the recipe '{result.Variant}' has no source form for a {access.ToString().ToLowerInvariant()} stream yet";
            return (source, store);
        }

        /// <summary>The recipe of that type and variant: a hand-written one, else one synthesized for a type this process has loaded.</summary>
        static StreamRecipe? RecipeOf(string type, string variant)
        {
            var builtIn = RecipeCatalog.BuiltIn.Where(r => r.Variant == variant).FirstOrDefault(r => r.TypeName == type);
            if (builtIn != null) return builtIn;
            // Only a type this process has loaded can be synthesized here; another runtime's gets the reason instead.
            var runtimeType = AppDomain.CurrentDomain.GetAssemblies().Select(a => a.GetType(type, false)).FirstOrDefault(t => t != null);
            return runtimeType == null ? null : GenericShapes.For(runtimeType).FirstOrDefault(r => r.Variant == variant);
        }

        /// <summary>"Read: Seek(10, Begin) returned 26; …" → "Seek(10, Begin) returned 26", and the access it was seen on.</summary>
        static string? FirstViolation(string message, out StreamAccess access)
        {
            access = StreamAccess.Read;
            var parts = message.Split(new[] { "; " }, StringSplitOptions.None);
            // A call that never returned is what an author must see first (a hang ranks above a wrong value): its part,
            // under the access the part before it named (dispose.members-throw: "Write: CanRead is true; …; ReadByte() after
            // Dispose had not returned after 2 s").
            var chosen = Array.FindIndex(parts, p => p.Contains(" had not returned after "));
            if (chosen < 0) chosen = 0;
            string? first = null;
            for (var i = 0; i <= chosen; i++)
            {
                first = parts[i];
                var prefix = Regex.Match(first, @"^(?<access>Read|Write|ReadWrite|WriteByte|mixed writes|reads|writes): ");
                if (prefix.Success)
                {
                    var name = prefix.Groups["access"].Value;
                    access = name == "Write" || name == "WriteByte" || name == "mixed writes" || name == "writes" ? StreamAccess.Write
                        : name == "ReadWrite" ? StreamAccess.ReadWrite : StreamAccess.Read;
                    first = first.Substring(prefix.Length);
                }
                // edge.argument-validation names its calls without a prefix: a write's misuse is replayed on a write stream.
                else if (i == 0 && first.StartsWith("Write", StringComparison.Ordinal)) access = StreamAccess.Write;
            }
            return string.IsNullOrEmpty(first) ? null : first;
        }

        static readonly (Regex Pattern, string CSharp)[] Calls =
        {
            (new Regex(@"^Seek\((?<a>-?\d+), (?<b>Begin|Current|End)\)"), "stream.Seek(${a}, SeekOrigin.${b})"),
            (new Regex(@"^(?<m>ReadByte|Flush|Dispose)\(\)"), "stream.${m}()"),
            (new Regex(@"^WriteByte\((?<a>\d+)\)"), "stream.WriteByte(${a})"),
            (new Regex(@"^Position getter"), "stream.Position"),
            (new Regex(@"^Position = (?<a>-?\d+)"), "stream.Position = ${a}"),
            (new Regex(@"^Length\b"), "stream.Length"),
            (new Regex(@"^SetLength\((?<a>-?\d+)\)"), "stream.SetLength(${a})"),
            (new Regex(@"^(?<m>Read|Write)\(null, (?<a>-?\d+), (?<b>-?\d+)\)"), "stream.${m}(null, ${a}, ${b})"),
            (new Regex(@"^(?<m>Read|Write)\(buffer\[(?<n>\d+)\], (?<a>-?\d+), (?<b>-?\d+)\)"), "stream.${m}(new byte[${n}], ${a}, ${b})"),
            (new Regex(@"^(?<m>Read|Write)\(byte\[\], (?<a>-?\d+), (?<b>-?\d+)\)"), "stream.${m}(new byte[${a} + ${b}], ${a}, ${b})"),
            (new Regex(@"^(?<m>ReadAsync|WriteAsync)\(null, (?<a>-?\d+), (?<b>-?\d+)\)"), "stream.${m}(null, ${a}, ${b}).GetAwaiter().GetResult()"),
            (new Regex(@"^(?<m>ReadAsync|WriteAsync)\(buffer\[(?<n>\d+)\], (?<a>-?\d+), (?<b>-?\d+)\)"), "stream.${m}(new byte[${n}], ${a}, ${b}).GetAwaiter().GetResult()"),
            (new Regex(@"^(?<m>ReadAsync|WriteAsync)\(byte\[\], (?<a>-?\d+), (?<b>-?\d+)\)"), "stream.${m}(new byte[${a} + ${b}], ${a}, ${b}).GetAwaiter().GetResult()"),
            (new Regex(@"^Flush\(\) before reading"), "stream.Flush()"),
            (new Regex(@"^(?<m>CanRead|CanWrite|CanSeek) is (true|false)"), "stream.${m}"),
            (new Regex(@"^DisposeAsync\(\)"), "stream.DisposeAsync().AsTask().GetAwaiter().GetResult()"),
            (new Regex(@"^Close\(\)"), "stream.Close()"),
        };

        /// <summary>The C# of the call a violation starts with; "… after Dispose" replays it on a disposed stream.</summary>
        static string? CallOf(string violation, string check, out bool disposedFirst)
        {
            // dispose.members-throw names a capability that stays true without saying "after Dispose": it is.
            disposedFirst = violation.Contains(" after Dispose") || (check == "dispose.members-throw" && Regex.IsMatch(violation, @"^Can(Read|Write|Seek) is "));
            var trimmed = Regex.Replace(violation, @"^the (first|second) ", "");
            if (trimmed != violation && trimmed.StartsWith("Dispose()", StringComparison.Ordinal))
            {
                // dispose.twice: "a second Dispose() threw" replays Dispose twice; "the first" once.
                disposedFirst = violation.StartsWith("a second", StringComparison.Ordinal);
                return "stream.Dispose()";
            }
            if (violation.StartsWith("a second Dispose()", StringComparison.Ordinal))
            {
                disposedFirst = true;
                return "stream.Dispose()";
            }
            foreach (var (pattern, csharp) in Calls)
            {
                var m = pattern.Match(trimmed);
                if (m.Success) return m.Result(csharp);
            }
            return null;
        }

        static string Program(Finding finding, CheckResult result, string source, string call, bool disposedFirst, string violation, StreamAccess access)
        {
            var sb = new StringBuilder();
            sb.Append("// ").Append(finding.Id).Append(": ").Append(finding.Title).Append('\n');
            sb.Append("// Seen by ").Append(result.Check).Append(" on the recipe '").Append(result.Variant).Append("': ").Append(Clip(violation)).Append('\n');
            sb.Append(BuildNote(source));
            sb.Append(UsingsFor(source)).Append("static class Repro\n{\n    static void Main()\n    {\n");
            // The content the check opened the stream over: what a stream does can depend on how much of it has arrived.
            Content(sb, SmallContentChecks.Contains(result.Check) ? 64 : 4096);
            foreach (var line in source.Split('\n')) sb.Append("        ").Append(line).Append('\n');
            sb.Append("        Console.WriteLine($\"CanRead={stream.CanRead} CanWrite={stream.CanWrite} CanSeek={stream.CanSeek}\");\n");
            if (disposedFirst) sb.Append("        stream.Dispose();\n");
            var earlier = EarlierCalls(result.Check, call, violation, access);
            if (earlier.Count > 0)
            {
                sb.Append("        // The check's earlier calls on this stream, each refused or not: a refused call may leave its state changed.\n");
                foreach (var e in earlier) sb.Append("        try { ").Append(e).Append("; } catch (Exception) { }\n");
            }
            // read-byte.values names the offset of the wrong byte: the bytes before it are read first, one ReadByte() each, as the check read them.
            var at = Regex.Match(violation, @"^ReadByte\(\) (returned -?\d+ )?at offset (?<n>\d+)");
            if (at.Success && int.Parse(at.Groups["n"].Value, CultureInfo.InvariantCulture) is var offset && offset > 0)
            {
                sb.Append("        for (var i = 0; i < ").Append(offset).Append("; i++) stream.ReadByte();\n");
                sb.Append("        Console.WriteLine(\"the byte at offset ").Append(offset).Append(" is \" + content[").Append(offset).Append("]);\n");
            }
            var isExpression = !call.Contains(" = ") && !call.EndsWith("Dispose()", StringComparison.Ordinal) && !call.EndsWith("Flush()", StringComparison.Ordinal)
                               && !call.Contains("DisposeAsync()") && !call.EndsWith("Close()", StringComparison.Ordinal)
                               && !call.StartsWith("stream.WriteByte", StringComparison.Ordinal) && !call.StartsWith("stream.SetLength", StringComparison.Ordinal)
                               && !call.StartsWith("stream.Write(", StringComparison.Ordinal) && !(call.StartsWith("stream.WriteAsync", StringComparison.Ordinal));
            var shown = call.Replace("\"", "\\\"");
            // A call the check saw block is made on a pool thread and waited for, so the program ends and says so.
            if (violation.Contains(" had not returned after "))
            {
                sb.Append("        var pending = System.Threading.Tasks.Task.Run(() => ").Append(isExpression ? call : "{ " + call + "; return \"\"; }").Append(");\n");
                sb.Append("        try { Console.WriteLine(pending.Wait(5000) ? \"").Append(shown).Append(" returned \" + pending.Result : \"").Append(shown)
                  .Append(" had not returned after 5 s  <-- WRONG\"); }\n");
                sb.Append("        catch (AggregateException e) { Console.WriteLine(\"").Append(shown).Append(" threw \" + e.InnerException.GetType().FullName + \": \" + e.InnerException.Message); }\n");
                sb.Append("    }\n}\n");
                return WithHelperTypes(sb.ToString());
            }
            sb.Append("        try\n        {\n");
            if (isExpression) sb.Append("            Console.WriteLine(\"").Append(shown).Append(" returned \" + ").Append(call).Append(");\n");
            else sb.Append("            ").Append(call).Append(";\n            Console.WriteLine(\"").Append(shown).Append(": no exception\");\n");
            sb.Append("        }\n        catch (Exception e)\n        {\n            Console.WriteLine(\"").Append(shown).Append(" threw \" + e.GetType().FullName + \": \" + e.Message);\n        }\n");
            sb.Append("    }\n}\n");
            return WithHelperTypes(sb.ToString());
        }

        /// <summary>The checks that open their streams over 64 bytes of content (the rest over 4096).</summary>
        static readonly string[] SmallContentChecks = { "capabilities.unsupported", "dispose.members-throw", "dispose.twice", "edge.zero-length", "edge.argument-validation" };

        /// <summary>The argument cases of edge.argument-validation, in the order it makes them on one stream.</summary>
        static readonly string[] ArgumentCases = { "null, 0, 1", "new byte[10], -1, 1", "new byte[10], 0, -1", "new byte[10], 5, 6", "new byte[10], 11, 0", "new byte[10], 0, 11" };

        /// <summary>
        /// The calls edge.argument-validation made on the same stream before <paramref name="call"/> (Read's cases before
        /// ReadAsync's, Write's before WriteAsync's): a stream may answer a misuse differently after one it refused; and
        /// capabilities.unsupported's (<see cref="CapabilityCallsBefore"/>).
        /// </summary>
        static List<string> EarlierCalls(string check, string call, string violation, StreamAccess access)
        {
            var none = new List<string>();
            if (check == "capabilities.unsupported") return CapabilityCallsBefore(call, violation, access);
            if (check != "edge.argument-validation") return none;
            foreach (var family in new[] { "Read", "Write" })
            {
                var sequence = ArgumentCases.Select(a => $"stream.{family}({a})")
                    .Concat(ArgumentCases.Select(a => $"stream.{family}Async({a}).GetAwaiter().GetResult()")).ToList();
                var at = sequence.IndexOf(call);
                if (at >= 0) return sequence.Take(at).ToList();
                // The Dispose after the misuse (a "Write: Dispose() had not returned …") follows every case of its access.
                if (call == "stream.Dispose()" && (family == "Write") == (access == StreamAccess.Write)) return sequence;
            }
            return none;
        }

        /// <summary>
        /// capabilities.unsupported's calls on one stream, in its order (CapabilitiesUnsupportedCheck.Probe): each as the
        /// call <see cref="Calls"/> spells, the statement that makes it, the flags under which the check makes it, and
        /// whether the capability is true there. Every call is made on the same stream, so a call that must work can fail
        /// only after an earlier one (OutputCacheStream's second write, once the first started the response). The Span and
        /// Memory overloads, refused where the capability is false, are left out: Mono's mcs builds these programs too.
        /// </summary>
        static readonly (string Call, string Statement, string When, bool Supported)[] CapabilityCalls =
        {
            ("stream.Seek(0, SeekOrigin.Begin)", "stream.Seek(0, SeekOrigin.Begin)", "!stream.CanSeek", false),
            ("stream.Position", "stream.Position.ToString()", "!stream.CanSeek", false),
            ("stream.Position = 0", "stream.Position = 0", "!stream.CanSeek", false),
            ("stream.Length", "stream.Length.ToString()", "!stream.CanSeek", false),
            ("stream.SetLength(0)", "stream.SetLength(0)", "!stream.CanSeek", false),
            ("stream.ReadByte()", "stream.ReadByte()", "!stream.CanRead", false),
            ("stream.Read(new byte[0 + 8], 0, 8)", "stream.Read(new byte[8], 0, 8)", "!stream.CanRead", false),
            ("stream.ReadAsync(new byte[0 + 8], 0, 8).GetAwaiter().GetResult()", "stream.ReadAsync(new byte[8], 0, 8).GetAwaiter().GetResult()", "!stream.CanRead", false),
            ("", "stream.EndRead(stream.BeginRead(new byte[8], 0, 8, null, null))", "!stream.CanRead", false),
            ("stream.WriteByte(1)", "stream.WriteByte(1)", "!stream.CanWrite", false),
            ("stream.Write(new byte[0 + 8], 0, 8)", "stream.Write(new byte[8], 0, 8)", "!stream.CanWrite", false),
            ("stream.WriteAsync(new byte[0 + 8], 0, 8).GetAwaiter().GetResult()", "stream.WriteAsync(new byte[8], 0, 8).GetAwaiter().GetResult()", "!stream.CanWrite", false),
            ("", "stream.EndWrite(stream.BeginWrite(new byte[8], 0, 8, null, null))", "!stream.CanWrite", false),
            ("stream.SetLength(0)", "stream.SetLength(0)", "!stream.CanWrite && stream.CanSeek", false),
            ("stream.Seek(0, SeekOrigin.Current)", "stream.Seek(0, SeekOrigin.Current)", "stream.CanSeek", true),
            ("stream.Position", "stream.Position.ToString()", "stream.CanSeek", true),
            ("stream.Length", "stream.Length.ToString()", "stream.CanSeek", true),
            ("stream.Position = 0", "stream.Position = 0", "stream.CanSeek", true),
            ("stream.ReadByte()", "stream.ReadByte()", "stream.CanRead", true),
            ("stream.WriteByte(1)", "stream.WriteByte(1)", "stream.CanWrite", true),
            ("stream.Write(new byte[0 + 8], 0, 8)", "stream.Write(new byte[8], 0, 8)", "stream.CanWrite", true),
        };

        /// <summary>The calls capabilities.unsupported made on the stream before <paramref name="call"/>, each under the flags it was made under.</summary>
        static List<string> CapabilityCallsBefore(string call, string violation, StreamAccess access)
        {
            var supported = violation.Contains("although the capability is true");
            bool Match((string Call, string Statement, string When, bool Supported) c) => c.Call == call && c.Supported == supported;
            // SetLength(0) is refused twice: where CanSeek is false, and on a read-only stream that seeks.
            var at = violation.Contains("on a read-only stream") ? Array.FindLastIndex(CapabilityCalls, Match) : Array.FindIndex(CapabilityCalls, Match);
            if (at < 0) return new List<string>();
            return CapabilityCalls.Take(at)
                // The check reads a stream that can read only where it opened it for reading.
                .Where(c => !(c.Supported && c.Call == "stream.ReadByte()" && access == StreamAccess.Write))
                .Select(c => $"if ({c.When}) {c.Statement}").ToList();
        }

        static string Clip(string text) => text.Length <= 160 ? text.Replace('\n', ' ') : text.Substring(0, 159).Replace('\n', ' ') + "…";
    }
}
