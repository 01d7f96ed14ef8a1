// The shadow of .NET's internal System.Net.Http.MultipartContent.ContentReadStream (what MultipartContent's
// ReadAsStream/ReadAsStreamAsync return when every part's stream can seek): the [Replace] members give their bodies to
// the runtime's; the [Original] externs call the runtime's own bodies behind the new check.
//
// Dispose disposes the part streams and records nothing, so the stream still says CanRead and CanSeek and answers
// Position and Length afterwards. The upstream diff adds a _disposed field; a woven body can only use fields the
// runtime type has, so here _next (the index of the next part stream, never negative while the stream is open) set to
// -1 marks the stream disposed. Every member the diff checks is checked the same way, in the same place.
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using StreamConformance.Patching;

namespace System.Net.Http
{
    internal abstract class MultipartContent
    {
        private abstract class ContentReadStream : Stream
        {
            private readonly Stream[] _streams;
            private readonly long _length;
            private int _next;
            private long _position;

            [Replace]
            protected override void Dispose(bool disposing)
            {
                _next = -1;
                if (disposing)
                {
                    foreach (Stream s in _streams)
                    {
                        s.Dispose();
                    }
                }
            }

            [Replace]
            public override ValueTask DisposeAsync()
            {
                _next = -1;
                return OriginalDisposeAsync();
            }

            [Original("DisposeAsync")]
            private extern ValueTask OriginalDisposeAsync();

            [Replace]
            public override bool CanRead => _next >= 0;

            [Replace]
            public override bool CanSeek => _next >= 0;

            [Replace]
            public override int Read(byte[] buffer, int offset, int count)
            {
                ValidateBufferArguments(buffer, offset, count);
                ObjectDisposedException.ThrowIf(_next < 0, this);
                return OriginalRead(buffer, offset, count);
            }

            [Original("Read")]
            private extern int OriginalRead(byte[] buffer, int offset, int count);

            [Replace]
            public override int Read(Span<byte> buffer)
            {
                ObjectDisposedException.ThrowIf(_next < 0, this);
                return OriginalRead(buffer);
            }

            [Original("Read")]
            private extern int OriginalRead(Span<byte> buffer);

            [Replace]
            public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
            {
                ValidateBufferArguments(buffer, offset, count);
                ObjectDisposedException.ThrowIf(_next < 0, this);
                return OriginalReadAsync(buffer, offset, count, cancellationToken);
            }

            [Original("ReadAsync")]
            private extern Task<int> OriginalReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken);

            [Replace]
            public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken)
            {
                ObjectDisposedException.ThrowIf(_next < 0, this);
                return OriginalReadAsync(buffer, cancellationToken);
            }

            [Original("ReadAsync")]
            private extern ValueTask<int> OriginalReadAsync(Memory<byte> buffer, CancellationToken cancellationToken);

            [Replace]
            public override long Position
            {
                get
                {
                    ObjectDisposedException.ThrowIf(_next < 0, this);
                    return _position;
                }
                set
                {
                    ObjectDisposedException.ThrowIf(_next < 0, this);
                    OriginalSetPosition(value);
                }
            }

            [Original("set_Position")]
            private extern void OriginalSetPosition(long value);

            [Replace]
            public override long Length
            {
                get
                {
                    ObjectDisposedException.ThrowIf(_next < 0, this);
                    return _length;
                }
            }
        }
    }
}
