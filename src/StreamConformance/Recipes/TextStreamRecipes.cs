#if NET
using System.IO;
using System.Text;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// Encoding.CreateTranscodingStream (System.Text.TranscodingStream): the outer side speaks Latin-1, where every
    /// byte is a character, so any content round-trips; the inner store holds the same text as UTF-8. Judged by that
    /// round trip (the fixture encodes what a reader is given and decodes what a writer stored), never as a pass-through
    /// of the store's bytes, which differ from the content.
    /// </summary>
    public sealed class TranscodingStreamRecipe : StreamRecipe
    {
        static readonly Encoding Outer = Encoding.Latin1;
        static readonly Encoding Inner = new UTF8Encoding(false);

        public override string TypeName => "System.Text.TranscodingStream";
        public override string Variant => "Encoding.CreateTranscodingStream(UTF-8 inner, Latin-1 outer)";
        // It reads whatever whole characters one inner read decodes to.
        public override bool ReadsReadUntilSizeOrEof => false;
        // A character cut between two writes stays in its encoder until the next write or Dispose.
        public override bool WritesVisibleAfterFlush => false;

        public override StreamFixture? OpenRead(byte[] content)
        {
            var inner = new MemoryStream(Inner.GetBytes(Outer.GetString(content)), false);
            return new StreamFixture(Encoding.CreateTranscodingStream(inner, Inner, Outer));
        }

        public override StreamFixture? OpenWrite()
        {
            var inner = ForwardOnlyStore.New();
            return new StreamFixture(Encoding.CreateTranscodingStream(inner, Inner, Outer), () => Outer.GetBytes(Inner.GetString(inner.ToArray())));
        }

        public override string? ReproSource(StreamAccess access) => access switch
        {
            StreamAccess.Read => "var stream = System.Text.Encoding.CreateTranscodingStream(new MemoryStream(System.Text.Encoding.UTF8.GetBytes(System.Text.Encoding.Latin1.GetString(content))), System.Text.Encoding.UTF8, System.Text.Encoding.Latin1);",
            StreamAccess.Write => "var stream = System.Text.Encoding.CreateTranscodingStream(new MemoryStream(), System.Text.Encoding.UTF8, System.Text.Encoding.Latin1);",
            _ => null,
        };
    }
}
#endif
