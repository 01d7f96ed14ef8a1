using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Probe;
using StreamConformance.Results;
using StreamConformance.Runtimes;
using StreamConformance.Sweep;

namespace StreamConformance.Tests.Isolation
{
    /// <summary>
    /// A user's library swept as <c>sweep --assembly</c> sweeps it, by the real probe in a child process: each kind of
    /// stream (reachable only through a factory, a write-only transform and its inverse, a mode-switched transform, a
    /// connected pipe, a pipe onto itself, a type only the library's own recipe builds) is built the right way and judged
    /// by the rules that fit it.
    /// </summary>
    [TestFixture, NonParallelizable]
    public class LibraryStreamsTests
    {
        static readonly string[] Types =
        {
            "SlabStream", "XorEncoderStream", "XorDecoderStream", "ShiftStream", "PipeEnd", "LoopbackPipeStream", "FramedStream", "OrphanStream",
            "ArchiveWriterStream", "SegmentStream`1", "PropertiesStream", "FrameCodecStream", "CheckedInputStream",
        };

        RunDocument _document = null!;

        [OneTimeSetUp]
        public void SweepTheLibrary()
        {
            var runtime = RepoPaths.OnMono ? RuntimeResolver.Resolve("mono") : RuntimeResolver.Resolve("dotnet");
            var assembly = RepoPaths.LibraryStreams(RepoPaths.OnMono ? "net472" : "net10.0");
            Assert.That(File.Exists(assembly), assembly);
            // Functional checks only: budgets measure cost, which says nothing about how a stream was built.
            var options = new SweepOptions { CheckTimeout = TimeSpan.FromSeconds(20), Quick = true, Checks = "read*,write*,seek*,capabilities*,dispose*,edge*,buffered*" };
            options.Runtimes.Add(runtime);
            var items = Types.Select(n => new ProbeItem { Type = "LibraryStreams." + n, AssemblyPath = assembly }).ToList();
            _document = new SweepRunner(options, (_, __) => new SweepTargets(items), new ProbeLocator(RepoPaths.ProbeRoot)).Run();
        }

        IEnumerable<CheckResult> Of(string type) => _document.Results.Where(r => r.Type == "LibraryStreams." + type);

        string Variant(string type) => _document.Runtimes.Single().Built.TryGetValue("LibraryStreams." + type, out var v) ? v.Single() : "(not built)";

        string StaticOnly(string type) => _document.Runtimes.Single().StaticOnly.SingleOrDefault(s => s.Type == "LibraryStreams." + type)?.Reason ?? "(built)";

        string Describe(string type) => string.Join("; ", Of(type).Select(r => $"{r.Check}={r.Outcome} {r.Message}"));

        [Test]
        public void NothingErrsOrHangs()
        {
            Assert.That(_document.Runtimes.Single().Errors, Is.Empty);
            var bad = _document.Results.Where(r => r.Outcome == Outcome.Error || r.Outcome == Outcome.Timeout || r.Outcome == Outcome.Crash).ToList();
            Assert.That(bad, Is.Empty, string.Join("\n", bad.Select(r => $"{r.Type} {r.Check} {r.Outcome}: {r.Message}")));
        }

        [TestCase("SlabStream", "SlabPool.GetStream()")]
        [TestCase("FramedStream", "recipe LibraryStreams.Testing.FramedStreamRecipes")]
        [TestCase("PipeEnd", "pair DuplexPipe.CreatePair()")]
        [TestCase("LoopbackPipeStream", "self-loop new LoopbackPipeStream()")]
        [TestCase("SegmentStream`1", "read SegmentStreams.AsStream(ArraySegment<byte>)")]
        public void BuiltThroughWhatHandsItOut(string type, string variant)
        {
            Assert.That(Variant(type), Is.EqualTo(variant));
        }

        [TestCase("SlabStream")]
        [TestCase("FramedStream")]
        [TestCase("PipeEnd")]
        [TestCase("LoopbackPipeStream")]
        [TestCase("ShiftStream")]
        [TestCase("XorDecoderStream")]
        [TestCase("XorEncoderStream")]
        [TestCase("SegmentStream`1")]
        [TestCase("PropertiesStream")]
        [TestCase("FrameCodecStream")]
        public void ACorrectStreamIsJudgedOnItsBytesAndPasses(string type)
        {
            var results = Of(type).ToList();
            Assert.That(results.Where(r => r.Outcome == Outcome.Fail), Is.Empty, Describe(type));
            // Judged as what it is: the checks that compare bytes ran (a transform through its round trip), not skipped.
            var compared = type == "XorEncoderStream" ? "write-byte.round-trip" : "read-byte.values";
            Assert.That(results.Single(r => r.Check == compared).Outcome, Is.EqualTo(Outcome.Pass), Describe(type));
        }

