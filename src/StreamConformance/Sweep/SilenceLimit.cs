using System;
using System.Globalization;

namespace StreamConformance.Sweep
{
    /// <summary>
    /// How long the probe may stay silent before the step it is in is declared hung, read from the request's
    /// <see cref="ProbeTrace"/> and derived from what the probe measured: a slow but working stream gets time in
    /// proportion to its own figures, a real hang is still caught.
    /// <list type="bullet">
    /// <item>Building a type's streams: <see cref="ConstructLimit"/>, longer than the recipes' own waits for their
    /// peers (<c>RecipeEnvironment.HelperTimeout</c>), so a recipe whose server never answers reports why itself.</item>
    /// <item>A check: <see cref="CheckTimeout"/> plus <see cref="OpenFactor"/> times the slowest open of the type's
    /// streams, the pilot figure the probe reports when the type is built (every check opens fresh streams).</item>
    /// <item>A meter's step it announced in advance (a window sized from its own pilot): <see cref="StepFactor"/>
    /// times that estimate, when it is longer than the check's limit, until the next result.</item>
    /// <item>A plain heartbeat restarts the silence and keeps the limit in force.</item>
    /// <item>Before the probe's hello: the start timeout.</item>
    /// </list>
    /// Never more than <see cref="Ceiling"/>: a stream that spins forever is still a timeout. The silence measured against
    /// the limit is the probe's own time, without what it spent waiting for a CPU (<see cref="ProbeSilence"/>).
    /// </summary>
    public sealed class SilenceLimit
    {
        readonly ProbeTrace _trace;
        readonly TimeSpan _startTimeout;

        public SilenceLimit(ProbeTrace trace, TimeSpan checkTimeout, TimeSpan startTimeout)
        {
            _trace = trace;
            CheckTimeout = checkTimeout;
            _startTimeout = startTimeout;
        }

        public TimeSpan CheckTimeout { get; }

        /// <summary>The limit while a type's streams are built (every recipe, every access).</summary>
        public TimeSpan ConstructLimit => Max(CheckTimeout, TimeSpan.FromTicks(HelperWaits * Recipes.RecipeEnvironment.HelperTimeout.Ticks));

        /// <summary>A recipe may wait on its peer twice (to connect, then to be answered) before it reports why.</summary>
        const int HelperWaits = 2;

        public const double OpenFactor = 4, StepFactor = 3;

        public static readonly TimeSpan Ceiling = TimeSpan.FromMinutes(2);

        /// <summary>The silence allowed from the trace's last event on.</summary>
        public TimeSpan Current => Limit().Limit;

        /// <summary>Where <see cref="Current"/> comes from, for the timeout's message.</summary>
        public string Reason => Limit().Reason;

        (TimeSpan Limit, string Reason) Limit()
        {
            if (_trace.Phase == ProbePhase.Starting) return (_startTimeout, "to start and say hello");
            var phase = PhaseLimit();
            // An announced step keeps its limit through the plain heartbeats inside it, until the next result.
            if (_trace.AnnouncedStep is double step && Clamp(TimeSpan.FromSeconds(StepFactor * step)) is var announced && announced > phase.Limit)
                return (announced, string.Format(CultureInfo.InvariantCulture, "for a step announced at {0:0.###} s, ×{1}", step, StepFactor));
            return phase;
        }

        /// <summary>The limit of the phase the probe is in (building a type, or running its checks) and why.</summary>
        (TimeSpan Limit, string Reason) PhaseLimit()
        {
            if (_trace.Phase == ProbePhase.Building) return (ConstructLimit, "to build the type's streams");
            if (!(_trace.SlowestOpen is double open)) return (CheckTimeout, "per check");
            return (Clamp(CheckTimeout + TimeSpan.FromSeconds(OpenFactor * open)), open > 0
                ? string.Format(CultureInfo.InvariantCulture, "per check, {0:0.#} s + {1}× its slowest open of {2:0.###} s", CheckTimeout.TotalSeconds, OpenFactor, open)
                : "per check");
        }

        /// <summary>The timeout's message: how long, why that long, and how much longer the clock ran while the probe waited for a CPU (<see cref="ProbeSilence"/>).</summary>
        public string Describe(SilenceSpan silence = default)
        {
            var waited = silence.Words();
            return string.Format(CultureInfo.InvariantCulture, "no result within {0:0.#} s ({1}){2}; the probe was killed",
                Current.TotalSeconds, Reason, waited.Length == 0 ? "" : " of the probe's own time: " + waited);
        }

        static TimeSpan Clamp(TimeSpan t) => t > Ceiling ? Ceiling : t;
        static TimeSpan Max(TimeSpan a, TimeSpan b) => a > b ? a : b;
    }
}
