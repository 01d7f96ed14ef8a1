// The shadow of Mono 6.8's own System.Net.Sockets.Socket (mcs/class/System/System.Net.Sockets/Socket.cs, compiled
// into System.dll): the [Replace] members give their bodies to the runtime's; the fields, the extern methods and the
// shadow SafeSocketHandle (internal to System.dll) only declare what the bodies use.
//
// Receive(Span<byte>, SocketFlags, out SocketError) allocates new byte[buffer.Length] on every call, receives into it
// through the byte[] overload and copies it out; Receive(Span<byte>, SocketFlags) does the same and passes
// SocketFlags.None instead of its socketFlags. NetworkStream.Read(Span) and ReadByte (corefx's, since mono/mono#16889)
// and PipeStream.ReadCore on a named pipe (its socket) go through them: 40 B per one-byte read. The fix pins the span
// and calls the pointer-taking Receive_internal the byte[] overload already uses (no new internal call); the
// two-argument overload calls the three-argument one with its flags and throws as the byte[] path does.
using System.Runtime.InteropServices;
using StreamConformance.Patching;

namespace System.Net.Sockets
{
    internal sealed class SafeSocketHandle
    {
    }

    public abstract class Socket
    {
        internal SafeSocketHandle m_Handle;
        internal bool is_blocking;
        internal bool is_bound;
        internal bool is_connected;

        internal extern void ThrowIfDisposedAndClosed();

        private static extern unsafe int Receive_internal(SafeSocketHandle safeHandle, byte* buffer, int count, SocketFlags flags, out int error, bool blocking);

        [Replace]
        public int Receive(Span<byte> buffer, SocketFlags socketFlags, out SocketError errorCode)
        {
            ThrowIfDisposedAndClosed();

            int nativeError;
            int ret;
            unsafe {
                fixed (byte* pbuffer = &MemoryMarshal.GetReference(buffer)) {
                    ret = Receive_internal(m_Handle, pbuffer, buffer.Length, socketFlags, out nativeError, is_blocking);
                }
            }

            errorCode = (SocketError)nativeError;
            if (errorCode != SocketError.Success && errorCode != SocketError.WouldBlock && errorCode != SocketError.InProgress) {
                is_connected = false;
                is_bound = false;
            } else {
                is_connected = true;
            }

            return ret;
        }

        [Replace]
        public int Receive(Span<byte> buffer, SocketFlags socketFlags)
        {
            SocketError errorCode;
            int ret = Receive(buffer, socketFlags, out errorCode);
            if (errorCode != SocketError.Success)
                throw new SocketException((int)errorCode);
            return ret;
        }
    }
}
