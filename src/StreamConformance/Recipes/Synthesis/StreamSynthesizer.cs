using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.ExceptionServices;

namespace StreamConformance.Recipes.Synthesis
{
    // One concept: the synthesizer and what it returns (a synthesized recipe, or why there is none).
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

        static readonly ConcurrentDictionary<(Type, bool), SynthesisResult> s_results = new ConcurrentDictionary<(Type, bool), SynthesisResult>();

        readonly ConstructionEnumerator _userTypes = new ConstructionEnumerator();
        readonly bool _deferRoundTrip;

        StreamSynthesizer(bool deferRoundTrip) => _deferRoundTrip = deferRoundTrip;

        /// <summary>The recipe for <paramref name="type"/>, or why there is none (kept for the static-only report).</summary>
        /// <param name="deferRoundTrip">An earlier probe of the run found the type's round trips past <see cref="RoundTripLimit"/>
        /// (a stream that hangs): take the recipe that limit gives at once, instead of waiting for it again in every probe the
        /// type's hangs start.</param>
        public static SynthesisResult For(Type type, bool deferRoundTrip = false) =>
            s_results.GetOrAdd((type, deferRoundTrip), key => new StreamSynthesizer(key.Item2).Synthesize(key.Item1));

        SynthesisResult Synthesize(Type type)
        {
            if (type.IsAbstract) return SynthesisResult.None("abstract");
            // An open generic type is built only as the instantiations its assembly's public methods hand out.
            if (type.ContainsGenericParameters && !type.IsGenericTypeDefinition) return SynthesisResult.None("open generic type");
            if (!typeof(Stream).IsAssignableFrom(type)) return SynthesisResult.None("not a stream");
            // An archive writer used outside an entry is in a state no caller uses: judged there, it would report the fixture.
            if (!FactoryIndex.IsRuntimeAssembly(type.Assembly) && EntryStep.Unmakeable(type) is string outsideEntry) return SynthesisResult.None(outsideEntry);
            var failures = new List<string>();
            var trials = Trials(type, failures, () => PartnerTrials(type));
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

            // The round trips read and write the type: one that hangs (a broken stream) must not hang the build, so they
            // run bounded on a worker thread; past the limit the recipe judges pass-through lazily, in the checks, as a
            // check's own time limit then catches the hang.
            SynthesisResult Deferred() => SynthesisResult.Of(new SynthesizedRecipe(type, readers.FirstOrDefault(), writers.FirstOrDefault(), null, null, null, null, judgeLater: true));
            if (_deferRoundTrip) return Deferred();
            if (!BoundedCall.TryRun(() => Choose(type, readers, writers), RoundTripLimit, "streamconf-round-trip", null, TimeSpan.Zero, out var chosen, out var error))
                return Deferred();
            if (error != null) ExceptionDispatchInfo.Capture(error).Throw();
            var (recipe, notOpened) = chosen;
            return recipe != null ? SynthesisResult.Of(recipe) : SynthesisResult.None(NoneOpened(notOpened, failures, type));
        }

        /// <summary>
        /// The first reader and writer that open over the checks' content, each paired with what undoes it. A construction
        /// that passed its trial over an empty sink may still refuse content (a decoder whose properties come from the
        /// byte[] it is given): it is no build, and the next one is tried. A reader that rejects the content as malformed
        /// (its first read throws a format exception) gives way to one that takes it or is fed by a writer; when none is,
        /// the first stays with <see cref="StreamRecipe.RejectedContentReason"/>: the checks judge no read over it.
        /// </summary>
        (SynthesizedRecipe? recipe, List<string> notOpened) Choose(Type type, List<Trial> readers, List<Trial> writers)
        {
            var notOpened = new List<string>();
            var writeCandidates = writers.ToList();
            string? noWriter = null;
            // The partners again, a reader among them built over this type's own writers' output when it parses a header.
            var partners = PartnerNames.For(type).SelectMany(p => Trials(p, new List<string>(), () => writers)).Where(t => !t.IsPair).ToList();
            while (true)
            {
                var writer = writeCandidates.FirstOrDefault();
                var recipe = ChooseReader(type, readers, writers, partners, writer, notOpened);
                if (recipe == null) return (null, notOpened);
                // A writer whose bytes came back through a reader took them: only one that did not is asked about its room (a
                // first write costs 0.75 s in a zstd stream at its highest level).
                if (writer != null && OpenFailure(recipe, StreamAccess.Write, writer.Construction.HasGuessedArgument, recipe.WritesRoundTrip ? null : () => NoRoom(recipe, writer)) is string writeFailure)
                {
                    notOpened.Add($"{writer.Construction.Label}: {writeFailure}");
                    noWriter ??= $"{writer.Construction.Label}: {writeFailure}";
                    writeCandidates.Remove(writer);
                    continue;
                }
                if (writer == null && noWriter != null) recipe.NoWriterBecause = noWriter;
                return (recipe, notOpened);
            }
        }

