// Licensed to the .NET Foundation under one or more agreements.
// The .NET Foundation licenses this file to you under the MIT license.

using System.Data.SqlTypes;
using System.IO;
using System.Threading.Tasks;
using Xunit;

namespace System.Data.Tests.SqlTypes
{
    public class SqlBytesTest
    {
        [Fact]
        public async Task Flush_StreamClosedTest()
        {
            SqlBytes bytes = new SqlBytes(new byte[10]);
            Stream stream = bytes.Stream;
            stream.Dispose();

            Assert.Throws<InvalidOperationException>(() => stream.Flush());
            await Assert.ThrowsAsync<InvalidOperationException>(() => stream.FlushAsync());
        }
    }
}
