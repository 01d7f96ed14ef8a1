namespace StreamConformance.Recipes
{
    /// <summary>
    /// HttpContent.LoadIntoBufferAsync on a custom content: the stream its SerializeToStreamAsync writes into is the
    /// content's own buffer (.NET: HttpContent+LimitArrayPoolWriteStream; Mono 6.8: HttpContent+LimitMemoryStream). The
    /// read-back ends the serialization and reads the buffered content (ReadAsByteArrayAsync); the buffer is the store
    /// and HttpContent takes it over, so it is read back before the stream is disposed.
    /// </summary>
    public sealed class HttpContentBufferRecipe : ReachedTypeRecipe
    {
        public override string Variant => "HttpContent.LoadIntoBufferAsync";
        public override string TypeName => DeclaredName.Of("System.Net.Http.HttpContent+LimitArrayPoolWriteStream",
            mono: MemoryBuffer, beforeNet10: MemoryBuffer);
        const string MemoryBuffer = "System.Net.Http.HttpContent+LimitMemoryStream";
        // LimitMemoryStream is a MemoryStream, and seeks.
        public override bool CanSeek => TypeName == MemoryBuffer;
        // Not judged by the 0 B budgets of buffered streams: its store grows while it is written, renting ever larger
        // arrays (a fraction of a byte per call, amortized), as any growing in-memory store does.
        public override bool IsBuffered => false;
        public override bool ReadBackBeforeDispose => true;

        // The stream is handed out from inside LoadIntoBufferAsync's serialization and read back by waiting for it to
        // finish: on WebAssembly's one thread that wait cannot let the serialization go on (opens took 10 s there, and
        // the read-back came back empty, which edge.zero-length took for lost writes).
        public override string? UnavailableReason => Runtimes.RuntimeResolver.IsRunningOnWasm
            ? "the buffer is handed out inside HttpContent's asynchronous serialization and read back by waiting for it to end, which WebAssembly's one thread cannot do"
            : null;

        public override StreamFixture? OpenWrite()
        {
            var content = new HandOverContent(null);
            var load = content.LoadIntoBufferAsync();
            using var build = new FixtureBuilder();
            var pending = build.Own(new PendingRequest(content, load, content));
            var stream = content.WaitForStream(load);
            byte[]? buffered = null;
            return build.Fixture(stream, () =>
            {
                if (buffered != null) return buffered;
                pending.Finish();
                return buffered = content.ReadAsByteArrayAsync().GetAwaiter().GetResult();
            });
        }

        // The stream exists only inside SerializeToStreamAsync: the program's HandOver content hands it out.
        public override string? ReproSource(StreamAccess access) => access != StreamAccess.Write ? null :
            "var handOver = new HandOver();\nvar load = handOver.LoadIntoBufferAsync();\nvar stream = handOver.Given.Task.GetAwaiter().GetResult();";

        public override string? ReproStore(StreamAccess access) => access != StreamAccess.Write ? null :
            "((Func<byte[]>)(() => { handOver.Release(); load.GetAwaiter().GetResult(); return handOver.ReadAsByteArrayAsync().GetAwaiter().GetResult(); }))()";
    }
}
