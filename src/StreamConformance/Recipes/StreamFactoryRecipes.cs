using System;
using System.IO;

namespace StreamConformance.Recipes
{
    // One concept: the streams Stream's own static members hand out (Stream.Null, Stream.Synchronized).
    /// <summary>
    /// Stream.Null: reads end at once and writes vanish. It reads "content" only when the content is empty, and
    /// its writable fixture has no read-back (there is no store).
    /// </summary>
    public sealed class NullStreamRecipe : StreamRecipe
    {
        static readonly Lazy<string> s_typeName = new Lazy<string>(() => Stream.Null.GetType().FullName ?? "System.IO.Stream+NullStream");

        public override string TypeName => s_typeName.Value;
        public override string Variant => "Stream.Null";
        public override bool CanSeek => true;
        public override bool IsBuffered => true;
        // Stream.Null is a shared singleton: Dispose does nothing and it keeps working afterwards, by design.
        public override bool ThrowsObjectDisposedAfterDispose => false;

        public override StreamFixture? OpenRead(byte[] content) => content.Length == 0 ? new StreamFixture(Stream.Null) : null;
        public override StreamFixture? OpenWrite() => new StreamFixture(Stream.Null);
        public override string? ReproSource(StreamAccess access) => "var stream = Stream.Null;";
    }

    /// <summary>Stream.Synchronized(MemoryStream): the lock-taking wrapper.</summary>
    public sealed class SynchronizedStreamRecipe : StreamRecipe
    {
        static readonly Lazy<string> s_typeName = new Lazy<string>(() =>
            Stream.Synchronized(new MemoryStream()).GetType().FullName ?? "System.IO.Stream+SyncStream");

        public override string TypeName => s_typeName.Value;
        public override string Variant => "Stream.Synchronized(MemoryStream)";
        public override bool CanSeek => true;
        public override bool IsBuffered => true;

        public override StreamFixture? OpenRead(byte[] content) => new StreamFixture(Stream.Synchronized(new MemoryStream(content, false)));

        public override StreamFixture? OpenWrite()
        {
            var inner = new MemoryStream();
            return new StreamFixture(Stream.Synchronized(inner), inner.ToArray);
        }

        public override StreamFixture? OpenReadWrite(byte[] initial)
        {
            var inner = new MemoryStream();
            inner.Write(initial, 0, initial.Length);
            inner.Position = 0;
            return new StreamFixture(Stream.Synchronized(inner), inner.ToArray);
        }
    }
}
