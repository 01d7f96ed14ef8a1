// Licensed to the .NET Foundation under one or more agreements.
// The .NET Foundation licenses this file to you under the MIT license.

using System.Data.SqlTypes;
using System.IO;
using Xunit;

namespace System.Data.Tests.SqlTypes
{
    public class SqlBytesTest
    {
        [Fact]
        public void Write_StreamWritesOnlyTheGivenSliceTest()
        {
            byte[] b1 = { 33, 34, 35, 36, 37, 38, 39, 40, 41, 42 };
            byte[] b2 = new byte[10];
            SqlBytes bytes = new SqlBytes(b2);

            using Stream stream = bytes.Stream;
            stream.Write(b1, 2, 4);

            Assert.Equal(4, stream.Position);
            Assert.Equal(new byte[] { 35, 36, 37, 38, 0, 0, 0, 0, 0, 0 }, bytes.Value);
        }
    }
}
