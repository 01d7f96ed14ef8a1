using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using NUnit.Framework;
using StreamConformance.Checks;
using StreamConformance.Recipes;
using StreamConformance.Recipes.Synthesis;
using StreamConformance.Results;

namespace StreamConformance.Tests.Recipes.Synthesis
{
    /// <summary>
    /// Arguments a caller has at hand that the content is not: a key of the size a cipher takes, an empty collection, a
    /// password, and a generic type closed over its assembly's own implementation. Each type below refuses anything else,
    /// and is built and passes the byte checks with them.
    /// </summary>
    [TestFixture]
    public sealed class CallerArgumentTests
    {
        public static class Signatures
        {
            public static void Named(byte[] envelopeKey, byte[] IV, byte[] salt, byte[] nonce, byte[] expectedHash, byte[] keyboard) { }
            public static void ChunkAlone(IChunk chunk, bool release) { }
            public static void ChunkBesideStream(Stream inner, IChunk header) { }
            public static void Collections(IEnumerable<Stream> inputs, IReadOnlyList<int> sizes, IReadOnlyDictionary<string, long> limits, List<string> names, IEnumerable<byte> bytes) { }
            public static void Waits(TimeSpan idleTimeout, TimeSpan delay, System.Threading.Tasks.Task stopTask, System.Threading.Tasks.Task<int> count) { }
            public static void Files(IEnumerable<string> fileNames, string[] paths, List<string> names, FileMode mode, FileAccess access, FileShare share, FileOptions options) { }
            public static void Levels(int compressionLevel, int quality, int length) { }
            public static void Maximums(long maxCapacity, int sizeLimit, int maximumSize, int capacity) { }
        }

        static IReadOnlyList<string> Labels(string method, int index)
        {
            var parameter = typeof(Signatures).GetMethod(method)!.GetParameters()[index];
            return ConstructionEnumerator.DefaultSources.Select(s => s.For(parameter)).FirstOrDefault(v => v.Count > 0)?.Select(a => a.Label).ToList() ?? new List<string>();
        }

        [Test]
        public void AKeyIVSaltOrNonceGetsTheSizesACallerPasses()
        {
            Assert.That(Labels("Named", 0), Is.EqualTo(new[] { "byte[32]", "byte[16]" }), "a key: AES-256, then AES-128");
            Assert.That(Labels("Named", 1), Is.EqualTo(new[] { "byte[16]" }), "an IV: one block");
            Assert.That(Labels("Named", 2), Is.EqualTo(new[] { "byte[16]" }));
            Assert.That(Labels("Named", 3), Is.EqualTo(new[] { "byte[12]" }));
            Assert.That(Labels("Named", 4), Is.EqualTo(new[] { "null" }), "a hash to verify: none, never a guess");
            Assert.That(Labels("Named", 5), Is.EqualTo(new[] { "byte[]" }), "a word that starts with key is no key");

            var recipe = GenericShapes.For(typeof(KeyedStream)).Single();
            Assert.That(recipe.Variant, Is.EqualTo("new KeyedStream(Stream, byte[32], byte[16])"));
            Assert.That(recipe.ReproSource(StreamAccess.Read), Does.Contain("new MemoryStream(content, writable: false), new byte[32], new byte[16])"));
            PassesTheByteChecks(recipe);
        }

        [Test]
        public void AHashToVerifyIsNoneSoTheContentIsJudged()
        {
            var recipe = GenericShapes.For(typeof(VerifyingStream)).Single();
            Assert.That(recipe.Variant, Is.EqualTo("new VerifyingStream(Stream, null)"));
            Assert.That(recipe.TransformsContentReason, Is.Null, "a guessed hash would make its last read throw, and its bytes go unjudged");
            PassesTheByteChecks(recipe);
        }

        [Test]
        public void ACollectionGetsAnEmptyOne()
        {
            Assert.That(Labels("Collections", 0), Is.EqualTo(new[] { "List<Stream> over the content" }), "streams give content: StreamListArguments");
            Assert.That(Labels("Collections", 1), Is.EqualTo(new[] { "empty List<int>" }));
            Assert.That(Labels("Collections", 2), Is.EqualTo(new[] { "empty Dictionary<string, long>" }));
            Assert.That(Labels("Collections", 3), Is.EqualTo(new[] { "empty List<string>" }));
            Assert.That(Labels("Collections", 4), Is.Empty, "bytes are content, which an empty list does not give");

            var recipe = GenericShapes.For(typeof(TrailerStream)).Single();
            Assert.That(recipe.Variant, Is.EqualTo("new TrailerStream(Stream, empty Dictionary<string, string>)"));
            Assert.That(recipe.ReproSource(StreamAccess.Read), Does.Contain("new System.Collections.Generic.Dictionary<string, string>()"));
            PassesTheByteChecks(recipe);
        }

        /// <summary>As Apache Avro's ByteBufferInputStream(IList&lt;MemoryStream&gt;): an empty list would give it nothing to read.</summary>
        [Test]
        public void SeveralStreamsGetTheContentAcrossTwoOrOneSinkToWriteTo()
        {
            Assert.That(StreamListArguments.ElementOf(typeof(IList<MemoryStream>)), Is.EqualTo(typeof(MemoryStream)));
            Assert.That(StreamListArguments.ElementOf(typeof(Stream[])), Is.EqualTo(typeof(Stream)));
            Assert.That(StreamListArguments.ElementOf(typeof(List<FileStream>)), Is.Null, "a MemoryStream is no FileStream");
            Assert.That(StreamListArguments.ElementOf(typeof(IList<byte>)), Is.Null);

            var reader = GenericShapes.For(typeof(ConcatenatedStream)).Single();
            Assert.That(reader.Variant, Is.EqualTo("read new ConcatenatedStream(List<MemoryStream> over the content)"));
            Assert.That(reader.ReproSource(StreamAccess.Read), Does.Contain("new System.Collections.Generic.List<System.IO.MemoryStream> { new MemoryStream(content, 0, content.Length / 2, writable: false), "));
            Passes(reader, "read-byte.values,read.differential");

            var tee = GenericShapes.For(typeof(TeeStream)).Single();
            Assert.That(tee.Variant, Does.Contain("new TeeStream(Stream[] over the content)"));
            Assert.That(tee.ReproSource(StreamAccess.Write), Does.Contain("new System.IO.Stream[] { new MemoryStream() }"));
            Passes(tee, "write-byte.round-trip");
        }

