// Licensed to the .NET Foundation under one or more agreements.
// The .NET Foundation licenses this file to you under the MIT license.

using System.Linq;
using Xunit;

namespace System.IO.Tests
{
    public partial class FileStream_Flush
    {
        [Fact]
        public void WriteByte_BufferReachesTheFileWhenFull()
        {
            const int BufferSize = 16;
            string fileName = Path.GetTempFileName();
            byte[] data = Enumerable.Range(0, BufferSize * 4).Select(i => (byte)i).ToArray();

            using (FileStream fs = new FileStream(fileName, FileMode.Create, FileAccess.Write, FileShare.ReadWrite | FileShare.Delete, BufferSize, FileOptions.DeleteOnClose))
            using (FileStream fsr = new FileStream(fileName, FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete))
            {
                for (int i = 0; i < data.Length; i++)
                {
                    fs.WriteByte(data[i]);

                    // Nothing reaches the file until the buffer is full, and then the whole buffer does.
                    Assert.Equal(i / BufferSize * BufferSize, fsr.Length);
                }

                fs.Flush();
                Assert.Equal(data.Length, fsr.Length);

                byte[] read = new byte[data.Length];
                Assert.Equal(data.Length, fsr.Read(read, 0, read.Length));
                Assert.Equal(data, read);
            }
        }

        [Fact]
        public void WriteByte_FullBuffer_OtherOperationsSeeEveryByte()
        {
            const int BufferSize = 16;
            string fileName = Path.GetTempFileName();

            using (FileStream fs = new FileStream(fileName, FileMode.Create, FileAccess.ReadWrite, FileShare.None, BufferSize, FileOptions.DeleteOnClose))
            {
                for (int i = 0; i < BufferSize; i++)
                {
                    fs.WriteByte((byte)i);
                }

                Assert.Equal(BufferSize, fs.Position);
                Assert.Equal(BufferSize, fs.Length);

                fs.Write(new byte[] { 100, 101 }, 0, 2);
                fs.WriteByte(102);
                Assert.Equal(BufferSize + 3, fs.Length);

                fs.Seek(0, SeekOrigin.Begin);
                byte[] read = new byte[BufferSize + 3];
                Assert.Equal(read.Length, fs.Read(read, 0, read.Length));
                Assert.Equal(Enumerable.Range(0, BufferSize).Select(i => (byte)i).Concat(new byte[] { 100, 101, 102 }).ToArray(), read);
            }
        }
    }
}
