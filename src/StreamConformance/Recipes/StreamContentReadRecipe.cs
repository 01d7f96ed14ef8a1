using System.IO;
using System.Net.Http;

namespace StreamConformance.Recipes
{
    /// <summary>StreamContent.ReadAsStreamAsync over a MemoryStream: StreamContent+ReadOnlyStream, a read-only view of it.</summary>
    public sealed class StreamContentReadRecipe : ReachedTypeRecipe
    {
        public override string Variant => "StreamContent.ReadAsStreamAsync over MemoryStream";
        public override string TypeName => "System.Net.Http.StreamContent+ReadOnlyStream";
        public override bool CanSeek => true;
        public override bool IsBuffered => true;

        public override StreamFixture? OpenRead(byte[] content)
        {
            var httpContent = new System.Net.Http.StreamContent(new MemoryStream(content, false));
            return new StreamFixture(httpContent.ReadAsStreamAsync().GetAwaiter().GetResult(), null, httpContent);
        }

        public override string? ReproSource(StreamAccess access) => access == StreamAccess.Read
            ? "var stream = new System.Net.Http.StreamContent(new MemoryStream(content, false)).ReadAsStreamAsync().GetAwaiter().GetResult();"
            : null;
    }
}