        /// <summary>As Mono.Unix's UnixFileInfo(path), whose Open… hands out a UnixStream that no constructor a caller can fill makes.</summary>
        [Test]
        public void AnObjectMadeFromAPathHandsOutItsStreamsOverTheContentsFile()
        {
            Assert.That(ConstructionEnumerator.PathReceiver(typeof(FileTicket)), Is.Not.Null);
            Assert.That(ConstructionEnumerator.PathReceiver(typeof(EndThrowingStream)), Is.Null, "a stream is no receiver");
            var openRead = typeof(FileTicket).GetMethod(nameof(FileTicket.OpenRead))!;
            Assert.That(ConstructionEnumerator.Factories(typeof(FileTicket).Assembly), Does.Contain(openRead));

            var construction = new ConstructionEnumerator().Combinations(openRead, out var unsupplied).Single();
            Assert.That(unsupplied, Is.Null);
            Assert.That(construction.Source(true), Does.Contain("new StreamConformance.Tests.Recipes.Synthesis.CallerArgumentTests.FileTicket(path /* a file holding content */).OpenRead()"));
            var content = StreamContent.Of(300);
            var scope = new BuildScope(true, content);
            try
            {
                using var stream = construction.Invoke(scope).Single();
                var back = new MemoryStream();
                stream.CopyTo(back);
                Assert.That(back.ToArray(), Is.EqualTo(content));
                Assert.That(scope.ContentGiven, Is.True);
            }
            finally { Trial.Discard(scope); }
        }

        /// <summary>
        /// As Apache Avro's ByteBufferInputStream: every byte comes back, then the read at the end throws EndOfStreamException
        /// instead of returning 0. Not content it cannot parse: its bytes are judged, and the read at the end is the finding.
        /// </summary>
        [Test]
        public void AReaderThatThrowsAtItsEndAfterEveryByteIsJudgedNotCalledAParser()
        {
            var recipe = GenericShapes.For(typeof(EndThrowingStream)).Single();
            Assert.That(recipe.TransformsContentReason, Is.Null);
            var values = CheckCatalog.Select("read-byte.values").SelectMany(c => c.Run(recipe, new CheckContext { Quick = true })).Single();
            Assert.That(values.Outcome, Is.EqualTo(Outcome.Fail), values.Message);
            Assert.That(values.Message, Does.Contain("EndOfStreamException"));
        }

        /// <summary>As DotNetty's ReadOnlyByteBufferStream(IByteBuffer, bool): a library's holder of bytes, made from the content by its factory.</summary>
        [Test]
        public void ALibrarysHolderOfBytesIsMadeFromTheContentWhereNothingElseGivesIt()
        {
            Assert.That(Labels("ChunkAlone", 0), Is.EqualTo(new[] { "Chunks.Wrap(content)" }));
            Assert.That(Labels("ChunkBesideStream", 1), Is.EqualTo(new[] { "EmptyChunk" }), "beside a stream it is a setting, never the content");

            var recipe = GenericShapes.For(typeof(ChunkReadStream)).Single();
            Assert.That(recipe.Variant, Is.EqualTo("read new ChunkReadStream(Chunks.Wrap(content), false)"));
            Assert.That(recipe.ReproSource(StreamAccess.Read), Does.Contain("StreamConformance.Tests.Recipes.Synthesis.CallerArgumentTests.Chunks.Wrap((byte[])content.Clone())"));
            Passes(recipe, "read-byte.values,read.differential");
        }

        [Test]
        public void APasswordOrALabelGetsAShortString()
        {
            foreach (var name in new[] { "password", "passphrase", "secret", "userName", "keyId", "label", "id" })
                Assert.That(LabelArguments.IsLabel(name), Is.True, name);
            foreach (var name in new[] { "hostName", "pipeName", "serverId", "fileName", "path", "text", "contentType", "identity" })
                Assert.That(LabelArguments.IsLabel(name), Is.False, name);

            var recipe = GenericShapes.For(typeof(LockedStream)).Single();
            Assert.That(recipe.Variant, Is.EqualTo("new LockedStream(\"conformance\", Stream)"));
            Assert.That(recipe.ReproSource(StreamAccess.Read), Does.Contain("new StreamConformance.Tests.Recipes.Synthesis.CallerArgumentTests.LockedStream(\"conformance\", "));
            PassesTheByteChecks(recipe);
        }

        [Test]
        public void ASeparatorGetsAComma()
        {
            foreach (var name in new[] { "separator", "delimiter", "fieldSeparator", "recordDelimiter" })
                Assert.That(DelimiterArguments.IsDelimiter(name), Is.True, name);
            foreach (var name in new[] { "separatorCount", "text", "name", "delimiterIndex" })
                Assert.That(DelimiterArguments.IsDelimiter(name), Is.False, name);

            var recipe = GenericShapes.For(typeof(SeparatedStream)).Single();
            Assert.That(recipe.Variant, Is.EqualTo("new SeparatedStream(Stream, \",\")"));
            Assert.That(recipe.ReproSource(StreamAccess.Read), Does.Contain("new StreamConformance.Tests.Recipes.Synthesis.CallerArgumentTests.SeparatedStream(").And.Contain(", \",\")"));
            PassesTheByteChecks(recipe);
        }

