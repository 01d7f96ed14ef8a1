using System;
using System.IO;

namespace StreamConformance.Tests.Recipes
{
    /// <summary>
    /// The members a read-only, unseekable test stream does not support, written once: a test type overrides Read (and
    /// CanRead or Dispose where it has a source) and nothing else.
    /// </summary>
    public abstract class ReadOnlyTestStream : Stream
    {
        public override bool CanRead => true;
        public override bool CanSeek => false;
        public override bool CanWrite => false;
        public override long Length => throw new NotSupportedException();
        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }
        public override void Flush() { }
        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();
        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }
}
