// Licensed to the .NET Foundation under one or more agreements.
// The .NET Foundation licenses this file to you under the MIT license.

using System.Collections.Generic;
using System.Linq;
using Xunit;

namespace System.IO.Tests
{
    public class BufferedStream_StreamAsync
    {
        [Fact]
        public void WriteByte_WritesWholeBuffersToUnderlyingStream()
        {
            const int BufferSize = 16;
            byte[] data = Enumerable.Range(0, BufferSize * 4).Select(i => (byte)i).ToArray();
            var underlying = new WriteRecordingStream();
            var buffered = new BufferedStream(underlying, BufferSize);

            foreach (byte b in data)
            {
                buffered.WriteByte(b);
            }
            buffered.Flush();

            Assert.Equal(new[] { BufferSize, BufferSize, BufferSize, BufferSize }, underlying.Writes);
            Assert.Equal(data, underlying.ToArray());
        }

        [Fact]
        public void WriteByte_UnderlyingWriteThrows_NextWriteByteWritesTheBufferAndTheByte()
        {
            const int BufferSize = 16;
            byte[] data = Enumerable.Range(0, BufferSize * 3).Select(i => (byte)i).ToArray();
            var underlying = new WriteRecordingStream();
            var buffered = new BufferedStream(underlying, BufferSize);

            int failures = 0;
            for (int i = 0; i < data.Length; i++)
            {
                if (i == BufferSize + 1)
                {
                    underlying.ThrowOnNextWrite = true;
                }

                try
                {
                    buffered.WriteByte(data[i]);
                }
                catch (IOException)
                {
                    // The byte whose WriteByte threw was not stored: write it again.
                    failures++;
                    buffered.WriteByte(data[i]);
                }
            }
            buffered.Flush();

            Assert.Equal(1, failures);
            Assert.Equal(data.Length, buffered.Position);
            Assert.Equal(data, underlying.ToArray());
        }

        private sealed class WriteRecordingStream : MemoryStream
        {
            public List<int> Writes { get; } = new List<int>();

            public bool ThrowOnNextWrite { get; set; }

            public override void Write(byte[] buffer, int offset, int count)
            {
                Record(count);
                base.Write(buffer, offset, count);
            }

            public override void Write(ReadOnlySpan<byte> buffer)
            {
                Record(buffer.Length);
                base.Write(buffer);
            }

            private void Record(int count)
            {
                if (ThrowOnNextWrite)
                {
                    ThrowOnNextWrite = false;
                    throw new IOException();
                }

                Writes.Add(count);
            }
        }
    }
}
