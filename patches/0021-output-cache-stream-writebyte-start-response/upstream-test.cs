// Licensed to the .NET Foundation under one or more agreements.
// The .NET Foundation licenses this file to you under the MIT license.

using System.IO;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Primitives;
using Xunit;

namespace Microsoft.AspNetCore.OutputCaching.Tests;

public class OutputCacheTests
{
    [Fact]
    public async Task WriteByte_FinalizesCacheHeadersBeforeWritingTheBody()
    {
        var services = new ServiceCollection()
            .AddLogging()
            .AddOutputCache(options => options.AddBasePolicy(policy => policy.Cache()))
            .BuildServiceProvider();
        var app = new ApplicationBuilder(services);
        app.UseOutputCache();
        app.Run(context =>
        {
            context.Response.Body.WriteByte((byte)'a');
            return Task.CompletedTask;
        });
        var context = new DefaultHttpContext { RequestServices = services };
        context.Request.Method = HttpMethods.Get;
        context.Request.Path = "/";
        var body = new FirstWriteStream(context.Response);
        context.Response.Body = body;

        await app.Build()(context);

        // The server sends the headers with the first byte: the middleware's (Date) must be set by then, as Write does.
        Assert.True(body.Written);
        Assert.False(StringValues.IsNullOrEmpty(body.DateAtFirstWrite));
    }

    private sealed class FirstWriteStream : MemoryStream
    {
        private readonly HttpResponse _response;

        public FirstWriteStream(HttpResponse response) => _response = response;

        public bool Written { get; private set; }

        public StringValues DateAtFirstWrite { get; private set; }

        public override void Write(byte[] buffer, int offset, int count)
        {
            OnWrite();
            base.Write(buffer, offset, count);
        }

        public override void WriteByte(byte value)
        {
            OnWrite();
            base.WriteByte(value);
        }

        private void OnWrite()
        {
            if (!Written)
            {
                Written = true;
                DateAtFirstWrite = _response.Headers.Date;
            }
        }
    }
}
