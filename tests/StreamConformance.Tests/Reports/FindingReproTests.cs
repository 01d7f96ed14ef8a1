#if NET
using System;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using NUnit.Framework;
using StreamConformance.Checks;
using StreamConformance.Findings;
using StreamConformance.Recipes;
using StreamConformance.Reports;
using StreamConformance.Results;
using StreamConformance.Tests.Isolation;

namespace StreamConformance.Tests.Reports
{
    /// <summary>
    /// The repro a finding's report carries is a program that compiles on its own and replays the call the check saw
    /// go wrong: compiled here with Roslyn against the running framework and run in-process.
    /// </summary>
    [TestFixture]
    public sealed class FindingReproTests : ReproFixture
    {
        protected override string RuntimeName => "dotnet";
        protected override string Framework => "net10.0";

        static Finding Contract(string type, string variant, string check, string message) =>
            FindingBuilder.Build(new[] { Failed("dotnet", type, variant, check, message) }).Single();

        /// <summary>A failing result as a probe reports it; with <paramref name="read"/>, the source form the probe kept.</summary>
        static CheckResult Failed(string runtime, string type, string variant, string check, string message, string? read = null)
        {
            var result = CheckResult.Of(check, Outcome.Fail, message);
            result.Runtime = runtime;
            result.Type = type;
            result.Variant = variant;
            if (read != null) result.Source = new RecipeSource { Read = read };
            return result;
        }

        /// <summary>Compiled with Roslyn against the running framework and the files given, run in-process.</summary>
        protected override string Run(string program, params string[] more)
        {
            // One reference per assembly name: the runtime's own first, then the folders given (ASP.NET Core's shares a few).
            var references = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator).Concat(more)
                .GroupBy(p => Path.GetFileName(p), StringComparer.OrdinalIgnoreCase).Select(g => g.First())
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
            var program = ProgramOf(finding);
            Assert.That(program, Does.Contain("new MemoryStream(array, 16, content.Length, writable: false)"));
            var output = Run(program);
            Assert.That(output, Does.Contain("CanRead=True CanWrite=False CanSeek=True"));
            // On the runtime running the tests the call is replayed for real; .NET returns the position.
            Assert.That(output, Does.Contain("stream.Seek(10, SeekOrigin.Begin) returned 10"));
        }

        [Test]
        public void AMissingExceptionIsReplayedAndWhatHappensIsPrinted()
        {
            var finding = Contract("System.Security.Cryptography.CryptoStream", "aes-cbc", "capabilities.unsupported",
                "Read: WriteByte(1) where the capability is false: expected NotSupportedException, nothing was thrown");
            var program = ProgramOf(finding);
            var output = Run(program);
            Assert.That(output, Does.Contain("CanRead=True CanWrite=False"));
            Assert.That(output, Does.Match("stream.WriteByte\\(1\\)(: no exception| threw )"));
        }

