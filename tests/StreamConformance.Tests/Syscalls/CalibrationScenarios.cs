using System;
using System.IO;
using System.Runtime.InteropServices;
using StreamConformance.Checks;
using StreamConformance.Meters.Syscalls;
using StreamConformance.Meters.Syscalls.Scenarios;

namespace StreamConformance.Tests.Syscalls
{
    /// <summary>
    /// A read-only stream over a FileStream's descriptor that positions the descriptor with lseek before every
    /// read, as the seed 003 FileStream did before every ReadAsync: deliberately wasteful, for the meter to flag.
    /// lseek is called directly because .NET's own FileStream.Seek never reaches the kernel.
    /// </summary>
    sealed class SeekPerReadStream : Stream
    {
        readonly FileStream _inner;
        // Taken once: on .NET, each SafeFileHandle get re-synchronises the descriptor's offset with its own lseek.
        readonly int _fd;
        long _position;

        public SeekPerReadStream(FileStream inner)
        {
            _inner = inner;
            _fd = checked((int)inner.SafeFileHandle.DangerousGetHandle().ToInt64());
        }

        [DllImport("libc.so.6", SetLastError = true)]
        static extern long lseek(int fd, long offset, int whence);

        public override int Read(byte[] buffer, int offset, int count)
        {
            if (lseek(_fd, _position, 0) != _position) throw new IOException("lseek failed: errno " + Marshal.GetLastWin32Error());
            var n = _inner.Read(buffer, offset, count);
            _position += n;
            return n;
        }

        public override bool CanRead => true;
        public override bool CanSeek => false;
        public override bool CanWrite => false;
        public override long Length => throw new NotSupportedException();
        public override long Position { get => _position; set => throw new NotSupportedException(); }
        public override void Flush() { }
        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();
        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        protected override void Dispose(bool disposing)
        {
            if (disposing) _inner.Dispose();
            base.Dispose(disposing);
        }
    }

    /// <summary>The same wrapper done right: it forwards reads and lets the FileStream keep its position.</summary>
    sealed class ForwardingReadStream : Stream
    {
        readonly FileStream _inner;

        public ForwardingReadStream(FileStream inner) => _inner = inner;

        public override int Read(byte[] buffer, int offset, int count) => _inner.Read(buffer, offset, count);
        public override bool CanRead => true;
        public override bool CanSeek => false;
        public override bool CanWrite => false;
        public override long Length => throw new NotSupportedException();
        public override long Position { get => _inner.Position; set => throw new NotSupportedException(); }
        public override void Flush() { }
        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();
        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        protected override void Dispose(bool disposing)
        {
            if (disposing) _inner.Dispose();
            base.Dispose(disposing);
        }
    }

    /// <summary>
    /// Calibration scenarios, loaded by the traced child from this test assembly: a wrapper over an unbuffered
    /// FileStream (bufferSize 1) reads a whole file. Parameters: chunk, length. Operations: the Read calls.
    /// </summary>
    public abstract class WrapperReadScenario : ISyscallScenario
    {
        public abstract string Name { get; }

        protected abstract Stream Wrap(FileStream inner);

        public int Run(SyscallCell cell, SyscallRegion region)
        {
            var content = CheckContext.Content(cell.GetInt("length"));
            var path = region.NewFile(content);
            region.WatchFile(path);
            using var stream = Wrap(ScenarioFiles.Open(path, FileMode.Open, FileAccess.Read, "sync", "1"));
            var buffer = new byte[cell.GetInt("chunk")];
            var read = new MemoryStream();
            var operations = 0;
            region.Begin();
            int n;
            do { n = stream.Read(buffer, 0, buffer.Length); operations++; read.Write(buffer, 0, n); } while (n > 0);
            region.End();
            ScenarioFiles.Expect(content, read.ToArray(), "the bytes read");
            return operations;
        }
    }

    public sealed class SeekPerReadScenario : WrapperReadScenario
    {
        public override string Name => "demo.seek-per-read";
        protected override Stream Wrap(FileStream inner) => new SeekPerReadStream(inner);
    }

    public sealed class CorrectWrapperScenario : WrapperReadScenario
    {
        public override string Name => "demo.correct";
        protected override Stream Wrap(FileStream inner) => new ForwardingReadStream(inner);
    }

    /// <summary>Ends the traced child before it writes any report: a family whose child dies takes its batch with it.</summary>
    public sealed class ChildExitScenario : ISyscallScenario
    {
        public string Name => "demo.child-exit";

        public int Run(SyscallCell cell, SyscallRegion region)
        {
            Environment.Exit(3);
            return 0;
        }
    }
}