        /// <summary>At most this many readers are paired in turn looking for one that round-trips.</summary>
        const int MaxReaderCandidates = 8;

        /// <summary>
        /// The first reader (in the order the constructions were tried) that opens over the checks' content and gives it
        /// back, through the identity or a writer's output; else the first that opens, its bytes not compared, and when it
        /// rejects the content, with that reason. Null when there is neither a reader that opens nor <paramref name="writer"/>.
        /// </summary>
        SynthesizedRecipe? ChooseReader(Type type, List<Trial> readers, List<Trial> writers, List<Trial> partners, Trial? writer, List<string> notOpened)
        {
            Trial? fallback = null;
            foreach (var reader in readers.Take(MaxReaderCandidates))
            {
                var recipe = Pair(type, readers, writers, partners, reader, writer, false, out var rejects);
                if (OpenFailure(recipe, IsFilled(reader) ? StreamAccess.ReadWrite : StreamAccess.Read, reader.Construction.HasGuessedArgument) is string readFailure)
                {
                    notOpened.Add($"{reader.Construction.Label}: {readFailure}");
                    continue;
                }
                if (rejects == null && recipe.ReadsItsContent) return recipe;
                fallback ??= reader;
            }
            if (fallback == null && writer == null) return null;
            return Pair(type, readers, writers, partners, fallback, writer, true, out _);
        }

        /// <summary>Content lengths a recipe must open over: the pilot's, the short checks' and the long ones'.</summary>
        static readonly int[] OpenLengths = { 16, 64, 4096 };

        /// <summary>
        /// Why the recipe's fixture for <paramref name="access"/> does not open over the checks' content, or null. With
        /// <paramref name="guessed"/> (an argument is an implementation picked for an interface), a first Read, or Write and
        /// Flush, of 16 bytes must work too: BouncyCastle's ciphers and MACs throw until Init, which is no defect of the stream
        /// over them. A writer's first Write of 16 bytes that throws is asked <paramref name="noRoom"/> (only then: it may build
        /// the writer again), and fails the fixture when that says the writer's room is what it was made over: a window as long as the empty sink lets it be (LibObjectFile's <c>new SubStream(stream, 0, 0)</c>
        /// and <c>stream.ReadAsSubStream(4096, …)</c>, which clamps to the stream's end) or a fixed-size store made empty takes
        /// no byte, and every write check would judge the fixture, not the type. Such a writer gives way to the next; with
        /// none left the write checks skip with the reason (<see cref="StreamRecipe.NoWriterReason"/>).
        /// </summary>
        static string? OpenFailure(StreamRecipe recipe, StreamAccess access, bool guessed = false, Func<string?>? noRoom = null)
        {
            var firstCall = guessed || access == StreamAccess.Write && noRoom != null;
            foreach (var length in access == StreamAccess.Write ? new[] { 0 } : OpenLengths)
            {
                try
                {
                    using var fixture = recipe.Open(access, StreamContent.Of(length));
                    if (fixture == null) return null;
                    if (firstCall)
                    {
                        try
                        {
                            if (access == StreamAccess.Write)
                            {
                                fixture.Stream.Write(new byte[16], 0, 16);
                                // A Flush that throws on a writer is the checks' to judge, unless an interface was guessed.
                                if (guessed) fixture.Stream.Flush();
                            }
                            else if (fixture.Stream.Read(new byte[16], 0, 16) < 0) return "a first Read of 16 bytes returned a negative count";
                        }
                        catch (Exception e)
                        {
                            // A writer that refuses a write for another reason than room keeps its fixture: the checks judge it.
                            var why = guessed ? "the implementation picked for its interface needs setting up first" : noRoom?.Invoke();
                            if (why == null) return null;
                            return $"a first {(access != StreamAccess.Write ? "Read" : guessed ? "Write and Flush" : "Write")} of 16 bytes through it threw {e.GetType().Name} ({e.Message.Split('\n')[0]}): {why}";
                        }
                    }
                }
                catch (Exception e)
                {
                    return $"opening it for {access.ToString().ToLowerInvariant()} over {length} bytes threw {e.GetType().Name} ({e.Message.Split('\n')[0]})";
                }
            }
            return null;
        }

