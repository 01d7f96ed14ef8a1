using System;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Recipes;

namespace StreamConformance.Tests.Recipes
{
    /// <summary>
    /// The recipes that reach runtime streams through public APIs outside HTTP: each builds its stream, of the type it
    /// names, on the runtime where it applies, and gives back what it was given (a transforming stream by its round trip).
    /// </summary>
    public sealed class MiscRecipesTests
    {
        static bool OnMono => Type.GetType("Mono.Runtime") != null;

        static StreamRecipe Recipe<T>() where T : StreamRecipe => RecipeCatalog.BuiltIn.OfType<T>().Single();

        static readonly byte[] Content = StreamContent.Of(3000);

        /// <summary>Opens every access the recipe offers: the stream is of its type, reads give the content, writes read back.</summary>
        static void BuildsAndRoundTrips(StreamRecipe recipe, string expectedType)
        {
            Assert.That(recipe.UnavailableReason, Is.Null);
            Assert.That(recipe.TypeName, Is.EqualTo(expectedType));
            var opened = 0;
            using (var fixture = recipe.OpenRead(Content))
            {
                if (fixture != null)
                {
                    opened++;
                    Assert.That(fixture.Stream.GetType().FullName, Is.EqualTo(expectedType));
                    var read = new MemoryStream();
                    fixture.Stream.CopyTo(read);
                    Assert.That(read.ToArray(), Is.EqualTo(Content), "read");
                }
            }
            var write = recipe.OpenWrite();
            if (write != null)
            {
                opened++;
                using (write)
                {
                    Assert.That(write.Stream.GetType().FullName, Is.EqualTo(expectedType));
                    write.Stream.Write(Content, 0, Content.Length);
                    write.Stream.Flush();
                    if (!recipe.WritesVisibleAfterFlush) write.Stream.Dispose();
                    Assert.That(write.ReadBack(), Is.EqualTo(Content), "read back");
                }
            }
            Assert.That(opened, Is.GreaterThan(0), "the recipe opens the stream");
        }

        [Test]
        public void SqlBytesStreamIsAFixedSizeSeekableView()
        {
            var recipe = Recipe<SqlBytesStreamRecipe>();
            BuildsAndRoundTrips(recipe, "System.Data.SqlTypes.StreamOnSqlBytes");
            using var fixture = recipe.OpenReadWrite(Content)!;
            fixture.Stream.Position = Content.Length;
            Assert.That(() => fixture.Stream.WriteByte(1), Throws.Exception, "its buffer cannot grow: CanGrow is false for a reason");
        }

        [Test]
        public void ResourceSetHandsOutAPinnedBufferMemoryStream() =>
            BuildsAndRoundTrips(Recipe<PinnedBufferMemoryStreamRecipe>(), "System.IO.PinnedBufferMemoryStream");

        [Test]
        public void ResourceManagerWrapsAnUnmanagedResourceStream() =>
            BuildsAndRoundTrips(Recipe<UnmanagedMemoryStreamWrapperRecipe>(), "System.IO.UnmanagedMemoryStreamWrapper");

        [Test]
        public void AnEmbeddedResourceIsReadThroughTheLoadedImage() =>
            BuildsAndRoundTrips(Recipe<ManifestResourceStreamRecipe>(),
                OnMono ? "System.Reflection.RuntimeAssembly+UnmanagedMemoryStreamForModule" : "System.Reflection.RuntimeAssembly+ManifestResourceStream");

        [Test]
        public void ADeflate64ZipEntryIsReadByTheManagedInflater() =>
            BuildsAndRoundTrips(Recipe<ZipEntryReadDeflate64Recipe>(), "System.IO.Compression.DeflateManagedStream");

#if NET
        [Test]
        public void TranscodingStreamRoundTripsThroughUtf8() =>
            BuildsAndRoundTrips(Recipe<TranscodingStreamRecipe>(), "System.Text.TranscodingStream");

