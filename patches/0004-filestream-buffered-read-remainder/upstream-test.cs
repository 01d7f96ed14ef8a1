// Licensed to the .NET Foundation under one or more agreements.
// The .NET Foundation licenses this file to you under the MIT license.

using System.Linq;
using Xunit;

namespace System.IO.Tests
{
    public class FileStream_BufferedReads
    {
        [Theory]
        [InlineData(FileOptions.None)]
        [InlineData(FileOptions.Asynchronous)]
        [PlatformSpecific(TestPlatforms.Linux)] // counts the thread's read system calls in /proc/thread-self/io
        public void SmallReads_IssueNoMoreReadsThanBufferedStream(FileOptions options)
        {
            const string ThreadIoPath = "/proc/thread-self/io";

            const int BufferSize = 4096;
            string filePath = Path.Combine(Path.GetTempPath(), Path.GetRandomFileName());
            File.WriteAllBytes(filePath, new byte[BufferSize * 16]);
            try
            {
                Func<Stream> fileStream = () => new FileStream(filePath, FileMode.Open, FileAccess.Read, FileShare.Read, BufferSize, options);
                Func<Stream> bufferedStream = () => new BufferedStream(new FileStream(filePath, FileMode.Open, FileAccess.Read, FileShare.Read, bufferSize: 0, options), BufferSize);

                // Reads of 100 bytes never line up with the buffer: each fill finds a remainder left in the
                // buffer. Once the remainder is served, the rest is read by filling the buffer again, so both
                // streams fill it once per 4096 bytes of the file.
                ReadAllInSmallReads(fileStream);
                ReadAllInSmallReads(bufferedStream);
                long fileStreamReads = ReadAllInSmallReads(fileStream);
                long bufferedStreamReads = ReadAllInSmallReads(bufferedStream);

                Assert.InRange(fileStreamReads, 0, bufferedStreamReads);
            }
            finally
            {
                File.Delete(filePath);
            }

            long ReadAllInSmallReads(Func<Stream> open)
            {
                using (Stream stream = open())
                {
                    byte[] buffer = new byte[100];
                    long before = ReadSystemCalls();
                    long total = 0;
                    int read;
                    while ((read = stream.Read(buffer, 0, buffer.Length)) > 0)
                    {
                        total += read;
                    }
                    long after = ReadSystemCalls();

                    Assert.Equal(BufferSize * 16, total);
                    return after - before;
                }
            }

            static long ReadSystemCalls() =>
                long.Parse(File.ReadAllLines(ThreadIoPath).Single(line => line.StartsWith("syscr:", StringComparison.Ordinal)).Substring("syscr:".Length));
        }
    }
}