        /// <summary>
        /// Why a writer's room is only what the empty sink gave it, or null (its writes are the checks' to judge): it was made
        /// with a size of 0, the only one the empty sink let it take (larger ones are tried first); or it takes a size with
        /// its sink and, made the same way over a sink that holds 4 KiB, takes a write (a writer that refuses writes there
        /// too, as AWS's PartialWrapperStream does, keeps its fixture and its finding); or it is a store of fixed size.
        /// </summary>
        static string? NoRoom(SynthesizedRecipe recipe, Trial writer) =>
            writer.Construction.HasZeroSize ? "it was made with a size of 0, the only one the empty sink let it take, so it has no room"
            : writer.Construction.HasSize && WritesWithRoom(writer) ? "made the same way over a sink that holds 4 KiB it takes the write, so over the empty sink it has no room"
            : !recipe.CanGrow ? "a store of fixed size (its read fixture takes writes inside and none at its end) made empty has no room"
            : null;

        static bool WritesWithRoom(Trial writer)
        {
            var scope = new BuildScope(false, new byte[0]) { SinkRoom = 4096 };
            Stream? stream = null;
            try
            {
                stream = writer.Build(scope).stream;
                stream.Write(new byte[16], 0, 16);
                return true;
            }
            catch (Exception)
            {
                return false;
            }
            finally
            {
                Trial.Discard(stream);
                Trial.Discard(scope);
            }
        }

        /// <summary>How long the round trips that pair a transform with its inverse may take.</summary>
        public static TimeSpan RoundTripLimit { get; } = TimeSpan.FromSeconds(5);

