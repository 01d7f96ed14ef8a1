// Licensed to the .NET Foundation under one or more agreements.
// The .NET Foundation licenses this file to you under the MIT license.

using System;
using System.IO;
using System.Threading.Tasks;
using Xunit;

namespace Microsoft.AspNetCore.WebUtilities;

public class FileBufferingWriteStreamTests : IDisposable
{
    private readonly string TempDirectory = Path.Combine(Path.GetTempPath(), "FileBufferingWriteTests", Path.GetRandomFileName());

    public FileBufferingWriteStreamTests()
    {
        Directory.CreateDirectory(TempDirectory);
    }

    [Theory]
    [InlineData(32 * 1024)]
    [InlineData(0)]
    public void CanWrite_ReturnsFalse_AfterDispose(int memoryThreshold)
    {
        // Arrange
        var bufferingStream = new FileBufferingWriteStream(memoryThreshold, tempFileDirectoryAccessor: () => TempDirectory);
        bufferingStream.Write(new byte[] { 1, 2, 3 }, 0, 3);
        Assert.True(bufferingStream.CanWrite);

        // Act
        bufferingStream.Dispose();

        // Assert
        Assert.False(bufferingStream.CanWrite);
        Assert.Throws<ObjectDisposedException>(() => bufferingStream.Write(new byte[1], 0, 1));
    }

    [Fact]
    public async Task CanWrite_ReturnsFalse_AfterDisposeAsync()
    {
        // Arrange
        var bufferingStream = new FileBufferingWriteStream(tempFileDirectoryAccessor: () => TempDirectory);

        // Act
        await bufferingStream.DisposeAsync();

        // Assert
        Assert.False(bufferingStream.CanWrite);
        await Assert.ThrowsAsync<ObjectDisposedException>(() => bufferingStream.WriteAsync(new byte[1], 0, 1));
    }

    public void Dispose()
    {
        try
        {
            Directory.Delete(TempDirectory, recursive: true);
        }
        catch
        {
        }
    }
}