        [Test]
        public void AnOptionalCollaboratorTheConstructorTestsForNullGetsNull()
        {
            int Position(Type t) => t.GetConstructors().Single().GetParameters().Single(p => p.ParameterType == typeof(IBlockManager)).Position;
            Assert.That(NullCheckedArguments.TestsForNull(typeof(ManagedBlockStream).GetConstructors().Single(), Position(typeof(ManagedBlockStream))), Is.True,
                "manager == null ? 4096 : manager.BlockSize");
            Assert.That(NullCheckedArguments.TestsForNull(typeof(FieldCheckedBlockStream).GetConstructors().Single(), Position(typeof(FieldCheckedBlockStream))), Is.True,
                "stored, then its field tested");
            foreach (var refuses in new[] { typeof(CoalescingGuardBlockStream), typeof(IfGuardBlockStream), typeof(StoringBlockStream) })
                Assert.That(NullCheckedArguments.TestsForNull(refuses.GetConstructors().Single(), Position(refuses)), Is.False, refuses.Name);

            var recipe = GenericShapes.For(typeof(ManagedBlockStream)).Single();
            Assert.That(recipe.Variant, Is.EqualTo("new ManagedBlockStream(Stream, manager: null)"));
            Assert.That(recipe.ReproSource(StreamAccess.Read), Does.Contain(", null)"));
            PassesTheByteChecks(recipe);
            foreach (var refuses in new[] { typeof(CoalescingGuardBlockStream), typeof(IfGuardBlockStream), typeof(StoringBlockStream) })
            {
                Assert.That(GenericShapes.For(refuses), Is.Empty, refuses.Name);
                Assert.That(GenericShapes.WhyNone(refuses), Does.Contain("parameter manager (IBlockManager)").And.Contain("no value a caller would pass"), refuses.Name);
            }
        }

        [Test]
        public void AFrameReaderALibraryMakesFromAStreamIsMadeOverTheContent()
        {
            // As K4os' LZ4FrameReaderAsStream(ILZ4FrameReader, …), whose reader comes from LZ4Frame.Decode(Stream, …).
            Assert.That(StreamAdapterArguments.Factory(typeof(IFrameReader))?.Name, Is.EqualTo(nameof(Frames.Decode)));
            var recipe = GenericShapes.For(typeof(FrameReaderAsStream)).Single();
            Assert.That(recipe.Variant, Does.Contain("IFrameReader.Decode(Stream)"));
            Passes(recipe, "read-byte.values,read.differential");
        }

        [Test]
        public void AReasonNamesTheCauseNotTheReflectionWrapper()
        {
            // As Microsoft.Data.Sqlite's connection: its type initializer loads a native library by reflection.
            Assert.That(GenericShapes.For(typeof(NativeBlobStream)), Is.Empty);
            var why = GenericShapes.WhyNone(typeof(NativeBlobStream));
            Assert.That(why, Does.Contain("DllNotFoundException: Unable to load shared library 'conformance_missing'"));
            Assert.That(why, Does.Not.Contain("TargetInvocationException"));
        }

        [Test]
        public void AGenericTypeIsClosedOverTheImplementationItsConstraintsName()
        {
            Assert.That(GenericClosing.Closed(typeof(ChecksumStream<>)), Is.EqualTo(typeof(ChecksumStream<Adler>)),
                "the first by name that meets every constraint: Accumulator has no public parameterless constructor");
            var recipe = GenericShapes.For(typeof(ChecksumStream<>)).Single();
            Assert.That(recipe.TypeName, Is.EqualTo(typeof(ChecksumStream<>).FullName), "results keep the open type's name, as the inventory has it");
            Assert.That(recipe.Variant, Is.EqualTo("new ChecksumStream<StreamConformance.Tests.Recipes.Synthesis.CallerArgumentTests.Adler>(Stream)"));
            PassesTheByteChecks(recipe);

            Assert.That(GenericClosing.Closed(typeof(KeyedFileStream<>)), Is.EqualTo(typeof(KeyedFileStream<>)));
            Assert.That(GenericShapes.For(typeof(KeyedFileStream<>)), Is.Empty);
            Assert.That(GenericShapes.WhyNone(typeof(KeyedFileStream<>)), Is.EqualTo(
                "open generic type, and no public method of its assembly returns an instantiation of it, and its type parameter TFileId is constrained by no type of its assembly, so nothing says what a caller closes it over"));
        }

