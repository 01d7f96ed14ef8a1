#if NET
using System;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using NUnit.Framework;
using StreamConformance.Findings;
using StreamConformance.Reports;
using StreamConformance.Results;

namespace StreamConformance.Tests.Reports
{
    /// <summary>
    /// The repro a finding's report carries is a program that compiles on its own and replays the call the check saw
    /// go wrong: compiled here with Roslyn against the running framework and run in-process.
    /// </summary>
    [TestFixture]
    public sealed class FindingReproTests
    {
        static Finding Contract(string type, string variant, string check, string message)
        {
            var result = CheckResult.Of(check, Outcome.Fail, message);
            result.Runtime = "dotnet";
            result.Type = type;
            result.Variant = variant;
            return FindingBuilder.Build(new[] { result }).Single();
        }

        static string Run(string program)
        {
            var references = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator)
                .Select(p => MetadataReference.CreateFromFile(p));
            var compilation = CSharpCompilation.Create("Repro", new[] { CSharpSyntaxTree.ParseText(program) }, references,
                new CSharpCompilationOptions(OutputKind.ConsoleApplication));
            using var image = new MemoryStream();
            var emitted = compilation.Emit(image);
            Assert.That(emitted.Success, Is.True, string.Join("\n", emitted.Diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error)) + "\n" + program);
            var assembly = System.Reflection.Assembly.Load(image.ToArray());
            var output = new StringWriter();
            var console = Console.Out;
            Console.SetOut(output);
            try { assembly.EntryPoint!.Invoke(null, null); }
            finally { Console.SetOut(console); }
            return output.ToString();
        }

        [Test]
        public void AWrongSeekResultIsReplayedOnTheRecipesOwnConstruction()
        {
            var finding = Contract("System.IO.MemoryStream", "(byte[], int, int)", "seek.origins",
                "Seek(10, Begin) from position 0 (length 4096) returned 26; expected 10 (operation 0; last: Seek(10, Begin))");
            Assert.That(finding.Cause, Is.EqualTo("returns:Seek"));
            var program = FindingRepro.For(finding, out var why);
            Assert.That(program, Is.Not.Null, why);
            Assert.That(program, Does.Contain("new MemoryStream(array, 16, content.Length, writable: false)"));
            var output = Run(program!);
            Assert.That(output, Does.Contain("CanRead=True CanWrite=False CanSeek=True"));
            // On the runtime running the tests the call is replayed for real; .NET returns the position.
            Assert.That(output, Does.Contain("stream.Seek(10, SeekOrigin.Begin) returned 10"));
        }

        [Test]
        public void AMissingExceptionIsReplayedAndWhatHappensIsPrinted()
        {
            var finding = Contract("System.Security.Cryptography.CryptoStream", "aes-cbc", "capabilities.unsupported",
                "Read: WriteByte(1) where the capability is false: expected NotSupportedException, nothing was thrown");
            var program = FindingRepro.For(finding, out var why);
            Assert.That(program, Is.Not.Null, why);
            var output = Run(program!);
            Assert.That(output, Does.Contain("CanRead=True CanWrite=False"));
            Assert.That(output, Does.Match("stream.WriteByte\\(1\\)(: no exception| threw )"));
        }

        [Test]
        public void ACallAfterDisposeDisposesFirst()
        {
            var finding = Contract("System.Security.Cryptography.CryptoStream", "aes-cbc", "dispose.members-throw",
                "Write: WriteByte(1) after Dispose threw System.NullReferenceException (Object reference not set to an instance of an object.); expected ObjectDisposedException (or NotSupported/InvalidOperation)");
            var program = FindingRepro.For(finding, out var why);
            Assert.That(program, Is.Not.Null, why);
            Assert.That(program, Does.Contain("CryptoStreamMode.Write"));
            Assert.That(program, Does.Contain("stream.Dispose();\n        try"));
            Assert.That(Run(program!), Does.Match("stream.WriteByte\\(1\\)(: no exception| threw )"));
        }

        [Test]
        public void WithoutASourceFormTheReportSaysWhy()
        {
            var noRecipe = Contract("System.IO.MemoryStream", "no such recipe", "seek.origins", "Seek(10, Begin) returned 26; expected 10");
            Assert.That(FindingRepro.For(noRecipe, out var why), Is.Null);
            Assert.That(why, Does.Contain("no recipe named 'no such recipe'"));

            var unspellable = Contract("System.IO.MemoryStream", "(byte[], int, int)", "read.differential", "SyncByte: the stream did not report the end within 8192 bytes");
            Assert.That(FindingRepro.For(unspellable, out why), Is.Null);
            Assert.That(why, Does.StartWith("the harness cannot spell the failing call"));

            var cost = FindingBuilder.Build(new[] { Cost() }).Single();
            Assert.That(FindingRepro.For(cost, out why), Is.Null);
            Assert.That(why, Does.Contain("contract findings"));
        }

        static CheckResult Cost()
        {
            var r = CheckResult.Of("budget.alloc.read-byte", Outcome.Fail, "ReadByte allocates 40 B/call, budget 16 B");
            r.Runtime = "mono";
            r.Type = "System.IO.Compression.DeflateStream";
            r.Variant = "decompress";
            return r;
        }
    }
}
#endif