        [Test]
        public void AWriteOnlyTransformIsNeverARead()
        {
            Assert.That(Variant("XorEncoderStream"), Does.StartWith("write new XorEncoderStream(Stream, false), read back by new XorDecoderStream(Stream)"));
            Assert.That(Variant("XorEncoderStream"), Does.Not.Contain("read new"));
            Assert.That(Variant("XorDecoderStream"), Is.EqualTo("read new XorDecoderStream(Stream) over new XorEncoderStream(Stream, false)'s output"));
            // Over a read-only source it claims to read, then fails at Dispose: only a writer.
            Assert.That(Variant("ArchiveWriterStream"), Is.EqualTo("write new ArchiveWriterStream(Stream)"));
            Assert.That(Of("ArchiveWriterStream").Where(r => r.Outcome == Outcome.Fail), Is.Empty, Describe("ArchiveWriterStream"));
            Assert.That(Variant("ShiftStream"), Does.Contain("read new ShiftStream(Stream, Decode) over new ShiftStream(Stream, Encode)'s output"));
        }

        /// <summary>
        /// Its peer is another thread on the same object: what a feeder thread wrote is read, and what is written is read
        /// back by a drainer thread, both compared byte for byte, and no write waits for a reader nobody runs.
        /// </summary>
        [Test]
        public void APipeOntoItselfIsJudgedWithAThreadOnTheSameObjectAsItsPeer()
        {
            Assert.That(StaticOnly("LoopbackPipeStream"), Is.EqualTo("(built)"));
            foreach (var check in new[] { "read-byte.values", "read.differential", "write-byte.round-trip", "edge.zero-length" })
                Assert.That(Of("LoopbackPipeStream").Single(r => r.Check == check).Outcome, Is.EqualTo(Outcome.Pass), Describe("LoopbackPipeStream"));
        }

        /// <summary>
        /// A construction that passes its trial over an empty sink (a zeroed byte[] of properties) but cannot open over the
        /// checks' content is no build: the next construction is used, and no check errs on a fixture that never opened.
        /// </summary>
        [Test]
        public void AConstructionThatCannotOpenOverContentGivesWayToTheNext()
        {
            Assert.That(Variant("PropertiesStream"), Is.EqualTo("read PropertiesStream.WithDefaults(Stream)"));
            Assert.That(Of("PropertiesStream").Where(r => r.Outcome == Outcome.Error), Is.Empty, Describe("PropertiesStream"));
        }

        /// <summary>
        /// A decoder rejects input it cannot parse, which is correct: it is read over what its own write role made, or, with
        /// nothing that makes its input, it has no read fixture, with the reason, and never a capability failure.
        /// </summary>
        [Test]
        public void ADecoderThatRejectsMalformedInputIsFedItsOwnOutputOrNotRead()
        {
            Assert.That(Variant("FrameCodecStream"), Is.EqualTo("read new FrameCodecStream(Stream) over new FrameCodecStream(Stream)'s output; "
                                                                + "write new FrameCodecStream(Stream), read back by new FrameCodecStream(Stream)"));
            Assert.That(Of("FrameCodecStream").Where(r => r.Outcome == Outcome.Fail || r.Outcome == Outcome.Error), Is.Empty, Describe("FrameCodecStream"));
            Assert.That(Of("FrameCodecStream").Single(r => r.Check == "capabilities.unsupported").Outcome, Is.EqualTo(Outcome.Pass), Describe("FrameCodecStream"));
            // Nothing here makes its input: built over the content it rejects, its reads are not judged, with the reason.
            Assert.That(Variant("CheckedInputStream"), Is.EqualTo("read new CheckedInputStream(Stream)"));
            Assert.That(Of("CheckedInputStream").Where(r => r.Outcome == Outcome.Fail || r.Outcome == Outcome.Error), Is.Empty, Describe("CheckedInputStream"));
            var capabilities = Of("CheckedInputStream").Single(r => r.Check == "capabilities.unsupported");
            Assert.That(capabilities.Outcome, Is.EqualTo(Outcome.Pass), Describe("CheckedInputStream"));
            Assert.That(capabilities.Message, Does.Contain("no read judged: new CheckedInputStream(Stream) rejects content it cannot parse")
                .And.Contain("InvalidDataException (not a CHK1 stream)"));
            Assert.That(Of("CheckedInputStream").Single(r => r.Check == "read-byte.values").Outcome, Is.EqualTo(Outcome.Skip));
        }

        [Test]
        public void ATypeNothingHandsOutIsStaticOnlyWithItsReason() =>
            Assert.That(StaticOnly("OrphanStream"), Does.StartWith("not public, and no public method of its assembly returns it"));
    }
}
