// The shadow of Mono 6.8's own System.IO.FileStream (mcs/class/corlib/System.IO/FileStream.cs, compiled into
// mscorlib): the [Replace] members give their bodies to the runtime's; the fields, the extern methods and the shadow
// MonoIO / MonoIOError only declare what the bodies use (they map onto mscorlib's internal types).
//
// The stream does not know where the descriptor's offset is, so it lseeks to buf_start before every write of its
// buffer (FlushBuffer) and of a long write (WriteInternal), and Seek flushes the buffer and lseeks even when the
// target lies inside the bytes already read. The fix keeps one invariant (not exposed, seekable):
//   a clean buffer: offset == buf_start + buf_length;  a dirty buffer: offset == buf_start.
// Then a write needs no lseek; the first write into read-ahead data lseeks back once (WriteByte, WriteSegment), a
// flush that leaves the offset elsewhere (a partly consumed buffer) puts it back, and a Seek inside a clean buffer
// only moves buf_offset.
using Microsoft.Win32.SafeHandles;
using System.Runtime.InteropServices;
using StreamConformance.Patching;

namespace System.IO
{
    internal enum MonoIOError
    {
        ERROR_SUCCESS = 0,
    }

    internal static class MonoIO
    {
        public static extern long Seek(SafeHandle safeHandle, long offset, SeekOrigin origin, out MonoIOError error);
        public static extern int Write(SafeHandle safeHandle, byte[] src, int src_offset, int count, out MonoIOError error);
        public static extern Exception GetException(string path, MonoIOError error);
    }

    public abstract class FileStream : Stream
    {
        private byte[] buf;
        private string name;
        private SafeFileHandle safeHandle;
        private bool isExposed;
        private long append_startpos;
        private bool buf_dirty;
        private int buf_size;
        private int buf_length;
        private int buf_offset;
        private long buf_start;

        private extern string GetSecureFileName(string filename);

        [Replace]
        public override void WriteByte(byte value)
        {
            if (safeHandle.IsClosed)
                throw new ObjectDisposedException("Stream has been closed");

            if (!CanWrite)
                throw new NotSupportedException("Stream does not support writing");

            if (buf_offset == buf_size)
                FlushBuffer();

            if (buf_size == 0) { // No buffering
                buf[0] = value;
                buf_dirty = true;
                buf_length = 1;
                FlushBuffer();
                return;
            }

            if (!buf_dirty && buf_length > 0 && CanSeek && !isExposed) {
                // Writing into read-ahead data: the offset is at its end; a dirty buffer keeps it at buf_start.
                MonoIOError error;
                MonoIO.Seek(safeHandle, buf_start, SeekOrigin.Begin, out error);
                if (error != MonoIOError.ERROR_SUCCESS)
                    throw MonoIO.GetException(GetSecureFileName(name), error);
            }

            buf[buf_offset++] = value;
            if (buf_offset > buf_length)
                buf_length = buf_offset;

            buf_dirty = true;
        }

        [Replace]
        private void WriteInternal(byte[] src, int offset, int count)
        {
            if (count > buf_size) {
                // shortcut for long writes
                MonoIOError error;

                // Leaves the buffer empty and the offset at buf_start.
                FlushBuffer();

                int wcount = count;

                while (wcount > 0) {
                    int n = MonoIO.Write(safeHandle, src, offset, wcount, out error);
                    if (error != MonoIOError.ERROR_SUCCESS)
                        throw MonoIO.GetException(GetSecureFileName(name), error);

                    wcount -= n;
                    offset += n;
                }
                buf_start += count;
            } else {

                int copied = 0;
                while (count > 0) {

                    int n = WriteSegment(src, offset + copied, count);
                    copied += n;
                    count -= n;

                    if (count == 0) {
                        break;
                    }

                    FlushBuffer();
                }
            }
        }

        [Replace]
        public override long Seek(long offset, SeekOrigin origin)
        {
            long pos;

            if (safeHandle.IsClosed)
                throw new ObjectDisposedException("Stream has been closed");

            // make absolute

            if (CanSeek == false) {
                throw new NotSupportedException("The stream does not support seeking");
            }

            switch (origin) {
            case SeekOrigin.End:
                pos = Length + offset;
                break;

            case SeekOrigin.Current:
                pos = Position + offset;
                break;

            case SeekOrigin.Begin:
                pos = offset;
                break;

            default:
                throw new ArgumentException("origin", "Invalid SeekOrigin");
            }

            if (pos < 0) {
                /* LAMESPEC: shouldn't this be
                 * ArgumentOutOfRangeException?
                 */
                throw new IOException("Attempted to Seek before the beginning of the stream");
            }

            if (pos < this.append_startpos) {
                /* More undocumented crap */
                throw new IOException("Can't seek back over pre-existing data in append mode");
            }

            if (!isExposed && !buf_dirty && pos >= buf_start && pos <= buf_start + buf_length) {
                // Inside the bytes already read: move within the buffer, keep it, make no call.
                buf_offset = (int)(pos - buf_start);
                return pos;
            }

            if (buf_dirty)
                FlushBuffer();
            else
                buf_offset = buf_length = 0; // read-ahead dropped; the lseek below places the offset

            MonoIOError error;

            buf_start = MonoIO.Seek(safeHandle, pos, SeekOrigin.Begin, out error);

            if (error != MonoIOError.ERROR_SUCCESS) {
                // don't leak the path information for isolated storage
                throw MonoIO.GetException(GetSecureFileName(name), error);
            }

            return (buf_start);
        }

        [Replace]
        private int WriteSegment(byte[] src, int src_offset, int count)
        {
            if (count > buf_size - buf_offset) {
                count = buf_size - buf_offset;
            }

            if (count > 0) {
                if (!buf_dirty && buf_length > 0 && CanSeek && !isExposed) {
                    // Writing into read-ahead data: the offset is at its end; a dirty buffer keeps it at buf_start.
                    MonoIOError error;
                    MonoIO.Seek(safeHandle, buf_start, SeekOrigin.Begin, out error);
                    if (error != MonoIOError.ERROR_SUCCESS)
                        throw MonoIO.GetException(GetSecureFileName(name), error);
                }

                Buffer.BlockCopy(src, src_offset,
                                  buf, buf_offset,
                                  count);
                buf_offset += count;
                if (buf_offset > buf_length) {
                    buf_length = buf_offset;
                }

                buf_dirty = true;
            }

            return (count);
        }

        [Replace]
        private void FlushBuffer()
        {
            // The offset is buf_start + buf_length for a clean buffer, buf_start for a dirty one.
            long end = buf_start + buf_length;
            if (buf_dirty) {
                MonoIOError error;

                int wcount = buf_length;
                int offset = 0;
                while (wcount > 0) {
                    int n = MonoIO.Write(safeHandle, buf, offset, buf_length, out error);
                    if (error != MonoIOError.ERROR_SUCCESS) {
                        // don't leak the path information for isolated storage
                        throw MonoIO.GetException(GetSecureFileName(name), error);
                    }
                    wcount -= n;
                    offset += n;
                }
            }

            buf_start += buf_offset;
            if (end != buf_start && CanSeek && !isExposed) {
                // A partly consumed buffer: put the offset back at the new buf_start, where an empty buffer keeps it.
                MonoIOError error;
                MonoIO.Seek(safeHandle, buf_start, SeekOrigin.Begin, out error);
                if (error != MonoIOError.ERROR_SUCCESS)
                    throw MonoIO.GetException(GetSecureFileName(name), error);
            }
            buf_offset = buf_length = 0;
            buf_dirty = false;
        }
    }
}
