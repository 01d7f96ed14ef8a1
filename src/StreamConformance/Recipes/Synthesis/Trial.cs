using System;
using System.IO;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// What one construction built, asked of an instance over a writable sink (a write-only type built over a
    /// read-only stream may throw after registering a finalizer that then takes the process down).
    /// </summary>
    public sealed class Trial
    {
        public Trial(Construction construction, int underTest, bool isPair, bool canRead, bool canWrite, bool canSeek, bool hasSink)
        {
            Construction = construction;
            UnderTest = underTest;
            IsPair = isPair;
            CanRead = canRead;
            CanWrite = canWrite;
            CanSeek = canSeek;
            HasSink = hasSink;
        }

        public Construction Construction { get; }

        /// <summary>Which of the streams the construction returns is the type's (the other, for a pair, is its peer).</summary>
        public int UnderTest { get; }

        public bool IsPair { get; }
        public bool CanRead { get; }
        public bool CanWrite { get; }
        public bool CanSeek { get; }

        /// <summary>Written bytes land in a store an argument gave (an inner stream, a file, a buffer writer).</summary>
        public bool HasSink { get; }

        /// <summary>Builds the construction in <paramref name="scope"/>: the stream under test and, for a pair, its peer.</summary>
        public (Stream stream, Stream? peer) Build(BuildScope scope)
        {
            var streams = Construction.Invoke(scope);
            if (streams.Length == 1) return (streams[0], null);
            return (streams[UnderTest], streams[1 - UnderTest]);
        }

        /// <summary>Disposes a stream the harness made for itself; the finalizer is kept off only when Dispose threw (see StreamFixture).</summary>
        public static void Discard(Stream? stream)
        {
            if (stream == null) return;
            try { stream.Dispose(); }
            catch (Exception) { GC.SuppressFinalize(stream); }
        }

        /// <summary>
        /// Builds a fresh instance and asks it <paramref name="question"/> on a background thread for at most
        /// <paramref name="limit"/>: the answer (false when the build or the question threw), or null when none came in
        /// time; the instance is then disposed, which may release the question (if not, the parked thread costs nothing).
        /// </summary>
        public bool? Ask(Func<Stream, bool> question, TimeSpan limit, string name)
        {
            var scope = new BuildScope(false, new byte[0]);
            Stream? stream = null;
            try
            {
                stream = Build(scope).stream;
                var built = stream;
                return BoundedCall.TryRun(() => question(built), limit, name, () => Discard(built), TimeSpan.FromMilliseconds(200), out var answer, out var error)
                    ? error == null && answer
                    : (bool?)null;
            }
            catch (Exception)
            {
                return false;
            }
            finally
            {
                Discard(stream);
                Discard(scope);
            }
        }

        public static void Discard(BuildScope scope)
        {
            for (var i = scope.Owned.Count - 1; i >= 0; i--)
            {
                try { scope.Owned[i].Dispose(); }
                catch (Exception) { }
            }
        }

        public override string ToString() => Construction.Label;
    }
}
