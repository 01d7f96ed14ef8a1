using System;
using System.Globalization;
using StreamConformance.Probe;

namespace StreamConformance.Sweep
{
    /// <summary>
    /// How long the probe may stay silent before the step it is in is declared hung, derived from what the probe
    /// measured: a slow but working stream gets time in proportion to its own figures, a real hang is still caught.
    /// <list type="bullet">
    /// <item>Building a type's streams: <see cref="ConstructLimit"/>, longer than the recipes' own waits for their
    /// peers (<c>RecipeEnvironment.HelperTimeout</c>), so a recipe whose server never answers reports why itself.</item>
    /// <item>A check: <see cref="CheckTimeout"/> plus <see cref="OpenFactor"/> times the slowest open of the type's
    /// streams, the pilot figure the probe reports when the type is built (every check opens fresh streams).</item>
    /// <item>A meter's step it announced in advance (a window sized from its own pilot): <see cref="StepFactor"/>
    /// times that estimate, when it is longer than the check's limit, until the next result.</item>
    /// <item>A plain heartbeat restarts the silence and keeps the limit in force.</item>
    /// </list>
    /// Never more than <see cref="Ceiling"/>: a stream that spins forever is still a timeout.
    /// </summary>
    public sealed class SilenceLimit
    {
        public SilenceLimit(TimeSpan checkTimeout, TimeSpan startTimeout)
        {
            CheckTimeout = _base = checkTimeout;
            Current = startTimeout;
            Reason = "to start and say hello";
        }

        public TimeSpan CheckTimeout { get; }

        /// <summary>The limit while a type's streams are built (every recipe, every access).</summary>
        public TimeSpan ConstructLimit => Max(CheckTimeout, TimeSpan.FromTicks(HelperWaits * Recipes.RecipeEnvironment.HelperTimeout.Ticks));

        /// <summary>A recipe may wait on its peer twice (to connect, then to be answered) before it reports why.</summary>
        const int HelperWaits = 2;

        public const double OpenFactor = 4, StepFactor = 3;

        public static readonly TimeSpan Ceiling = TimeSpan.FromMinutes(2);

        /// <summary>The silence allowed from now on.</summary>
        public TimeSpan Current { get; private set; }

        /// <summary>Where <see cref="Current"/> comes from, for the timeout's message.</summary>
        public string Reason { get; private set; }

        // The limit of the phase the probe is in (building a type, or running its checks) and why.
        TimeSpan _base;
        string _baseReason = "per check";

        /// <summary>Follows the probe's event stream: each event resets the silence and may change its limit.</summary>
        public void Observe(ProbeEvent ev)
        {
            switch (ev.Kind)
            {
                case ProbeEvent.TypeStart:
                    _base = ConstructLimit;
                    _baseReason = "to build the type's streams";
                    break;
                case ProbeEvent.Built:
                    var open = ev.Seconds ?? 0;
                    _base = Clamp(CheckTimeout + TimeSpan.FromSeconds(OpenFactor * open));
                    _baseReason = open > 0
                        ? string.Format(CultureInfo.InvariantCulture, "per check, {0:0.#} s + {1}× its slowest open of {2:0.###} s", CheckTimeout.TotalSeconds, OpenFactor, open)
                        : "per check";
                    break;
                case ProbeEvent.Hello:
                    _base = CheckTimeout;
                    _baseReason = "per check";
                    break;
            }
            if (ev.Kind == ProbeEvent.Alive)
            {
                // An announced step keeps its limit through the plain heartbeats inside it, until the next result.
                if (ev.Seconds is double step)
                {
                    var announced = Clamp(TimeSpan.FromSeconds(StepFactor * step));
                    if (announced > _base)
                        Set(announced, string.Format(CultureInfo.InvariantCulture, "for a step announced at {0:0.###} s, ×{1}", step, StepFactor));
                    else
                        Set(_base, _baseReason);
                }
                return;
            }
            Set(_base, _baseReason);
        }

        /// <summary>The timeout's message: how long, and why that long.</summary>
        public string Describe() =>
            string.Format(CultureInfo.InvariantCulture, "no result within {0:0.#} s ({1}); the probe was killed", Current.TotalSeconds, Reason);

        void Set(TimeSpan limit, string reason)
        {
            Current = limit;
            Reason = reason;
        }

        static TimeSpan Clamp(TimeSpan t) => t > Ceiling ? Ceiling : t;
        static TimeSpan Max(TimeSpan a, TimeSpan b) => a > b ? a : b;
    }
}