        [Test]
        public void ACallAfterDisposeDisposesFirst()
        {
            var finding = Contract("System.Security.Cryptography.CryptoStream", "aes-cbc", "dispose.members-throw",
                "Write: WriteByte(1) after Dispose threw System.NullReferenceException (Object reference not set to an instance of an object.); expected ObjectDisposedException (or NotSupported/InvalidOperation)");
            var program = ProgramOf(finding);
            Assert.That(program, Does.Contain("CryptoStreamMode.Write"));
            Assert.That(program, Does.Contain("stream.Dispose();\n        try"));
            Assert.That(Run(program), Does.Match("stream.WriteByte\\(1\\)(: no exception| threw )"));
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

        /// <summary>
        /// A fault only a sequence shows (a read-ahead that Seek from Current forgets): the check's failing walk is
        /// shrunk to a few calls, and the program of those calls, run on a fresh stream, prints the wrong answer.
        /// </summary>
        [TestCase("seek.random-walk")]
        [TestCase("seek.origins")]
        [TestCase("buffered.interleave")]
        public void ASequenceThatFailsIsShrunkAndItsProgramPrintsTheWrongAnswer(string check)
        {
            var result = Checked(check, GenericShapes.For(Faulty("ReadAheadSeekStream")).Single());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            var trace = result.Repro;
            Assert.That(trace, Is.Not.Null, result.Message);
            Assert.That(trace!.Steps.Count, Is.InRange(2, 10), string.Join(", ", trace.Steps));
            Assert.That(trace.Steps.Last().Op, Is.EqualTo(ReproOps.Seek), "the failing call is the seek from Current after a read");
            Assert.That(trace.Steps.Any(s => s.Op == ReproOps.ReadByte || s.Op == ReproOps.Read || s.Op == ReproOps.ReadSpan), Is.True);

            var program = ProgramOf(result);
            Assert.That(program, Does.Contain("new FaultyStreams.ReadAheadSeekStream("));
            var output = Run(program, FaultyStreams);
            Assert.That(output, Does.Match(@"Seek\(-?\d+, SeekOrigin.Current\): -?\d+ \(expected -?\d+\)  <-- WRONG"), program + "\n" + output);
        }

        /// <summary>
        /// A pooled stream's gap that holds old bytes (FaultyStreams' PooledGapStream, as RecyclableMemoryStream 4.0.1): the
        /// program writes, cuts back with SetLength, writes past the end and prints the gap's first old byte.
        /// </summary>
        [Test]
        public void AGapLeakIsAProgramThatPrintsTheOldBytes()
        {
            var faulty = RepoPaths.FaultyStreams("net10.0");
            var type = System.Reflection.Assembly.LoadFrom(faulty).GetType("FaultyStreams.PooledGapStream", true)!;
            var result = Checked("seek.gap-zeroed", GenericShapes.For(type).Single());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            var program = FindingRepro.For(FindingBuilder.Build(new[] { result }).Single(), out var why);
            Assert.That(program, Is.Not.Null, why);
            Assert.That(program, Does.Contain("new FaultyStreams.PooledGapStream()"));
            Assert.That(program, Does.Contain("stream.SetLength(16)"));
            var output = Run(program!, faulty);
            Assert.That(output, Does.Contain("SetLength(16): Length 16\n").Or.Contain("SetLength(16): Length 16\r\n"), program + "\n" + output);
            Assert.That(output, Does.Match(@"Read\(buffer, 5, 96\): returned 96; byte 0 is 0x[0-9A-F]{2} \(expected 0x00\)  <-- WRONG"), program + "\n" + output);
        }

        /// <summary>
        /// SqlBytes.Stream's write of the wrong bytes, the worst .NET finding: the round trip's mixed writes shrink to a
        /// few calls, and the program prints the store's first wrong byte.
        /// </summary>
        [Test]
        public void SqlBytesStreamsWrongWriteIsAProgramOfAFewCalls()
        {
            var result = Checked("write-byte.round-trip", new SqlBytesStreamRecipe());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Message, Does.Contain("the store differs from what was written"));
            var trace = result.Repro;
            Assert.That(trace, Is.Not.Null);
            Assert.That(trace!.Steps.Count, Is.LessThanOrEqualTo(10), string.Join(", ", trace.Steps));
            Assert.That(trace.ShrunkFrom, Is.GreaterThan(trace.Steps.Count));
            var program = ProgramOf(result);
            var output = Run(program);
            Assert.That(output, Does.Match(@"the store after (Flush|Dispose): (first difference at offset \d+|wrote \d+ bytes, the store holds \d+).*<-- WRONG"), program + "\n" + output);
        }

        /// <summary>
        /// HttpListener's response body, the second .NET finding: a zero-byte WriteAsync sends the chunked body's end. The
        /// program writes out a listener and an HttpClient on loopback, and prints that the client received 3 of 6 bytes.
        /// </summary>
        [Test]
        public void HttpListenersZeroByteWriteIsAProgramWithItsListenerWrittenOut()
        {
            var result = Checked("edge.zero-length", new HttpListenerResponseRecipe());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            var program = ProgramOf(result);
            Assert.That(program, Does.Contain("new System.Net.HttpListener()"));
            var output = Run(program);
            // The bytes after the zero-byte write are lost, or, when the client has already closed the connection the ended
            // body let it close, their write fails (a broken pipe): either way the program marks it.
            Assert.That(output, Does.Match(@"the store after Dispose: wrote 6 bytes, the store holds 3  <-- WRONG|Write\(source, 3, 3\) threw .*  <-- WRONG"), program + "\n" + output);
        }