        /// <param name="rejects">Set when <paramref name="reader"/> throws on the content and nothing found makes content it
        /// reads, unless <paramref name="keepRejecting"/>: the recipe then keeps it, with the reason.</param>
        SynthesizedRecipe Pair(Type type, List<Trial> readers, List<Trial> writers, List<Trial> partners, Trial? reader, Trial? writer, bool keepRejecting, out string? rejects)
        {
            rejects = null;
            string? rejectedContent = null;
            var sample = Sample();
            string? readWhy = null, writeWhy = null;
            Transcoder? encoder = null, decoder = null;
            if (reader != null)
            {
                var asDecoder = IsFilled(reader) ? Transcoder.Identity : Transcoder.Decoder(reader);
                // Its own write role last: one construction that decodes what it reads and encodes what it writes.
                var encoders = new[] { Transcoder.Identity }.Concat(writers.Concat(partners.Where(p => p.CanWrite && p.HasSink)).Where(w => w != reader && w.HasSink)
                    .Concat(writers.Where(w => w == reader && w.HasSink)).Select(w => Transcoder.Encoder(w))).Concat(partners.Where(p => p.CanRead && !IsFilled(p)).Select(Transcoder.ReadEncoder));
                string? rejected = null;
                foreach (var candidate in encoders)
                {
                    var what = "a first read of 512 bytes";
                    var back = Transcoder.RoundTrips(candidate, asDecoder, sample, out var why, out var thrown);
                    // Pass-through is judged over the checks' longest content too: a filter that changes only some byte
                    // patterns (an Xz branch filter) or a reader that stops at a marker gives 512 bytes back and not these.
                    if (back && candidate.IsIdentity && !Transcoder.RoundTrips(candidate, asDecoder, ChecksContent, out why, out thrown))
                    {
                        back = false;
                        what = $"reading the checks' {ChecksContent.Length} bytes";
                    }
                    if (back) { encoder = candidate; break; }
                    if (candidate.IsIdentity) readWhy = $"{what} {why}";
                    if (candidate.IsIdentity && thrown != null && ContentRejection.Is(thrown))
                        rejected = $"{reader.Construction.Label} rejects content it cannot parse ({what} {why}), and no writer of its assembly makes content it reads back";
                }
                if (encoder == null && rejected != null)
                {
                    if (keepRejecting) rejectedContent = rejected;
                    else rejects = rejected;
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
                    var decoders = new[] { Transcoder.Identity }.Concat(readers.Concat(partners.Where(p => p.CanRead)).Where(r => r != writer && !IsFilled(r))
                        .Concat(readers.Where(r => r == writer && !IsFilled(r))).Select(Transcoder.Decoder));
                    foreach (var candidate in decoders)
                    {
                        var what = "writing 512 bytes and reading back";
                        var back = Transcoder.RoundTrips(asEncoder, candidate, sample, out var why);
                        if (back && candidate.IsIdentity && !Transcoder.RoundTrips(asEncoder, candidate, ChecksContent, out why))
                        {
                            back = false;
                            what = $"writing the checks' {ChecksContent.Length} bytes and reading back";
                        }
                        if (back) { decoder = candidate; break; }
                        if (candidate.IsIdentity) writeWhy = $"{what} {why}";
                    }
                }
            }
            return new SynthesizedRecipe(type, reader, writer, encoder, decoder, encoder == null ? readWhy : null, decoder == null ? writeWhy : null)
            {
                RejectedContentBecause = rejectedContent,
            };
        }

        /// <summary>The constructions of the types that undo this one (<see cref="PartnerNames"/>), tried over an empty sink only.</summary>
        List<Trial> PartnerTrials(Type type) =>
            _partnerTrials ??= PartnerNames.For(type).SelectMany(p => Trials(p, new List<string>(), null)).Where(t => !t.IsPair).ToList();

        List<Trial>? _partnerTrials;

