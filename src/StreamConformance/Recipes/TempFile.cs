using System;
using System.IO;

namespace StreamConformance.Recipes
{
    /// <summary>A file the fixture created and deletes on dispose.</summary>
    sealed class TempFile : IDisposable
    {
        public TempFile(RecipeEnvironment scratch, string hint, byte[]? content = null)
        {
            Path = scratch.NewTempPath(hint);
            if (content != null) File.WriteAllBytes(Path, content);
        }

        public string Path { get; }

        public byte[] ReadAll() => File.ReadAllBytes(Path);

        /// <summary>
        /// A fixture over a fresh file holding <paramref name="content"/> (none: no file yet): the stream
        /// <paramref name="open"/> makes on its path, the file read back if asked, deleted with the fixture, and
        /// deleted at once if the stream cannot be made.
        /// </summary>
        public static StreamFixture Fixture(RecipeEnvironment scratch, string hint, byte[]? content, Func<string, Stream> open, bool readBack)
        {
            using var build = new FixtureBuilder();
            var file = build.Own(new TempFile(scratch, hint, content));
            return build.Fixture(open(file.Path), readBack ? file.ReadAll : (Func<byte[]>?)null);
        }

        public void Dispose()
        {
            try { File.Delete(Path); }
            catch (IOException) { }
        }
    }
}
