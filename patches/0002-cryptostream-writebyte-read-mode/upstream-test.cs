// Licensed to the .NET Foundation under one or more agreements.
// The .NET Foundation licenses this file to you under the MIT license.

using System.IO;
using Xunit;

namespace System.Security.Cryptography.Tests
{
    public class CryptoStreamTests
    {
        [Theory]
        [InlineData(false)]
        [InlineData(true)]
        public static void WriteByte_ReadMode_ThrowsNotSupportedException(bool useAes)
        {
            using (Aes aes = Aes.Create())
            using (ICryptoTransform transform = useAes ? aes.CreateDecryptor() : new ToBase64Transform())
            using (CryptoStream decryptStream = new CryptoStream(new MemoryStream(new byte[64]), transform, CryptoStreamMode.Read))
            {
                Assert.False(decryptStream.CanWrite);
                Assert.Throws<NotSupportedException>(() => decryptStream.Write(new byte[] { 1 }, 0, 1));

                // The input buffer has room for the byte, but the stream does not write.
                Assert.Throws<NotSupportedException>(() => decryptStream.WriteByte(1));
            }
        }
    }
}
