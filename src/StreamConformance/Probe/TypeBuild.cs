using System;
using System.Collections.Generic;
using System.Linq;
using StreamConformance.Checks;
using StreamConformance.Recipes;

namespace StreamConformance.Probe
{
    /// <summary>
    /// A type's recipes each opened once through every access they offer: the variants that built (and how), why the
    /// others did not, the slowest single open and the stream types found inside the instances. Its
    /// <see cref="Event"/> is what the probe reports: built, or static-only with the reasons.
    /// </summary>
    public sealed class TypeBuild
    {
        public List<StreamRecipe> Built { get; } = new List<StreamRecipe>();
        public List<string> Failures { get; } = new List<string>();
        /// <summary>The pilot figure the host scales this type's check time limit by: the slowest open, for a write fixture with its first write, Flush and Dispose.</summary>
        public double SlowestOpen { get; private set; }
        public SortedSet<string> Inner { get; } = new SortedSet<string>(StringComparer.Ordinal);

        /// <param name="heartbeat">Called after each open: each is progress.</param>
        public static TypeBuild Of(IReadOnlyList<StreamRecipe> recipes, Action heartbeat)
        {
            var build = new TypeBuild();
            foreach (var recipe in recipes)
            {
                var why = recipe.UnavailableReason ?? build.Construct(recipe, heartbeat);
                if (why == null) build.Built.Add(recipe);
                else build.Failures.Add($"{recipe.Variant}: {why}");
            }
            return build;
        }

        public ProbeEvent Event(string type) => Built.Count == 0
            ? new StaticOnlyEvent { Type = type, Reason = string.Join("; ", Failures) }
            : new BuiltEvent
            {
                Type = type, Variants = Built.Select(r => r.Variant).ToList(), How = Built.Select(RecipeOrigin.Of).ToList(),
                Seconds = Math.Round(SlowestOpen, 3), Inner = Inner.Count == 0 ? null : Inner.ToList(),
                RoundTripDeferred = Built.OfType<Recipes.Synthesis.SynthesizedRecipe>().Any(r => r.RoundTripDeferred) ? true : (bool?)null,
            };

        /// <summary>Null when at least one access opens, else why none did.</summary>
        string? Construct(StreamRecipe recipe, Action heartbeat)
        {
            var content = recipe.ContentFor(CheckContext.Content(16));
            string? error = null;
            var any = false;
            foreach (StreamAccess access in Enum.GetValues(typeof(StreamAccess)))
            {
                var clock = System.Diagnostics.Stopwatch.StartNew();
                try
                {
                    using var fixture = recipe.Open(access, content);
                    if (fixture != null)
                    {
                        any = true;
                        Inner.UnionWith(InnerStreams.Of(fixture.Stream));
                        if (access == StreamAccess.Write) FirstWrite(fixture.Stream, content);
                    }
                }
                catch (Exception e)
                {
                    error ??= $"{access}: {e.GetType().Name}: {e.Message}";
                }
                SlowestOpen = Math.Max(SlowestOpen, clock.Elapsed.TotalSeconds);
                heartbeat();
            }
            return any ? null : error ?? "the recipe offers no way to open the stream";
        }

        /// <summary>
        /// A write, Flush and (with the fixture's) Dispose inside the pilot's figure: a compressor that hands its blocks to
        /// other threads does its work there, not at open, and every write check waits for it. What the write does is the
        /// checks' to judge.
        /// </summary>
        static void FirstWrite(System.IO.Stream stream, byte[] content)
        {
            try
            {
                if (!stream.CanWrite) return;
                stream.Write(content, 0, content.Length);
                stream.Flush();
            }
            catch (Exception) { }
        }
    }
}
