using System;
using System.Collections.Generic;
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
    /// throws. Only what can be written down faithfully: no source for the recipe, or a call the harness cannot spell
    /// in C#, gives no program and says why.
    /// </summary>
    public static class FindingRepro
    {
        /// <summary>The program, or null with the reason in <paramref name="why"/>.</summary>
        public static string? For(Finding finding, out string why)
        {
            why = "";
            if (finding.Class != FindingClass.Contract)
            {
                why = "a repro program is written for contract findings; the figures above are the evidence of a cost";
                return null;
            }
            foreach (var result in finding.Results.Where(r => r.Outcome == Outcome.Fail))
            {
                var violation = FirstViolation(result.Message, out var access);
                var call = violation == null ? null : CallOf(violation, out var disposedFirst) is { } c ? (c, disposedFirst) : ((string, bool)?)null;
                if (call == null)
                {
                    why = $"the harness cannot spell the failing call of {result.Check} in C#: {Clip(result.Message)}";
                    continue;
                }
                var recipe = RecipeOf(finding.Type, result.Variant);
                var source = recipe?.ReproSource(access);
                if (source == null)
                {
                    why = recipe == null
                        ? $"no recipe named '{result.Variant}' for {finding.Type} in this build"
                        : $"the recipe '{result.Variant}' has no source form for a {access.ToString().ToLowerInvariant()} stream yet";
                    continue;
                }
                return Program(finding, result, source, call.Value.Item1, call.Value.Item2, violation!);
            }
            if (why.Length == 0) why = "no failing result to replay";
            return null;
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
            var first = message.Split(new[] { "; " }, StringSplitOptions.None)[0];
            var prefix = Regex.Match(first, @"^(?<access>Read|Write|ReadWrite|WriteByte|mixed writes|reads|writes): ");
            if (prefix.Success)
            {
                var name = prefix.Groups["access"].Value;
                access = name == "Write" || name == "WriteByte" || name == "mixed writes" || name == "writes" ? StreamAccess.Write
                    : name == "ReadWrite" ? StreamAccess.ReadWrite : StreamAccess.Read;
                first = first.Substring(prefix.Length);
            }
            return first.Length == 0 ? null : first;
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
        };

        /// <summary>The C# of the call a violation starts with; "… after Dispose" replays it on a disposed stream.</summary>
        static string? CallOf(string violation, out bool disposedFirst)
        {
            disposedFirst = violation.Contains(" after Dispose");
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

        static string Program(Finding finding, CheckResult result, string source, string call, bool disposedFirst, string violation)
        {
            var sb = new StringBuilder();
            sb.Append("// ").Append(finding.Id).Append(": ").Append(finding.Title).Append('\n');
            sb.Append("// Seen by ").Append(result.Check).Append(" on the recipe '").Append(result.Variant).Append("': ").Append(Clip(violation)).Append('\n');
            sb.Append("// Self-contained: build it as a console program (.NET) or with `csc Repro.cs` (Mono) and run it on the runtime named above.\n");
            sb.Append("using System;\nusing System.IO;\nusing System.IO.Compression;\nusing System.Security.Cryptography;\n\n");
            sb.Append("static class Repro\n{\n    static void Main()\n    {\n");
            sb.Append("        // The content every check reads: 4096 bytes, the first 256 counting down from 255, the rest from Random(4096).\n");
            sb.Append("        var content = new byte[4096];\n        new Random(4096).NextBytes(content);\n        for (var i = 0; i < 256; i++) content[i] = (byte)(255 - i);\n\n");
            foreach (var line in source.Split('\n')) sb.Append("        ").Append(line).Append('\n');
            sb.Append("        Console.WriteLine($\"CanRead={stream.CanRead} CanWrite={stream.CanWrite} CanSeek={stream.CanSeek}\");\n");
            if (disposedFirst) sb.Append("        stream.Dispose();\n");
            var isExpression = !call.Contains(" = ") && !call.EndsWith("Dispose()", StringComparison.Ordinal) && !call.EndsWith("Flush()", StringComparison.Ordinal)
                               && !call.StartsWith("stream.WriteByte", StringComparison.Ordinal) && !call.StartsWith("stream.SetLength", StringComparison.Ordinal)
                               && !call.StartsWith("stream.Write(", StringComparison.Ordinal) && !(call.StartsWith("stream.WriteAsync", StringComparison.Ordinal));
            var shown = call.Replace("\"", "\\\"");
            sb.Append("        try\n        {\n");
            if (isExpression) sb.Append("            Console.WriteLine(\"").Append(shown).Append(" returned \" + ").Append(call).Append(");\n");
            else sb.Append("            ").Append(call).Append(";\n            Console.WriteLine(\"").Append(shown).Append(": no exception\");\n");
            sb.Append("        }\n        catch (Exception e)\n        {\n            Console.WriteLine(\"").Append(shown).Append(" threw \" + e.GetType().FullName + \": \" + e.Message);\n        }\n");
            sb.Append("    }\n}\n");
            return sb.ToString();
        }

        static string Clip(string text) => text.Length <= 160 ? text.Replace('\n', ' ') : text.Substring(0, 159).Replace('\n', ' ') + "…";
    }
}
