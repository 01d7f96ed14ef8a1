using System;
using System.IO;
using StreamConformance.Recipes;

namespace StreamConformance.Meters
{
    // One concept: a metered stream operation and its kind, the baseline (read or write) it is compared with.
    /// <summary>Which baseline an operation is compared with: MemoryStream.ReadByte or MemoryStream.WriteByte.</summary>
    public enum OperationKind
    {
        Read,
        Write,
    }

    /// <summary>
    /// One call that meters measure (ReadByte, Write of 100 bytes, Seek inside the buffer, ...): whether it
    /// applies to a recipe, and how to open a stream on which it can be called many times in a row.
    /// </summary>
    /// <remarks>
    /// Content is sized so that every call of a session does its full work (a read never reaches the end);
    /// seekable streams are rewound to 0 between warm-up and the measured window, so writes reuse the store
    /// that the warm-up grew. A write-only stream that cannot seek keeps growing its store while measured; the
    /// recipes give such streams a store with room set aside (<see cref="ForwardOnlyStore"/>), so that growth is not
    /// counted as the stream's.
    /// </remarks>
    public abstract class StreamOperation
    {
        protected StreamOperation(string name, string title, string member, OperationKind kind, int bytesPerCall)
        {
            Name = name;
            Member = member;
            Title = title;
            Kind = kind;
            BytesPerCall = bytesPerCall;
        }

        /// <summary>Kebab-case name used in check names and budget files: "read-byte", "write-span-100".</summary>
        public string Name { get; }

        /// <summary>How a runtime engineer calls it: "ReadByte", "Write(ReadOnlySpan) of 100 bytes".</summary>
        public string Title { get; }

        /// <summary>
        /// The inventory's key of the member each call enters (<see cref="Discovery.StreamMembers"/>): where a cost
        /// finding on this operation looks for the IL hazards the inventory saw.
        /// </summary>
        public string Member { get; }

        public OperationKind Kind { get; }

        /// <summary>Bytes of content each call consumes (0 for Seek and Position).</summary>
        public int BytesPerCall { get; }

        /// <summary>Why the operation does not apply to streams of this recipe (from its knobs), or null when it may.</summary>
        public virtual string? WhyNotApplicable(StreamRecipe recipe) => null;

        /// <summary>
        /// Opens a stream for <paramref name="calls"/> consecutive calls; null with the reason when the recipe
        /// offers no stream the operation can run on.
        /// </summary>
        public OperationSession? Open(StreamRecipe recipe, int calls, out string? why)
        {
            why = WhyNotApplicable(recipe);
            if (why != null) return null;
            StreamFixture? fixture;
            if (Kind == OperationKind.Write)
            {
                fixture = recipe.OpenWrite();
                if (fixture == null) { why = "the recipe opens no writable stream" + (recipe.NoWriterReason is { } none ? ": " + none : ""); return null; }
                if (!fixture.Stream.CanWrite) { fixture.Dispose(); why = "the stream the recipe opens for writing has CanWrite false"; return null; }
            }
            else
            {
                // Every measured call must find content to read: an empty stream has none, whatever the call.
                if (recipe.EmptyOnlyReason is string empty) { why = "no content to read; the recipe builds its stream only empty: " + empty; return null; }
                fixture = recipe.OpenRead(ContentCache.ForCalls(calls, BytesPerCall));
                if (fixture == null) { why = "the recipe opens no readable stream"; return null; }
                if (!fixture.Stream.CanRead) { fixture.Dispose(); why = "the stream the recipe opens for reading has CanRead false"; return null; }
            }
            try
            {
                return Session(fixture);
            }
            catch
            {
                fixture.Dispose();
                throw;
            }
        }

        /// <summary>
        /// A session on a stream someone else owns (a wrapper's inner stream): disposing the session disposes it, so the
        /// owner of the stream keeps the session undisposed and disposes what holds the stream instead.
        /// </summary>
        public OperationSession OpenOn(Stream stream) => Session(new StreamFixture(stream));

        /// <summary>Calls are asynchronous: the content a session passes (<see cref="OperationSession.Pass"/>) is read asynchronously too.</summary>
        protected virtual bool Asynchronous => false;

        OperationSession Session(StreamFixture fixture) =>
            Bind(fixture).WithPass(StreamOperations.PassOf(fixture.Stream, Kind, BytesPerCall, Asynchronous));

        /// <summary>The session over an opened stream: the per-call closure and the rewind.</summary>
        protected abstract OperationSession Bind(StreamFixture fixture);

        /// <summary>Position = 0 when the stream can seek; null (no rewind) otherwise.</summary>
        protected static Action? RewindOf(Stream stream) => stream.CanSeek ? () => stream.Position = 0 : (Action?)null;

        public override string ToString() => Title;
    }
}
