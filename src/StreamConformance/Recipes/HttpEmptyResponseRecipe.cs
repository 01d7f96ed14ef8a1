using System.Net;
using System.Net.Http;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// HttpClient's body of a response that has none: the content stream of a HEAD request (ResponseHeadersRead) to the
    /// shared loopback server, which answers with headers alone. The handler hands out one shared EmptyReadStream (Mono
    /// 6.8: HttpConnection+EmptyReadStream) for every HEAD, 204, 304 or Content-Length: 0 response, so the recipe builds it
    /// over empty content only. Its Dispose does nothing, by design (every such response shares the instance), so its
    /// members keep working afterwards: dotnet/runtime's suite holds HTTP response streams to no rule after Dispose.
    /// </summary>
    public sealed class HttpEmptyResponseRecipe : ReachedTypeRecipe
    {
        public override string Variant => "HEAD response content";
        public override string TypeName => DeclaredName.Of("System.Net.Http.EmptyReadStream", mono: "System.Net.Http.HttpConnection+EmptyReadStream");
        public override string? UnavailableReason => LoopbackHttpService.UnavailableReason;
        public override string? EmptyOnlyReason =>
            "HttpClient hands it out only as the body of a response without one (HEAD, 204, 304, Content-Length: 0)";
        public override bool MembersThrowAfterDispose => false;

        public override StreamFixture? OpenRead(byte[] content)
        {
            if (content.Length != 0) return null;
            var exchange = LoopbackHttpService.Shared.Register(new HttpAnswer());
            return ResponseContent(exchange, NewClient(), new HttpRequestMessage(HttpMethod.Head, exchange.Url), HttpStatusCode.OK);
        }
    }
}
