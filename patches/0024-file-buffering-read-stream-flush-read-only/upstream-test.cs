// Licensed to the .NET Foundation under one or more agreements.
// The .NET Foundation licenses this file to you under the MIT license.

using System.IO;
using System.Threading.Tasks;
using Xunit;

namespace Microsoft.AspNetCore.WebUtilities;

public class FileBufferingReadStreamTests
{
    [Fact]
    public async Task Flush_ReadOnlyStream_DoesNotThrowOrAffectReading()
    {
        var inner = new MemoryStream(new byte[] { 1, 2, 3, 4, 5, 6, 7, 8 });
        using var stream = new FileBufferingReadStream(inner, 1024, null, Path.GetTempPath());
        var bytes = new byte[4];
        Assert.Equal(4, stream.Read(bytes, 0, 4));
        Assert.False(stream.CanWrite);

        stream.Flush();
        await stream.FlushAsync();

        Assert.Equal(4, stream.Position);
        Assert.Equal(4, stream.Read(bytes, 0, 4));
        Assert.Equal(new byte[] { 5, 6, 7, 8 }, bytes);
    }
}
