#if MONO_CORLIB
using System;
using System.Diagnostics;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Recipes;
using StreamConformance.Results;

namespace StreamConformance.Tests.Reports
{
    /// <summary>
    /// The repro programs on classic Mono: a finding's program, written from what the check kept, compiled with Mono's
    /// own C# compiler (mcs) and run under mono, prints the wrong behaviour the finding names.
    /// </summary>
    [TestFixture]
    public sealed class FindingReproMonoTests : ReproFixture
    {
        protected override string RuntimeName => "mono";
        protected override string Framework => "net472";

        /// <summary>Compiled with mcs, referencing the assemblies the program names ("// reference X") and the files given.</summary>
        protected override string Run(string program, params string[] references)
        {
            var folder = Path.Combine(Path.GetTempPath(), "streamconf-repro-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(folder);
            try
            {
                var source = Path.Combine(folder, "Repro.cs");
                File.WriteAllText(source, program);
                foreach (var reference in references) File.Copy(reference, Path.Combine(folder, Path.GetFileName(reference)));
                var named = ReferencesNamed(program).Select(n => n + ".dll");
                var refs = string.Join(" ", new[] { "System.Data.dll", "System.Net.Http.dll" }.Concat(named).Concat(references.Select(Path.GetFileName)).Distinct().Select(r => "-r:" + r));
                var (code, output) = Execute("mcs", $"-nologo -out:Repro.exe {refs} Repro.cs", folder);
                Assert.That(code, Is.EqualTo(0), output + "\n" + program);
                (code, output) = Execute("mono", "Repro.exe", folder);
                Assert.That(code, Is.EqualTo(0), output);
                return output;
            }
            finally
            {
                try { Directory.Delete(folder, true); }
                catch (IOException) { }
            }
        }

        static (int Code, string Output) Execute(string file, string arguments, string folder)
        {
            var start = new ProcessStartInfo(file, arguments)
            {
                WorkingDirectory = folder,
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                UseShellExecute = false,
            };
            using var process = Process.Start(start)!;
            var stderr = process.StandardError.ReadToEndAsync();
            var stdout = process.StandardOutput.ReadToEnd();
            Assert.That(process.WaitForExit(60000), Is.True, file + " did not end");
            return (process.ExitCode, stdout + stderr.Result);
        }

        [Test]
        public void ASequenceFaultsProgramPrintsTheWrongAnswerOnMono()
        {
            var result = Checked("seek.random-walk", GenericShapes.For(Faulty("ReadAheadSeekStream")).Single());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Repro, Is.Not.Null);
            Assert.That(result.Repro!.Steps.Count, Is.InRange(2, 10), string.Join(", ", result.Repro.Steps));
            Assert.That(Run(ProgramOf(result), FaultyStreams), Does.Match(@"Seek\(-?\d+, SeekOrigin.Current\): -?\d+ \(expected -?\d+\)  <-- WRONG"));
        }

        /// <summary>
        /// A real finding of the default sweep, not a planted one: Mono 6.8's FileStream with a one-byte buffer reads stale
        /// bytes after a WriteByte (buffered.interleave failed at its operation 1164). Its program keeps at most ten of the
        /// check's calls after shrinking, and prints the wrong bytes under mono.
        /// </summary>
        [Test]
        public void MonosFileStreamInterleaveFindingShrinksToAFewCalls()
        {
            var result = Checked("buffered.interleave", new FileStreamBufferSizeOneRecipe());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Repro, Is.Not.Null, result.Message);
            Assert.That(result.Repro!.ShrunkFrom, Is.GreaterThan(100), "the check's own sequence was long");
            Assert.That(result.Repro.Steps.Count, Is.InRange(2, 10), string.Join(", ", result.Repro.Steps));
            Assert.That(Run(ProgramOf(result)), Does.Contain("<-- WRONG"));
        }

        const string SharpZipLib = ", ICSharpCode.SharpZipLib, Version=4.84.0.0, Culture=neutral, PublicKeyToken=1b03e6acf1164f73";

        /// <summary>
        /// A synthesized reader of SharpZipLib (in Mono's GAC) reads what its encoder wrote: the program builds that
        /// content with the encoder's construction, as synthesis kept it, and shows GZipInputStream's Length not throwing.
        /// </summary>
        [Test]
        public void ASynthesizedDecodersProgramWritesItsEncodedContentFirst()
        {
            var type = Type.GetType("ICSharpCode.SharpZipLib.GZip.GZipInputStream" + SharpZipLib, true)!;
            var recipe = GenericShapes.For(type).Single();
            Assert.That(recipe.Variant, Does.Contain("over new GZipOutputStream(Stream)'s output"));
            var result = Checked("capabilities.unsupported", recipe);
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            var program = ProgramOf(result);
            Assert.That(program, Does.Contain("// reference ICSharpCode.SharpZipLib").And.Contain("new ICSharpCode.SharpZipLib.GZip.GZipOutputStream(encodedSink)"));
            Assert.That(Run(program), Does.Match(@"stream.Length returned \d+"), program);
        }

