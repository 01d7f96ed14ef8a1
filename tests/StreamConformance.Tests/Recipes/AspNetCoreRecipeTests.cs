using System;
using System.Linq;
using System.Net;
using System.Net.Sockets;
using NUnit.Framework;
using StreamConformance.Checks;
using StreamConformance.Recipes;

namespace StreamConformance.Tests.Recipes
{
    /// <summary>
    /// ASP.NET Core's streams, reached through a real Kestrel server on loopback and public APIs: each recipe builds the
    /// internal type it names, the ones that cannot be reached say why (never the generic sentence), and a server that
    /// cannot start makes the recipes unavailable with its reason. .NET only: Mono has no ASP.NET Core.
    /// </summary>
    public sealed class AspNetCoreRecipeTests
    {
        static bool OnMono => Type.GetType("Mono.Runtime") != null;

        static void DotNetOnly()
        {
            if (OnMono) Assert.Ignore("ASP.NET Core does not run on Mono: its recipes are not built for net472");
        }

        static StreamRecipe[] AspNetCoreRecipes() =>
            RecipeCatalog.BuiltIn.Where(r => r.TypeName.StartsWith("Microsoft.AspNetCore.", StringComparison.Ordinal)).ToArray();

        /// <summary>Built here (the ASP.NET Core 10 shared framework is installed beside .NET 10).</summary>
        static readonly string[] ExpectedBuilt =
        {
            "Microsoft.AspNetCore.Http.ReferenceReadStream [IFormFile.OpenReadStream]",
            "Microsoft.AspNetCore.HttpLogging.RequestBufferingStream [UseHttpLogging request body]",
            "Microsoft.AspNetCore.HttpLogging.ResponseBufferingStream [UseHttpLogging response body]",
            "Microsoft.AspNetCore.OutputCaching.OutputCacheStream [UseOutputCache cacheable response]",
            "Microsoft.AspNetCore.ResponseCaching.ResponseCachingStream [UseResponseCaching cacheable response]",
            "Microsoft.AspNetCore.ResponseCompression.ResponseCompressionBody [UseResponseCompression gzip]",
            "Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Http.HttpRequestStream [request chunked]",
            "Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Http.HttpRequestStream [request content-length]",
            "Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Http.HttpResponseStream [response chunked]",
            "Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Http.HttpUpgradeStream [IHttpUpgradeFeature.UpgradeAsync]",
            "Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Infrastructure.StatusCheckWriteStream [refused HTTP/2 extended CONNECT]",
            "Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Infrastructure.WrappingStream [response of an upgradeable request]",
            "Microsoft.AspNetCore.WebUtilities.BufferedReadStream [over unseekable, bufferSize=4096]",
            "Microsoft.AspNetCore.WebUtilities.FileBufferingReadStream [memoryThreshold=0 (temp file)]",
            "Microsoft.AspNetCore.WebUtilities.FileBufferingReadStream [memoryThreshold=30720]",
            "Microsoft.AspNetCore.WebUtilities.FileBufferingWriteStream [memoryThreshold=0 (temp file)]",
            "Microsoft.AspNetCore.WebUtilities.FileBufferingWriteStream [memoryThreshold=32768]",
            "Microsoft.AspNetCore.WebUtilities.MultipartReaderStream [MultipartReader section over Request.Body]",
        };

        [Test]
        public void TheAvailableRecipesAreExactlyTheExpectedOnes()
        {
            DotNetOnly();
            var available = AspNetCoreRecipes().Where(r => r.UnavailableReason == null).Select(r => r.ToString()).OrderBy(n => n, StringComparer.Ordinal).ToList();
            var reasons = string.Join("\n", AspNetCoreRecipes().Where(r => r.UnavailableReason != null).Select(r => r + ": " + r.UnavailableReason));
            Assert.That(available, Is.EqualTo(ExpectedBuilt), reasons);
        }

        [Test]
        public void EachAvailableRecipeBuildsTheTypeItNames()
        {
            DotNetOnly();
            var content = CheckContext.Content(64);
            foreach (var recipe in AspNetCoreRecipes().Where(r => r.UnavailableReason == null))
            {
                var opened = 0;
                foreach (StreamAccess access in Enum.GetValues(typeof(StreamAccess)))
                {
                    using var fixture = recipe.Open(access, content);
                    if (fixture == null) continue;
                    opened++;
                    Assert.That(fixture.Stream.GetType().FullName, Is.EqualTo(recipe.TypeName), $"{recipe} {access}");
                }
                Assert.That(opened, Is.GreaterThan(0), recipe + " opened nothing");
            }
        }

