using System;
using System.IO;
using System.Reflection;
using System.Text.RegularExpressions;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// A recipe made from a type's public API: a read construction and a write construction (the same one for a
    /// read-write type), each only where the type said it reads or writes. A transforming type reads what its
    /// encoder made of the content and its writes are read back through its decoder, so the checks see the content
    /// again (as dotnet/runtime's suite checks compression streams); where no round trip was found, the checks that
    /// compare bytes skip with the reason.
    /// </summary>
    [NotInCatalog]
    public sealed class SynthesizedRecipe : StreamRecipe
    {
        readonly Type _type;
        readonly Trial? _reader;
        readonly Trial? _writer;

        /// <summary>The construction that makes the type's own stream: the reader's, else the writer's.</summary>
        public Construction Construction => (_reader ?? _writer)!.Construction;
        readonly Transcoder? _encoder;
        readonly Transcoder? _decoder;
        readonly Lazy<string?> _transforms;
        readonly MethodInfo? _toArray;

        /// <param name="judgeLater">The round trips did not finish in time: whether the type passes bytes through is asked
        /// by the first check that needs to know (a first read of 512 bytes), under that check's time limit.</param>
        public SynthesizedRecipe(Type type, Trial? reader, Trial? writer, Transcoder? encoder, Transcoder? decoder, string? readWhy, string? writeWhy, bool judgeLater = false)
        {
            _type = type;
            _reader = reader;
            _writer = writer;
            _encoder = encoder;
            _decoder = decoder;
            var why = readWhy ?? writeWhy;
            _transforms = judgeLater ? new Lazy<string?>(FirstRead) : new Lazy<string?>(() => Transforms(why));
            _toArray = ToArrayOf(type);
            RoundTripDeferred = judgeLater;
            _canGrow = new Lazy<bool>(Grows);
        }

        readonly Lazy<bool> _canGrow;

        public override bool CanGrow => _canGrow.Value;

        /// <summary>
        /// False for a store of fixed size: its read fixture takes a write inside its length and refuses one at its end, as
        /// MemoryStream over a byte[] does (a stream over a caller's Memory&lt;byte&gt;, a window onto its inner stream). Its
        /// checks then keep their writes inside it, as for the runtime's fixed stores; a stream whose writes fail inside
        /// too is left to the checks.
        /// </summary>
        bool Grows()
        {
            if (_reader == null || IsTransformPair) return true;
            try
            {
                using var fixture = OpenRead(FixedSizeProbe);
                if (fixture == null || !fixture.Stream.CanWrite || !fixture.Stream.CanSeek) return true;
                var stream = fixture.Stream;
                stream.Position = 0;
                stream.WriteByte(0x5A);
                stream.Position = stream.Length;
                try { stream.WriteByte(0xA5); }
                catch (Exception) { return false; }
                return true;
            }
            catch (Exception)
            {
                return true;
            }
        }

        static readonly byte[] FixedSizeProbe = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };

        /// <summary>
        /// The round trips that choose the reader and writer were not run to the end (past <see cref="StreamSynthesizer.RoundTripLimit"/>,
        /// or skipped because an earlier probe of the run went past it): the first construction of each role was taken.
        /// </summary>
        public bool RoundTripDeferred { get; }

        /// <summary>A store's own public byte[] ToArray() (MemoryStream's convention), the read-back of a stream with no sink.</summary>
        public static MethodInfo? ToArrayOf(Type type) =>
            type.GetMethod("ToArray", BindingFlags.Public | BindingFlags.Instance, null, Type.EmptyTypes, null) is { } m && m.ReturnType == typeof(byte[]) ? m : null;

        public override string TypeName => _type.FullName ?? _type.Name;

        public override string Variant
        {
            get
            {
                if (_reader != null && _writer == _reader && Plain(_encoder) && Plain(_decoder)) return _reader.Construction.Label;
                var read = _reader == null ? null : "read " + _reader.Construction.Label + (Plain(_encoder) ? "" : " over " + _encoder!.Label + "'s output");
                var write = _writer == null ? null : "write " + _writer.Construction.Label + (Plain(_decoder) ? "" : ", read back by " + _decoder!.Label);
                return read != null && write != null ? read + "; " + write : read ?? write!;
            }
        }

        static bool Plain(Transcoder? t) => t == null || t.IsIdentity;

        /// <summary>Reads through an encoder's output or writes through a decoder: a transforming pair, judged as compression streams are.</summary>
        bool IsTransformPair => !Plain(_encoder) || !Plain(_decoder);

        public override bool CanSeek => (_reader ?? _writer)!.CanSeek && !IsTransformPair;
        // Nothing says the type fills every read: only what the base contract guarantees is expected.
        public override bool ReadsReadUntilSizeOrEof => false;
        public override bool WritesVisibleAfterFlush => Plain(_decoder) && !(_writer != null && IsTransformPair);
        public override bool IsBuffered => _reader != null && StreamSynthesizer.IsFilled(_reader);
        // Read back through its own ToArray(): the store goes with the stream at Dispose.
        public override bool ReadBackBeforeDispose => _toArray != null && _writer != null && !_writer.HasSink;
        public override string? TransformsContentReason => _transforms.Value;

        /// <summary>What the write fixture writes is read back as written: the identity round-trips, or a reader undoes it.</summary>
        public bool WritesRoundTrip => _writer != null && _decoder != null;

        /// <summary>The read fixture gives the content back: the identity round-trips, or it reads a writer's output.</summary>
        public bool ReadsItsContent => _reader != null && _encoder != null;

        /// <summary>Why the reader's content is not what it parses: it rejects it, and nothing found makes content it reads.</summary>
        public string? RejectedContentBecause { get; set; }

        public override string? RejectedContentReason => RejectedContentBecause;

        /// <summary>Why no writer was kept, each having taken no byte over the empty sink (the first one's failure).</summary>
        public string? NoWriterBecause { get; set; }

        public override string? NoWriterReason => NoWriterBecause;

        static string? Transforms(string? why) =>
            why == null ? null : why + ": the type transforms its content (a decoder, parser or encoder) and nothing found undoes it, so its bytes are not compared";

        string? FirstRead()
        {
            if (_reader == null) return Transforms("the round trips did not finish in time");
            var sample = new byte[512];
            for (var i = 0; i < sample.Length; i++) sample[i] = (byte)(i * 7 + 3);
            return Transcoder.RoundTrips(Transcoder.Identity, Transcoder.Decoder(_reader), sample, out var why) ? null : Transforms("a first read of 512 bytes " + why);
        }

        public override StreamFixture? OpenRead(byte[] content)
        {
            if (_reader == null) return null;
            if (StreamSynthesizer.IsFilled(_reader)) return Filled(content);
            var scope = new BuildScope(true, _encoder != null ? _encoder.Apply(content) : content, Scratch);
            try
            {
                var stream = _reader.Build(scope).stream;
                return new StreamFixture(stream, null, scope.Owned.ToArray());
            }
            catch (Exception)
            {
                Trial.Discard(scope);
                throw;
            }
        }

        public override StreamFixture? OpenReadWrite(byte[] initial) => _reader != null && StreamSynthesizer.IsFilled(_reader) ? Filled(initial) : null;

        /// <summary>A self-contained store built empty: the content written, then rewound.</summary>
        StreamFixture Filled(byte[] content)
        {
            var scope = new BuildScope(false, new byte[0], Scratch);
            var stream = _reader!.Build(scope).stream;
            stream.Write(content, 0, content.Length);
            stream.Position = 0;
            return new StreamFixture(stream, ReadBackOf(stream, scope), scope.Owned.ToArray());
        }

        public override StreamFixture? OpenWrite()
        {
            if (_writer == null) return null;
            var scope = new BuildScope(false, new byte[0], Scratch);
            try
            {
                var stream = _writer.Build(scope).stream;
                return new StreamFixture(stream, ReadBackOf(stream, scope), scope.Owned.ToArray());
            }
            catch (Exception)
            {
                Trial.Discard(scope);
                throw;
            }
        }

        Func<byte[]>? ReadBackOf(Stream stream, BuildScope scope)
        {
            if (scope.ReadBack is { } sink)
                return _decoder == null || _decoder.IsIdentity ? sink : () => _decoder.Apply(sink());
            if (_toArray != null) return () => (byte[])_toArray.Invoke(stream, null)!;
            return null;
        }

        public override string? ReproSource(StreamAccess access)
        {
            string? source = null;
            if (access == StreamAccess.Read && _reader != null && Plain(_encoder))
                source = StreamSynthesizer.IsFilled(_reader)
                    ? $"var stream = {_reader.Construction.Source(false)}; stream.Write(content, 0, content.Length); stream.Position = 0;"
                    : $"var stream = {_reader.Construction.Source(true)};";
            else if (access == StreamAccess.Read && _reader != null && !StreamSynthesizer.IsFilled(_reader) && _encoder!.EncodedSource("encoded") is { } encoded)
                // It reads what its encoder made of the content: every argument that reads the content reads that instead.
                source = encoded + "\n" + $"var stream = {Regex.Replace(_reader.Construction.Source(true), @"\bcontent\b", "encoded")};";
            else if (access == StreamAccess.Write && _writer != null)
                source = $"var stream = {_writer.Construction.Source(false)};";
            else if (access == StreamAccess.ReadWrite && _reader != null && StreamSynthesizer.IsFilled(_reader))
                source = $"var stream = {_reader.Construction.Source(false)}; stream.Write(content, 0, content.Length); stream.Position = 0;";
            // A placeholder (a scratch file) is no source a user can paste.
            if (source == null || source.Contains("/*")) return null;
            // Outside the core library the program names the assembly it references (mcs needs -r: for it).
            var assembly = _type.Assembly.GetName().Name ?? "";
            return _type.Assembly == typeof(object).Assembly || assembly.StartsWith("System.Private.", StringComparison.Ordinal)
                ? source
                : $"// reference {assembly}\n" + source;
        }
    }
}