        /// <summary>
        /// Every construction that builds, tried over a writable sink; a type's own constructors first, then the factories
        /// that return it. With <paramref name="sourceWriters"/>, a construction that threw over the empty sink is tried again
        /// over what one of those writers makes (a reader that parses a header in its constructor: WaveFileReader after
        /// WaveFileWriter, BZip2InputStream after BZip2OutputStream); failing that, over the sample, for reading (a reader
        /// of a document the library makes from the content refuses an empty one).
        /// </summary>
        List<Trial> Trials(Type type, List<string> failures, Func<IEnumerable<Trial>>? sourceWriters)
        {
            var trials = new List<Trial>();
            var roles = new HashSet<string>();
            var tried = 0;
            var constructions = new List<Construction>();
            var enumerator = FactoryIndex.IsRuntimeAssembly(type.Assembly) ? ConstructionEnumerator.ForRuntimeTypes : _userTypes;
            foreach (var ctor in ConstructionEnumerator.Constructors(GenericClosing.Closed(type)))
            {
                constructions.AddRange(enumerator.Combinations(ctor, out var unsupplied));
                if (unsupplied != null) failures.Add(unsupplied);
            }
            constructions.AddRange(FactoryIndex.For(type));
            // Factories declared to return it that threw over the empty sink: tried over content below, as a constructor that threw.
            constructions.AddRange(FactoryIndex.Refused(type));
            var userType = !FactoryIndex.IsRuntimeAssembly(type.Assembly);
            // What the writers make of the sample, made once for every construction that needs it.
            var writerOutputs = sourceWriters == null ? null : new Lazy<List<byte[]>>(() => Outputs(sourceWriters()));
            foreach (var listed in constructions)
            {
                var construction = listed;
                // One trial per method, mode and role: the other combinations of a method that already reads (or writes) in
                // that mode add nothing. A mode is kept apart even when its flags look alike: a zlib stream that reports its
                // sink's CanRead and CanWrite in both modes decodes only in one.
                var method = Key(construction.Method, construction.ModeLabel);
                if (roles.Contains(Key(method, "read")) && roles.Contains(Key(method, "write"))) continue;
                if (++tried > MaxTrials) break;
                var scope = new BuildScope(false, new byte[0]);
                Stream[]? streams = null;
                try
                {
                    var codePageUses = CodePages.Uses;
                    try { streams = construction.Invoke(scope); }
                    catch (Exception e) when (userType && CodePages.Missing(e) && CodePages.Provide())
                    {
                        Trial.Discard(scope);
                        scope = new BuildScope(false, new byte[0]);
                        streams = construction.Invoke(scope);
                    }
                    if (CodePages.Uses != codePageUses) construction = construction.WithCodePages();
                    var index = Array.FindIndex(streams, s => Is(s.GetType(), type));
                    if (index < 0) continue;
                    var s = streams[index];
                    var trial = new Trial(construction, index, streams.Length == 2, s.CanRead, s.CanWrite, s.CanSeek, scope.ReadBack != null);
                    if (!trial.CanRead && !trial.CanWrite)
                    {
                        failures.Add($"{construction.Label}: neither reads nor writes (CanRead and CanWrite are false)");
                        continue;
                    }
                    var newRole = trial.CanRead && !roles.Contains(Key(method, "read")) || trial.CanWrite && !roles.Contains(Key(method, "write"));
                    if (!newRole) continue;
                    if (trial.CanRead) roles.Add(Key(method, "read"));
                    if (trial.CanWrite) roles.Add(Key(method, "write"));
                    trials.Add(trial);
                }
                catch (Exception e)
                {
                    // Built, and then a capability threw (NBitcoin's HashStream: CanRead throws NotImplementedException): said so,
                    // not as if the construction had thrown.
                    var reason = streams != null && CapabilityThrew(streams, type) is string which ? $"{construction.Label}: {which}" : $"{construction.Label} threw {Thrown(e)}";
                    if (writerOutputs != null && OverContent(type, construction, roles, method, writerOutputs.Value) is { } trial) trials.Add(trial);
                    // A reader made over content a library object was made of (a document a file system creates from a
                    // stream) may refuse that object empty, as no caller makes it: NPOI's NDocumentInputStream throws
                    // ArgumentOutOfRangeException over an empty document and reads one of a byte.
                    else if (OverContent(type, construction, roles, method, new[] { Sample() }) is { } overSample) trials.Add(overSample);
                    else failures.Add(reason);
                }
                finally
                {
                    if (streams != null) foreach (var s in streams) Trial.Discard(s);
                    Trial.Discard(scope);
                }
            }
            return trials;
        }

        /// <summary>"CanRead threw X: message" for the first capability of the built <paramref name="type"/> that throws; null when none does.</summary>
        static string? CapabilityThrew(Stream[] streams, Type type)
        {
            var built = streams.FirstOrDefault(s => Is(s.GetType(), type));
            if (built == null) return null;
            foreach (var (name, get) in new (string, Func<bool>)[] { ("CanRead", () => built.CanRead), ("CanWrite", () => built.CanWrite), ("CanSeek", () => built.CanSeek) })
            {
                try { get(); }
                catch (Exception e) { return $"{name} threw {Thrown(e)}"; }
            }
            return null;
        }

        /// <summary>What each writer with a sink makes of the sample; a writer that throws gives nothing.</summary>
        static List<byte[]> Outputs(IEnumerable<Trial> writers)
        {
            var outputs = new List<byte[]>();
            foreach (var writer in writers.Where(p => p.CanWrite && p.HasSink))
            {
                try { outputs.Add(Transcoder.Encoder(writer).Apply(Sample())); }
                catch (Exception) { }
            }
            return outputs;
        }

