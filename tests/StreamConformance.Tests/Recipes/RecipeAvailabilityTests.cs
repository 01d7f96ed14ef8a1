using System.Linq;
using NUnit.Framework;
using StreamConformance.Meters;
using StreamConformance.Recipes;

namespace StreamConformance.Tests.Recipes
{
    /// <summary>
    /// Which recipes cannot run here is asserted exactly, per runtime: a recipe that breaks must fail a test, not
    /// turn into one more silent skip. Each entry is there for a reason the recipe itself states.
    /// </summary>
    public sealed class RecipeAvailabilityTests
    {
        static bool OnMono => System.Type.GetType("Mono.Runtime") != null;

        [Test]
        public void TheUnavailableRecipesAreExactlyTheKnownOnes()
        {
            // Types no recipe reaches by design are rows of an unreachable-type table, held in UnreachableTypeTests (and the HTTP
            // client family's exactly in HttpClientRecipeTests).
            var unavailable = RecipeCatalog.BuiltIn.Where(r => r.UnavailableReason != null && !(r is UnreachableRecipe)).Select(r => r.ToString() + ": " + r.UnavailableReason).OrderBy(x => x).ToList();
            var names = unavailable.Select(x => x.Substring(0, x.IndexOf(": ", System.StringComparison.Ordinal)))
                .Where(n => !(OnMono ? MayBeUnavailableOnMono : new string[0]).Contains(n))
                .Where(n => !n.StartsWith("Microsoft.AspNetCore.", System.StringComparison.Ordinal)).ToList(); // AspNetCoreRecipeTests
            Assert.That(names, Is.EqualTo(OnMono ? ExpectedOnMono : ExpectedOnDotNet), string.Join("\n", unavailable));
        }

        static readonly string[] ExpectedOnDotNet =
        {
            "System.ConsolePal+UnixConsoleStream [Console.OpenStandardInput]",   // the process's own standard streams
            "System.ConsolePal+UnixConsoleStream [Console.OpenStandardOutput]",
            "System.IO.IsolatedStorage.IsolatedStorageFileStream",               // here its store would be the user's (only the probe moves it)
            "System.Net.Security.NegotiateStream [loopback client]",             // no NTLM/Negotiate over loopback here
            "System.Net.WebSockets.WebSocketStream",                             // only its private nested classes are ever instantiated
        };

        static readonly string[] ExpectedOnMono =
        {
            "System.IO.FileStream [bufferSize=0]",                               // Mono's constructor rejects 0 (.NET's means unbuffered)
            "System.IO.FileStream [Console.OpenStandardInput]",
            "System.IO.FileStream [Console.OpenStandardOutput]",
            "System.IO.IsolatedStorage.IsolatedStorageFileStream",
            "System.IO.MemoryMappedFiles.MemoryMappedViewStream [anonymous]",    // Mono 6.8 aborts on an anonymous map
            "System.Net.Security.NegotiateStream [loopback client]",             // NotImplementedException on Mono
        };

        /// <summary>
        /// Known to come and go: Mono 6.8's loopback TLS handshake with an in-process self-signed certificate fails
        /// now and then even after three attempts (1 of 4 test runs on the development machine). Listed, not hidden.
        /// </summary>
        static readonly string[] MayBeUnavailableOnMono = { "System.Net.Security.SslStream [loopback-tls client]" };

        [Test]
        public void TheAllocationMeterIsAvailableOnThisMachine()
        {
            // Both runtimes have a per-thread allocation counter; if this fails, every allocation test only skipped.
            Assert.That(AllocationMeter.UnavailableReason, Is.Null);
        }
    }
}
