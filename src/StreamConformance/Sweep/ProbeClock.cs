using System;
using System.Collections.Generic;
using System.Diagnostics;
using StreamConformance.Probe;
using StreamConformance.Results;

namespace StreamConformance.Sweep
{
    /// <summary>
    /// Attributes the time between a probe's events to the step that was running, to the type being handled and to
    /// the probe processes as a whole, over every process of a request (a process that died ends at its last event).
    /// </summary>
    public sealed class ProbeClock
    {
        readonly Stopwatch _clock = Stopwatch.StartNew();
        string? _check, _type;
        double _checkStarted, _typeStarted, _probeStarted = -1, _lastEvent;

        public Dictionary<string, double> CheckSeconds { get; } = new Dictionary<string, double>(StringComparer.Ordinal);
        public Dictionary<string, double> TypeSeconds { get; } = new Dictionary<string, double>(StringComparer.Ordinal);
        public double ProbeSeconds { get; private set; }

        public void Observe(ProbeEvent ev)
        {
            var now = _clock.Elapsed.TotalSeconds;
            if (ev is HelloEvent)
            {
                // The previous probe died or was killed (no "done"): it was at work until its last event.
                EndProbe(_lastEvent);
                _probeStarted = now;
            }
            _lastEvent = now;
            // A step runs until the probe reports anything other than its results and heartbeats.
            if (_check != null && !(ev is ResultEvent) && !(ev is AliveEvent))
            {
                Add(CheckSeconds, _check, now - _checkStarted);
                _check = null;
            }
            if (_type != null && (ev is TypeEvent || ev is DoneEvent || ev is HelloEvent))
            {
                Add(TypeSeconds, _type, now - _typeStarted);
                _type = null;
            }
            switch (ev)
            {
                case TypeEvent type:
                    _type = type.Type;
                    _typeStarted = now;
                    break;
                case CheckEvent check:
                    _check = check.Check;
                    _checkStarted = now;
                    break;
                case DoneEvent _:
                    EndProbe(now);
                    break;
            }
        }

        /// <summary>The request is over: a probe still counted as running was at work until its last event.</summary>
        public void Finish() => EndProbe(_lastEvent);

        /// <summary>Adds these figures to a runtime's (several requests' clocks go into one run).</summary>
        public void AddTo(RuntimeRun run)
        {
            foreach (var p in CheckSeconds) Add(run.CheckSeconds, p.Key, p.Value);
            foreach (var p in TypeSeconds) Add(run.TypeSeconds, p.Key, p.Value);
            run.ProbeSeconds += ProbeSeconds;
        }

        void EndProbe(double at)
        {
            if (_probeStarted >= 0) ProbeSeconds += at - _probeStarted;
            _probeStarted = -1;
        }

        static void Add(IDictionary<string, double> seconds, string key, double more)
        {
            seconds.TryGetValue(key, out var sum);
            seconds[key] = Math.Round(sum + more, 3);
        }
    }
}