        /// <summary>
        /// BZip2InputStream's Position is its compressed source's (650 once its constructor has buffered the source), and a
        /// zero-byte read leaves it there: judged from where the stream starts, no finding (judged from 0, it was one).
        /// </summary>
        [Test]
        public void BZip2InputStreamsZeroByteReadLeavesPositionWhereItStarted()
        {
            var result = Checked("edge.zero-length", new BZip2InputStreamRecipe());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), result.Message);
        }

        /// <summary>
        /// Mono 6.8's FileStream opened for reading loses its place at Flush (a finding of the default Mono sweep): the
        /// check's calls, reading to the end, as a program over a temporary file.
        /// </summary>
        [Test]
        public void MonosFileStreamFlushIsAProgramThatReadsToTheEnd()
        {
            var result = Checked("edge.flush-read-only", new FileStreamDefaultRecipe());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            var program = ProgramOf(result);
            Assert.That(program, Does.Contain("new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, FileOptions.None)"));
            Assert.That(Run(program), Does.Match(@"until it returns 0: read \d+ bytes; expected the remaining \d+, equal up to offset \d+  <-- WRONG"), program);
        }

        /// <summary>
        /// Mono 6.8's NetworkStream throws from a read into the empty Memory (a finding of the default Mono sweep): the
        /// program writes out the loopback connection and its feeding peer, and reads into Memory&lt;byte&gt;.Empty as the check did.
        /// </summary>
        [Test]
        public void NetworkStreamsEmptyMemoryReadIsAProgramOverLoopback()
        {
            var result = Checked("edge.zero-length", new NetworkStreamRecipe());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            var program = ProgramOf(result);
            Assert.That(program, Does.Contain("listener.AcceptSocket()"));
            Assert.That(Run(program), Does.Match(@"ReadAsync\(Memory<byte>.Empty\) threw System.IO.IOException"), program);
        }

        /// <summary>
        /// Mono 6.8's chunked HttpWebRequest body ends at a zero-byte write (a finding of the default Mono sweep): the
        /// program's server records the body it received, and the program prints that it holds 3 of the 6 bytes written.
        /// </summary>
        [Test]
        public void HttpWebRequestsZeroByteWriteIsAProgramWithARecordingServer()
        {
            var result = Checked("edge.zero-length", new HttpWebRequestChunkedWriteRecipe());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            var program = ProgramOf(result);
            Assert.That(program, Does.Contain("request.SendChunked = true;"));
            Assert.That(Run(program), Does.Contain("the store after Dispose: wrote 6 bytes, the store holds 3  <-- WRONG"), program);
        }

        /// <summary>
        /// Mono 6.8's HttpListener request body blocks a zero-byte read with its 64 bytes unread (a finding of the default
        /// Mono sweep): the program sends the check's 64 bytes and waits for the call on a pool thread, so it ends and says so.
        /// </summary>
        [Test]
        public void AZeroByteReadThatBlocksIsAProgramThatWaitsForIt()
        {
            var result = Checked("edge.zero-length", new HttpListenerRequestContentLengthRecipe());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Message, Does.Contain("had not returned after"));
            var program = ProgramOf(result);
            Assert.That(program, Does.Contain("var content = new byte[64];"));
            Assert.That(Run(program), Does.Contain("stream.Read(new byte[0 + 0], 0, 0) had not returned after 5 s  <-- WRONG"), program);
        }

        /// <summary>ReadOnlyMemoryContent's stream over memory without an array works after Dispose: the program declares that memory's owner.</summary>
        [Test]
        public void ReadOnlyMemoryStreamAfterDisposeIsAProgramWithItsMemoryOwner()
        {
            var result = Checked("dispose.members-throw", new ReadOnlyMemoryContentManagedMemoryRecipe());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            var program = ProgramOf(result);
            Assert.That(program, Does.Contain("sealed class NoArrayMemory : System.Buffers.MemoryManager<byte>"));
            Assert.That(Run(program), Does.Contain("CanRead=True CanWrite=False CanSeek=True").And.Contain("stream.CanRead returned True"), program);
        }

        /// <summary>Mono 6.8's MemoryStream over an array window returns the index into the array from Seek (a finding of the default Mono sweep).</summary>
        [Test]
        public void MonosMemoryStreamWindowSeekIsReplayed()
        {
            var result = Checked("seek.origins", new MemoryStreamWindowRecipe());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(Run(ProgramOf(result)), Does.Match(@"Seek\(10, SeekOrigin.Begin\): 26 \(expected 10\)  <-- WRONG"));
        }
    }
}
#endif
