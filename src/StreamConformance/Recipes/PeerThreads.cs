using System;
using System.IO;
using System.Threading;

namespace StreamConformance.Recipes
{
    // One concept: the threads at a pipe's or socket's other end: Feeder writes the content, Drainer reads what is written.
    /// <summary>
    /// The other end of a pipe or socket: a background thread that writes the content and then closes its end,
    /// so the stream under test sees exactly the content followed by end-of-stream. For a pipe onto itself the "end"
    /// is the stream under test, and closing it is ending its writing, not disposing it.
    /// </summary>
    sealed class Feeder : IDisposable
    {
        readonly Stream _end;
        readonly Thread _thread;

        /// <param name="close">Ends what the reader sees after the content; disposing the end by default.</param>
        public Feeder(Stream end, byte[] content, Action? afterWrite = null, Action? close = null)
        {
            _end = end;
            close ??= end.Dispose;
            _thread = new Thread(() =>
            {
                try
                {
                    if (content.Length > 0) _end.Write(content, 0, content.Length);
                    _end.Flush();
                    afterWrite?.Invoke();
                }
                catch (Exception) { } // the reader went away early: nothing left to feed
                finally
                {
                    try { close(); }
                    catch (Exception) { }
                }
            }) { IsBackground = true, Name = "streamconf-feeder" };
            _thread.Start();
        }

        public void Dispose()
        {
            // Normally the thread is done; if the stream under test was disposed unread, the write fails and it ends.
            if (!_thread.Join(RecipeEnvironment.HelperTimeout))
            {
                try { _end.Dispose(); }
                catch (Exception) { }
                _thread.Join(RecipeEnvironment.HelperTimeout);
            }
        }
    }

    /// <summary>
    /// The other end of a pipe or socket for a writable fixture: a background thread that reads until
    /// end-of-stream, so read-back is complete once the stream under test is disposed.
    /// </summary>
    sealed class Drainer : IDisposable
    {
        readonly Stream _end;
        readonly Thread _thread;
        readonly MemoryStream _received = new MemoryStream();

        /// <param name="end">The peer's end, read until end-of-stream.</param>
        /// <param name="first">Runs on the drainer thread before it starts reading (e.g. send something first).</param>
        /// <param name="closeAtEnd">Close the peer's end as soon as its end-of-stream arrives (a WebSocket answers the close handshake so).</param>
        public Drainer(Stream end, Action? first = null, bool closeAtEnd = false)
        {
            _end = end;
            _thread = new Thread(() =>
            {
                var buffer = new byte[16384];
                try
                {
                    first?.Invoke();
                    int n;
                    while ((n = _end.Read(buffer, 0, buffer.Length)) > 0)
                        lock (_received) _received.Write(buffer, 0, n);
                    if (closeAtEnd) _end.Dispose();
                }
                catch (Exception) { } // closed under us: what arrived so far is the result
            }) { IsBackground = true, Name = "streamconf-drainer" };
            _thread.Start();
        }

        /// <summary>What arrived, after waiting (bounded) for end-of-stream.</summary>
        public byte[] Received()
        {
            _thread.Join(RecipeEnvironment.HelperTimeout);
            lock (_received) return _received.ToArray();
        }

        public void Dispose()
        {
            // The fixture disposed the stream under test first, so end-of-stream is on its way; a peer that
            // still does not finish is closed under the thread.
            if (!_thread.Join(RecipeEnvironment.HelperTimeout))
            {
                try { _end.Dispose(); }
                catch (Exception) { }
                _thread.Join(RecipeEnvironment.HelperTimeout);
            }
            try { _end.Dispose(); }
            catch (Exception) { }
        }
    }
}
