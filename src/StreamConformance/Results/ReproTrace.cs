using System.Collections.Generic;
using Newtonsoft.Json;

namespace StreamConformance.Results
{
    // One concept: a repro trace: the calls kept, each step, and the operations a step names.
    /// <summary>
    /// The calls a check made on one fresh stream until it failed, each with what the check expected of it: enough for
    /// <c>report --finding</c> to write them out as a program. A failing sequence is shrunk before it is kept (the
    /// shortest one found that fails the same way), so the program is as short as the failure allows.
    /// </summary>
    public sealed class ReproTrace
    {
        /// <summary>How the stream was opened: "read", "write" or "readWrite" (the recipe's <c>StreamAccess</c>).</summary>
        [JsonProperty("access")] public string Access { get; set; } = "read";

        /// <summary>Bytes of the content the stream was opened over (the harness's deterministic content of that length).</summary>
        [JsonProperty("contentLength")] public int ContentLength { get; set; }

        /// <summary>Calls the check's own run made before it failed; <see cref="Steps"/> is what is left after shrinking.</summary>
        [JsonProperty("shrunkFrom")] public int ShrunkFrom { get; set; }

        /// <summary>Re-runs on a fresh stream the shrinking took.</summary>
        [JsonProperty("replays")] public int Replays { get; set; }

        /// <summary>What the last step saw, in the check's words.</summary>
        [JsonProperty("violation")] public string Violation { get; set; } = "";

        [JsonProperty("steps")] public List<ReproStep> Steps { get; set; } = new List<ReproStep>();
    }

    /// <summary>
    /// One call on the stream: its operation (<see cref="ReproOps"/>), its arguments, the bytes it writes (or, for a
    /// read, the bytes it should give), and the value the check expected it to return (the position, for a call that
    /// moves it).
    /// </summary>
    public sealed class ReproStep
    {
        [JsonProperty("op")] public string Op { get; set; } = "";
        [JsonProperty("args", NullValueHandling = NullValueHandling.Ignore)] public long[]? Args { get; set; }
        [JsonProperty("data", NullValueHandling = NullValueHandling.Ignore)] public byte[]? Data { get; set; }
        [JsonProperty("expect", NullValueHandling = NullValueHandling.Ignore)] public long? Expect { get; set; }

        public static ReproStep Of(string op, long[]? args = null, byte[]? data = null, long? expect = null) =>
            new ReproStep { Op = op, Args = args, Data = data, Expect = expect };

        public long Arg(int i) => Args != null && i < Args.Length ? Args[i] : 0;

        public override string ToString() => Op + (Args == null ? "" : "(" + string.Join(", ", Args) + ")") + (Data == null ? "" : $" [{Data.Length} B]");
    }

    /// <summary>The operations a <see cref="ReproStep"/> names; each is one call (or a call and the Position it must leave).</summary>
    public static class ReproOps
    {
        /// <summary>ReadByte(); expect: the value.</summary>
        public const string ReadByte = "ReadByte";
        /// <summary>Read(new byte[5 + n], 5, n), args [n, shortReadsAllowed]; expect: the count; data: the bytes it should give.</summary>
        public const string Read = "Read";
        /// <summary>Read(new Span&lt;byte&gt;(new byte[5 + n], 5, n)); as <see cref="Read"/>.</summary>
        public const string ReadSpan = "ReadSpan";
        /// <summary>ReadAsync(new byte[5 + n], 5, n) waited on; as <see cref="Read"/>.</summary>
        public const string ReadAsync = "ReadAsync";
        /// <summary>ReadAsync(new Memory&lt;byte&gt;(new byte[5 + n], 5, n)) waited on; as <see cref="Read"/>.</summary>
        public const string ReadAsyncMemory = "ReadAsyncMemory";
        /// <summary>Read(new byte[n], 0, n) until it returns 0, args [n, from]; expect: how many bytes are left, content[from..].</summary>
        public const string ReadToEnd = "ReadToEnd";
        /// <summary>Seek(offset, origin), args [offset, origin]; expect: the position it returns and leaves.</summary>
        public const string Seek = "Seek";
        /// <summary>Position getter; expect: the position.</summary>
        public const string Position = "Position";
        /// <summary>Position = target, args [target]; expect: the position it leaves.</summary>
        public const string SetPosition = "SetPosition";
        /// <summary>Length getter; expect: the length.</summary>
        public const string Length = "Length";
        /// <summary>WriteByte(value), args [value]; expect: the position it leaves, when the stream seeks.</summary>
        public const string WriteByte = "WriteByte";
        /// <summary>Write(source, offset, data.Length) with data at that offset of a larger array, args [offset]; expect as WriteByte.</summary>
        public const string Write = "Write";
        /// <summary>Write(ReadOnlySpan&lt;byte&gt;) of data.</summary>
        public const string WriteSpan = "WriteSpan";
        /// <summary>WriteAsync(source, offset, count) waited on, args [offset].</summary>
        public const string WriteAsync = "WriteAsync";
        /// <summary>WriteAsync(ReadOnlyMemory&lt;byte&gt;) of data, waited on.</summary>
        public const string WriteAsyncMemory = "WriteAsyncMemory";
        /// <summary>EndWrite(BeginWrite(source, offset, count)), args [offset].</summary>
        public const string BeginWrite = "BeginWrite";
        /// <summary>SetLength(value), args [value]; expect: the Length it leaves.</summary>
        public const string SetLength = "SetLength";
        public const string Flush = "Flush";
        /// <summary>FlushAsync() waited on.</summary>
        public const string FlushAsync = "FlushAsync";
        public const string Dispose = "Dispose";
        /// <summary>The store (the recipe's read-back) holds every byte written so far, args [0 after Flush, 1 after Dispose].</summary>
        public const string StoreIs = "StoreIs";
    }
}
