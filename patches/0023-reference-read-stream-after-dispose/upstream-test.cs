// Licensed to the .NET Foundation under one or more agreements.
// The .NET Foundation licenses this file to you under the MIT license.

using System;
using System.IO;
using Xunit;

namespace Microsoft.AspNetCore.Http;

public class ReferenceReadStreamTests
{
    [Fact]
    public void Dispose_CapabilitiesFalseAndMembersThrow()
    {
        var inner = new MemoryStream(new byte[] { 1, 2, 3, 4, 5, 6, 7, 8 });
        var stream = new FormFile(inner, 2, 4, "file", "file.bin").OpenReadStream();
        Assert.True(stream.CanRead);
        Assert.True(stream.CanSeek);

        stream.Dispose();

        Assert.False(stream.CanRead);
        Assert.False(stream.CanSeek);
        Assert.False(stream.CanWrite);
        Assert.Throws<ObjectDisposedException>(() => stream.Length);
        Assert.Throws<ObjectDisposedException>(() => stream.Position);
        Assert.Throws<ObjectDisposedException>(() => stream.Position = 0);
        Assert.Throws<ObjectDisposedException>(() => stream.Seek(0, SeekOrigin.Begin));
        Assert.Throws<ObjectDisposedException>(() => stream.Read(new byte[1], 0, 1));
    }
}