        /// <summary>
        /// OutputCacheStream (ASP.NET Core): a Flush after WriteByte throws, the response having started without the
        /// middleware. The round trip's 4097 calls shrink to those two, and the program is a minimal Kestrel app.
        /// </summary>
        [Test]
        public void OutputCacheStreamsWriteByteIsAMinimalKestrelApp()
        {
            Assert.That(AspNetCoreFramework.Register(), Is.True, AspNetCoreFramework.MissingReason);
            var recipe = RecipeCatalog.BuiltIn.Single(r => r.TypeName == "Microsoft.AspNetCore.OutputCaching.OutputCacheStream");
            var result = Checked("write-byte.round-trip", recipe);
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Repro!.Steps.Count, Is.LessThanOrEqualTo(10), string.Join(", ", result.Repro.Steps));
            var program = ProgramOf(result);
            Assert.That(program, Does.Contain("WebApplication.CreateSlimBuilder()").And.Contain("app.UseOutputCache();"));
            var aspNetCore = Directory.GetFiles(AspNetCoreFramework.Folder!, "*.dll");
            var output = Run(program, aspNetCore);
            Assert.That(output, Does.Match(@"Flush\(\) threw System.InvalidOperationException: Headers are read-only"), program + "\n" + output);
        }

        /// <summary>
        /// Faults a single call shows (FaultyStreams): each finding's program replays that call and prints what the
        /// finding says went wrong.
        /// </summary>
        [TestCase("LyingCapabilitiesStream", "capabilities.unsupported", "threw System.NotSupportedException")]
        [TestCase("OutOfRangeReadStream", "edge.argument-validation", "returned 1")]
        public void ASingleCallFaultIsReplayed(string name, string check, string printed)
        {
            var result = Checked(check, GenericShapes.For(Faulty(name)).Single());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            var program = ProgramOf(result);
            Assert.That(Run(program, FaultyStreams), Does.Contain(printed), result.Message + "\n" + program);
        }

        /// <summary>A recipe only the probe's runtime has (a Mono-only one): the source the probe kept on the result is used.</summary>
        [Test]
        public void TheProbesSourceFormServesARecipeThisHostLacks()
        {
            var result = Failed("mono", "Mono.Only.WindowStream", "over a window", "seek.origins",
                "Seek(10, Begin) from position 0 (length 4096) returned 26; expected 10",
                "var stream = new MemoryStream(content, 0, content.Length, writable: false);");
            var program = ProgramOf(result);
            Assert.That(Run(program), Does.Contain("stream.Seek(10, SeekOrigin.Begin) returned 10"));
        }

        /// <summary>
        /// read-byte.values' wrong byte deep in the content (SharpCompress's DataDescriptorStream ends at offset 175, a lone
        /// 0x50): the program reads the bytes before it, so the call it prints is the one the check saw fail.
        /// </summary>
        [Test]
        public void AWrongByteAtAnOffsetIsReadAfterTheBytesBeforeIt()
        {
            var result = Failed("dotnet", "Library.EndsEarlyStream", "read new EndsEarlyStream(Stream)", "read-byte.values",
                "ReadByte() returned -1 at offset 175; expected 80 (content is 4096 bytes)",
                "var stream = new MemoryStream(content, 0, 175, writable: false);");
            var program = ProgramOf(result);
            var output = Run(program);
            Assert.That(output, Does.Contain("the byte at offset 175 is 80").And.Contain("stream.ReadByte() returned -1"), program + "\n" + output);
        }

        /// <summary>
        /// A read-only stream whose Flush loses its place (it moves to the end, as Mono 6.8's FileStream does on a file
        /// opened for reading): edge.flush-read-only reads to the end, and its calls, kept as steps, are the program.
        /// </summary>
        [Test]
        public void AReadToTheEndAcrossFlushIsAProgramOfItsCalls()
        {
            var result = Checked("edge.flush-read-only", new TestStreamRecipe<FlushSkipsToEndStream>());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Repro, Is.Not.Null, result.Message);
            Assert.That(result.Repro!.Steps.Select(s => s.Op), Is.EqualTo(new[] { ReproOps.Flush, ReproOps.Read, ReproOps.Flush, ReproOps.FlushAsync, ReproOps.ReadToEnd }));
            var program = ProgramOf(result);
            var output = Run(program, typeof(FlushSkipsToEndStream).Assembly.Location);
            Assert.That(output, Does.Contain("Read(buffer, 5, 100): returned 100, the expected bytes"), program + "\n" + output);
            Assert.That(output, Does.Contain("Read(buffer, 0, 50) until it returns 0: read 0 bytes; expected the remaining 3996, equal up to offset 100  <-- WRONG"), program + "\n" + output);
        }

        /// <summary>A zero-byte read that moves Position: edge.zero-length's reads are kept as steps up to the failing one.</summary>
        [Test]
        public void AZeroByteReadThatMovesIsAProgramOfItsCalls()
        {
            var result = Checked("edge.zero-length", new TestStreamRecipe<ZeroReadSkipsStream>());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Message, Does.StartWith("reads: Position is 100 after Read(byte[], 0, 0)"));
            var program = ProgramOf(result);
            var output = Run(program, typeof(ZeroReadSkipsStream).Assembly.Location);
            Assert.That(output, Does.Contain("Read(buffer, 5, 0): returned 0, the expected bytes").And.Contain("Position: 100 (expected 0)  <-- WRONG"), program + "\n" + output);
        }

        /// <summary>
        /// A read meter's hang (NPOI's document streams: reading past the first block, a rewind, and the next read never
        /// returns): the host killed the probe, so the result has no source form; another result of the same recipe lends
        /// its own, and the program reads to the end and rewinds as the meter did, on a thread it waits 5 s for.
        /// </summary>
        [Test]
        public void AMetersHangIsAProgramThatReadsAndRewindsAsTheMeterDid()
        {
            const string type = "StreamConformance.Tests.Reports.RewindHangStream";
            var hung = CheckResult.Of("budget.latency.read-byte", Outcome.Timeout, "no result within 5 s (per check); the probe was killed; it hung again in a fresh probe");
            hung.Runtime = "dotnet";
            hung.Type = type;
            hung.Variant = "new RewindHangStream(byte[])";
            var sibling = Failed("dotnet", type, hung.Variant, "dispose.members-throw", "Read: ReadByte() after Dispose succeeded",
                "var stream = new StreamConformance.Tests.Reports.RewindHangStream(content);");
            var finding = FindingBuilder.Build(new[] { hung }).Single();
            Assert.That(finding.Title, Is.EqualTo("RewindHangStream hangs in budget.latency.read-byte"));
            Assert.That(FindingRepro.For(finding, out var why), Is.Null, "without the run, no source form");
            var program = FindingRepro.For(finding, out why, new[] { hung, sibling });
            Assert.That(program, Is.Not.Null, why);
            var output = Run(program!, typeof(RewindHangStream).Assembly.Location);
            Assert.That(output, Does.Contain("round 1: read 4096 of 4096 bytes").And.Contain("a read had not returned after 5 s  <-- WRONG"), program + "\n" + output);
            Assert.That(output, Does.Not.Contain("round 2"), output);

            var otherHang = CheckResult.Of("dispose.twice", Outcome.Timeout, "no result within 5 s");
            otherHang.Runtime = "dotnet";
            otherHang.Type = type;
            otherHang.Variant = hung.Variant;
            Assert.That(FindingRepro.For(FindingBuilder.Build(new[] { otherHang }).Single(), out why, new[] { otherHang, sibling }), Is.Null);
            Assert.That(why, Is.EqualTo("dispose.twice hung, and its probe was killed before it said which call"));
        }

        /// <summary>
        /// dispose.members-throw saw capabilities still true and then a read that never returned (FSharpx.Async's
        /// CircularStream): the program replays the read, the violation an author must see first, not the first one listed.
        /// </summary>
        [Test]
        public void AReadThatNeverReturnsAfterDisposeIsTheCallReplayed()
        {
            var result = Failed("dotnet", "StreamConformance.Tests.Reports.DisposedReadWaitsStream", "write new DisposedReadWaitsStream()", "dispose.members-throw",
                "Write: CanRead is true; CanWrite is true; ReadByte() after Dispose had not returned after 2 s; expected ObjectDisposedException (or NotSupported/InvalidOperation)");
            result.Source = new RecipeSource { Write = "var stream = new StreamConformance.Tests.Reports.DisposedReadWaitsStream();" };
            var program = ProgramOf(result);
            Assert.That(program, Does.Contain("stream.Dispose();\n        var pending = System.Threading.Tasks.Task.Run(() => stream.ReadByte());"), program);
            Assert.That(Run(program, typeof(DisposedReadWaitsStream).Assembly.Location), Does.Contain("stream.ReadByte() had not returned after 5 s  <-- WRONG"), program);
        }

        /// <summary>
        /// A stream that validates only its first write's arguments: edge.argument-validation's failing call is replayed
        /// after the calls the check made before it on the same stream, which the fault needs.
        /// </summary>
        [Test]
        public void AnArgumentFaultAfterAnEarlierRefusalIsReplayedWithIt()
        {
            var result = Checked("edge.argument-validation", new TestWriteRecipe<ValidatesOnceStream>());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Message, Does.StartWith("Write(buffer[10], -1, 1): expected ArgumentOutOfRangeException, nothing was thrown"));
            var program = ProgramOf(result);
            Assert.That(program, Does.Contain("try { stream.Write(null, 0, 1); } catch (Exception) { }\n        try\n"));
            var output = Run(program, typeof(ValidatesOnceStream).Assembly.Location);
            Assert.That(output, Does.Contain("stream.Write(new byte[10], -1, 1): no exception"), program + "\n" + output);
        }

        /// <summary>
        /// A write that must work fails only after the check's earlier write on the same stream (OutputCacheStream's, once
        /// the first write started the response): capabilities.unsupported's program makes the check's earlier calls first,
        /// each under the flags it was made under, and shows the failure; without them the write works.
        /// </summary>
        [Test]
        public void ASupportedCallThatFailsAfterAnEarlierOneIsReplayedWithIt()
        {
            var result = Checked("capabilities.unsupported", new TestWriteRecipe<WritesOnceStream>());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Message, Does.StartWith("Write: Write(byte[], 0, 8) threw System.InvalidOperationException"));
            var program = ProgramOf(result);
            Assert.That(program, Does.Contain("try { if (!stream.CanSeek) stream.Seek(0, SeekOrigin.Begin); } catch (Exception) { }")
                .And.Contain("try { if (stream.CanWrite) stream.WriteByte(1); } catch (Exception) { }"));
            var output = Run(program, typeof(WritesOnceStream).Assembly.Location);
            Assert.That(output, Does.Contain("stream.Write(new byte[0 + 8], 0, 8) threw System.InvalidOperationException"), program + "\n" + output);
        }

        /// <summary>A write-only recipe for a test's own stream type, written as its constructor.</summary>
        sealed class TestWriteRecipe<T> : StreamRecipe where T : Stream
        {
            public override string TypeName => typeof(T).FullName!;
            public override string Variant => "()";
            public override StreamFixture? OpenWrite() => new StreamFixture((Stream)Activator.CreateInstance(typeof(T))!);
            public override string? ReproSource(StreamAccess access) => access == StreamAccess.Write ? $"var stream = new {typeof(T).FullName}();" : null;
        }

        /// <summary>A recipe for a test's own stream type, written as its constructor over the content.</summary>
        sealed class TestStreamRecipe<T> : StreamRecipe where T : Stream
        {
            public override string TypeName => typeof(T).FullName!;
            public override string Variant => "(byte[])";
            public override bool CanSeek => true;
            public override StreamFixture? OpenRead(byte[] content) => new StreamFixture((Stream)Activator.CreateInstance(typeof(T), content)!);
            public override string? ReproSource(StreamAccess access) => access == StreamAccess.Read ? $"var stream = new {typeof(T).FullName}(content);" : null;
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

    /// <summary>Read-only; Flush after a read moves to the end (a fault for AReadToTheEndAcrossFlushIsAProgramOfItsCalls).</summary>
    public sealed class FlushSkipsToEndStream : MemoryStream
    {
        public FlushSkipsToEndStream(byte[] content) : base(content, false) { }

        public override void Flush()
        {
            if (Position > 0) Position = Length;
        }
    }

    /// <summary>Write-only; validates its first Write's arguments only, later ones with a negative offset are ignored (a fault for AnArgumentFaultAfterAnEarlierRefusalIsReplayedWithIt).</summary>
    public sealed class ValidatesOnceStream : MemoryStream
    {
        bool _validated;

        public override bool CanRead => false;
        public override bool CanSeek => false;

        public override void Write(byte[] buffer, int offset, int count)
        {
            if (_validated && offset < 0) return;
            _validated = true;
            base.Write(buffer, offset, count);
        }
    }

    /// <summary>Write-only and forward-only as the contract says; a write after the first throws InvalidOperationException.</summary>
    public sealed class WritesOnceStream : Stream
    {
        bool _written;

        public override bool CanRead => false;
        public override bool CanSeek => false;
        public override bool CanWrite => true;
        public override long Length => throw new NotSupportedException();
        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }
        public override void Flush() { }
        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();
        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count)
        {
            if (_written) throw new InvalidOperationException("the first write started the response");
            _written = true;
        }
    }

    /// <summary>
    /// Read-only; once read past 600 bytes and set back to 0, its next ReadByte waits (for a minute, so no test leaves a
    /// thread behind for long), as NPOI 2.4.1's document streams loop (a fault for AMetersHangIsAProgramThatReadsAndRewindsAsTheMeterDid).
    /// </summary>
    public sealed class RewindHangStream : MemoryStream
    {
        bool _stuck;

        public RewindHangStream(byte[] content) : base(content, false) { }

        public override long Position
        {
            get => base.Position;
            set
            {
                if (value == 0 && base.Position > 600) _stuck = true;
                base.Position = value;
            }
        }

        public override int ReadByte()
        {
            if (_stuck) System.Threading.Thread.Sleep(TimeSpan.FromMinutes(1));
            return base.ReadByte();
        }
    }

    /// <summary>
    /// Writes; after Dispose CanRead stays true and ReadByte waits (for a minute, so no test leaves a thread behind for
    /// long), as FSharpx.Async's CircularStream (a fault for AReadThatNeverReturnsAfterDisposeIsTheCallReplayed).
    /// </summary>
    public sealed class DisposedReadWaitsStream : MemoryStream
    {
        bool _disposed;

        public override bool CanRead => true;

        public override int ReadByte()
        {
            if (_disposed) System.Threading.Thread.Sleep(TimeSpan.FromMinutes(1));
            return base.ReadByte();
        }

        protected override void Dispose(bool disposing)
        {
            _disposed = true;
            base.Dispose(disposing);
        }
    }

    /// <summary>Read-only; a zero-byte Read moves Position by 100 (a fault for AZeroByteReadThatMovesIsAProgramOfItsCalls).</summary>
    public sealed class ZeroReadSkipsStream : MemoryStream
    {
        public ZeroReadSkipsStream(byte[] content) : base(content, false) { }

        public override int Read(byte[] buffer, int offset, int count)
        {
            if (count != 0) return base.Read(buffer, offset, count);
            Position += 100;
            return 0;
        }
    }
}
#endif
