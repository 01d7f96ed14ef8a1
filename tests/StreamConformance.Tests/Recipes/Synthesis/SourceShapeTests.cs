using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using NUnit.Framework;
using StreamConformance.Checks;
using StreamConformance.Recipes;
using StreamConformance.Recipes.Synthesis;
using StreamConformance.Results;
using StreamConformance.Tests.Isolation;

namespace StreamConformance.Tests.Recipes.Synthesis
{
    /// <summary>
    /// How a stream is given its source when its constructor alone cannot: a reader that parses a header in its
    /// constructor (NAudio's WaveFileReader, DotNetZip's BZip2InputStream) is built over what its partner writer makes;
    /// a chain built empty takes its source through Add(Stream, bool leaveOpen = false) (MimeKit's ChainedStream); a
    /// construction that neither reads nor writes says so.
    /// </summary>
    [TestFixture]
    public sealed class SourceShapeTests
    {
        [Test]
        public void AReaderThatParsesAHeaderIsBuiltOverItsPartnerWritersOutput()
        {
            var recipe = GenericShapes.For(typeof(FramedReaderStream)).Single();
            Assert.That(recipe.Variant, Is.EqualTo("read new FramedReaderStream(Stream) over new FramedWriterStream(Stream)'s output"));
            var content = CheckContext.Content(1000);
            using (var reader = recipe.OpenRead(content)!)
            {
                var back = new MemoryStream();
                reader.Stream.CopyTo(back);
                Assert.That(back.ToArray(), Is.EqualTo(content));
            }
            foreach (var result in CheckCatalog.Select("read-byte.values,read.differential").SelectMany(c => c.Run(recipe, new CheckContext())))
                Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), result.Check + ": " + result.Message);
        }

        [Test]
        public void AReaderThatParsesAHeaderWithNoPartnerSaysWhatItThrew()
        {
            Assert.That(GenericShapes.For(typeof(LoneHeaderStream)), Is.Empty);
            Assert.That(GenericShapes.WhyNone(typeof(LoneHeaderStream)),
                Is.EqualTo("no construction built a usable stream: new LoneHeaderStream(Stream) threw InvalidDataException: no header"));
        }

        [Test]
        public void AChainBuiltEmptyTakesItsSourceThroughAdd()
        {
            var recipe = GenericShapes.For(typeof(ChainStream)).Single();
            Assert.That(recipe.Variant, Is.EqualTo("read new ChainStream() then Add(Stream)"));
            Assert.That(recipe.ReproSource(StreamAccess.Read), Does.Contain("s.Add(new MemoryStream(content, writable: false)); return s;"));
            foreach (var result in CheckCatalog.Select("read-byte.values,read.differential").SelectMany(c => c.Run(recipe, new CheckContext())))
                Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), result.Check + ": " + result.Message);
        }

        [Test]
        public void AQueueBuiltEmptyTakesItsContentThroughAddBytes()
        {
            // As BouncyCastle's ByteQueueInputStream: made empty, filled with AddBytes(byte[]), then read.
            var recipe = GenericShapes.For(typeof(ByteQueueStream)).Single();
            Assert.That(recipe.Variant, Is.EqualTo("read new ByteQueueStream() then AddBytes(byte[])"));
            Assert.That(recipe.ReproSource(StreamAccess.Read), Does.Contain("s.AddBytes((byte[])content.Clone()); return s;"));
            foreach (var result in CheckCatalog.Select("read-byte.values,read.differential").SelectMany(c => c.Run(recipe, new CheckContext())))
                Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), result.Check + ": " + result.Message);
        }

        [Test]
        public void AnAsyncFactoryIsAwaited()
        {
            // As SharpCompress's SqueezeStream.CreateAsync: no public constructor, a factory a caller awaits.
            var recipe = GenericShapes.For(typeof(AwaitedReaderStream)).Single();
            Assert.That(recipe.Variant, Is.EqualTo("read AwaitedReaderStream.OpenAsync(Stream)"));
            Assert.That(recipe.ReproSource(StreamAccess.Read), Does.Contain("AwaitedReaderStream.OpenAsync(new MemoryStream(content, writable: false)).GetAwaiter().GetResult()"));
            var valueTask = GenericShapes.For(typeof(ValueTaskReaderStream)).Single();
            Assert.That(valueTask.Variant, Is.EqualTo("read ValueTaskReaderStream.CreateAsync(Stream)"));
            foreach (var result in CheckCatalog.Select("read-byte.values,read.differential").SelectMany(c => c.Run(recipe, new CheckContext()).Concat(c.Run(valueTask, new CheckContext()))))
                Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), result.Check + ": " + result.Message);
            // One that waits on a peer nobody runs is given up after the limit, and no build.
            Assert.That(GenericShapes.For(typeof(StalledStream)), Is.Empty);
            Assert.That(GenericShapes.WhyNone(typeof(StalledStream)), 
                Is.EqualTo("no public constructor; StalledStream.ConnectAsync() returns it, and built none with the values a sweep has (it needs state such as a connection)"));
        }

        [Test]
        public void AFactoryThatParsesItsSourceIsTriedOverItsPartnerWritersOutput()
        {
            // A static Open(Stream) that reads a header at once throws over an empty source: tried over content, as a constructor that threw is.
            var recipe = GenericShapes.For(typeof(HeaderedReaderStream)).Single();
            Assert.That(recipe.Variant, Is.EqualTo("read HeaderedReaderStream.Open(Stream) over new HeaderedWriterStream(Stream)'s output"));
            foreach (var result in CheckCatalog.Select("read-byte.values,read.differential").SelectMany(c => c.Run(recipe, new CheckContext())))
                Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), result.Check + ": " + result.Message);
            // With nothing that makes its format, its own exception is the reason, not a guess.
            Assert.That(GenericShapes.WhyNone(typeof(LoneOpenedStream)),
                Is.EqualTo("no construction built a usable stream: LoneOpenedStream.Open(Stream) threw InvalidDataException: no header"));
        }

        [Test]
        public void AStreamWhoseCapabilitiesThrowSaysWhichThrew()
        {
            // As NBitcoin's HashStream: made, and then CanRead throws NotImplementedException; the constructor did not throw.
            Assert.That(GenericShapes.For(typeof(UnfinishedStream)), Is.Empty);
            Assert.That(GenericShapes.WhyNone(typeof(UnfinishedStream)),
                Is.EqualTo("no construction built a usable stream: new UnfinishedStream(): CanRead threw NotImplementedException: The method or operation is not implemented."));
        }

        [Test]
        public void AConstructionThatNeitherReadsNorWritesSaysSo()
        {
            Assert.That(GenericShapes.For(typeof(ClosedShutStream)), Is.Empty);
            Assert.That(GenericShapes.WhyNone(typeof(ClosedShutStream)),
                Is.EqualTo("no construction built a usable stream: new ClosedShutStream(): neither reads nor writes (CanRead and CanWrite are false)"));
        }

        [Test]
        public void AnArchiveStreamIsUsedInsideItsFirstEntry()
        {
            var writer = GenericShapes.For(typeof(EntryOutputStream)).Single();
            Assert.That(writer.Variant, Is.EqualTo("write new EntryOutputStream(Stream) then PutNextEntry(\"entry.bin\"), read back by new EntryInputStream(Stream) then GetNextEntry()"));
            Assert.That(writer.ReproSource(StreamAccess.Write), Does.Contain("s.PutNextEntry(\"entry.bin\"); return s;"));
            var reader = GenericShapes.For(typeof(EntryInputStream)).Single();
            Assert.That(reader.Variant, Is.EqualTo("read new EntryInputStream(Stream) then GetNextEntry() over new EntryOutputStream(Stream) then PutNextEntry(\"entry.bin\")'s output"));
            foreach (var recipe in new[] { writer, reader })
                foreach (var result in CheckCatalog.Select("read-byte.values,read.differential,write-byte.round-trip,capabilities.unsupported").SelectMany(c => c.Run(recipe, new CheckContext())))
                    Assert.That(result.Outcome, Is.AnyOf(Outcome.Pass, Outcome.Skip), recipe.Variant + ": " + result.Check + ": " + result.Message);
        }

        /// <summary>An archive reader that reports its archive's position starts past the entry's header: a zero-byte read must not move it, and it does not.</summary>
        [Test]
        public void AZeroByteReadIsJudgedFromWhereTheStreamStarts()
        {
            var recipe = GenericShapes.For(typeof(ArchivePositionStream)).Single();
            var result = CheckCatalog.Select("edge.zero-length").Single().Run(recipe, new CheckContext()).Single();
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), result.Message);
        }

        /// <summary>Reads its source; its Position is the source's plus a 39-byte header it stands after (seekable, as its source is).</summary>
        public sealed class ArchivePositionStream : Stream
        {
            const int HeaderLength = 39;
            readonly Stream _source;
            public ArchivePositionStream(Stream source) => _source = source;
            public override bool CanRead => _source.CanRead;
            public override bool CanSeek => _source.CanSeek;
            public override bool CanWrite => false;
            public override long Length => _source.Length + HeaderLength;
            public override long Position { get => _source.Position + HeaderLength; set => _source.Position = value - HeaderLength; }
            public override void Flush() { }
            public override int Read(byte[] buffer, int offset, int count) => _source.Read(buffer, offset, count);
            public override long Seek(long offset, SeekOrigin origin) => _source.Seek(origin == SeekOrigin.Begin ? offset - HeaderLength : offset, origin) + HeaderLength;
            public override void SetLength(long value) => throw new NotSupportedException();
            public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
            protected override void Dispose(bool disposing)
            {
                if (disposing) _source.Dispose();
                base.Dispose(disposing);
            }
        }

        [Test]
        public void AnArchiveWriterWhoseEntryCannotBeMadeFromANameIsNotJudgedOutsideOne()
        {
            Assert.That(GenericShapes.For(typeof(SizedEntryOutputStream)), Is.Empty);
            Assert.That(GenericShapes.WhyNone(typeof(SizedEntryOutputStream)),
                Is.EqualTo("it writes inside an entry, and no entry for SizedEntryOutputStream.PutNextEntry(SizedEntry) can be made from a name alone"));
        }

        /// <summary>
        /// A code page .NET leaves out (437) is registered only after a construction failed for want of it, and the
        /// construction says so; Mono has it built in, and nothing is registered or said.
        /// </summary>
        [Test]
        public void ACodePageIsRegisteredOnlyAfterAConstructionNeededItAndTheVariantSaysSo()
        {
            var recipe = GenericShapes.For(typeof(CodePage437Stream)).Single();
            if (RepoPaths.OnMono)
            {
                Assert.That(recipe.Variant, Is.EqualTo("read new CodePage437Stream(Stream)"));
                return;
            }
            Assert.That(recipe.Variant, Is.EqualTo("read new CodePage437Stream(Stream) with CodePagesEncodingProvider registered"));
            Assert.That(recipe.ReproSource(StreamAccess.Read), Does.Contain("System.Text.Encoding.RegisterProvider(System.Text.CodePagesEncodingProvider.Instance); return new "));
            Assert.That(StreamConformance.Recipes.Synthesis.CodePages.Missing(new ArgumentException("'IBM437' is not a supported encoding name. For information on defining a custom encoding, see the documentation for the Encoding.RegisterProvider method.")), Is.True);
            Assert.That(StreamConformance.Recipes.Synthesis.CodePages.Missing(new ArgumentException("bad name")), Is.False);
        }

        [Test]
        public void AChecksumTheStreamVerifiesIsNotGuessed()
        {
            Assert.That(GenericShapes.For(typeof(ChecksumVerifyingStream)), Is.Empty);
            Assert.That(GenericShapes.WhyNone(typeof(ChecksumVerifyingStream)), Does.StartWith("no construction built a usable stream: parameter crc (UInt32) of new ChecksumVerifyingStream(UInt32): no value a caller would pass"));
        }

        [Test]
        public void AStreamOnlyAConnectedObjectHandsOutNamesThatObject()
        {
            Assert.That(GenericShapes.For(typeof(SessionStream)), Is.Empty);
            Assert.That(GenericShapes.WhyNone(typeof(SessionStream)),
                Is.EqualTo("no public constructor; RemoteSession.OpenStream(string) returns it, on a RemoteSession no caller makes without arguments"));
        }

        /// <summary>A session with a remote host (an SFTP client): only it hands out its streams.</summary>
        public sealed class RemoteSession
        {
            public RemoteSession(string host) => Host = host;
            public string Host { get; }
            public SessionStream OpenStream(string name) => new SessionStream();
        }

        public sealed class SessionStream : PassThrough
        {
            internal SessionStream() : base(new MemoryStream(), true) { }
        }

        /// <summary>Counts what is written into it and throws at Dispose unless it matches the checksum it was given.</summary>
        public sealed class ChecksumVerifyingStream : PassThrough
        {
            readonly uint _crc;
            uint _sum;
            public ChecksumVerifyingStream(uint crc) : base(new MemoryStream(), false) => _crc = crc;
            public override void Write(byte[] buffer, int offset, int count)
            {
                for (var i = offset; i < offset + count; i++) _sum += buffer[i];
                base.Write(buffer, offset, count);
            }
            protected override void Dispose(bool disposing)
            {
                base.Dispose(disposing);
                if (disposing && _sum != _crc) throw new InvalidDataException("checksum differs");
            }
        }

        /// <summary>Names its content in code page 437 when made (as DotNetZip's zip streams do).</summary>
        public sealed class CodePage437Stream : PassThrough
        {
            public CodePage437Stream(Stream inner) : base(inner, true) => System.Text.Encoding.GetEncoding(437).GetBytes("entry");
        }

        /// <summary>Writes only inside an entry, each entry a 4-byte header before the bytes.</summary>
        public sealed class EntryOutputStream : PassThrough
        {
            readonly Stream _sink;
            bool _entry;
            public EntryOutputStream(Stream sink) : base(sink, false) => _sink = sink;
            public string PutNextEntry(string name)
            {
                _sink.Write(Header, 0, Header.Length);
                _entry = true;
                return name;
            }
            public override void Write(byte[] buffer, int offset, int count)
            {
                if (!_entry) throw new InvalidOperationException("You must call PutNextEntry() before calling Write");
                base.Write(buffer, offset, count);
            }
        }

        /// <summary>Reads only inside an entry: GetNextEntry reads the header.</summary>
        public sealed class EntryInputStream : PassThrough
        {
            readonly Stream _source;
            bool _entry;
            public EntryInputStream(Stream source) : base(source, true) => _source = source;
            public string? GetNextEntry()
            {
                ReadHeader(_source);
                _entry = true;
                return "entry";
            }
            public override int Read(byte[] buffer, int offset, int count) => _entry ? base.Read(buffer, offset, count) : 0;
        }

        public sealed class SizedEntry
        {
            SizedEntry() { }
            public static SizedEntry Create(string name, long size) => new SizedEntry();
        }

        /// <summary>Writes only inside an entry whose size is given first (a tar writer).</summary>
        public sealed class SizedEntryOutputStream : PassThrough
        {
            public SizedEntryOutputStream(Stream sink) : base(sink, false) { }
            public void PutNextEntry(SizedEntry entry) { }
        }

        /// <summary>Writes a 4-byte header when made, then its content as it is.</summary>
        public sealed class FramedWriterStream : PassThrough
        {
            public FramedWriterStream(Stream sink) : base(sink, false) => sink.Write(Header, 0, Header.Length);
        }

        /// <summary>Reads and checks the header when made, then its content as it is.</summary>
        public sealed class FramedReaderStream : PassThrough
        {
            public FramedReaderStream(Stream source) : base(source, true) => ReadHeader(source);
        }

        /// <summary>Reads what was added to it, in order (a queue a caller fills first).</summary>
        public sealed class ByteQueueStream : ReadOnlyTestStream
        {
            readonly Queue<byte> _queue = new Queue<byte>();

            public void AddBytes(byte[] buf) => AddBytes(buf, 0, buf.Length);
            public void AddBytes(byte[] buf, int bufOff, int bufLen)
            {
                for (var i = 0; i < bufLen; i++) _queue.Enqueue(buf[bufOff + i]);
            }

            public override int Read(byte[] buffer, int offset, int count)
            {
                if (buffer == null) throw new ArgumentNullException(nameof(buffer));
                if (offset < 0 || count < 0 || count > buffer.Length - offset) throw new ArgumentOutOfRangeException(nameof(count));
                var n = 0;
                for (; n < count && _queue.Count > 0; n++) buffer[offset + n] = _queue.Dequeue();
                return n;
            }
        }

        /// <summary>Reads its source as it is; made only by a factory a caller awaits.</summary>
        public sealed class AwaitedReaderStream : PassThrough
        {
            AwaitedReaderStream(Stream source) : base(source, true) { }

            public static async Task<AwaitedReaderStream> OpenAsync(Stream source)
            {
                await Task.Yield();
                return new AwaitedReaderStream(source);
            }
        }

        /// <summary>The same through a ValueTask.</summary>
        public sealed class ValueTaskReaderStream : PassThrough
        {
            ValueTaskReaderStream(Stream source) : base(source, true) { }

            public static ValueTask<ValueTaskReaderStream> CreateAsync(Stream source) => new ValueTask<ValueTaskReaderStream>(Task.Run(() => new ValueTaskReaderStream(source)));
        }

        /// <summary>Its factory waits for a remote host that never answers.</summary>
        public sealed class StalledStream : PassThrough
        {
            StalledStream() : base(new MemoryStream(), true) { }

            public static Task<StalledStream> ConnectAsync() => new TaskCompletionSource<StalledStream>().Task;
        }

        /// <summary>Writes the 4-byte header when made, then its content as it is.</summary>
        public sealed class HeaderedWriterStream : PassThrough
        {
            public HeaderedWriterStream(Stream sink) : base(sink, false) => sink.Write(Header, 0, Header.Length);
        }

        /// <summary>Made by a factory that reads and checks the header at once, then reads its content as it is.</summary>
        public sealed class HeaderedReaderStream : PassThrough
        {
            HeaderedReaderStream(Stream source) : base(source, true) { }

            public static HeaderedReaderStream Open(Stream source)
            {
                ReadHeader(source);
                return new HeaderedReaderStream(source);
            }
        }

        /// <summary>The same factory with no writer that makes its header.</summary>
        public sealed class LoneOpenedStream : PassThrough
        {
            LoneOpenedStream(Stream source) : base(source, true) { }

            public static LoneOpenedStream Open(Stream source)
            {
                ReadHeader(source);
                return new LoneOpenedStream(source);
            }
        }

        /// <summary>Made without trouble; its capabilities are not implemented.</summary>
        public sealed class UnfinishedStream : ReadOnlyTestStream
        {
            public override bool CanRead => throw new NotImplementedException();
            public override int Read(byte[] buffer, int offset, int count) => 0;
        }

        /// <summary>A header reader with no writer of its own.</summary>
        public sealed class LoneHeaderStream : PassThrough
        {
            public LoneHeaderStream(Stream source) : base(source, true) => ReadHeader(source);
        }

        /// <summary>
        /// A probe started after a hang builds a type whose round trips an earlier probe deferred past their limit without
        /// them (the host passes the type in the request): the first reader, as the limit gave, not a second wait of
        /// <see cref="StreamSynthesizer.RoundTripLimit"/> in every probe. Without the hint, the same shape is chosen by its round trip.
        /// </summary>
        [Test]
        public void ARoundTripAnEarlierProbeDeferredIsNotRunAgain()
        {
            var chosen = (SynthesizedRecipe)StreamSynthesizer.For(typeof(ChosenReaderStream)).Recipe!;
            var deferred = (SynthesizedRecipe)StreamSynthesizer.For(typeof(DeferredReaderStream), deferRoundTrip: true).Recipe!;
            Assert.That(chosen.RoundTripDeferred, Is.False);
            Assert.That(deferred.RoundTripDeferred, Is.True);
            Assert.That(deferred.Variant.Replace(nameof(DeferredReaderStream), "T"), Is.EqualTo(chosen.Variant.Replace(nameof(ChosenReaderStream), "T")));
            // Whether it passes bytes through is then asked by the checks, under their own time limit.
            var result = CheckCatalog.Select("read-byte.values").Single().Run(deferred, new CheckContext { Quick = true }).Single();
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), result.Message);
            var build = StreamConformance.Probe.TypeBuild.Of(new[] { deferred }, () => { });
            Assert.That(((StreamConformance.Probe.BuiltEvent)build.Event(deferred.TypeName)).RoundTripDeferred, Is.True, "reported to the host");
        }

        public sealed class ChosenReaderStream : PassThrough
        {
            public ChosenReaderStream(Stream source) : base(source, true) { }
        }

        public sealed class DeferredReaderStream : PassThrough
        {
            public DeferredReaderStream(Stream source) : base(source, true) { }
        }

        public abstract class PassThrough : Stream
        {
            protected static readonly byte[] Header = { 0x46, 0x52, 0x4D, 0x31 };
            readonly Stream _inner;
            readonly bool _reads;

            protected PassThrough(Stream inner, bool reads)
            {
                _inner = inner;
                _reads = reads;
            }

            protected static void ReadHeader(Stream source)
            {
                var header = new byte[Header.Length];
                var n = 0;
                for (int k; n < header.Length && (k = source.Read(header, n, header.Length - n)) > 0;) n += k;
                if (n < header.Length || !header.SequenceEqual(Header)) throw new InvalidDataException("no header");
            }

            public override bool CanRead => _reads;
            public override bool CanSeek => false;
            public override bool CanWrite => !_reads;
            public override long Length => throw new NotSupportedException();
            public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }
            public override void Flush() => _inner.Flush();
            public override int Read(byte[] buffer, int offset, int count) => _reads ? _inner.Read(buffer, offset, count) : throw new NotSupportedException();
            public override void Write(byte[] buffer, int offset, int count)
            {
                if (_reads) throw new NotSupportedException();
                _inner.Write(buffer, offset, count);
            }
            public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
            public override void SetLength(long value) => throw new NotSupportedException();
            protected override void Dispose(bool disposing)
            {
                if (disposing) _inner.Dispose();
                base.Dispose(disposing);
            }
        }

        /// <summary>Reads its streams one after the other; with none it neither reads nor writes.</summary>
        public sealed class ChainStream : ReadOnlyTestStream
        {
            readonly List<Stream> _streams = new List<Stream>();
            int _current;

            public void Add(Stream stream, bool leaveOpen = false) => _streams.Add(stream);

            public override bool CanRead => _streams.Count > 0;
            public override int Read(byte[] buffer, int offset, int count)
            {
                for (; _current < _streams.Count; _current++)
                {
                    var n = _streams[_current].Read(buffer, offset, count);
                    if (n > 0 || count == 0) return n;
                }
                return 0;
            }
            protected override void Dispose(bool disposing)
            {
                if (disposing) foreach (var s in _streams) s.Dispose();
                base.Dispose(disposing);
            }
        }

        /// <summary>Built with nothing to read or write, and no way to be given any.</summary>
        public sealed class ClosedShutStream : ReadOnlyTestStream
        {
            public override bool CanRead => false;
            public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();
        }
    }
}
