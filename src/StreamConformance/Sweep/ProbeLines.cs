using System;
using System.Collections.Concurrent;
using System.Diagnostics;
using System.IO;
using System.Threading;

namespace StreamConformance.Sweep
{
    /// <summary>
    /// A probe's standard output, line by line: read on a thread of its own and handed to the host's loop without
    /// spinning. A probe reports thousands of events a few milliseconds apart; read through the thread pool and a
    /// <c>BlockingCollection</c>, each one woke a pool thread and a consumer that both spun (<c>sched_yield</c>) before
    /// sleeping, which cost the host more CPU than the events' parsing, on cores the probes measure on.
    /// </summary>
    public sealed class ProbeLines : IDisposable
    {
        readonly ConcurrentQueue<string?> _lines = new ConcurrentQueue<string?>();
        // No spinning before sleeping: a line comes milliseconds apart, never within a spin.
        readonly ManualResetEventSlim _ready = new ManualResetEventSlim(false, spinCount: 0);
        readonly Thread _reader;

        /// <summary>Starts reading <paramref name="output"/> until it ends; its end is handed over as a null line.</summary>
        public ProbeLines(TextReader output)
        {
            _reader = new Thread(() => Read(output)) { IsBackground = true, Name = "streamconf-probe-output" };
            _reader.Start();
        }

        void Read(TextReader output)
        {
            try
            {
                string? line;
                while ((line = output.ReadLine()) != null) Add(line);
            }
            // The process was disposed under the read: its output ended.
            catch (IOException) { }
            catch (ObjectDisposedException) { }
            finally
            {
                Add(null);
            }
        }

        void Add(string? line)
        {
            _lines.Enqueue(line);
            _ready.Set();
        }

        /// <summary>
        /// The next line, waiting up to <paramref name="timeout"/> for it; false when none came in that time. A null
        /// line is the end of the output.
        /// </summary>
        public bool TryTake(out string? line, TimeSpan timeout, CancellationToken cancel)
        {
            // Most lines are already there: the clock starts only when the loop has to wait.
            if (_lines.TryDequeue(out line)) return true;
            var waited = Stopwatch.StartNew();
            while (true)
            {
                _ready.Reset();
                // A line added between the first look and the reset has set nothing the wait would see.
                if (_lines.TryDequeue(out line)) return true;
                var left = timeout - waited.Elapsed;
                if (left <= TimeSpan.Zero || !_ready.Wait(left, cancel)) return false;
                if (_lines.TryDequeue(out line)) return true;
            }
        }

        /// <summary>Lets the reader finish (its process has exited, so its output ends) before the event it signals is gone.</summary>
        public void Dispose()
        {
            if (_reader.Join(TimeSpan.FromSeconds(1))) _ready.Dispose();
        }
    }
}