        /// <summary>
        /// <paramref name="construction"/> built for reading over one of <paramref name="contents"/> (what one of the writers made
        /// of the sample, when the round trip then pairs it with that writer; or the sample itself), when that gives a stream
        /// that takes the content and reads: its role is then reading. Null when none makes it build.
        /// </summary>
        static Trial? OverContent(Type type, Construction construction, HashSet<string> roles, string method, IEnumerable<byte[]> contents)
        {
            if (roles.Contains(Key(method, "read"))) return null;
            foreach (var encoded in contents)
            {
                var scope = new BuildScope(true, encoded);
                Stream[]? streams = null;
                try
                {
                    streams = construction.Invoke(scope);
                    var index = Array.FindIndex(streams, s => Is(s.GetType(), type));
                    if (index < 0 || !streams[index].CanRead || !scope.ContentGiven) continue;
                    roles.Add(Key(method, "read"));
                    return new Trial(construction, index, streams.Length == 2, true, false, streams[index].CanSeek, false);
                }
                catch (Exception) { }
                finally
                {
                    if (streams != null) foreach (var s in streams) Trial.Discard(s);
                    Trial.Discard(scope);
                }
            }
            return null;
        }

        /// <summary>The type itself, or an instantiation of it when it is a generic type definition.</summary>
        public static bool Is(Type actual, Type type) =>
            actual == type || type.IsGenericTypeDefinition && actual.IsGenericType && actual.GetGenericTypeDefinition() == type;

        static string Key(MethodBase method, string mode) => method.MetadataToken + ":" + method.Module.Name + ":" + mode;

        static string Key(string method, string role) => method + ":" + role;

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
                // Refuses an empty document made of the content, and reads one made of the sample (NPOI's NDocumentInputStream).
                if (ReadsOverSample(trial)) return true;
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

        /// <summary>Whether a build for reading over the sample hands the content over and reads.</summary>
        static bool ReadsOverSample(Trial trial)
        {
            var scope = new BuildScope(true, Sample());
            Stream? stream = null;
            try
            {
                stream = trial.Build(scope).stream;
                return scope.ContentGiven && stream.CanRead;
            }
            catch (Exception)
            {
                return false;
            }
            finally
            {
                Trial.Discard(stream);
                Trial.Discard(scope);
            }
        }

        /// <summary>A store with no content argument that reads, writes and seeks (a pooled memory stream): filled by writing the content and seeking to 0.</summary>
        public static bool IsFilled(Trial trial) => !trial.HasSink && trial.CanRead && trial.CanWrite && trial.CanSeek && !ParametersGiveContent(trial.Construction.Method) && trial.Construction.Setter == null;

        static bool ParametersGiveContent(MethodBase method) => method.GetParameters().Any(p => ContentArguments.GivesContent(InParameter.ValueType(p)));

        /// <summary>The longest content the checks read and write (<see cref="OpenLengths"/>).</summary>
        static readonly byte[] ChecksContent = StreamContent.Of(4096);

        static byte[] Sample()
        {
            var content = new byte[512];
            for (var i = 0; i < content.Length; i++) content[i] = (byte)(i * 7 + 3);
            return content;
        }

        static string NoneBuilt(Type type, List<string> failures)
        {
            if (failures.Count == 0 && type.IsGenericTypeDefinition)
                return "open generic type, and no public method of its assembly returns an instantiation of it" + (GenericClosing.WhyOpen(type) is { } open ? ", and " + open : "");
            if (failures.Count == 0 && type.IsVisible && Returners(type) is { Count: > 0 } returners)
                return "no public constructor; " + string.Join("; ", returners.Take(2).Select(m => m.IsStatic || ObjectArguments.Instance(m.DeclaringType!).Count > 0
                    ? $"{ConstructionEnumerator.Describe(m)} returns it, and built none with the values a sweep has (it needs state such as a connection)"
                    : $"{ConstructionEnumerator.Describe(m)} returns it, on a {CSharpNames.Short(m.DeclaringType!)} no caller makes without arguments"))
                    + (returners.Count > 2 ? $"; and {returners.Count - 2} more" : "");
            if (failures.Count == 0 && type.IsVisible && Getters(type) is { Count: > 0 } getters)
                return "no public constructor; " + string.Join("; ", getters.Take(2).Select(p =>
                    $"{CSharpNames.Short(p.DeclaringType!)}.{p.Name} hands it out, on a {CSharpNames.Short(p.DeclaringType!)} no caller makes without arguments"));
            if (failures.Count == 0)
                return type.IsVisible
                    ? "no public constructor, and no public method of its assembly returns it"
                    : "not public, and no public method of its assembly returns it (its constructors are not called by reflection: guessed arguments give states no caller sees)";
            const int shown = 3;
            var distinct = failures.Distinct().ToList();
            return "no construction built a usable stream: " + string.Join("; ", distinct.Take(shown)) + (distinct.Count > shown ? $"; and {distinct.Count - shown} more" : "");
        }

