using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Checks;
using StreamConformance.Recipes;
using StreamConformance.Recipes.Synthesis;

namespace StreamConformance.Tests.Recipes.Synthesis
{
    /// <summary>
    /// Arguments a library's own types supply: a stream of the library's stream base (NAudio's WaveStream) built by one of
    /// its types over the content, a path a file system argument has (System.IO.Abstractions' MockFileSystem), and an
    /// adapter made over the content or the sink by its own static Create(Stream) (PipeReader, PipeWriter).
    /// </summary>
    [TestFixture]
    public sealed class LibraryArgumentTests
    {
        static readonly string Checks = "read-byte.values,read.differential,write-byte.round-trip";

        static void AssertChecksPass(StreamRecipe recipe)
        {
            foreach (var result in CheckCatalog.Select(Checks).SelectMany(c => c.Run(recipe, new CheckContext { Quick = true })))
                Assert.That(result.Outcome, Is.EqualTo(StreamConformance.Results.Outcome.Pass), recipe.Variant + ": " + result.Check + ": " + result.Message);
        }

        /// <summary>
        /// A parameter typed as the library's stream base gets a stream of its concrete type built over the content (read)
        /// or the sink (write): the content flows through both, and the repro names the inner construction.
        /// </summary>
        [Test]
        public void AStreamBaseOfTheLibraryGetsItsOwnStreamOverTheContent()
        {
            var recipe = GenericShapes.For(typeof(PassThroughSampleStream)).Single();
            Assert.That(recipe.Variant, Is.EqualTo("new PassThroughSampleStream(new RawSampleStream(Stream))"));
            Assert.That(recipe.ReproSource(StreamAccess.Read), Does.Contain(
                "new StreamConformance.Tests.Recipes.Synthesis.LibraryArgumentTests.PassThroughSampleStream(new StreamConformance.Tests.Recipes.Synthesis.LibraryArgumentTests.RawSampleStream(new MemoryStream(content, writable: false)))"));
            Assert.That(recipe.ReproSource(StreamAccess.Write), Does.Contain("(new MemoryStream()))"));
            AssertChecksPass(recipe);
        }

        /// <summary>
        /// A type whose only constructor takes its own base is no inner stream (one level deep: no recursion); one that
        /// refuses the inner stream's format says so in its reason.
        /// </summary>
        [Test]
        public void ATypeOverItselfEndsAndARefusedFormatIsTheReason()
        {
            var inner = new LibraryStreamArguments().For(typeof(PassThroughSampleStream).GetConstructors().Single().GetParameters()[0]);
            Assert.That(inner.Select(a => a.Label), Is.EqualTo(new[] { "new RawSampleStream(Stream)" }),
                "only a type whose construction takes the content; neither pass-through over the base nor the picky one");
            Assert.That(GenericShapes.For(typeof(PickySampleStream)), Is.Empty);
            Assert.That(GenericShapes.WhyNone(typeof(PickySampleStream)),
                Does.Contain("new PickySampleStream(new RawSampleStream(Stream)) threw ArgumentException: only 32-bit samples"));
        }

        /// <summary>The runtime's stream types are never made as arguments, nor are the runtime's types built with them.</summary>
        [Test]
        public void TheRuntimesStreamTypesAreNotSupplied()
        {
            Assert.That(LibraryStreamArguments.Supplies(typeof(FileStream)), Is.False);
            Assert.That(LibraryStreamArguments.Supplies(typeof(BufferedStream)), Is.False);
            Assert.That(LibraryStreamArguments.Supplies(typeof(Stream)), Is.False, "a MemoryStream fits it");
            Assert.That(LibraryStreamArguments.Supplies(typeof(SampleStream)), Is.True);
            Assert.That(ConstructionEnumerator.DefaultSources.OfType<LibraryStreamArguments>().Count(), Is.EqualTo(1));
            var runtimeCombinations = ConstructionEnumerator.ForRuntimeTypes.Combinations(typeof(PassThroughSampleStream).GetConstructors().Single(), out var unsupplied);
            Assert.That(runtimeCombinations, Is.Empty);
            Assert.That(unsupplied, Does.Contain("parameter source (SampleStream)"));
        }

