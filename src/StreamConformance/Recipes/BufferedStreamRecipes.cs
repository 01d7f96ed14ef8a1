using System.IO;

namespace StreamConformance.Recipes
{
    // One concept: BufferedStream's recipes, over a seekable or an unseekable inner stream, under one base.
    /// <summary>BufferedStream over a MemoryStream: seekable, and every inner read is complete.</summary>
    public abstract class BufferedStreamRecipe : StreamRecipe
    {
        public override string TypeName => "System.IO.BufferedStream";
        public override bool IsBuffered => true;

        /// <summary>Buffer size given to the constructor, or null for the default.</summary>
        protected virtual int? BufferSize => null;

        protected BufferedStream Wrap(Stream inner) =>
            BufferSize is int size ? new BufferedStream(inner, size) : new BufferedStream(inner);
    }

    /// <summary>BufferedStream over a seekable MemoryStream: read, write and read-write fixtures.</summary>
    public abstract class BufferedStreamOverSeekableRecipe : BufferedStreamRecipe
    {
        public override bool CanSeek => true;

        public override StreamFixture? OpenRead(byte[] content) => new StreamFixture(Wrap(new MemoryStream(content, false)));

        public override StreamFixture? OpenWrite()
        {
            var inner = new MemoryStream();
            return new StreamFixture(Wrap(inner), inner.ToArray);
        }

        public override StreamFixture? OpenReadWrite(byte[] initial)
        {
            var inner = new MemoryStream();
            inner.Write(initial, 0, initial.Length);
            inner.Position = 0;
            return new StreamFixture(Wrap(inner), inner.ToArray);
        }
    }

    /// <summary>new BufferedStream(MemoryStream) with the default 4096-byte buffer.</summary>
    public sealed class BufferedStreamSeekableRecipe : BufferedStreamOverSeekableRecipe
    {
        public override string Variant => "over-seekable";
    }

    /// <summary>new BufferedStream(MemoryStream, 7): a buffer smaller than most requests, so both paths (buffered and pass-through) run.</summary>
    public sealed class BufferedStreamSmallBufferRecipe : BufferedStreamOverSeekableRecipe
    {
        public override string Variant => "over-seekable bufferSize=7";
        protected override int? BufferSize => 7;
    }

    /// <summary>new BufferedStream(unseekable): the forward-only paths; no read-write mode (it would need a seekable inner stream).</summary>
    public sealed class BufferedStreamUnseekableRecipe : BufferedStreamRecipe
    {
        public override string Variant => "over-unseekable";

        public override StreamFixture? OpenRead(byte[] content) =>
            new StreamFixture(Wrap(new UnseekableStream(new MemoryStream(content, false))));

        public override StreamFixture? OpenWrite()
        {
            var inner = ForwardOnlyStore.New();
            return new StreamFixture(Wrap(new UnseekableStream(inner)), inner.ToArray);
        }

        /// <summary>Enough for the largest allocation window: (2N warm-up + 2N measured) calls of 100 bytes, N = 10,000.</summary>
    }
}
