using System;
using System.IO;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// One direction of a transform, made from a construction: encode (write through it, take what reached its sink)
    /// or decode (read it over the given bytes). The identity is the pass-through case.
    /// </summary>
    public sealed class Transcoder
    {
        readonly Func<byte[], byte[]> _apply;

        Transcoder(string label, Func<byte[], byte[]> apply, Construction? encoder = null, bool ownArray = false, bool readSide = false)
        {
            Label = label;
            _apply = apply;
            _encoder = encoder;
            _ownArray = ownArray;
            _readSide = readSide;
        }

        /// <summary>The encoder encodes what is read through it (AWS's EncryptStream encrypts its source as it is read).</summary>
        readonly bool _readSide;

        /// <summary>An encoder's construction, kept for the repro of the reader that reads its output.</summary>
        readonly Construction? _encoder;

        /// <summary>The encoder is a store read back through its own ToArray(), not through a sink argument.</summary>
        readonly bool _ownArray;

        public string Label { get; }

        public bool IsIdentity => Label == "identity";

        public byte[] Apply(byte[] input) => _apply(input);

        public static Transcoder Identity { get; } = new Transcoder("identity", b => b);

        /// <param name="toArray">For a store with no sink argument: its own ToArray(), called before it is disposed.</param>
        /// <remarks>
        /// Its encodings are cached (<see cref="EncodingCache"/>): the reader's sessions over equal content read one encoding,
        /// as if it had been made again. The encoder is built in a scope of its own each time, so no reader ever shared
        /// anything with the encoder that made its input; a cached encoding changes nothing a reader can see.
        /// </remarks>
        public static Transcoder Encoder(Trial writer, System.Reflection.MethodInfo? toArray = null) => new Transcoder(writer.Construction.Label, new EncodingCache(input =>
        {
            var scope = new BuildScope(false, new byte[0]);
            try
            {
                var stream = writer.Build(scope).stream;
                byte[]? own = null;
                try
                {
                    stream.Write(input, 0, input.Length);
                    if (scope.ReadBack == null && toArray != null) own = (byte[])toArray.Invoke(stream, null)!;
                }
                finally { stream.Dispose(); }
                return own ?? (scope.ReadBack != null ? scope.ReadBack() : throw new InvalidOperationException("no sink to read back"));
            }
            finally { Trial.Discard(scope); }
        }).Encode, writer.Construction, ownArray: !writer.HasSink && toArray != null);

        /// <summary>
        /// An encoder that encodes as it is read (a partner that encrypts its source as it is read): the content read through
        /// it, in large reads, its output cached as a writer's is.
        /// </summary>
        public static Transcoder ReadEncoder(Trial reader) => new Transcoder(reader.Construction.Label, new EncodingCache(input =>
        {
            var scope = new BuildScope(true, input);
            try
            {
                var stream = reader.Build(scope).stream;
                try { return ReadAll(stream, input.Length * 64 + 65536); }
                finally { Trial.Discard(stream); }
            }
            finally { Trial.Discard(scope); }
        }).Encode, reader.Construction, readSide: true);

        /// <summary>
        /// C# statements declaring <c>byte[] {name}</c>: <c>content</c> as this encoder writes it (its construction over a
        /// MemoryStream, written and disposed), for the repro of a reader that reads it; null for a decoder or the
        /// identity, or where the construction has no source a user can paste (a scratch file).
        /// </summary>
        public string? EncodedSource(string name)
        {
            if (_encoder == null) return null;
            var build = _encoder.Source(_readSide);
            if (build.Contains("/*")) return null;
            var encoder = name + "Encoder";
            if (_readSide)
                return $"var {encoder} = {build};\nvar {name}Copy = new MemoryStream();\n{encoder}.CopyTo({name}Copy);\n{encoder}.Dispose();\nvar {name} = {name}Copy.ToArray();";
            if (_ownArray)
                return $"var {encoder} = {build};\n{encoder}.Write(content, 0, content.Length);\nvar {name} = {encoder}.ToArray();\n{encoder}.Dispose();";
            // The sink is the construction's first stream argument (StreamArguments), the first MemoryStream it names.
            const string Sink = "new MemoryStream()";
            var at = build.IndexOf(Sink, StringComparison.Ordinal);
            if (at < 0) return null;
            var sink = name + "Sink";
            return $"var {sink} = new MemoryStream();\nvar {encoder} = {build.Substring(0, at) + sink + build.Substring(at + Sink.Length)};\n" +
                   $"{encoder}.Write(content, 0, content.Length);\n{encoder}.Dispose();\nvar {name} = {sink}.ToArray();";
        }

        /// <remarks>
        /// A reader that gives back every byte of its input and then throws EndOfStreamException, instead of returning 0,
        /// passes its content through: the stream says it is at its end, not that it cannot parse what it read (Apache
        /// Avro's ByteBufferInputStream). Its checks then read it, and report the read at the end.
        /// </remarks>
        public static Transcoder Decoder(Trial reader) => new Transcoder(reader.Construction.Label, input =>
        {
            var scope = new BuildScope(true, input);
            try
            {
                var stream = reader.Build(scope).stream;
                var read = new MemoryStream();
                try
                {
                    ReadAll(stream, input.Length * 64 + 65536, read);
                    return read.ToArray();
                }
                catch (EndOfStreamException) when (read.Length == input.Length && read.GetBuffer().AsSpan(0, input.Length).SequenceEqual(input))
                {
                    return read.ToArray();
                }
                finally { Trial.Discard(stream); }
            }
            finally { Trial.Discard(scope); }
        });

        public static byte[] ReadAll(Stream stream, int limit)
        {
            var result = new MemoryStream();
            ReadAll(stream, limit, result);
            return result.ToArray();
        }

        /// <summary>Reads into <paramref name="result"/> until the end or <paramref name="limit"/> bytes; what was read stays there if a read throws.</summary>
        static void ReadAll(Stream stream, int limit, MemoryStream result)
        {
            var buffer = new byte[4096];
            int n;
            while (result.Length < limit && (n = stream.Read(buffer, 0, buffer.Length)) > 0) result.Write(buffer, 0, n);
        }

        /// <summary>Whether decoding what this encoder made of <paramref name="sample"/> gives it back; exceptions say no.</summary>
        public static bool RoundTrips(Transcoder encoder, Transcoder decoder, byte[] sample, out string? why) =>
            RoundTrips(encoder, decoder, sample, out why, out _);

        /// <param name="thrown">What the encoder or decoder threw, when it did.</param>
        public static bool RoundTrips(Transcoder encoder, Transcoder decoder, byte[] sample, out string? why, out Exception? thrown)
        {
            thrown = null;
            try
            {
                var back = decoder.Apply(encoder.Apply(sample));
                var n = 0;
                while (n < back.Length && n < sample.Length && back[n] == sample[n]) n++;
                why = n == sample.Length && back.Length == sample.Length ? null : $"gave {back.Length} bytes, equal up to offset {n}";
                return why == null;
            }
            catch (Exception e)
            {
                thrown = e;
                why = $"threw {e.GetType().Name} ({e.Message.Split('\n')[0]})";
                return false;
            }
        }
    }
}
