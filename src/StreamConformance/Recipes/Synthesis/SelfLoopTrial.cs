using System;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Threading;

namespace StreamConformance.Recipes.Synthesis
{
    // One concept: the trial that finds a stream looping onto itself, and the SelfLoop it finds.
    /// <summary>
    /// A single object that is a pipe onto itself (Nerdbank's SimplexStream): a construction whose write blocks while
    /// nobody reads, and whose own reads return what it was written.
    /// </summary>
    public sealed class SelfLoop
    {
        public SelfLoop(Trial trial, MethodInfo? endOfWriting)
        {
            Trial = trial;
            EndOfWriting = endOfWriting;
        }

        public Trial Trial { get; }

        /// <summary>
        /// The public method after which reads return what is left and then 0 (CompleteWriting()), or null: without it
        /// nothing but Dispose ends the reads, and Dispose drops what is unread.
        /// </summary>
        public MethodInfo? EndOfWriting { get; }

        public void EndWriting(Stream stream)
        {
            Reflected.Invoke(EndOfWriting!, stream, null);
        }
    }

    /// <summary>
    /// Whether a stream whose write blocks without a reader (<see cref="WriteBlockTrial"/>) loops onto itself, asked of
    /// its behaviour, never of its name: a few bytes written come back from a read of the same object, and a write of
    /// <see cref="WriteBlockTrial.Bytes"/> completes while another thread reads the same object. The method that ends its
    /// writing is found the same way, among the public parameterless methods it adds. Each question is bounded.
    /// </summary>
    public static class SelfLoopTrial
    {
        static readonly byte[] Few = { 0x5A, 0xA5, 0x3C };

        /// <summary>Methods tried as the end of writing, at most: each that is not one costs a read waiting out the limit.</summary>
        const int MaxEndCandidates = 8;

        public static SelfLoop? Of(Trial trial)
        {
            if (trial.IsPair || !trial.CanRead || !trial.CanWrite) return null;
            Type? built = null;
            bool ReadsBack(Stream s)
            {
                built = s.GetType(); // an instantiation, for a generic type: its methods are the ones to invoke
                return ReadsBackWhatItWrote(s);
            }
            if (Ask(trial, ReadsBack) != true || Ask(trial, LargeWriteCompletesWhileItselfIsRead) != true) return null;
            var end = EndCandidates(built!).FirstOrDefault(m => Ask(trial, s => EndsReads(s, m)) == true);
            return new SelfLoop(trial, end);
        }

        static bool? Ask(Trial trial, Func<Stream, bool> question) => trial.Ask(question, WriteBlockTrial.Limit, "streamconf-self-loop-trial");

        static bool ReadsBackWhatItWrote(Stream stream)
        {
            stream.Write(Few, 0, Few.Length);
            stream.Flush();
            return ReadExactly(stream, Few.Length).SequenceEqual(Few);
        }

        /// <summary>
        /// The write completes while another thread reads the same object. What the reader gets is left to the checks,
        /// which compare it: a loop that loses or reorders bytes is still a loop, and a broken one.
        /// </summary>
        static bool LargeWriteCompletesWhileItselfIsRead(Stream stream)
        {
            // Past the caller's limit the stream is disposed, which releases the reader (a background thread in any case).
            new Thread(() =>
            {
                try { ReadExactly(stream, WriteBlockTrial.Bytes); }
                catch (Exception) { }
            }) { IsBackground = true, Name = "streamconf-self-loop-reader" }.Start();
            var chunk = new byte[16384];
            for (var written = 0; written < WriteBlockTrial.Bytes; written += chunk.Length) stream.Write(chunk, 0, chunk.Length);
            stream.Flush();
            return true;
        }

        /// <summary>After <paramref name="method"/>, reads return what was written and then 0 (one that ends nothing leaves the last read waiting out the limit).</summary>
        static bool EndsReads(Stream stream, MethodInfo method)
        {
            stream.Write(Few, 0, Few.Length);
            stream.Flush();
            method.Invoke(stream, null);
            var got = ReadExactly(stream, Few.Length);
            return got.SequenceEqual(Few) && stream.Read(new byte[1], 0, 1) == 0;
        }

        /// <summary>Public parameterless void methods the type adds to Stream's (Stream's own Flush, Close and Dispose end nothing a reader can go on reading).</summary>
        static MethodInfo[] EndCandidates(Type type) =>
            type.GetMethods(BindingFlags.Public | BindingFlags.Instance)
                .Where(m => m.ReturnType == typeof(void) && m.GetParameters().Length == 0 && !m.IsSpecialName && !m.ContainsGenericParameters
                            && m.GetBaseDefinition().DeclaringType is { } d && typeof(Stream).IsAssignableFrom(d) && d != typeof(Stream)
                            && m.Name != nameof(Stream.Dispose) && m.Name != nameof(Stream.Close))
                .OrderBy(m => m.Name, StringComparer.Ordinal)
                .Take(MaxEndCandidates)
                .ToArray();

        /// <summary>Exactly <paramref name="count"/> bytes, or fewer when a read returns 0 first.</summary>
        static byte[] ReadExactly(Stream stream, int count)
        {
            var buffer = new byte[count];
            var at = 0;
            int n;
            while (at < count && (n = stream.Read(buffer, at, count - at)) > 0) at += n;
            return at == count ? buffer : buffer.Take(at).ToArray();
        }
    }
}
