using System;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Checks;
using StreamConformance.Recipes;

namespace StreamConformance.Tests.Recipes
{
    /// <summary>
    /// The HttpClient and WebRequest recipes reach the internal types they are meant to, on each runtime: each recipe's
    /// stream is built through the public API and its type named here, so a runtime that hands out another type (or a
    /// recipe that silently falls back to its label) fails. What was written reaches the loopback server.
    /// </summary>
    [TestFixture]
    public sealed class HttpClientRecipeTests : OwnTempDirectory
    {
        static bool OnMono => Type.GetType("Mono.Runtime") != null;

        protected override string FolderName => "streamconf-httpclient-tests";

        /// <summary>Recipe class, the type on .NET, the type on Mono (null: the recipe is not compiled for that runtime).</summary>
        static readonly (string Recipe, string? DotNet, string? Mono)[] Expected =
        {
            ("HttpResponseContentLengthRecipe", "System.Net.Http.HttpConnection+ContentLengthReadStream", "System.Net.Http.HttpConnection+ContentLengthReadStream"),
            ("HttpResponseChunkedRecipe", "System.Net.Http.HttpConnection+ChunkedEncodingReadStream", "System.Net.Http.HttpConnection+ChunkedEncodingReadStream"),
            ("HttpResponseConnectionCloseRecipe", "System.Net.Http.HttpConnection+ConnectionCloseReadStream", "System.Net.Http.HttpConnection+ConnectionCloseReadStream"),
            ("HttpRequestContentLengthRecipe", "System.Net.Http.HttpConnection+ContentLengthWriteStream", "System.Net.Http.HttpConnection+ContentLengthWriteStream"),
            ("HttpRequestChunkedRecipe", "System.Net.Http.HttpConnection+ChunkedEncodingWriteStream", "System.Net.Http.HttpConnection+ChunkedEncodingWriteStream"),
            ("HttpRawConnectionRecipe", "System.Net.Http.HttpConnection+RawConnectionStream", "System.Net.Http.HttpConnection+RawConnectionStream"),
            ("HttpEmptyResponseRecipe", "System.Net.Http.EmptyReadStream", "System.Net.Http.HttpConnection+EmptyReadStream"),
            ("HttpDeflateResponseRecipe", "System.Net.Http.DecompressionHandler+DeflateDecompressedContent+ZLibOrDeflateStream", null),
            ("ReadOnlyMemoryContentRecipe", "System.IO.ReadOnlyMemoryStream", null),
            ("ReadOnlyMemoryContentManagedMemoryRecipe", null, "System.IO.ReadOnlyMemoryStream"),
            ("StreamContentReadRecipe", "System.Net.Http.StreamContent+ReadOnlyStream", "System.Net.Http.StreamContent+ReadOnlyStream"),
            ("MultipartContentReadRecipe", "System.Net.Http.MultipartContent+ContentReadStream", "System.Net.Http.MultipartContent+ContentReadStream"),
            ("HttpContentBufferRecipe", "System.Net.Http.HttpContent+LimitArrayPoolWriteStream", "System.Net.Http.HttpContent+LimitMemoryStream"),
            ("FileWebRequestReadRecipe", "System.Net.WebFileStream", "System.Net.FileWebStream"),
            ("FileWebRequestWriteRecipe", "System.Net.WebFileStream", "System.Net.FileWebStream"),
            ("WebClientOpenWriteRecipe", "System.Net.WebClient+WebClientWriteStream", "System.Net.WebClient+WebClientWriteStream"),
            ("HttpWebRequestBufferedWriteRecipe", "System.Net.RequestBufferingStream", "System.Net.WebRequestStream"),
            ("HttpWebRequestChunkedWriteRecipe", "System.Net.RequestStream", "System.Net.WebRequestStream"),
            ("HttpWebResponseErrorRecipe", "System.Net.HttpWebResponse+TruncatedReadStream", null),
            ("HttpWebResponseContentLengthRecipe", null, "System.Net.WebResponseStream"),
            ("HttpWebResponseChunkedRecipe", null, "System.Net.WebResponseStream"),
            ("HttpWebResponseGzipRecipe", null, "System.Net.WebResponseStream"),
        };