        /// <summary>
        /// What a construction threw, as "Type: first line"; a type initializer's failure by its root cause (a native library
        /// not found). A reflection wrapper is shown by what it wraps: the cause names the missing input, "Exception has been
        /// thrown by the target of an invocation" does not (Microsoft.Data.Sqlite's connection initializer loads its native
        /// SQLite by reflection).
        /// </summary>
        static string Thrown(Exception e)
        {
            static Exception Unwrapped(Exception x)
            {
                while (x is TargetInvocationException && x.InnerException != null) x = x.InnerException;
                return x;
            }
            e = Unwrapped(e);
            var said = $"{e.GetType().Name}: {e.Message.Split('\n')[0]}";
            if (!(e is TypeInitializationException) || e.InnerException == null) return said;
            // The initializer's own cause, through any initializer it ran in turn.
            var cause = Unwrapped(e.InnerException);
            while (cause is TypeInitializationException && cause.InnerException != null) cause = Unwrapped(cause.InnerException);
            return $"{said} ({cause.GetType().Name}: {cause.Message.Split('\n')[0]})";
        }

        /// <summary>Public methods of public types of <paramref name="type"/>'s assembly declared to return it, by name.</summary>
        static List<MethodInfo> Returners(Type type) =>
            Reflected.PublicTypes(type.Assembly).Where(t => !t.ContainsGenericParameters)
                .SelectMany(t => t.GetMethods(BindingFlags.Public | BindingFlags.Static | BindingFlags.Instance | BindingFlags.DeclaredOnly))
                .Where(m => !m.IsSpecialName && !m.ContainsGenericParameters && Construction.ResultType(m.ReturnType) == type)
                .OrderBy(m => m.DeclaringType!.FullName, StringComparer.Ordinal).ThenBy(m => m.ToString(), StringComparer.Ordinal).ToList();

        /// <summary>
        /// Public instance properties of the assembly's public types that hand out <paramref name="type"/>, on a type no caller
        /// makes without arguments (BinarySerializer's AsyncBinaryReader.InputStream, on a reader made from that very stream):
        /// named in the static-only reason, which otherwise would say nothing public returns it.
        /// </summary>
        static List<PropertyInfo> Getters(Type type) =>
            Reflected.PublicTypes(type.Assembly).Where(t => !t.ContainsGenericParameters)
                .SelectMany(t => t.GetProperties(BindingFlags.Public | BindingFlags.Instance | BindingFlags.DeclaredOnly))
                .Where(p => p.PropertyType == type && p.GetIndexParameters().Length == 0 && p.GetMethod is { IsPublic: true })
                .Where(p => ObjectArguments.Instance(p.DeclaringType!).Count == 0)
                .OrderBy(p => p.DeclaringType!.FullName, StringComparer.Ordinal).ThenBy(p => p.Name, StringComparer.Ordinal).ToList();

        /// <summary>Every construction built, and none opened over the checks' content: the first reason, then how many more.</summary>
        static string NoneOpened(List<string> notOpened, List<string> failures, Type type)
        {
            if (notOpened.Count == 0) return NoneBuilt(type, failures);
            var more = notOpened.Distinct().Count() - 1;
            return "no construction opens over the checks' content: " + notOpened[0] + (more > 0 ? $"; and {more} more" : "");
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
