using System;
using System.Collections.Generic;
using StreamConformance.Recipes;
using StreamConformance.Budgets;
using StreamConformance.Meters;
using StreamConformance.Meters.Syscalls;

namespace StreamConformance.Checks
{
    /// <summary>Settings shared by every check in one probe run.</summary>
    public sealed class CheckContext
    {
        /// <summary>Seed for every random interleaving and walk, so a failure can be replayed.</summary>
        public int Seed { get; set; } = 20261121;

        /// <summary>Quick mode: fewer iterations and smaller content; every check still runs.</summary>
        public bool Quick { get; set; }

        /// <summary>
        /// Hold streams to the harness's stricter rules too (ObjectDisposedException after Dispose, capabilities false
        /// after Dispose even where the official suite relaxes it): what would be <see cref="Results.Outcome.Advisory"/> fails.
        /// By default a check says what dotnet/runtime's own conformance suite would.
        /// </summary>
        public bool Strict { get; set; }

        /// <summary>Upper bound of bytes any check reads from one stream: a stream that never ends fails instead of hanging.</summary>
        public int MaxBytesRead { get; set; } = 1 << 20;

        /// <summary>The run's own scratch folder: recipes put files here and nowhere else (<see cref="Recipes"/>).</summary>
        public string TempDirectory
        {
            get => Recipes.TempDirectory;
            set => Recipes = new RecipeEnvironment(value);
        }

        /// <summary>The run's recipe environment: the runner binds every recipe it opens to it (StreamRecipe.In).</summary>
        public RecipeEnvironment Recipes { get; set; } = RecipeEnvironment.ForProcess;

        /// <summary>Budgets in force (null: none loaded, budget checks use <see cref="BudgetSet.Default"/>).</summary>
        public BudgetSet? Budgets { get; set; }

        /// <summary>The syscall meter, whose traced child runs on the probe's own runtime.</summary>
        public SyscallMeter Syscalls
        {
            // The current runtime's meter is resolved on first use, not when every context is made.
            get => _syscalls ??= SyscallMeter.ForCurrentRuntime;
            set => _syscalls = value;
        }

        SyscallMeter? _syscalls;

        /// <summary>
        /// The checks this run selected (empty: only the one running). A family that starts a costly process, the
        /// traced syscall child, measures every selected family of its kind in one.
        /// </summary>
        public IReadOnlyList<IStreamCheck> Checks { get; set; } = new IStreamCheck[0];

        /// <summary>The syscall families' measurements made in one traced child and handed out family by family.</summary>
        public Syscalls.SyscallFamilyBatch SyscallFamilies { get; } = new Syscalls.SyscallFamilyBatch();

        /// <summary>
        /// MemoryStream's typical cost in this process, measured once by the first latency check that needs it: the
        /// second reference a latency verdict must agree with (null: judge against the figure's own baseline only).
        /// </summary>
        public LatencyReference? LatencyReference { get; set; }

        /// <summary>Name of the runtime the check runs on, for budgets that differ per runtime.</summary>
        public string RuntimeName { get; set; } = "";

        /// <summary>
        /// Tells the host a long check is still making progress (the host declares a check hung after a silence,
        /// not after a total time). Call it between units of work, never inside a loop that could spin forever.
        /// </summary>
        public Action Heartbeat { get; set; } = () => { };

        /// <summary>
        /// Tells the host the step about to start is expected to take about this long (a meter's window sized from
        /// its own pilot), so a slow but working stream is given the time its figures call for instead of a timeout.
        /// </summary>
        public Action<TimeSpan> Announce { get; set; } = _ => { };

        public Random NewRandom(int salt = 0) => new Random(unchecked(Seed * 31 + salt));

        /// <summary>Deterministic content of the given length in which every byte value 0..255 occurs.</summary>
        public static byte[] Content(int length) => StreamContent.Of(length);
    }
}
