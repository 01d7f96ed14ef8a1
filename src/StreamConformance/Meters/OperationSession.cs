using System;
using StreamConformance.Recipes;

namespace StreamConformance.Meters
{
    /// <summary>
    /// One stream opened for one operation: <see cref="Call"/> performs the operation once and can be called as
    /// many times as the session was opened for. Meters call <see cref="Rewind"/> between warm-up and the
    /// measured window, outside of it, so the measured calls find the state the warm-up left (buffers grown,
    /// store large enough) without paying for a rewind.
    /// </summary>
    public sealed class OperationSession : IDisposable
    {
        readonly StreamFixture? _fixture;
        readonly Action? _rewind;

        /// <param name="pass">See <see cref="Pass"/>; an operation's sessions get theirs from <see cref="StreamOperation"/>.</param>
        public OperationSession(Action call, Action? rewind = null, StreamFixture? fixture = null, Action<int>? pass = null)
        {
            Call = call;
            _rewind = rewind;
            _fixture = fixture;
            Pass = pass;
        }

        /// <summary>The operation, once. A closure over the stream and its buffers: invoking it does not allocate.</summary>
        public Action Call { get; }

        /// <summary>Set by a read that returned 0 (end of stream) or a call that otherwise could not do its work: the figure would not be the operation's.</summary>
        public string? Anomaly { get; set; }

        /// <summary>Something worth saying about the calls that does not spoil the figure, e.g. "completed asynchronously".</summary>
        public string? Note { get; set; }

        /// <summary>Set by an asynchronous operation whose call did not complete synchronously: its work (and allocations) ran on other threads.</summary>
        public bool CompletedAsynchronously { get; set; }

        /// <summary>
        /// The same operation as a loop generated for the stream's own type (<see cref="DirectLoop"/>), or null where the
        /// call cannot be spelled directly (a call that may complete on another thread waits for it inside <see cref="Call"/>).
        /// </summary>
        public DirectLoop? Loop { get; private set; }

        /// <summary>The stream and buffer <see cref="Loop"/> is run on.</summary>
        public System.IO.Stream? LoopStream { get; private set; }
        public byte[]? LoopBuffer { get; private set; }

        /// <summary>Gives the session a direct loop over <paramref name="stream"/>: the meters time it instead of <see cref="Call"/>.</summary>
        public OperationSession WithLoop(DirectLoop? loop, System.IO.Stream stream, byte[]? buffer = null)
        {
            Loop = loop;
            LoopStream = stream;
            LoopBuffer = buffer;
            return this;
        }

        /// <summary>
        /// Moves a stream that cannot be rewound past the content <c>n</c> calls would read or write, in a few large calls; null
        /// where the stream is rewound before its measured calls anyway or the operation moves no content.
        /// A meter passes a stream's opening bytes this way instead of one call at a time: on a slow stream (Mono's HTTP
        /// bodies, ~150 µs a 1-byte read) single calls took seconds per figure, and how far they got followed the machine.
        /// </summary>
        public Action<int>? Pass { get; private set; }

        /// <summary>Gives the session its <see cref="Pass"/> (an operation's, from the stream it opened).</summary>
        internal OperationSession WithPass(Action<int>? pass)
        {
            Pass = pass;
            return this;
        }

        /// <summary>Returns the stream to where it was before the first call (seekable streams); does nothing otherwise.</summary>
        public void Rewind() => _rewind?.Invoke();

        public void Dispose() => _fixture?.Dispose();
    }
}