        [Test]
        public void FileWebRequestsStreamIsAFileStreamSubclassThroughTheDerivedStrategy()
        {
            using var fixture = Recipe<FileWebRequestReadRecipe>().OpenRead(Content)!;
            Assert.That(fixture.Stream, Is.InstanceOf<FileStream>());
            Assert.That(InnerStreams.Of(fixture.Stream), Does.Contain("System.IO.Strategies.DerivedFileStreamStrategy"));
        }
#endif

        /// <summary>
        /// The Pipelines adapters declare their internal types: the catalog learns the name without building a pipe (the
        /// getter calls nothing), and every stream the recipe opens is held to it. Mono has no System.IO.Pipelines.
        /// </summary>
        [TestCase("PipeReaderStreamRecipe", "System.IO.Pipelines.PipeReaderStream")]
        [TestCase("PipeWriterStreamRecipe", "System.IO.Pipelines.PipeWriterStream")]
        public void PipelinesAdaptersDeclareTheirTypesWithoutBuildingAPipe(string recipeName, string type)
        {
            var recipe = RecipeCatalog.BuiltIn.FirstOrDefault(r => r.GetType().Name == recipeName);
            if (OnMono)
            {
                Assert.That(recipe, Is.Null, "Mono has no System.IO.Pipelines");
                return;
            }
            Assert.That(recipe, Is.Not.Null, recipeName + " is in the catalog");
            using (var module = Mono.Cecil.ModuleDefinition.ReadModule(recipe!.GetType().Assembly.Location))
            {
                var getter = module.GetType(recipe.GetType().FullName).Properties.Single(p => p.Name == "TypeName").GetMethod;
                var calls = getter.Body.Instructions.Where(i => i.OpCode.FlowControl == Mono.Cecil.Cil.FlowControl.Call).Select(i => i.Operand.ToString());
                Assert.That(calls, Is.Empty, "TypeName's getter calls nothing");
            }
            BuildsAndRoundTrips(recipe, type);
        }

#if MONO_CORLIB
        [Test]
        public void MonoBrotliRoundTrips()
        {
            BuildsAndRoundTrips(Recipe<MonoBrotliDecompressRecipe>(), "System.IO.Compression.BrotliStream");
            BuildsAndRoundTrips(Recipe<MonoBrotliCompressRecipe>(), "System.IO.Compression.BrotliStream");
        }

        [Test]
        public void UnixFileInfoOpenGivesAUnixStream() => BuildsAndRoundTrips(Recipe<UnixStreamRecipe>(), "Mono.Unix.UnixStream");

        [Test]
        public void StdioFileStreamOverAFile() => BuildsAndRoundTrips(Recipe<StdioFileStreamRecipe>(), "Mono.Unix.StdioFileStream");

        [Test]
        public void LingeringNetworkStreamOverLoopback() =>
            BuildsAndRoundTrips(Recipe<LingeringNetworkStreamRecipe>(), "Mono.WebServer.LingeringNetworkStream");

        [Test]
        public void PackagePartGivesAZipPartStream() => BuildsAndRoundTrips(Recipe<ZipPartStreamRecipe>(), "System.IO.Packaging.ZipPartStream");

        [Test]
        public void XmlUrlResolverOverLoopbackHttpGivesBothDownloadStreams()
        {
            BuildsAndRoundTrips(Recipe<XmlRegisteredNonCachedStreamRecipe>(), "System.Xml.XmlRegisteredNonCachedStream");
            BuildsAndRoundTrips(Recipe<XmlCachedStreamRecipe>(), "System.Xml.XmlCachedStream");
        }

        [Test]
        public void SharpZipLibStreamsFromTheGac()
        {
            BuildsAndRoundTrips(Recipe<BZip2InputStreamRecipe>(), "ICSharpCode.SharpZipLib.BZip2.BZip2InputStream");
            BuildsAndRoundTrips(Recipe<SharpZipLibPartialInputStreamRecipe>(), "ICSharpCode.SharpZipLib.Zip.ZipFile+PartialInputStream");
        }
#endif
    }
}
