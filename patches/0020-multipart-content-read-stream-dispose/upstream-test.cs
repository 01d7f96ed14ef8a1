// Licensed to the .NET Foundation under one or more agreements.
// The .NET Foundation licenses this file to you under the MIT license.

using System.IO;
using System.Threading.Tasks;

using Xunit;

namespace System.Net.Http.Functional.Tests
{
    public class MultipartContentTest
    {
        [Theory]
        [InlineData(true)]
        [InlineData(false)]
        public async Task ReadAsStreamAsync_Disposed_CapabilitiesFalseAndMembersThrow(bool readStreamAsync)
        {
            var mc = new MultipartContent("someSubtype", "theBoundary");
            mc.Add(new ByteArrayContent("This is a ByteArrayContent"u8.ToArray()));

            Stream s = readStreamAsync ? await mc.ReadAsStreamAsync() : mc.ReadAsStream();
            Assert.True(s.CanRead);
            Assert.True(s.CanSeek);

            s.Dispose();

            Assert.False(s.CanRead);
            Assert.False(s.CanWrite);
            Assert.False(s.CanSeek);
            Assert.Throws<ObjectDisposedException>(() => s.Length);
            Assert.Throws<ObjectDisposedException>(() => s.Position);
            Assert.Throws<ObjectDisposedException>(() => s.Position = 0);
            Assert.Throws<ObjectDisposedException>(() => s.Seek(0, SeekOrigin.Begin));
            Assert.Throws<ObjectDisposedException>(() => s.Read(new byte[1], 0, 1));
            Assert.Throws<ObjectDisposedException>(() => s.Read(new byte[1].AsSpan()));
            await Assert.ThrowsAsync<ObjectDisposedException>(() => s.ReadAsync(new byte[1], 0, 1));
            await Assert.ThrowsAsync<ObjectDisposedException>(async () => await s.ReadAsync(new byte[1].AsMemory()));
        }

        [Fact]
        public async Task ReadAsStreamAsync_DisposedAsync_CapabilitiesFalseAndMembersThrow()
        {
            var mc = new MultipartContent("someSubtype", "theBoundary");
            mc.Add(new ByteArrayContent("This is a ByteArrayContent"u8.ToArray()));

            Stream s = await mc.ReadAsStreamAsync();
            await s.DisposeAsync();

            Assert.False(s.CanRead);
            Assert.False(s.CanSeek);
            Assert.Throws<ObjectDisposedException>(() => s.Length);
            Assert.Throws<ObjectDisposedException>(() => s.Position);
        }
    }
}