        /// <summary>
        /// A path beside a file system argument is a file that file system has: its content written, and a write read back,
        /// through the object's own File (a real scratch path names a folder it lacks).
        /// </summary>
        [Test]
        public void APathBesideAFileSystemIsAFileOfThatFileSystem()
        {
            var recipe = GenericShapes.For(typeof(SampleFileSystemStream)).Single();
            // OpenOrCreate first (FlagArguments): one construction opens the content's file and makes the sink's.
            Assert.That(recipe.Variant, Does.StartWith("new SampleFileSystemStream(SampleFileSystem, file name, OpenOrCreate"));
            Assert.That(recipe.ReproSource(StreamAccess.Write), Does.Contain("new StreamConformance.Tests.Recipes.Synthesis.LibraryArgumentTests.SampleFileSystem(), \"synthesized\", System.IO.FileMode.OpenOrCreate"));
            AssertChecksPass(recipe);
            var method = typeof(SampleFileSystemStream).GetConstructors().Single();
            Assert.That(new FileSystemPathArguments().For(typeof(PathOnly).GetConstructors().Single().GetParameters()[0]), Is.Empty, "a path with no file system beside it is PathArguments'");
            Assert.That(new FileSystemPathArguments().For(method.GetParameters()[1]).Single().Label, Is.EqualTo("file name"));
        }

        /// <summary>Every value of a mode a caller must choose is tried before the optional parameters after it vary.</summary>
        [Test]
        public void EveryRequiredValueComesBeforeTheOptionalOnesVary()
        {
            var combinations = new ConstructionEnumerator().Combinations(typeof(SampleFileSystemStream).GetConstructors().Single(), out var unsupplied);
            Assert.That(unsupplied, Is.Null);
            Assert.That(combinations.Count, Is.EqualTo(ConstructionEnumerator.MaxCombinations));
            var modes = Enum.GetValues(typeof(FileMode)).Length;
            Assert.That(combinations.Take(modes).Select(c => c.ModeLabel), Is.EquivalentTo(Enum.GetNames(typeof(FileMode))));
            Assert.That(combinations.Take(modes).All(c => c.Label.Contains("a: default, b: default, c: default")), Is.True);
            Assert.That(combinations.Skip(modes).All(c => !c.Label.Contains("a: default, b: default, c: default")), Is.True);
        }

        /// <summary>
        /// An abstract type that makes itself over a stream (System.IO.Pipelines' PipeReader.Create, PipeWriter.Create) is made
        /// over the content when it reads and over the sink when it writes, never the other way round.
        /// </summary>
        [Test]
        public void AnAdapterThatMakesItselfOverAStreamGetsTheContentOrTheSinkByWhatItDoes()
        {
            var recipe = GenericShapes.For(typeof(AdaptedStream)).Single();
            Assert.That(recipe.Variant, Is.EqualTo("new AdaptedStream(SampleReader.Create(Stream), SampleWriter.Create(Stream))"));
            Assert.That(recipe.ReproSource(StreamAccess.Read), Does.Contain(
                "new StreamConformance.Tests.Recipes.Synthesis.LibraryArgumentTests.AdaptedStream(StreamConformance.Tests.Recipes.Synthesis.LibraryArgumentTests.SampleReader.Create(new MemoryStream(content, writable: false), default), "
                + "StreamConformance.Tests.Recipes.Synthesis.LibraryArgumentTests.SampleWriter.Create(new MemoryStream()))"));
            AssertChecksPass(recipe);
            Assert.That(StreamAdapterArguments.Factory(typeof(SampleReader))!.Name, Is.EqualTo("Create"));
            Assert.That(StreamAdapterArguments.Factory(typeof(SampleStream)), Is.Null, "a stream is StreamArguments' or LibraryStreamArguments'");
        }

        /// <summary>Reads through one adapter and writes through another (Pipelines.Sockets.Unofficial's AsyncPipeStream over a PipeReader and a PipeWriter).</summary>
        public sealed class AdaptedStream : Stream
        {
            readonly SampleReader _reader;
            readonly SampleWriter _writer;
            public AdaptedStream(SampleReader reader, SampleWriter writer)
            {
                _reader = reader;
                _writer = writer;
            }
            public override bool CanRead => true;
            public override bool CanSeek => false;
            public override bool CanWrite => true;
            public override long Length => throw new NotSupportedException();
            public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }
            public override void Flush() => _writer.WriteChunk(new byte[0], 0, 0);
            public override int Read(byte[] buffer, int offset, int count) => _reader.ReadChunk(buffer, offset, count);
            public override void Write(byte[] buffer, int offset, int count) => _writer.WriteChunk(buffer, offset, count);
            public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
            public override void SetLength(long value) => throw new NotSupportedException();
        }

