// Licensed to the .NET Foundation under one or more agreements.
// The .NET Foundation licenses this file to you under the MIT license.

using System.IO;
using System.Text;
using Xunit;

namespace System.Security.Cryptography.Tests
{
    public class CryptoStreamTests
    {
        [Theory]
        [InlineData(false)]
        [InlineData(true)]
        public static void ReadByte_MatchesRead_WithoutAllocating(bool base64)
        {
            byte[] plaintext = CreatePlaintext();

            using (Aes aes = CreateAes())
            {
                byte[] input = base64 ?
                    Encoding.ASCII.GetBytes(Convert.ToBase64String(plaintext)) :
                    aes.EncryptCbc(plaintext, aes.IV);

                byte[] expected = new byte[plaintext.Length];
                using (ICryptoTransform decryptor = CreateReadTransform(aes, base64))
                using (CryptoStream decryptStream = new CryptoStream(new MemoryStream(input), decryptor, CryptoStreamMode.Read))
                {
                    decryptStream.ReadExactly(expected);
                    Assert.Equal(0, decryptStream.Read(new byte[1], 0, 1));
                }
                Assert.Equal(plaintext, expected);

                // The first pass brings every path ReadByte takes into use; the second is measured.
                int[] values = new int[plaintext.Length + 1];
                long allocated = 0;
                for (int pass = 0; pass < 2; pass++)
                {
                    using (ICryptoTransform decryptor = CreateReadTransform(aes, base64))
                    using (CryptoStream decryptStream = new CryptoStream(new MemoryStream(input), decryptor, CryptoStreamMode.Read))
                    {
                        // Measure past the first blocks (a decryptor allocates its state on first use) and
                        // short of the final block, whose transform returns a new array.
                        int start = 64, end = values.Length - 64;
                        for (int i = 0; i < start; i++)
                        {
                            values[i] = decryptStream.ReadByte();
                        }

                        long before = GC.GetAllocatedBytesForCurrentThread();
                        for (int i = start; i < end; i++)
                        {
                            values[i] = decryptStream.ReadByte();
                        }
                        allocated = GC.GetAllocatedBytesForCurrentThread() - before;

                        for (int i = end; i < values.Length; i++)
                        {
                            values[i] = decryptStream.ReadByte();
                        }
                    }
                }

                for (int i = 0; i < plaintext.Length; i++)
                {
                    Assert.Equal(expected[i], values[i]);
                }
                Assert.Equal(-1, values[plaintext.Length]);
                Assert.Equal(0, allocated);
            }
        }

        private static byte[] CreatePlaintext()
        {
            byte[] plaintext = new byte[4096];
            for (int i = 0; i < plaintext.Length; i++)
            {
                plaintext[i] = (byte)(i * 7 + 3);
            }
            return plaintext;
        }

        private static Aes CreateAes()
        {
            Aes aes = Aes.Create();
            aes.Mode = CipherMode.CBC;
            aes.Key = aes.IV = new byte[] { 0x0, 0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0x7, 0x8, 0x9, 0xA, 0xB, 0xC, 0xD, 0xE, 0xF, };
            return aes;
        }

        private static ICryptoTransform CreateReadTransform(Aes aes, bool base64) =>
            base64 ? new FromBase64Transform() : aes.CreateDecryptor();
    }
}