        /// <summary>
        /// A decryptor whose partner encrypts what is read through it (not what is written: AWS's EncryptStream) reads that
        /// partner's output, and is judged on the content.
        /// </summary>
        [Test]
        public void AReaderIsFedByAPartnerThatEncodesAsItIsRead()
        {
            var recipe = GenericShapes.For(typeof(XorDecryptStream)).Single();
            Assert.That(recipe.Variant, Is.EqualTo("read new XorDecryptStream(Stream) over new XorEncryptStream(Stream)'s output"));
            Assert.That(recipe.TransformsContentReason, Is.Null);
            Assert.That(recipe.ReproSource(StreamAccess.Read), Does.Contain("encodedEncoder.CopyTo(encodedCopy);")
                .And.Contain("new StreamConformance.Tests.Recipes.Synthesis.CallerArgumentTests.XorDecryptStream(new MemoryStream(encoded, writable: false))"));
            foreach (var result in CheckCatalog.Select("read-byte.values,read.differential").SelectMany(c => c.Run(recipe, new CheckContext { Quick = true })))
                Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), result.Check + ": " + result.Message);
        }

        [Test]
        public void AFileIsOpenedTheWayFileStreamsShorterOverloadsOpenOne()
        {
            // As ZoneTree's LocalFileStream(path, FileMode, FileAccess, FileShare, int, FileOptions): in declared order the
            // trials began with CreateNew and Read, which FileStream refuses, and met their limit before one opened.
            Assert.That(Labels("Files", 3).First(), Is.EqualTo("OpenOrCreate"));
            Assert.That(Labels("Files", 4).First(), Is.EqualTo("ReadWrite"));
            Assert.That(Labels("Files", 5).First(), Is.EqualTo("Read"));
            Assert.That(Labels("Files", 6).First(), Is.EqualTo("None"));
            var recipes = GenericShapes.For(typeof(OpenedFile));
            Assert.That(recipes.Select(r => r.Variant), Has.Some.Contains("new OpenedFile(path, OpenOrCreate, ReadWrite, Read, "));
            foreach (var recipe in recipes) PassesTheByteChecks(recipe);
        }

        [Test]
        public void ASignalGetsOneThatHasNotFiredAndATimeLimitOneNoCheckReaches()
        {
            // As Ceen's LimitedBodyStream(reader, totalbytes, idletime, timeouttask, stoptask).
            Assert.That(Labels("Waits", 0), Is.EqualTo(new[] { "30 s" }), "a time limit");
            Assert.That(Labels("Waits", 1), Is.EqualTo(new[] { "TimeSpan" }), "a delay: none (zero)");
            Assert.That(Labels("Waits", 2), Is.EqualTo(new[] { "a task that never completes" }));
            Assert.That(Labels("Waits", 3), Is.Empty, "a task with a result is a value, not a signal");
            var recipe = GenericShapes.For(typeof(WatchedStream)).Single();
            Assert.That(recipe.Variant, Is.EqualTo("new WatchedStream(Stream, 30 s, a task that never completes)"));
            Assert.That(recipe.ReproSource(StreamAccess.Read), Does.Contain("System.TimeSpan.FromSeconds(30), new System.Threading.Tasks.TaskCompletionSource<bool>().Task)"));
            PassesTheByteChecks(recipe);
        }

        [Test]
        public void FileNamesGetFilesHoldingTheContent()
        {
            // As .NET IoT's FileSetStream(IEnumerable<string> fileNames): an empty list gave it nothing to read.
            Assert.That(Labels("Files", 0), Is.EqualTo(new[] { "List<string> of files" }));
            Assert.That(Labels("Files", 1), Is.EqualTo(new[] { "string[] of files" }));
            Assert.That(Labels("Files", 2), Is.EqualTo(new[] { "empty List<string>" }), "names that are no files");
            var recipe = GenericShapes.For(typeof(FileSetReader)).Single();
            Assert.That(recipe.Variant, Is.EqualTo("read new FileSetReader(List<string> of files)"));
            Passes(recipe, "read-byte.values,read.differential");
        }

        [Test]
        public void AnObjectIsMadeFromOthersACallerMakesWithoutArguments()
        {
            // As Microsoft.Bot.Streaming's PayloadStream(new PayloadStreamAssembler(new StreamManager(), Guid)), where
            // StreamManager's one constructor takes a callback that defaults to null.
            Assert.That(ObjectArguments.WithoutArguments(typeof(PartStore)), Is.Not.Null, "a constructor whose every parameter is optional");
            Assert.That(((PartStore)ObjectArguments.WithoutArguments(typeof(PartStore))!()).Capacity, Is.EqualTo(8), "called with its defaults");
            Assert.That(ObjectArguments.WithoutArguments(typeof(PartAssembler)), Is.Null);
            var assembler = ObjectArguments.Instance(typeof(PartAssembler)).Single();
            Assert.That(assembler.Source(true), Is.EqualTo("new StreamConformance.Tests.Recipes.Synthesis.CallerArgumentTests.PartAssembler(new StreamConformance.Tests.Recipes.Synthesis.CallerArgumentTests.PartStore(), new System.Guid())"));
            Assert.That(ObjectArguments.Instance(typeof(NumberedAssembler)), Is.Empty, "a number says nothing of which value a caller means");
            var recipe = GenericShapes.For(typeof(AssembledStream)).Single();
            Assert.That(recipe.Variant, Is.EqualTo("new AssembledStream(Stream, PartAssembler)"));
            PassesTheByteChecks(recipe);
        }

        [Test]
        public void AnImplementationIsMadeOverAPoolsSharedInstance()
        {
            // As MongoDB.Bson's ByteBufferStream(IByteBuffer): new MultiChunkBuffer(BsonChunkPool.Default), the pool made by
            // no constructor a caller calls without a size.
            var buffer = ObjectArguments.Implementations(typeof(IChunkBuffer)).Single();
            Assert.That(buffer.Source(true), Is.EqualTo("new StreamConformance.Tests.Recipes.Synthesis.CallerArgumentTests.ChunkBuffer(StreamConformance.Tests.Recipes.Synthesis.CallerArgumentTests.ChunkPool.Default)"));
            Assert.That(((ChunkBuffer)buffer.Make(null!)!).Source, Is.SameAs(ChunkPool.Default));
            Assert.That(ObjectArguments.Implementations(typeof(IChunkSource)).Single().Source(true), Does.EndWith("ChunkPool.Default"),
                "the shared instance is an implementation at hand too");
            var recipe = GenericShapes.For(typeof(ChunkBufferStream)).Single();
            Assert.That(recipe.Variant, Is.EqualTo("new ChunkBufferStream(Stream, ChunkBuffer)"));
            PassesTheByteChecks(recipe);
        }

        [Test]
        public void ACompressionLevelIsTheFastestNotASize()
        {
            // As Zstandard.Net's ZstandardStream(Stream, int compressionLevel): the content's length ran zstd at its highest level.
            Assert.That(Labels("Levels", 0), Is.EqualTo(new[] { "1", "0" }));
            Assert.That(Labels("Levels", 1), Is.EqualTo(new[] { "1", "0" }), "Brotli's quality");
            Assert.That(Labels("Levels", 2), Is.EqualTo(new[] { "length", "4096", "1", "0" }), "a size keeps the sizes");
        }

        [Test]
        public void AMaximumIsACeilingNotTheContentsLength()
        {
            // As Jose's CappedMemoryStream(long maxCapacity): given the content's length, it refused the checks' writes past it.
            var first = new[] { "16777216", "length", "4096", "1", "0" };
            Assert.That(Labels("Maximums", 0), Is.EqualTo(first));
            Assert.That(Labels("Maximums", 1), Is.EqualTo(first), "a limit");
            Assert.That(Labels("Maximums", 2), Is.EqualTo(first));
            Assert.That(Labels("Maximums", 3), Is.EqualTo(new[] { "length", "4096", "1", "0" }), "a capacity is a size, not a ceiling");
            var recipe = GenericShapes.For(typeof(CappedStream)).First();
            Assert.That(recipe.Variant, Is.EqualTo("new CappedStream(16777216)"));
            Passes(recipe, "buffered.interleave,seek.gap-zeroed,write-byte.round-trip");
        }

        [Test]
        public void AnInParameterTakesAValue()
        {
            // As Garnet's ReadOnlySequenceStream(in ReadOnlySequence<byte>): a caller writes the value, reflection passes it by reference.
            var recipe = GenericShapes.For(typeof(SequenceStream)).Single();
            Assert.That(recipe.Variant, Is.EqualTo("read new SequenceStream(ReadOnlySequence<byte>)"));
            Passes(recipe, "read-byte.values,read.differential");
            Assert.That(GenericShapes.For(typeof(RefStream)), Is.Empty, "a ref parameter the constructor may write is not a value");
        }

        [Test]
        public void ATlsSubclassIsAuthenticatedAsTheRuntimesTlsStreamIs()
        {
            // As Microsoft.Azure.Amqp's CustomSslStream(Stream, bool leaveInnerStreamOpen, RemoteCertificateValidationCallback, bool isClient).
            if (SslStreamRecipe.Unavailable is { } why) Assert.Ignore(why);
            var recipe = GenericShapes.For(typeof(CheckedTlsStream)).Single();
            Assert.That(recipe, Is.InstanceOf<TlsSubclassRecipe>());
            Assert.That(recipe.Variant, Is.EqualTo("loopback-tls client new CheckedTlsStream(Stream, false, accept the loopback certificate, false)"));
            Passes(recipe, "read-byte.values,read.differential,write-byte.round-trip");
            Assert.That(GenericShapes.For(typeof(UncheckedTlsStream)), Is.Empty, "a client that rejects the loopback's self-signed certificate never authenticates");
        }

        static void PassesTheByteChecks(StreamRecipe recipe) => Passes(recipe, "read-byte.values,read.differential,write-byte.round-trip");

        static void Passes(StreamRecipe recipe, string checks)
        {
            foreach (var result in CheckCatalog.Select(checks).SelectMany(c => c.Run(recipe, new CheckContext { Quick = true })))
                Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), recipe.Variant + ": " + result.Check + ": " + result.Message);
        }

        /// <summary>Reads and writes its inner stream as it is.</summary>
        public abstract class PassThrough : Stream
        {
            readonly Stream _inner;
            protected PassThrough(Stream inner) => _inner = inner;
            public override bool CanRead => _inner.CanRead;
            public override bool CanSeek => false;
            public override bool CanWrite => _inner.CanWrite;
            public override long Length => throw new NotSupportedException();
            public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }
            public override void Flush() => _inner.Flush();
            public override int Read(byte[] buffer, int offset, int count) => _inner.Read(buffer, offset, count);
            public override void Write(byte[] buffer, int offset, int count) => _inner.Write(buffer, offset, count);
            public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
            public override void SetLength(long value) => throw new NotSupportedException();
            protected override void Dispose(bool disposing)
            {
                if (disposing) _inner.Dispose();
                base.Dispose(disposing);
            }
        }

        /// <summary>As an AES stream: a 256-bit key and a 16-byte IV, nothing else.</summary>
        public sealed class KeyedStream : PassThrough
        {
            public KeyedStream(Stream inner, byte[] key, byte[] iv) : base(inner)
            {
                if (key.Length != 32) throw new ArgumentException("Specified key is not a valid size for this algorithm.", nameof(key));
                if (iv.Length != 16) throw new ArgumentException("Specified initialization vector (IV) does not match the block size for this algorithm.", nameof(iv));
            }
        }

        /// <summary>Checks a one-byte sum of what it read against the hash it was given, at the end (none: no check).</summary>
        public sealed class VerifyingStream : PassThrough
        {
            readonly byte[]? _expectedHash;
            byte _sum;
            public VerifyingStream(Stream inner, byte[]? expectedHash) : base(inner) => _expectedHash = expectedHash;
            public override int Read(byte[] buffer, int offset, int count)
            {
                var n = base.Read(buffer, offset, count);
                for (var i = offset; i < offset + n; i++) _sum += buffer[i];
                if (n == 0 && count > 0 && _expectedHash != null && (_expectedHash.Length != 1 || _expectedHash[0] != _sum))
                    throw new InvalidDataException("Expected hash not equal to calculated hash");
                return n;
            }
        }

        /// <summary>A library's holder of bytes (DotNetty's IByteBuffer): callers get one from <see cref="Chunks"/>.</summary>
        public interface IChunk
        {
            int Count { get; }
            byte this[int index] { get; }
        }

        public static class Chunks
        {
            public static IChunk Wrap(byte[] bytes) => new ArrayChunk(bytes);
        }

        sealed class ArrayChunk : IChunk
        {
            readonly byte[] _bytes;
            public ArrayChunk(byte[] bytes) => _bytes = bytes;
            public int Count => _bytes.Length;
            public byte this[int index] => _bytes[index];
        }

        /// <summary>The one a caller can make with new: nothing to read (DotNetty's EmptyByteBuffer).</summary>
        public sealed class EmptyChunk : IChunk
        {
            public int Count => 0;
            public byte this[int index] => throw new IndexOutOfRangeException();
        }

        /// <summary>Reads a chunk's bytes.</summary>
        public sealed class ChunkReadStream : ReadOnlyTestStream
        {
            readonly IChunk _chunk;
            int _next;
            public ChunkReadStream(IChunk chunk, bool release) => _chunk = chunk ?? throw new ArgumentNullException(nameof(chunk));
            public override int Read(byte[] buffer, int offset, int count)
            {
                if (buffer == null) throw new ArgumentNullException(nameof(buffer));
                if (offset < 0 || count < 0 || count > buffer.Length - offset) throw new ArgumentOutOfRangeException(nameof(count));
                var n = Math.Min(count, _chunk.Count - _next);
                for (var i = 0; i < n; i++) buffer[offset + i] = _chunk[_next++];
                return n;
            }
        }

        /// <summary>Reads its parts one after the other; refuses a list with none, as a reader with nothing to read.</summary>
        /// <summary>A file opened with every one of FileStream's choices spelled out.</summary>
        public sealed class OpenedFile : FileStream
        {
            public OpenedFile(string path, FileMode mode, FileAccess access, FileShare share, int bufferSize, FileOptions options)
                : base(path, mode, access, share, bufferSize, options) { }
        }

        /// <summary>Refuses to read once told to stop, or when it may not wait at all for its next bytes.</summary>
        public sealed class WatchedStream : PassThrough
        {
            readonly TimeSpan _idleTimeout;
            readonly System.Threading.Tasks.Task _stop;
            public WatchedStream(Stream inner, TimeSpan idleTimeout, System.Threading.Tasks.Task stop) : base(inner)
            {
                _idleTimeout = idleTimeout;
                _stop = stop ?? throw new ArgumentNullException(nameof(stop));
            }
            public override int Read(byte[] buffer, int offset, int count)
            {
                if (_stop.IsCompleted) throw new OperationCanceledException("stopped");
                if (_idleTimeout <= TimeSpan.Zero) throw new TimeoutException("no time to wait for the next bytes");
                return base.Read(buffer, offset, count);
            }
        }

        public interface IPartStore { int Capacity { get; } }

        /// <summary>Made without arguments only through a constructor whose every parameter is optional.</summary>
        public sealed class PartStore : IPartStore
        {
            public PartStore(Action<string>? onClose = null, int capacity = 8) => Capacity = capacity;
            public int Capacity { get; }
        }

        /// <summary>Made from a store and an id, both things a caller has at hand.</summary>
        public sealed class PartAssembler
        {
            public PartAssembler(IPartStore store, Guid id) => Store = store ?? throw new ArgumentNullException(nameof(store));
            public IPartStore Store { get; }
        }

        /// <summary>Needs a number no name explains.</summary>
        public sealed class NumberedAssembler
        {
            public NumberedAssembler(IPartStore store, int slot) { }
        }

        /// <summary>Refuses to be made without an assembler that has a store.</summary>
        public sealed class AssembledStream : PassThrough
        {
            public AssembledStream(Stream inner, PartAssembler assembler) : base(inner)
            {
                if (assembler?.Store.Capacity != 8) throw new ArgumentException("no store", nameof(assembler));
            }
        }

        public interface IChunkSource { }

        /// <summary>A pool a caller takes as its shared instance: its one constructor needs sizes.</summary>
        public sealed class ChunkPool : IChunkSource
        {
            public ChunkPool(int chunks, int chunkSize) { }
            public static ChunkPool Default { get; } = new ChunkPool(16, 4096);
        }

        public interface IChunkBuffer
        {
            IChunkSource Source { get; }
        }

        /// <summary>A buffer over chunks of a source.</summary>
        public sealed class ChunkBuffer : IChunkBuffer
        {
            public ChunkBuffer(IChunkSource source) => Source = source ?? throw new ArgumentNullException(nameof(source));
            public IChunkSource Source { get; }
        }

        /// <summary>Refuses to be made without a buffer over a source.</summary>
        public sealed class ChunkBufferStream : PassThrough
        {
            public ChunkBufferStream(Stream inner, IChunkBuffer buffer) : base(inner)
            {
                if (buffer?.Source == null) throw new ArgumentException("no buffer", nameof(buffer));
            }
        }

        /// <summary>Refuses a write that would take it past its ceiling.</summary>
        public sealed class CappedStream : MemoryStream
        {
            readonly long _maxCapacity;
            public CappedStream(long maxCapacity) => _maxCapacity = maxCapacity;

            public override void Write(byte[] buffer, int offset, int count)
            {
                if (Position + count > _maxCapacity) throw new InvalidOperationException("Exceeding maximum memory stream size.");
                base.Write(buffer, offset, count);
            }

            public override void WriteByte(byte value)
            {
                if (Position + 1 > _maxCapacity) throw new InvalidOperationException("Exceeding maximum memory stream size.");
                base.WriteByte(value);
            }
        }

        /// <summary>Reads a sequence it takes by read-only reference.</summary>
        public sealed class SequenceStream : MemoryStream
        {
            public SequenceStream(in System.Buffers.ReadOnlySequence<byte> sequence) : base(System.Buffers.BuffersExtensions.ToArray(sequence), false) { }
        }

        /// <summary>Takes its buffer by a reference it could write.</summary>
        public sealed class RefStream : MemoryStream
        {
            public RefStream(ref byte[] buffer) : base(buffer, false) { }
        }

        /// <summary>A TLS stream that checks certificates through the callback it is given.</summary>
        public sealed class CheckedTlsStream : System.Net.Security.SslStream
        {
            public CheckedTlsStream(Stream inner, bool leaveInnerStreamOpen, System.Net.Security.RemoteCertificateValidationCallback validate, bool isClient)
                : base(inner, leaveInnerStreamOpen, validate) { }
        }

        /// <summary>A TLS stream with the platform's certificate check only.</summary>
        public sealed class UncheckedTlsStream : System.Net.Security.SslStream
        {
            public UncheckedTlsStream(Stream inner) : base(inner, false) { }
        }

        /// <summary>Reads the files it is given one after the other.</summary>
        public sealed class FileSetReader : ReadOnlyTestStream
        {
            readonly Queue<string> _files;
            Stream? _current;
            public FileSetReader(IEnumerable<string> fileNames)
            {
                _files = new Queue<string>(fileNames);
                if (_files.Count == 0) throw new ArgumentException("no files to read", nameof(fileNames));
            }
            public override int Read(byte[] buffer, int offset, int count)
            {
                if (buffer == null) throw new ArgumentNullException(nameof(buffer));
                if (offset < 0 || count < 0 || count > buffer.Length - offset) throw new ArgumentOutOfRangeException(nameof(count));
                while (count > 0)
                {
                    if (_current == null)
                    {
                        if (_files.Count == 0) return 0;
                        _current = File.OpenRead(_files.Dequeue());
                    }
                    var n = _current.Read(buffer, offset, count);
                    if (n > 0) return n;
                    _current.Dispose();
                    _current = null;
                }
                return 0;
            }
            protected override void Dispose(bool disposing)
            {
                if (disposing) _current?.Dispose();
                base.Dispose(disposing);
            }
        }

        public sealed class ConcatenatedStream : ReadOnlyTestStream
        {
            readonly IList<MemoryStream> _parts;
            int _current;
            public ConcatenatedStream(IList<MemoryStream> parts)
            {
                if (parts == null || parts.Count == 0) throw new ArgumentException("no parts to read", nameof(parts));
                _parts = parts;
            }
            public override int Read(byte[] buffer, int offset, int count)
            {
                if (buffer == null) throw new ArgumentNullException(nameof(buffer));
                if (offset < 0 || count < 0 || count > buffer.Length - offset) throw new ArgumentOutOfRangeException(nameof(count));
                while (count > 0 && _current < _parts.Count)
                {
                    var n = _parts[_current].Read(buffer, offset, count);
                    if (n > 0) return n;
                    _current++;
                }
                return 0;
            }
        }

        /// <summary>A file's handle made from its path, which opens the file (Mono.Unix's UnixFileInfo).</summary>
        public sealed class FileTicket
        {
            readonly string _path;
            public FileTicket(string path) => _path = path;
            public Stream OpenRead() => File.OpenRead(_path);
        }

        /// <summary>Reads its one inner stream and throws at its end, as Apache Avro's ByteBufferInputStream does.</summary>
        public sealed class EndThrowingStream : ReadOnlyTestStream
        {
            readonly MemoryStream _inner;
            public EndThrowingStream(MemoryStream inner) => _inner = inner;
            public override int Read(byte[] buffer, int offset, int count)
            {
                if (count == 0) return 0;
                if (_inner.Position >= _inner.Length) throw new EndOfStreamException();
                return _inner.Read(buffer, offset, count);
            }
        }

        /// <summary>Writes every byte to each of its outputs.</summary>
        public sealed class TeeStream : Stream
        {
            readonly Stream[] _outputs;
            public TeeStream(params Stream[] outputs) => _outputs = outputs ?? throw new ArgumentNullException(nameof(outputs));
            public override bool CanRead => false;
            public override bool CanSeek => false;
            public override bool CanWrite => true;
            public override long Length => throw new NotSupportedException();
            public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }
            public override void Flush()
            {
                foreach (var output in _outputs) output.Flush();
            }
            public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();
            public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
            public override void SetLength(long value) => throw new NotSupportedException();
            public override void Write(byte[] buffer, int offset, int count)
            {
                foreach (var output in _outputs) output.Write(buffer, offset, count);
            }
        }

        /// <summary>Trailing headers a caller may leave empty; null is refused.</summary>
        public sealed class TrailerStream : PassThrough
        {
            public TrailerStream(Stream inner, IDictionary<string, string> trailers) : base(inner)
            {
                if (trailers == null) throw new ArgumentNullException(nameof(trailers));
            }
        }

        public sealed class LockedStream : PassThrough
        {
            public LockedStream(string password, Stream inner) : base(inner)
            {
                if (string.IsNullOrEmpty(password)) throw new ArgumentException("a password is required", nameof(password));
            }
        }

        /// <summary>A connection whose type initializer loads a native library by reflection, which is missing.</summary>
        public sealed class NativeConnection
        {
            static NativeConnection() => typeof(NativeConnection).GetMethod(nameof(LoadNative), BindingFlags.NonPublic | BindingFlags.Static)!.Invoke(null, null);
            static void LoadNative() => throw new DllNotFoundException("Unable to load shared library 'conformance_missing' or one of its dependencies.");
        }

        public sealed class NativeBlobStream : PassThrough
        {
            public NativeBlobStream(NativeConnection connection) : base(new MemoryStream()) => GC.KeepAlive(connection);
        }

        public interface IFrameReader
        {
            int ReadOne();
        }

        /// <summary>Reads its stream a byte at a time; made only by <see cref="Frames.Decode"/>.</summary>
        public sealed class StreamFrameReader : IFrameReader
        {
            readonly Stream _stream;
            internal StreamFrameReader(Stream stream) => _stream = stream;
            public int ReadOne() => _stream.ReadByte();
        }

        public static class Frames
        {
            public static StreamFrameReader Decode(Stream stream, bool leaveOpen = false) => new StreamFrameReader(stream);
        }

        /// <summary>A read-only stream over a frame reader.</summary>
        public sealed class FrameReaderAsStream : ReadOnlyTestStream
        {
            readonly IFrameReader _reader;
            public FrameReaderAsStream(IFrameReader reader) => _reader = reader ?? throw new ArgumentNullException(nameof(reader));
            public override int Read(byte[] buffer, int offset, int count)
            {
                if (buffer == null) throw new ArgumentNullException(nameof(buffer));
                if (offset < 0 || count < 0 || count > buffer.Length - offset) throw new ArgumentOutOfRangeException(nameof(count));
                var n = 0;
                for (int b; n < count && (b = _reader.ReadOne()) >= 0; n++) buffer[offset + n] = (byte)b;
                return n;
            }
        }

        /// <summary>A pool of blocks a caller may pass; nothing in this assembly implements it.</summary>
        public interface IBlockManager
        {
            int BlockSize { get; }
        }

        /// <summary>As Azure Storage's MultiBufferMemoryStream: without a manager it uses its own block size.</summary>
        public sealed class ManagedBlockStream : PassThrough
        {
            public int BlockSize { get; }
            public ManagedBlockStream(Stream inner, IBlockManager? manager) : base(inner) => BlockSize = manager == null ? 4096 : manager.BlockSize;
        }

        public sealed class FieldCheckedBlockStream : PassThrough
        {
            readonly IBlockManager? _manager;
            public int BlockSize { get; }
            public FieldCheckedBlockStream(Stream inner, IBlockManager? manager) : base(inner)
            {
                _manager = manager;
                BlockSize = _manager != null ? _manager.BlockSize : 4096;
            }
        }

        public sealed class CoalescingGuardBlockStream : PassThrough
        {
            public IBlockManager Manager { get; }
            public CoalescingGuardBlockStream(Stream inner, IBlockManager manager) : base(inner) => Manager = manager ?? throw new ArgumentNullException(nameof(manager));
        }

        public sealed class IfGuardBlockStream : PassThrough
        {
            public IBlockManager Manager { get; }
            public IfGuardBlockStream(Stream inner, IBlockManager manager) : base(inner)
            {
                if (manager == null) throw new ArgumentNullException(nameof(manager));
                Manager = manager;
            }
        }

        /// <summary>Only stores its manager: null would be a state no caller sees.</summary>
        public sealed class StoringBlockStream : PassThrough
        {
            public IBlockManager Manager { get; }
            public StoringBlockStream(Stream inner, IBlockManager manager) : base(inner) => Manager = manager;
        }

        /// <summary>Refuses a separator that is null or empty, as CsvHelper's CsvSeparatorStream does.</summary>
        public sealed class SeparatedStream : PassThrough
        {
            public SeparatedStream(Stream inner, string separator) : base(inner)
            {
                if (string.IsNullOrEmpty(separator)) throw new ArgumentException("The separator cannot be empty.", nameof(separator));
            }
        }

        /// <summary>Reads its source with each byte XORed with 0x5A: a read-only encryptor.</summary>
        public class XorEncryptStream : PassThrough
        {
            public XorEncryptStream(Stream inner) : base(inner) { }
            public override bool CanWrite => false;
            public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
            public override int Read(byte[] buffer, int offset, int count)
            {
                var n = base.Read(buffer, offset, count);
                for (var i = offset; i < offset + n; i++) buffer[i] ^= 0x5A;
                return n;
            }
        }

        /// <summary>Undoes <see cref="XorEncryptStream"/> as it reads; its own shape but a partner by name.</summary>
        public sealed class XorDecryptStream : XorEncryptStream
        {
            public XorDecryptStream(Stream inner) : base(inner) { }
        }

        public interface IChecksum
        {
            void Add(byte value);
        }

        /// <summary>Meets the interface but not new(): never the pick.</summary>
        public sealed class Accumulator : IChecksum
        {
            public Accumulator(int seed) => Sum = seed;
            public int Sum { get; private set; }
            public void Add(byte value) => Sum += value;
        }

        public sealed class Adler : IChecksum
        {
            public int Sum { get; private set; }
            public void Add(byte value) => Sum = (Sum + value) % 65521;
        }

        /// <summary>Generic over its checksum, as a hashing stream over its algorithm; nothing hands out an instantiation.</summary>
        public sealed class ChecksumStream<T> : PassThrough where T : class, IChecksum, new()
        {
            public ChecksumStream(Stream inner) : base(inner) => Checksum = new T();
            public T Checksum { get; }
        }

        /// <summary>Generic over an id type nothing constrains: a caller's choice nothing here can guess.</summary>
        public sealed class KeyedFileStream<TFileId> : PassThrough
        {
            public KeyedFileStream(Stream inner) : base(inner) { }
        }
    }
}