        public abstract class SampleReader
        {
            public abstract int ReadChunk(byte[] buffer, int offset, int count);
            public static SampleReader Create(Stream stream, bool leaveOpen = false) => new Over(stream);
            sealed class Over : SampleReader
            {
                readonly Stream _stream;
                public Over(Stream stream) => _stream = stream;
                public override int ReadChunk(byte[] buffer, int offset, int count) => _stream.Read(buffer, offset, count);
            }
        }

        public abstract class SampleWriter
        {
            public abstract void WriteChunk(byte[] buffer, int offset, int count);
            public static SampleWriter Create(Stream stream) => new Over(stream);
            sealed class Over : SampleWriter
            {
                readonly Stream _stream;
                public Over(Stream stream) => _stream = stream;
                public override void WriteChunk(byte[] buffer, int offset, int count) => _stream.Write(buffer, offset, count);
            }
        }

        /// <summary>The library's stream base, as NAudio's WaveStream: a MemoryStream does not fit it.</summary>
        public abstract class SampleStream : Stream
        {
            protected Stream Inner { get; }
            protected SampleStream(Stream inner) => Inner = inner;
            public override bool CanRead => Inner.CanRead;
            public override bool CanSeek => false;
            public override bool CanWrite => Inner.CanWrite;
            public override long Length => throw new NotSupportedException();
            public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }
            public override void Flush() => Inner.Flush();
            public override int Read(byte[] buffer, int offset, int count) => Inner.Read(buffer, offset, count);
            public override void Write(byte[] buffer, int offset, int count) => Inner.Write(buffer, offset, count);
            public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
            public override void SetLength(long value) => throw new NotSupportedException();
            public virtual int BitsPerSample => 16;
            protected override void Dispose(bool disposing)
            {
                if (disposing) Inner.Dispose();
                base.Dispose(disposing);
            }
        }

        /// <summary>Samples read from, or written to, a stream (NAudio's RawSourceWaveStream).</summary>
        public sealed class RawSampleStream : SampleStream
        {
            public RawSampleStream(Stream inner) : base(inner) { }
        }

        /// <summary>Passes another sample stream's bytes through (NAudio's BlockAlignReductionStream).</summary>
        public sealed class PassThroughSampleStream : SampleStream
        {
            public PassThroughSampleStream(SampleStream source) : base(source) { }
        }

        /// <summary>Takes only 32-bit samples (NAudio's Wave32To16Stream over 16-bit PCM).</summary>
        public sealed class PickySampleStream : SampleStream
        {
            public PickySampleStream(SampleStream source) : base(source)
            {
                if (source.BitsPerSample != 32) throw new ArgumentException("only 32-bit samples");
            }
        }

        /// <summary>
        /// A document only a container hands out (NPOI's DocumentEntry from a compound file's CreateDocument(Stream, string)):
        /// the container is made without arguments and given the content, and the stream reads it back; a parameter of one of
        /// the runtime's types is never handed out this way.
        /// </summary>
        [Test]
        public void ADocumentAContainerHandsOutIsMadeFromTheContent()
        {
            var recipe = GenericShapes.For(typeof(SampleDocumentStream)).Single();
            Assert.That(recipe.Variant, Does.Contain("new SampleDocumentStream(SampleContainer.CreateDocument)"));
            Assert.That(recipe.ReproSource(StreamAccess.Read), Does.Contain(
                "new StreamConformance.Tests.Recipes.Synthesis.LibraryArgumentTests.SampleContainer().CreateDocument(new MemoryStream(content, writable: false), \"synthesized\")"));
            foreach (var result in CheckCatalog.Select("read-byte.values,read.differential").SelectMany(c => c.Run(recipe, new CheckContext { Quick = true })))
                Assert.That(result.Outcome, Is.EqualTo(StreamConformance.Results.Outcome.Pass), result.Check + ": " + result.Message);
            var runtimeParameter = typeof(StreamReader).GetConstructor(new[] { typeof(Stream), typeof(System.Text.Encoding) })!.GetParameters()[1];
            Assert.That(new HandedOutArguments().For(runtimeParameter), Is.Empty);
        }

        /// <summary>
        /// A reader that refuses an empty document (NPOI 2.4.1's NDocumentInputStream throws ArgumentOutOfRangeException
        /// over one, and reads one of a byte) is tried over a document made of the sample, and is built for reading: the
        /// construction trial alone, over an empty sink, left it static-only (tried).
        /// </summary>
        [Test]
        public void AReaderThatRefusesAnEmptyDocumentIsBuiltOverTheContent()
        {
            var recipe = GenericShapes.For(typeof(NonEmptyDocumentStream)).Single();
            Assert.That(recipe.Variant, Does.Contain("new NonEmptyDocumentStream(SampleContainer.CreateDocument)"));
            foreach (var result in CheckCatalog.Select("read-byte.values,read.differential").SelectMany(c => c.Run(recipe, new CheckContext { Quick = true })))
                Assert.That(result.Outcome, Is.EqualTo(StreamConformance.Results.Outcome.Pass), result.Check + ": " + result.Message);
        }

        public sealed class NonEmptyDocumentStream : MemoryStream
        {
            public NonEmptyDocumentStream(ISampleDocument document) : base(document.Bytes.Length > 0 ? document.Bytes : throw new ArgumentOutOfRangeException(nameof(document)), writable: false) { }
        }

        public interface ISampleDocument
        {
            byte[] Bytes { get; }
        }

        /// <summary>A compound file that keeps documents by name; a document has no public constructor.</summary>
        public sealed class SampleContainer
        {
            public ISampleDocument CreateDocument(Stream content, string name)
            {
                var copy = new MemoryStream();
                content.CopyTo(copy);
                return new SampleDocument(copy.ToArray());
            }

            sealed class SampleDocument : ISampleDocument
            {
                public SampleDocument(byte[] bytes) => Bytes = bytes;
                public byte[] Bytes { get; }
            }
        }

        public sealed class SampleDocumentStream : MemoryStream
        {
            public SampleDocumentStream(ISampleDocument document) : base(document.Bytes, writable: false) { }
        }

        /// <summary>A file system in memory whose root is its current directory (System.IO.Abstractions' MockFileSystem).</summary>
        public sealed class SampleFileSystem
        {
            public SampleFile File { get; } = new SampleFile();
        }

        /// <summary>System.IO.File's byte calls, over a dictionary of files named relative to the root.</summary>
        public sealed class SampleFile
        {
            internal readonly Dictionary<string, byte[]> Files = new Dictionary<string, byte[]>();
            public bool Exists(string path) => Files.ContainsKey(Name(path));
            public byte[] ReadAllBytes(string path) => Files.TryGetValue(Name(path), out var bytes) ? (byte[])bytes.Clone() : throw new FileNotFoundException(path);
            public void WriteAllBytes(string path, byte[] bytes) => Files[Name(path)] = (byte[])bytes.Clone();

            /// <summary>Only files of its root: a path into any folder names one it does not have.</summary>
            internal static string Name(string path) =>
                path.IndexOf('/') < 0 && path.IndexOf('\\') < 0 ? path : throw new DirectoryNotFoundException($"Could not find a part of the path '{path}'.");
        }

        /// <summary>A file of a <see cref="SampleFileSystem"/>, kept in a MemoryStream and stored back at Flush and Dispose.</summary>
        public sealed class SampleFileSystemStream : MemoryStream
        {
            readonly SampleFile _file;
            readonly string _name;
            readonly bool _canRead;

            public SampleFileSystemStream(SampleFileSystem fileSystem, string path, FileMode mode, bool a = false, bool b = false, bool c = false)
            {
                _file = fileSystem.File;
                _name = SampleFile.Name(path);
                var exists = _file.Files.ContainsKey(_name);
                if (mode == FileMode.CreateNew && exists) throw new IOException("exists");
                if ((mode == FileMode.Open || mode == FileMode.Truncate || mode == FileMode.Append) && !exists) throw new FileNotFoundException(path);
                if (exists && mode != FileMode.Truncate && mode != FileMode.Create)
                {
                    var bytes = _file.Files[_name];
                    base.Write(bytes, 0, bytes.Length);
                    Position = mode == FileMode.Append ? bytes.Length : 0;
                }
                _canRead = mode != FileMode.Append;
            }

            public override bool CanRead => _canRead && base.CanRead;

            /// <summary>As a file stream: what was written is in the file once flushed.</summary>
            public override void Flush()
            {
                if (base.CanWrite) _file.Files[_name] = ToArray();
            }

            protected override void Dispose(bool disposing)
            {
                if (disposing && base.CanWrite) _file.Files[_name] = ToArray();
                base.Dispose(disposing);
            }
        }

        public sealed class PathOnly : MemoryStream
        {
            public PathOnly(string path) { }
        }
    }
}