        public static TestCaseData[] Cases() => Expected.Select(e => new TestCaseData(e.Recipe, e.DotNet, e.Mono).SetArgDisplayNames(e.Recipe)).ToArray();

        [TestCaseSource(nameof(Cases))]
        public void RecipeBuildsTheTypeItNames(string recipeName, string? onDotNet, string? onMono)
        {
            var expected = OnMono ? onMono : onDotNet;
            var recipe = RecipeCatalog.BuiltIn.FirstOrDefault(r => r.GetType().Name == recipeName);
            if (expected == null)
            {
                Assert.That(recipe, Is.Null, "compiled only for the other runtime");
                return;
            }
            Assert.That(recipe, Is.Not.Null, recipeName + " is in the catalog");
            Assert.That(recipe!.UnavailableReason, Is.Null);
            var content = recipe.ContentFor(CheckContext.Content(recipe.PreferredContentLength));
            var reading = recipe.OpenRead(content);
            using var fixture = reading ?? recipe.OpenWrite();
            Assert.That(fixture, Is.Not.Null);
            Assert.That(fixture!.Stream.GetType().FullName, Is.EqualTo(expected));
            Assert.That(recipe.TypeName, Is.EqualTo(expected));
            if (reading != null)
            {
                if (recipe.TransformsContentReason != null) return;
                var read = new MemoryStream();
                fixture.Stream.CopyTo(read);
                Assert.That(read.ToArray(), Is.EqualTo(content), "the stream reads the content");
            }
            else
            {
                fixture.Stream.Write(content, 0, content.Length);
                fixture.Stream.Flush();
                if (!recipe.ReadBackBeforeDispose) fixture.Stream.Dispose();
                Assert.That(fixture.ReadBack(), Is.EqualTo(content), "what was written reached the store");
            }
        }

        [Test]
        public void ARequestThatDeclaresMoreThanItWritesStillRecordsWhatWasWritten()
        {
            // The content-length recipe declares more than it writes: the client abandons the request, and the server
            // has the bytes that were sent.
            var recipe = new HttpRequestContentLengthRecipe();
            using var fixture = recipe.OpenWrite()!;
            var content = CheckContext.Content(100);
            fixture.Stream.Write(content, 0, content.Length);
            fixture.Stream.Flush();
            // Disposing the stream a request handed out tears its connection down (dotnet/runtime calls that misuse):
            // what was flushed before it still reached the server.
            fixture.Stream.Dispose();
            Assert.That(fixture.ReadBack(), Is.EqualTo(content));
        }

        /// <summary>
        /// A HEAD request's body is the handler's shared empty stream: the one every response without a body gets (a
        /// 204 here), and the recipe builds nothing else.
        /// </summary>
        [Test]
        public void TheEmptyResponseRecipeGivesTheStreamEveryBodilessResponseShares()
        {
            var recipe = new HttpEmptyResponseRecipe();
            Assert.That(recipe.EmptyOnlyReason, Does.Contain("HEAD, 204, 304, Content-Length: 0"));
            Assert.That(recipe.OpenRead(CheckContext.Content(1)), Is.Null, "it declines content");
            using var fixture = recipe.OpenRead(new byte[0])!;
            var exchange = LoopbackHttpService.Shared.Register(new HttpAnswer { Status = "204 No Content", NoBody = true });
            using var noContent = ReachedTypeRecipe.ResponseContent(exchange, ReachedTypeRecipe.NewClient(),
                new System.Net.Http.HttpRequestMessage(System.Net.Http.HttpMethod.Get, exchange.Url), System.Net.HttpStatusCode.NoContent);
            Assert.That(noContent.Stream, Is.SameAs(fixture.Stream), "a 204's body is the same instance");
            Assert.That(fixture.Stream.GetType().FullName, Is.EqualTo(OnMono ? "System.Net.Http.HttpConnection+EmptyReadStream" : "System.Net.Http.EmptyReadStream"));
            Assert.That(fixture.Stream.Read(new byte[16], 0, 16), Is.EqualTo(0));
            Assert.That(fixture.Stream.ReadByte(), Is.EqualTo(-1));
        }

