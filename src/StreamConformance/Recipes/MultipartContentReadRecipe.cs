using System.Net.Http;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// MultipartContent.ReadAsStreamAsync with one ByteArrayContent part: MultipartContent+ContentReadStream, which
    /// concatenates the boundary lines, the part's headers and the part.
    /// </summary>
    public sealed class MultipartContentReadRecipe : ReachedTypeRecipe
    {
        public override string Variant => "MultipartContent.ReadAsStreamAsync";
        public override string TypeName => "System.Net.Http.MultipartContent+ContentReadStream";
        public override bool CanSeek => true;
        public override bool IsBuffered => true;
        public override string? TransformsContentReason => "it frames the content as a multipart body: boundary lines and part headers around it";
        // It reads its boundary, header and part streams one at a time.
        public override bool ReadsReadUntilSizeOrEof => false;

        public override StreamFixture? OpenRead(byte[] content)
        {
            if (content.Length == 0) return null; // the framing is never empty
            var multipart = new MultipartContent("mixed", "streamconf-boundary") { new ByteArrayContent(content) };
            return new StreamFixture(multipart.ReadAsStreamAsync().GetAwaiter().GetResult(), null, multipart);
        }

        public override string? ReproSource(StreamAccess access) => access == StreamAccess.Read
            ? "var stream = new System.Net.Http.MultipartContent(\"mixed\", \"streamconf-boundary\") { new System.Net.Http.ByteArrayContent(content) }.ReadAsStreamAsync().GetAwaiter().GetResult();"
            : null;
    }
}
