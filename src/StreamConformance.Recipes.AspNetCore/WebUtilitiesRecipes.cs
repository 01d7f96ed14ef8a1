using System;
using System.IO;
using Microsoft.AspNetCore.WebUtilities;
using StreamConformance.Recipes;

namespace StreamConformance.Recipes.AspNetCore
{
    // One concept: WebUtilities' buffering streams, built without a server, one recipe per stream and buffer kind.

    /// <summary>
    /// Microsoft.AspNetCore.WebUtilities' public buffering streams, built through their public constructors as ASP.NET Core
    /// builds them over a request body: over an unseekable stream of the content, with the buffer sizes ASP.NET Core itself
    /// passes. No server is needed.
    /// </summary>
    public abstract class WebUtilitiesRecipe : AspNetCoreRecipe
    {
        protected override bool NeedsServer => false;
        public override bool ReadsReadUntilSizeOrEof => false;
    }

    /// <summary>BufferedReadStream(inner, 4096) as MultipartReader builds it; a read returns what is buffered before reading more.</summary>
    public sealed class BufferedReadStreamRecipe : WebUtilitiesRecipe
    {
        public override string TypeName => "Microsoft.AspNetCore.WebUtilities.BufferedReadStream";
        public override string Variant => "over unseekable, bufferSize=4096";
        public override bool IsBuffered => true;

        public override StreamFixture? OpenRead(byte[] content) =>
            Checked(new StreamFixture(new BufferedReadStream(new UnseekableStream(new MemoryStream(content, false)), 4096)));

        public override string? ReproSource(StreamAccess access) => access == StreamAccess.Read
            ? "var stream = new Microsoft.AspNetCore.WebUtilities.BufferedReadStream(new Unseekable(new MemoryStream(content, false)), 4096);"
            : null;
    }

    /// <summary>
    /// FileBufferingReadStream as Request.EnableBuffering() builds it: seekable over an unseekable inner stream, buffering
    /// in memory up to the threshold (variant memory) or in a temp file past it (variant file: threshold 0, in the run's temp folder).
    /// </summary>
    public abstract class FileBufferingReadStreamRecipe : WebUtilitiesRecipe
    {
        public override string TypeName => "Microsoft.AspNetCore.WebUtilities.FileBufferingReadStream";
        public override bool CanSeek => true;
        public override bool IsBuffered => true;
        protected abstract int MemoryThreshold { get; }

        public override StreamFixture? OpenRead(byte[] content)
        {
            var folder = Path.GetDirectoryName(Scratch.NewTempPath("file-buffering"))!;
            return Checked(new StreamFixture(new FileBufferingReadStream(new UnseekableStream(new MemoryStream(content, false)), MemoryThreshold, null, folder)));
        }

        public override string? ReproSource(StreamAccess access) => access == StreamAccess.Read
            ? $"var stream = new Microsoft.AspNetCore.WebUtilities.FileBufferingReadStream(new Unseekable(new MemoryStream(content, false)), {MemoryThreshold}, null, Path.GetTempPath());"
            : null;
    }

    public sealed class FileBufferingReadStreamMemoryRecipe : FileBufferingReadStreamRecipe
    {
        public override string Variant => "memoryThreshold=30720";
        protected override int MemoryThreshold => 30 * 1024; // Request.EnableBuffering's default
    }

    public sealed class FileBufferingReadStreamFileRecipe : FileBufferingReadStreamRecipe
    {
        public override string Variant => "memoryThreshold=0 (temp file)";
        protected override int MemoryThreshold => 0;
    }

    /// <summary>
    /// FileBufferingWriteStream as MVC's output formatters use it: writes are buffered (in memory up to the threshold, then in a
    /// temp file) and reach the destination only through DrainBufferAsync. The read-back drains into memory, so what was
    /// written is compared before Dispose (which releases the buffer).
    /// </summary>
    public abstract class FileBufferingWriteStreamRecipe : WebUtilitiesRecipe
    {
        public override string TypeName => "Microsoft.AspNetCore.WebUtilities.FileBufferingWriteStream";
        public override bool ReadBackBeforeDispose => true;
        public override bool IsBuffered => true;
        protected abstract int MemoryThreshold { get; }

        public override StreamFixture? OpenWrite()
        {
            var folder = Path.GetDirectoryName(Scratch.NewTempPath("file-buffering"))!;
            var stream = new FileBufferingWriteStream(MemoryThreshold, null, () => folder);
            var drained = new MemoryStream();
            return Checked(new StreamFixture(stream, () =>
            {
                try { stream.DrainBufferAsync(drained).GetAwaiter().GetResult(); }
                catch (ObjectDisposedException) { } // released at Dispose: what was drained before is the result
                return drained.ToArray();
            }));
        }

        public override string? ReproSource(StreamAccess access) => access == StreamAccess.Write
            ? $"var stream = new Microsoft.AspNetCore.WebUtilities.FileBufferingWriteStream({MemoryThreshold}, null, () => Path.GetTempPath());"
            : null;

        // What DrainBufferAsync hands on is what was written; after Dispose the buffer is gone.
        public override string? ReproStore(StreamAccess access) => access == StreamAccess.Write
            ? "((Func<byte[]>)(() => { var drained = new MemoryStream(); try { stream.DrainBufferAsync(drained).GetAwaiter().GetResult(); } catch (ObjectDisposedException) { } return drained.ToArray(); }))()"
            : null;
    }

    public sealed class FileBufferingWriteStreamMemoryRecipe : FileBufferingWriteStreamRecipe
    {
        public override string Variant => "memoryThreshold=32768";
        protected override int MemoryThreshold => 32 * 1024; // its default
    }

    public sealed class FileBufferingWriteStreamFileRecipe : FileBufferingWriteStreamRecipe
    {
        public override string Variant => "memoryThreshold=0 (temp file)";
        protected override int MemoryThreshold => 0;
    }
}