        [Test]
        public void AHeldBodyIsSentOnlyOnceReleased()
        {
            var content = CheckContext.Content(64);
            using var exchange = LoopbackHttpService.Shared.Register(new HttpAnswer { Body = content, BodyOnRelease = true });
            using var client = new System.Net.Sockets.TcpClient("127.0.0.1", exchange.Url.Port);
            var stream = client.GetStream();
            var request = System.Text.Encoding.ASCII.GetBytes($"GET {exchange.Path} HTTP/1.1\r\nHost: x\r\n\r\n");
            stream.Write(request, 0, request.Length);
            var head = new System.Text.StringBuilder();
            while (!head.ToString().EndsWith("\r\n\r\n", StringComparison.Ordinal)) head.Append((char)stream.ReadByte());
            Assert.That(head.ToString(), Does.Contain("Content-Length: 64"));
            // Without the hold the body follows the head at once; with it nothing comes until the release.
            Assert.That(client.Client.Poll(300_000, System.Net.Sockets.SelectMode.SelectRead), Is.False, "no byte of the body before the release");
            exchange.ReleaseBody();
            var body = new MemoryStream();
            stream.CopyTo(body);
            Assert.That(body.ToArray(), Is.EqualTo(content));
        }

#if MONO_CORLIB
        /// <summary>
        /// Mono 6.8's WebResponseStream ends the stream on a zero-byte read made before the body has arrived, and reads a
        /// body that came with the headers correctly: the recipes send the body after GetResponse, so the finding does not
        /// depend on which of the two a fixture met (it passed in four sweeps of five before).
        /// </summary>
        [Test]
        public void MonosZeroByteReadDefectIsFoundEveryTime()
        {
            var check = CheckCatalog.Select("edge.zero-length").Single();
            foreach (var recipe in new global::StreamConformance.Recipes.StreamRecipe[] { new HttpWebResponseContentLengthRecipe(), new HttpWebResponseGzipRecipe() })
                for (var run = 0; run < 5; run++)
                {
                    var result = check.Run(recipe, new CheckContext { TempDirectory = TempFolder }).Single();
                    Assert.That(result.Outcome, Is.EqualTo(Results.Outcome.Fail), recipe.Variant + ": " + result.Message);
                    Assert.That(result.Message, Does.Contain("ReadByte() after zero-byte reads returned -1"), recipe.Variant);
                }
        }
#endif

        static readonly string[] UnreachedOnDotNet =
        {
            "System.Net.CommandStream", "System.Net.FtpControlStream", "System.Net.FtpDataStream", "System.Net.FtpWebResponse+EmptyStream",
            "System.Net.Http.Http3RequestStream+Http3ReadStream", "System.Net.Http.Http3RequestStream+Http3WriteStream",
            "System.Net.Http.Json.LengthLimitReadStream", "System.Net.NetworkStreamWrapper", "System.Net.Quic.QuicStream",
            // The browser build's (the wasm flavour's pack): HttpClient over JavaScript's fetch.
            "System.Net.Http.BrowserHttpReadStream", "System.Net.Http.BrowserHttpWriteStream", "System.Net.Http.WasmHttpReadStream",
        };

        static readonly string[] UnreachedOnMono =
        {
            "System.Net.CommandStream", "System.Net.FtpControlStream", "System.Net.FtpDataStream", "System.Net.FtpWebResponse+EmptyStream",
            "System.Net.Http.HttpContent+LimitArrayPoolWriteStream",
            "System.Net.NetworkStreamWrapper", "System.Net.TlsStream",
        };

        [Test]
        public void TheUnreachedTypesAreExactlyTheKnownOnesAndSayWhichApiWouldReachThem()
        {
            var unreached = RecipeCatalog.BuiltIn.OfType<UnreachableRecipe>().Where(r => r.Variant == "unreached").ToList();
            Assert.That(unreached.Select(r => r.TypeName).OrderBy(n => n, StringComparer.Ordinal),
                Is.EqualTo((OnMono ? UnreachedOnMono : UnreachedOnDotNet).OrderBy(n => n, StringComparer.Ordinal)));
            foreach (var recipe in unreached)
                Assert.That(recipe.UnavailableReason, Does.Not.Contain("no public method of its assembly returns it").And.Length.GreaterThan(40), recipe.TypeName);
        }
    }
}
