using System;
using System.Net;
using System.Net.Http;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// A recipe for an internal type reached through public API. The type differs between runtimes and versions, so the
    /// recipe declares it per runtime (<see cref="DeclaredName"/>) and every stream it opens is held to that
    /// (<see cref="StreamRecipe.ReachesDeclaredType"/>): loading the catalog opens nothing.
    /// </summary>
    public abstract class ReachedTypeRecipe : StreamRecipe
    {
        protected override bool ReachesDeclaredType => true;

        internal static HttpClient NewClient(DecompressionMethods decompression = DecompressionMethods.None) =>
            new HttpClient(new HttpClientHandler { UseProxy = false, AllowAutoRedirect = false, AutomaticDecompression = decompression })
            {
                Timeout = RecipeEnvironment.HelperTimeout,
            };

        /// <summary>
        /// The content stream of the response to <paramref name="request"/> (sent ResponseHeadersRead on the loopback
        /// server's <paramref name="exchange"/>), which must have the <paramref name="expected"/> status; the fixture owns
        /// the response, the client and the exchange, and disposes them if the stream cannot be had.
        /// </summary>
        internal static StreamFixture ResponseContent(HttpExchange exchange, HttpClient client, HttpRequestMessage request,
            HttpStatusCode expected, Func<byte[]>? readBack = null)
        {
            using var build = new FixtureBuilder();
            build.Own(exchange);
            build.Own(client);
            var response = build.Own(client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead).GetAwaiter().GetResult());
            if (response.StatusCode != expected)
                throw new InvalidOperationException($"the loopback server answered {(int)response.StatusCode}, not {(int)expected}");
            var stream = response.Content.ReadAsStreamAsync().GetAwaiter().GetResult();
            // The exchange goes first: a server socket closed under an unread body spares the response's drain on Dispose.
            return build.Fixture(stream, readBack, response, client, exchange);
        }
    }
}
