using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.ExceptionServices;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// Builds a recipe for a type nobody wrote one for, from what its public API offers and what its instances do:
    /// every construction is tried (a throwing one gives way to the next, its reason kept); roles come from behaviour
    /// (CanRead, CanWrite, a write that blocks without a reader, reads of the same object that return what it wrote);
    /// a type that transforms its content is paired with what undoes it (its other mode, or its partner by name) and
    /// judged through the round trip.
    /// </summary>
    public sealed class StreamSynthesizer
    {
        /// <summary>At most this many constructions are built per type (a wide constructor's combinations are bounded too).</summary>
        public const int MaxTrials = 96;

        static readonly ConcurrentDictionary<Type, SynthesisResult> s_results = new ConcurrentDictionary<Type, SynthesisResult>();

        readonly ConstructionEnumerator _userTypes = new ConstructionEnumerator();

        /// <summary>The recipe for <paramref name="type"/>, or why there is none (kept for the static-only report).</summary>
        public static SynthesisResult For(Type type) => s_results.GetOrAdd(type, t => new StreamSynthesizer().Synthesize(t));

        SynthesisResult Synthesize(Type type)
        {
            if (type.IsAbstract) return SynthesisResult.None("abstract");
            // An open generic type is built only as the instantiations its assembly's public methods hand out.
            if (type.ContainsGenericParameters && !type.IsGenericTypeDefinition) return SynthesisResult.None("open generic type");
            if (!typeof(Stream).IsAssignableFrom(type)) return SynthesisResult.None("not a stream");
            var failures = new List<string>();
            var trials = Trials(type, failures);
            if (trials.Count == 0) return SynthesisResult.None(NoneBuilt(type, failures));

            var pair = trials.FirstOrDefault(t => t.IsPair);
            if (pair != null) return SynthesisResult.Of(new ConnectedRecipe(type, pair));

            var readers = trials.Where(t => t.CanRead).Where(t => GivesContent(t, failures)).ToList();
            var writers = new List<Trial>();
            foreach (var t in trials.Where(t => t.CanWrite))
            {
                if (!WriteBlockTrial.Blocks(t)) writers.Add(t);
                // Its own reader: a pipe onto itself, whose peer is another thread on the same object.
                else if (SelfLoopTrial.Of(t) is { } loop) return SynthesisResult.Of(new SelfLoopRecipe(type, loop));
                else failures.Add($"{t.Construction.Label}: a write blocks while nobody reads (a connected stream), "
                                  + (t.CanRead ? "its own reads do not return what it wrote, " : "") + "and no public method hands out its other end");
            }
            // A reader whose content is written into it first must not block on that write either.
            readers = readers.Where(r => !IsFilled(r) || writers.Contains(r)).ToList();
            if (readers.Count == 0 && writers.Count == 0) return SynthesisResult.None(NoneBuilt(type, failures));

            var reader = readers.FirstOrDefault();
            var writer = writers.FirstOrDefault();
            // The round trips read and write the type: one that hangs (a broken stream) must not hang the build, so they
            // run bounded on a worker thread; past the limit the recipe judges pass-through lazily, in the checks, as a
            // check's own time limit then catches the hang.
            if (!BoundedCall.TryRun(() => Pair(type, readers, writers, reader, writer), RoundTripLimit, "streamconf-round-trip", null, TimeSpan.Zero, out var recipe, out var error))
                return SynthesisResult.Of(new SynthesizedRecipe(type, reader, writer, null, null, null, null, judgeLater: true));
            if (error != null) ExceptionDispatchInfo.Capture(error).Throw();
            return SynthesisResult.Of(recipe);
        }

        /// <summary>How long the round trips that pair a transform with its inverse may take.</summary>
        public static TimeSpan RoundTripLimit { get; } = TimeSpan.FromSeconds(5);

        SynthesizedRecipe Pair(Type type, List<Trial> readers, List<Trial> writers, Trial? reader, Trial? writer)
        {
            var sample = Sample();
            var partners = PartnerNames.For(type).SelectMany(p => Trials(p, new List<string>())).Where(t => !t.IsPair).ToList();
            string? readWhy = null, writeWhy = null;
            Transcoder? encoder = null, decoder = null;
            if (reader != null)
            {
                var asDecoder = IsFilled(reader) ? Transcoder.Identity : Transcoder.Decoder(reader);
                var encoders = new[] { Transcoder.Identity }.Concat(writers.Concat(partners.Where(p => p.CanWrite && p.HasSink)).Where(w => w != reader && w.HasSink).Select(w => Transcoder.Encoder(w)));
                foreach (var candidate in encoders)
                {
                    if (Transcoder.RoundTrips(candidate, asDecoder, sample, out var why)) { encoder = candidate; break; }
                    if (candidate.IsIdentity) readWhy = $"a first read of 512 bytes {why}";
                }
            }
            if (writer != null)
            {
                // With no sink and no ToArray() nothing reads back what it writes: the checks that need a read-back skip, and
                // nothing says it transforms its content.
                var toArray = SynthesizedRecipe.ToArrayOf(type);
                var asEncoder = writer.HasSink || toArray != null ? Transcoder.Encoder(writer, toArray) : null;
                if (asEncoder != null)
                {
                    var decoders = new[] { Transcoder.Identity }.Concat(readers.Concat(partners.Where(p => p.CanRead)).Where(r => r != writer && !IsFilled(r)).Select(Transcoder.Decoder));
                    foreach (var candidate in decoders)
                    {
                        if (Transcoder.RoundTrips(asEncoder, candidate, sample, out var why)) { decoder = candidate; break; }
                        if (candidate.IsIdentity) writeWhy = $"writing 512 bytes and reading back {why}";
                    }
                }
            }
            return new SynthesizedRecipe(type, reader, writer, encoder, decoder, encoder == null ? readWhy : null, decoder == null ? writeWhy : null);
        }

        /// <summary>Every construction that builds, tried over a writable sink; a type's own constructors first, then the factories that return it.</summary>
        List<Trial> Trials(Type type, List<string> failures)
        {
            var trials = new List<Trial>();
            var roles = new HashSet<string>();
            var tried = 0;
            var constructions = new List<Construction>();
            var enumerator = FactoryIndex.IsRuntimeAssembly(type.Assembly) ? ConstructionEnumerator.ForRuntimeTypes : _userTypes;
            foreach (var ctor in ConstructionEnumerator.Constructors(type))
            {
                constructions.AddRange(enumerator.Combinations(ctor, out var unsupplied));
                if (unsupplied != null) failures.Add(unsupplied);
            }
            constructions.AddRange(FactoryIndex.For(type));
            foreach (var construction in constructions)
            {
                // One trial per method and role: the other combinations of a method that already reads (or writes) add nothing.
                if (roles.Contains(Key(construction.Method, "read")) && roles.Contains(Key(construction.Method, "write"))) continue;
                if (++tried > MaxTrials) break;
                var scope = new BuildScope(false, new byte[0]);
                Stream[]? streams = null;
                try
                {
                    streams = construction.Invoke(scope);
                    var index = Array.FindIndex(streams, s => Is(s.GetType(), type));
                    if (index < 0) continue;
                    var s = streams[index];
                    var trial = new Trial(construction, index, streams.Length == 2, s.CanRead, s.CanWrite, s.CanSeek, scope.ReadBack != null);
                    var newRole = trial.CanRead && !roles.Contains(Key(construction.Method, "read")) || trial.CanWrite && !roles.Contains(Key(construction.Method, "write"));
                    if (!newRole) continue;
                    if (trial.CanRead) roles.Add(Key(construction.Method, "read"));
                    if (trial.CanWrite) roles.Add(Key(construction.Method, "write"));
                    trials.Add(trial);
                }
                catch (Exception e)
                {
                    failures.Add($"{construction.Label} threw {e.GetType().Name}: {e.Message.Split('\n')[0]}");
                }
                finally
                {
                    if (streams != null) foreach (var s in streams) Trial.Discard(s);
                    Trial.Discard(scope);
                }
            }
            return trials;
        }

        /// <summary>The type itself, or an instantiation of it when it is a generic type definition.</summary>
        public static bool Is(Type actual, Type type) =>
            actual == type || type.IsGenericTypeDefinition && actual.IsGenericType && actual.GetGenericTypeDefinition() == type;

        static string Key(MethodBase method, string role) => method.MetadataToken + ":" + method.Module.Name + ":" + role;

        /// <summary>Whether a build for reading hands the content over (an inner stream, a byte[], a file), or can be filled by writing and seeking back.</summary>
        static bool GivesContent(Trial trial, List<string> failures)
        {
            if (IsFilled(trial)) return true;
            var scope = new BuildScope(true, new byte[0]);
            Stream? stream = null;
            try
            {
                stream = trial.Build(scope).stream;
                if (scope.ContentGiven && stream.CanRead && trial.CanWrite && !stream.CanWrite)
                {
                    // A writer that passes CanRead through from its sink (an archive's output stream) fails at Dispose
                    // when its source is read-only: it only writes, and no caller reads it.
                    var built = stream;
                    stream = null;
                    try { built.Dispose(); }
                    catch (Exception e)
                    {
                        GC.SuppressFinalize(built);
                        failures.Add($"{trial.Construction.Label} over read-only content: Dispose threw {e.GetType().Name} ({e.Message.Split('\n')[0]}): it only writes");
                        return false;
                    }
                    return true;
                }
                if (scope.ContentGiven && stream.CanRead) return true;
                failures.Add($"{trial.Construction.Label}: reads, but no argument gives it content and it cannot be written and rewound");
                return false;
            }
            catch (Exception e) when (e is ArgumentException || e is NotSupportedException || e is InvalidOperationException)
            {
                // Refuses a read-only source: it only writes (a compressor, an encoder).
                failures.Add($"{trial.Construction.Label} over content threw {e.GetType().Name}: {e.Message.Split('\n')[0]}");
                return false;
            }
            catch (Exception)
            {
                return true; // reads its empty source eagerly (a header): the real content is encoded for it, and the round trip judges
            }
            finally
            {
                Trial.Discard(stream);
                Trial.Discard(scope);
            }
        }

        /// <summary>A store with no content argument that reads, writes and seeks (a pooled memory stream): filled by writing the content and seeking to 0.</summary>
        public static bool IsFilled(Trial trial) => !trial.HasSink && trial.CanRead && trial.CanWrite && trial.CanSeek && !ParametersGiveContent(trial.Construction.Method);

        static bool ParametersGiveContent(MethodBase method) =>
            method.GetParameters().Any(p => StreamArguments.Supplies(p.ParameterType) || p.ParameterType == typeof(byte[])
                                            || p.ParameterType.IsGenericType && p.ParameterType.GetGenericArguments().SequenceEqual(new[] { typeof(byte) }));

        static byte[] Sample()
        {
            var content = new byte[512];
            for (var i = 0; i < content.Length; i++) content[i] = (byte)(i * 7 + 3);
            return content;
        }

        static string NoneBuilt(Type type, List<string> failures)
        {
            if (failures.Count == 0 && type.IsGenericTypeDefinition)
                return "open generic type, and no public method of its assembly returns an instantiation of it";
            if (failures.Count == 0)
                return type.IsVisible
                    ? "no public constructor, and no public method of its assembly returns it"
                    : "not public, and no public method of its assembly returns it (its constructors are not called by reflection: guessed arguments give states no caller sees)";
            const int shown = 3;
            var distinct = failures.Distinct().ToList();
            return "no construction built a usable stream: " + string.Join("; ", distinct.Take(shown)) + (distinct.Count > shown ? $"; and {distinct.Count - shown} more" : "");
        }
    }

    /// <summary>A synthesized recipe, or the reason there is none.</summary>
    public sealed class SynthesisResult
    {
        SynthesisResult(StreamRecipe? recipe, string? reason)
        {
            Recipe = recipe;
            Reason = reason;
        }

        public StreamRecipe? Recipe { get; }
        public string? Reason { get; }

        public static SynthesisResult Of(StreamRecipe recipe) => new SynthesisResult(recipe, null);
        public static SynthesisResult None(string reason) => new SynthesisResult(null, reason);
    }
}
