using System;
using System.IO;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// How to build one stream type in a known state. Checks never construct streams themselves; they ask a
    /// recipe, and read its capability knobs to decide what the contract demands (modelled on dotnet/runtime's
    /// StreamConformanceTests). A recipe returns null from an Open method it does not support.
    /// A new stream type is one new recipe class; <see cref="RecipeCatalog"/> finds it by reflection.
    /// </summary>
    public abstract class StreamRecipe
    {
        /// <summary>Full name of the type the recipe builds, as the inventory names it (e.g. "System.IO.BufferedStream").</summary>
        public abstract string TypeName { get; }

        /// <summary>Which state or constructor, e.g. "over-unseekable", "bufferSize=0", "decompress". Unique per type.</summary>
        public virtual string Variant => "default";

        /// <summary>Opens the stream for reading over exactly <paramref name="content"/>.</summary>
        public virtual StreamFixture? OpenRead(byte[] content) => null;

        /// <summary>Opens an empty stream for writing; the fixture reads back what was written.</summary>
        public virtual StreamFixture? OpenWrite() => null;

        /// <summary>Opens a stream for reading and writing, positioned at 0 over <paramref name="initial"/>.</summary>
        public virtual StreamFixture? OpenReadWrite(byte[] initial) => null;

        // ---- Capability knobs: what the contract expects of this stream. ----

        /// <summary>The streams this recipe opens can seek (CanSeek is true and Seek/Position/Length work).</summary>
        public virtual bool CanSeek => false;

        /// <summary>A Read of N bytes returns N unless the end is reached (no short reads), as MemoryStream and FileStream do.</summary>
        public virtual bool ReadsReadUntilSizeOrEof => true;

        /// <summary>
        /// Writes may extend the stream past its length. False for fixed-size stores (MemoryStream over a caller's
        /// array, memory-mapped views, UnmanagedMemoryStream): there a write past the capacity rightly throws.
        /// </summary>
        public virtual bool CanGrow => true;

        /// <summary>Written data reaches the store on Flush; false when only Dispose completes it (compressors, CryptoStream).</summary>
        public virtual bool WritesVisibleAfterFlush => true;

        /// <summary>
        /// The stream is its own store, with no sink behind it (a pooled memory stream built empty, which hands its memory
        /// back at Dispose): what was written is read back after Flush, before Dispose, and nothing is compared after it.
        /// </summary>
        public virtual bool ReadBackBeforeDispose => false;

        /// <summary>Reads and writes are served from memory or a buffer, so the budgets for buffered streams apply (e.g. 0 B per ReadByte).</summary>
        public virtual bool IsBuffered => false;

        /// <summary>
        /// The stream does its I/O on pool threads even for synchronous calls (Mono's FileStream over a
        /// FileOptions.Asynchronous handle): what it allocates there is invisible to a per-thread count.
        /// </summary>
        public virtual bool WorksOnPoolThreads => false;

        /// <summary>
        /// Another thread feeds or drains the stream while it is measured (a pipe's or socket's peer, a TLS or HTTP
        /// server): how much work a call does can depend on when the peer's data arrives, so an allocation figure
        /// is called exact only when every pair of windows agrees.
        /// </summary>
        public virtual bool HasLivePeer => false;

        /// <summary>
        /// A write on the read fixture is the stream's own to judge. False for a pipe onto itself, whose writing side
        /// belongs to the feeder thread that ends it after the content (CompleteWriting()): a write there meets the state
        /// the harness made, and says nothing of CanWrite.
        /// </summary>
        public virtual bool WritesOnReadFixture => true;

        /// <summary>Backed by an OS handle (file, pipe, socket): syscall meters apply.</summary>
        public virtual bool IsOsBacked => false;

        /// <summary>
        /// Why the stream is not a pass-through of the content the recipe gives it (it decompresses, parses or encodes),
        /// or null. Only a generic shape needs to say: a real recipe feeds each type content it accepts.
        /// </summary>
        public virtual string? TransformsContentReason => null;

        /// <summary>
        /// Why the recipe can build its stream only over empty content, or null. For a type that holds nothing by nature
        /// (HttpClient's body of a response without one): its Open methods decline other content, the checks that need
        /// bytes to read skip with this reason, and the rest (end-of-stream reads, capabilities, arguments, dispose) run
        /// over the empty stream. See <see cref="ContentFor"/>.
        /// </summary>
        public virtual string? EmptyOnlyReason => null;

        /// <summary>
        /// Why the read fixture's content is not what the stream parses, or null: a decoder built by synthesis that rejects
        /// every content the harness can make (its first read throws a format exception, as it must on malformed input)
        /// and that nothing found feeds. A read over it fails on the content, so no check judges what a read does there
        /// (a capability, an argument check that reads first); disposal is still judged.
        /// </summary>
        public virtual string? RejectedContentReason => null;

        /// <summary>Why the recipe opens no stream for writing although the type writes (every writer took no byte), or null.</summary>
        public virtual string? NoWriterReason => null;

        /// <summary>The content to open this recipe over when a caller wants <paramref name="content"/>: none for an empty-only recipe.</summary>
        public byte[] ContentFor(byte[] content) => EmptyOnlyReason == null ? content : Array.Empty<byte>();

        /// <summary>
        /// Whether CanRead/CanWrite/CanSeek become false after Dispose. dotnet/runtime's conformance suite has the same
        /// knob (CansReturnFalseAfterDispose) and turns it off for pipes; where false, capabilities that stay true are advisory.
        /// </summary>
        public virtual bool CansReturnFalseAfterDispose => true;

        /// <summary>After Dispose, members throw ObjectDisposedException (the harness's stricter rule); where false, another accepted exception is not even advisory.</summary>
        public virtual bool ThrowsObjectDisposedAfterDispose => true;

        /// <summary>
        /// Whether dotnet/runtime's conformance suite holds the type to its members throwing after Dispose at all. Its
        /// HTTP response stream tests override Disposed_ThrowsObjectDisposedException to nothing ("the HTTP response
        /// streams don't throw ObjectDisposedException upon disposal"); where false, what the check finds is advisory.
        /// </summary>
        public virtual bool MembersThrowAfterDispose => true;

        /// <summary>
        /// What a read or write on a stream that cannot read or write may throw besides the Stream contract's
        /// NotSupportedException, for types that document another (DeflateStream: InvalidOperationException).
        /// </summary>
        public virtual Type UnsupportedReadWriteExceptionType => typeof(NotSupportedException);

        /// <summary>Content size the recipe is happy with; slow recipes (sockets, TLS) may ask for less.</summary>
        public virtual int PreferredContentLength => 4096;

        /// <summary>
        /// The recipe as a user would write it, for a self-contained repro (<c>report --finding</c>): C# statements that
        /// declare <c>stream</c> opened for <paramref name="access"/>, given <c>byte[] content</c> for a read; null
        /// when the recipe has no such form (the report then says so).
        /// </summary>
        public virtual string? ReproSource(StreamAccess access) => null;

        /// <summary>
        /// For a repro that checks what was written: a C# expression, valid after <see cref="ReproSource"/>'s statements
        /// for <paramref name="access"/> (and after the stream is disposed), giving the bytes that reached the store, as
        /// the fixture's read-back reads them; null when the recipe has no such form.
        /// </summary>
        public virtual string? ReproStore(StreamAccess access) => null;

        /// <summary>Where this recipe puts its files: the run's once bound to it (<see cref="In"/>), else <see cref="RecipeEnvironment.ForProcess"/>.</summary>
        public RecipeEnvironment Scratch { get; private set; } = RecipeEnvironment.ForProcess;

        /// <summary>
        /// This recipe with its files in <paramref name="scratch"/>: a copy bound to it, since the catalog's instance is
        /// shared by everything in the process.
        /// </summary>
        public StreamRecipe In(RecipeEnvironment scratch)
        {
            if (ReferenceEquals(scratch, Scratch)) return this;
            var bound = (StreamRecipe)MemberwiseClone();
            bound.Scratch = scratch;
            return bound;
        }

        /// <summary>Why this recipe cannot run on the current runtime or platform, or null when it can.</summary>
        public virtual string? UnavailableReason => null;

        /// <summary>
        /// The type is internal and reached through public API, so <see cref="TypeName"/> (and <see cref="CanSeek"/>) is a
        /// declaration about the runtime, made without opening anything: <see cref="Open"/> holds every stream it opens to
        /// it, and a runtime that hands out another type fails to build the recipe, naming both, instead of having its
        /// stream checked under the wrong name.
        /// </summary>
        protected virtual bool ReachesDeclaredType => false;

        public StreamFixture? Open(StreamAccess access, byte[] content)
        {
            var fixture = access switch
            {
                StreamAccess.Read => OpenRead(content),
                StreamAccess.Write => OpenWrite(),
                StreamAccess.ReadWrite => OpenReadWrite(content),
                _ => throw new ArgumentOutOfRangeException(nameof(access)),
            };
            if (fixture == null || !ReachesDeclaredType) return fixture;
            var actual = fixture.Stream.GetType().FullName;
            var seeks = fixture.Stream.CanSeek;
            if (actual == TypeName && seeks == CanSeek) return fixture;
            fixture.Dispose();
            throw new InvalidOperationException(actual != TypeName
                ? $"the API handed out {actual}, not the declared {TypeName}"
                : $"the API handed out a {actual} whose CanSeek is {seeks}, not the declared {CanSeek}");
        }

        public override string ToString() => Variant == "default" ? TypeName : $"{TypeName} [{Variant}]";
    }
}
