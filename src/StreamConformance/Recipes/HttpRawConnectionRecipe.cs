using System;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// HttpConnection+RawConnectionStream: the response content of a request the loopback server answers with
    /// 101 Switching Protocols; from then on the connection is a raw byte pipe both ways. Read: the server writes the
    /// content and ends its side; write: the read-back is what the server got until the client closed.
    /// </summary>
    public sealed class HttpRawConnectionRecipe : LoopbackHttpBodyRecipe
    {
        public override string Variant => "101 upgrade";
        public override string TypeName => "System.Net.Http.HttpConnection+RawConnectionStream";
        public override bool ReadsReadUntilSizeOrEof => false;
        public override bool WritesVisibleAfterFlush => false;

        public override StreamFixture? OpenRead(byte[] content) => Open(new HttpAnswer { Upgrade = true, Body = content });

        public override StreamFixture? OpenWrite() => Open(new HttpAnswer { Upgrade = true, RecordAfterUpgrade = true });

        static StreamFixture Open(HttpAnswer answer)
        {
            var exchange = LoopbackHttpService.Shared.Register(answer);
            var request = new HttpRequestMessage(HttpMethod.Get, exchange.Url);
            request.Headers.Connection.Add("Upgrade");
            request.Headers.Upgrade.Add(new ProductHeaderValue("streamconf"));
            return ResponseContent(exchange, NewClient(), request, HttpStatusCode.SwitchingProtocols,
                answer.RecordAfterUpgrade ? exchange.Received : (Func<byte[]>?)null);
        }
    }
}