        /// <summary>The runtime streams reached through the same Kestrel: HttpClient's HTTP/2 streams (h2c) and RequestDecompression's body.</summary>
        static readonly string[] ThroughKestrel =
        {
            "SizeLimitedStream [UseRequestDecompression gzip]",
            "System.Net.Http.Http2Connection+Http2Stream+Http2ReadStream [HTTP/2 response content (h2c, Kestrel)]",
            "System.Net.Http.Http2Connection+Http2Stream+Http2ReadWriteStream [accepted HTTP/2 extended CONNECT (h2c, Kestrel)]",
            "System.Net.Http.Http2Connection+Http2Stream+Http2WriteStream [HTTP/2 request content (h2c, Kestrel)]",
        };

        [TestCaseSource(nameof(ThroughKestrel))]
        public void AStreamReachedThroughKestrelIsTheTypeItNamesAndCarriesItsContent(string name)
        {
            DotNetOnly();
            var recipe = RecipeCatalog.BuiltIn.Single(r => r.ToString() == name);
            Assert.That(recipe.UnavailableReason, Is.Null);
            var content = CheckContext.Content(100_000);
            var opened = 0;
            if (recipe.OpenRead(content) is { } reader)
            {
                using (reader)
                {
                    opened++;
                    Assert.That(reader.Stream.GetType().FullName, Is.EqualTo(recipe.TypeName));
                    var read = new System.IO.MemoryStream();
                    reader.Stream.CopyTo(read);
                    Assert.That(read.ToArray(), Is.EqualTo(content), "the stream's content is what was sent");
                }
            }
            if (recipe.OpenWrite() is { } writer)
            {
                using (writer)
                {
                    opened++;
                    Assert.That(writer.Stream.GetType().FullName, Is.EqualTo(recipe.TypeName));
                    writer.Stream.Write(content, 0, content.Length);
                    writer.Stream.Flush();
                    Assert.That(writer.ReadBack(), Is.EqualTo(content), "the server received what was written");
                }
            }
            Assert.That(opened, Is.GreaterThan(0));
        }

        [Test]
        public void EveryUnreachableTypeSaysWhichApiWouldReachIt()
        {
            DotNetOnly();
            var unavailable = AspNetCoreRecipes().Where(r => r.UnavailableReason != null).ToList();
            Assert.That(unavailable.Select(r => r.TypeName), Does.Contain("Microsoft.AspNetCore.Server.HttpSys.RequestStream"));
            Assert.That(unavailable.Select(r => r.TypeName), Does.Contain("Microsoft.AspNetCore.Server.IIS.Core.HttpRequestStream"));
            foreach (var recipe in unavailable)
                Assert.That(recipe.UnavailableReason, Does.Not.Contain("not public, and no public method"), recipe.ToString());
        }

        [Test]
        public void ARuntimeWithoutTheFrameworkIsNamedInTheReason()
        {
            DotNetOnly();
#if !MONO_CORLIB
            var missing = AspNetCoreFramework.Locate("/nonexistent/dotnet/shared/Microsoft.NETCore.App/8.0.33");
            Assert.That(missing.Folder, Is.Null);
            Assert.That(missing.Reason, Does.Contain("Microsoft.AspNetCore.App 8.0.x"));
            var here = AspNetCoreFramework.Locate(System.IO.Path.GetDirectoryName(typeof(object).Assembly.Location)!);
            Assert.That(here.Reason, Is.Null, "this machine's .NET has its ASP.NET Core framework beside it");
#endif
        }

        [Test]
        public void AServerThatCannotStartGivesAReasonAndNoServer()
        {
            DotNetOnly();
#if !MONO_CORLIB
            AspNetCoreFramework.Register();
            // The port is taken by a listener of ours, so Kestrel's bind fails at once (no timing involved).
            var taken = new TcpListener(IPAddress.Loopback, 0);
            taken.Start();
            try
            {
                var port = ((IPEndPoint)taken.LocalEndpoint).Port;
                var (server, reason) = StreamConformance.Recipes.AspNetCore.KestrelLoopback.TryStart(port);
                Assert.That(server, Is.Null);
                Assert.That(reason, Does.StartWith("Kestrel on 127.0.0.1 did not start:"));
                Assert.That(reason, Does.Contain("address").IgnoreCase);
            }
            finally
            {
                taken.Stop();
            }
#endif
        }
    }
}
