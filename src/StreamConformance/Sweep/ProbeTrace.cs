using System.Collections.Generic;
using System.Linq;
using StreamConformance.Probe;
using StreamConformance.Results;

namespace StreamConformance.Sweep
{
    // One concept: a probe request's trace and the phase it tracks, which sets the silence allowed.
    /// <summary>Where a probe process is in its request, as far as the silence allowed to it goes.</summary>
    public enum ProbePhase
    {
        /// <summary>Started, no hello yet: the runtime starts and JIT-compiles the harness.</summary>
        Starting,
        /// <summary>A type announced and not yet built: its recipes open their streams.</summary>
        Building,
        /// <summary>After hello or a type's built event: checks run.</summary>
        Checking,
    }

    /// <summary>
    /// The one record of a probe request's events, over every process it took (a fresh one after each crash or hang).
    /// The launcher reads where the current process is (what a crash is blamed on, where to resume); the watchdog
    /// (<see cref="SilenceLimit"/>) its phase and the figures the probe reported; the clock (<see cref="Clock"/>) the
    /// steps' start and end; the sweep and the scenario sweep what it reported (built, static-only, results).
    /// </summary>
    public sealed class ProbeTrace
    {
        /// <summary>Processes started for the request (1 when nothing crashed or hung).</summary>
        public int Processes { get; private set; }

        // The current process.
        public int EventCount { get; private set; }
        /// <summary>The process said done: every item of its request was handled.</summary>
        public bool Completed { get; private set; }
        public ProbePhase Phase { get; private set; }
        /// <summary>The last type announced, and the last step announced in it: what a crash or hang is blamed on.</summary>
        public string? Type { get; private set; }
        public string? Variant { get; private set; }
        public string? Check { get; private set; }
        /// <summary>How the current process ended when it did not complete (killed, or died with its exit code): for the host's crash results.</summary>
        public string LastEnd { get; internal set; } = "";
        /// <summary>Steps this process finished (<see cref="ProbeRequest.Key"/>): a fresh probe skips them.</summary>
        public HashSet<string> Finished { get; } = new HashSet<string>();
        /// <summary>The slowest single open of the type being checked, from its built event.</summary>
        public double? SlowestOpen { get; private set; }
        /// <summary>How long the step about to start is expected to take, announced by the probe; until the next event other than a heartbeat.</summary>
        public double? AnnouncedStep { get; private set; }

        // What the probe reported, over every process.
        /// <summary>The runtime as the first hello described it.</summary>
        public RuntimeInfo? Runtime { get; private set; }
        public List<BuiltEvent> Built { get; } = new List<BuiltEvent>();
        /// <summary>Types whose synthesized round trips a probe deferred past their limit: later probes of the run build them without.</summary>
        public IEnumerable<string> DeferredRoundTrips => Built.Where(b => b.RoundTripDeferred == true).Select(b => b.Type);
        public List<StaticOnlyEvent> StaticOnly { get; } = new List<StaticOnlyEvent>();
        /// <summary>Results in arrival order: the probe's, and the host's timeout and crash results.</summary>
        public List<CheckResult> Results { get; } = new List<CheckResult>();
        public List<ScenarioEvent> Scenarios { get; } = new List<ScenarioEvent>();

        public ProbeClock Clock { get; } = new ProbeClock();

        /// <summary>A fresh process starts: nothing is known of it yet.</summary>
        public void StartProcess()
        {
            Processes++;
            EventCount = 0;
            Completed = false;
            Phase = ProbePhase.Starting;
            Type = Variant = Check = null;
            LastEnd = "";
            Finished.Clear();
            SlowestOpen = AnnouncedStep = null;
        }

        /// <summary>Folds one of the current process's events in.</summary>
        public void Observe(ProbeEvent ev)
        {
            EventCount++;
            Clock.Observe(ev);
            if (!(ev is AliveEvent)) AnnouncedStep = null;
            switch (ev)
            {
                case HelloEvent hello:
                    Runtime ??= hello.Runtime;
                    Phase = ProbePhase.Checking;
                    SlowestOpen = null;
                    break;
                case TypeEvent type:
                    Type = type.Type;
                    Variant = Check = null;
                    Phase = ProbePhase.Building;
                    SlowestOpen = null;
                    break;
                case BuiltEvent built:
                    Built.Add(built);
                    Phase = ProbePhase.Checking;
                    SlowestOpen = built.Seconds ?? 0;
                    break;
                case StaticOnlyEvent staticOnly:
                    StaticOnly.Add(staticOnly);
                    break;
                case CheckEvent check:
                    if (Check != null) Finished.Add(ProbeRequest.Key(Type!, Variant ?? "", Check));
                    Variant = check.Variant;
                    Check = check.Check;
                    break;
                case ResultEvent result:
                    Results.Add(result.Result);
                    break;
                case ScenarioEvent scenario:
                    Scenarios.Add(scenario);
                    break;
                case AliveEvent alive:
                    if (alive.Seconds is double step) AnnouncedStep = step;
                    break;
                case DoneEvent _:
                    Completed = true;
                    break;
            }
        }

        /// <summary>A result the host gives when the probe could not (a timeout, a crash).</summary>
        public void AddHostResult(CheckResult result) => Results.Add(result);
    }
}
