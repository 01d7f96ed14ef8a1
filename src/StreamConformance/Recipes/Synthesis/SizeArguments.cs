using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// An integer: 0 for an offset or position; 1 or 0 for a compression level or quality; otherwise the content's length
    /// (a read's window), a small buffer size, 1 (a count), 0, with 16 MiB before them for a maximum. Never a file
    /// descriptor or handle (a source of its own must open one), nor a checksum the stream verifies.
    /// </summary>
    public sealed class SizeArguments : IArgumentSource
    {
        const int BufferSize = 4096;
        static readonly string[] Origins = { "offset", "position", "start", "index", "skip" };
        // A descriptor or handle is no size: 0, 1 and 2 are the process's own stdin, stdout (the probe's channel) and stderr.
        // A checksum the stream verifies (SharpCompress's CrcCheckStream(uint crc) throws at Dispose when it differs) is the
        // content's, which no construction knows in advance: a guessed one makes every Dispose fail, a fault of the guess.
        static readonly string[] NotSizes = { "fd", "handle", "descriptor", "crc", "checksum", "adler" };
        static readonly string[] Levels = { "level", "quality" };
        static readonly string[] Ceilings = { "limit", "quota" };
        /// <summary>
        /// A ceiling a caller sets above anything it writes, and above what a check writes between two rewinds (the meters'
        /// batches stay under 2 MB). Given the content's length, Jose's CappedMemoryStream(long maxCapacity) refused the
        /// checks' writes past the content: the fixture's limit, not the library's fault.
        /// </summary>
        const int Maximum = 16 << 20;

        public IReadOnlyList<Argument> For(ParameterInfo parameter)
        {
            var type = parameter.ParameterType;
            if (type != typeof(int) && type != typeof(long) && type != typeof(short) && type != typeof(uint) && type != typeof(ulong)) return new Argument[0];
            var name = (parameter.Name ?? "").ToLowerInvariant();
            if (NotSizes.Any(name.Contains)) return new Argument[0];
            if (Origins.Any(name.Contains)) return new[] { Of(type, _ => 0, "0", "0") };
            // A compression level or quality is no size: 1, the fastest level on every scale (zstd 1–22, Brotli 0–11, zlib 0–9),
            // then 0. Given the content's length, Zstandard.Net's ZstandardStream(Stream, compressionLevel) ran zstd at its
            // highest level, milliseconds a write, and on a slowed machine its writer's output did not reach its reader in time.
            if (Levels.Any(name.Contains)) return new[] { Of(type, _ => 1, "1", "1"), Of(type, _ => 0, "0", "0") };
            var sizes = new[]
            {
                Of(type, scope => scope.ForReading ? scope.Content.Length : BufferSize, "content.Length", BufferSize.ToString()),
                Of(type, _ => BufferSize, BufferSize.ToString(), BufferSize.ToString()),
                Of(type, _ => 1, "1", "1"),
                Size(Of(type, _ => 0, "0", "0"), zero: true),
            }.Select(a => Size(a));
            return (IsMaximum(name) ? new[] { Size(Of(type, _ => Maximum, Maximum.ToString(), Maximum.ToString())) }.Concat(sizes) : sizes).ToArray();
        }

        /// <summary>A name that starts with max or holds limit or quota (maxCapacity, maximumSize, sizeLimit).</summary>
        static bool IsMaximum(string name) => name.StartsWith("max", StringComparison.Ordinal) || Ceilings.Any(name.Contains);

        static Argument Size(Argument argument, bool zero = false)
        {
            argument.IsSize = true;
            argument.IsZeroSize |= zero;
            return argument;
        }

        static Argument Of(Type type, Func<BuildScope, long> value, string readSource, string writeSource) =>
            new Argument(readSource == "content.Length" ? "length" : readSource, readSource, writeSource,
                scope => Convert.ChangeType(value(scope), type, System.Globalization.CultureInfo.InvariantCulture));
    }
}
