#if MONO_CORLIB
using System;
using System.IO;
using System.IO.Packaging;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// Mono's System.IO.Packaging (WindowsBase): PackagePart.GetStream on a package file in the run's temp folder returns
    /// a ZipPartStream, a seekable view of the part copied into memory. What is written reaches the package file only
    /// when the package is closed, so the read-back closes it (after the stream is disposed) and reads the part again.
    /// </summary>
    public sealed class ZipPartStreamRecipe : StreamRecipe
    {
        static readonly Uri PartUri = new Uri("/data.bin", UriKind.Relative);
        const string ContentType = "application/octet-stream";

        public override string TypeName => "System.IO.Packaging.ZipPartStream";
        public override string Variant => "PackagePart.GetStream";
        public override bool CanSeek => true;
        public override bool IsBuffered => true;
        public override bool WritesVisibleAfterFlush => false;

        public override string? ReproSource(StreamAccess access)
        {
            var mode = access == StreamAccess.Write ? "FileMode.Create" : "FileMode.Open";
            var fileAccess = access == StreamAccess.Write ? "FileAccess.Write" : access == StreamAccess.ReadWrite ? "FileAccess.ReadWrite" : "FileAccess.Read";
            return "// reference WindowsBase\nvar path = Path.GetTempFileName();\nvar partUri = new Uri(\"/data.bin\", UriKind.Relative);\n" +
                   "using (var created = System.IO.Packaging.Package.Open(path, FileMode.Create, FileAccess.ReadWrite))\n" +
                   "using (var part = created.CreatePart(partUri, \"application/octet-stream\").GetStream(FileMode.Create, FileAccess.Write))\n" +
                   (access == StreamAccess.Write ? "{ }\n" : "    part.Write(content, 0, content.Length);\n") +
                   $"var package = System.IO.Packaging.Package.Open(path, FileMode.Open, {(access == StreamAccess.Read ? "FileAccess.Read" : "FileAccess.ReadWrite")});\n" +
                   $"var stream = package.GetPart(partUri).GetStream({mode}, {fileAccess});";
        }

        public override StreamFixture? OpenRead(byte[] content) => Open(content, FileAccess.Read);
        public override StreamFixture? OpenWrite() => Open(null, FileAccess.Write);
        public override StreamFixture? OpenReadWrite(byte[] initial) => Open(initial, FileAccess.ReadWrite);

        StreamFixture Open(byte[]? content, FileAccess access)
        {
            using var build = new FixtureBuilder();
            var file = build.Own(new TempFile(Scratch, "package"));
            using (var created = Package.Open(file.Path, FileMode.Create, FileAccess.ReadWrite))
            using (var part = created.CreatePart(PartUri, ContentType).GetStream(FileMode.Create, FileAccess.Write))
                if (content != null) part.Write(content, 0, content.Length);
            var package = Package.Open(file.Path, FileMode.Open, access == FileAccess.Read ? FileAccess.Read : FileAccess.ReadWrite);
            build.Own(new Closer(package));
            var stream = package.GetPart(PartUri).GetStream(access == FileAccess.Write ? FileMode.Create : FileMode.Open, access);
            Func<byte[]>? readBack = null;
            if (access != FileAccess.Read)
                readBack = () =>
                {
                    package.Close();
                    using var reread = Package.Open(file.Path, FileMode.Open, FileAccess.Read);
                    using var part = reread.GetPart(PartUri).GetStream(FileMode.Open, FileAccess.Read);
                    var result = new MemoryStream();
                    part.CopyTo(result);
                    return result.ToArray();
                };
            return build.Fixture(stream, readBack);
        }

        sealed class Closer : IDisposable
        {
            readonly Package _package;
            public Closer(Package package) => _package = package;

            public void Dispose()
            {
                try { _package.Close(); }
                catch (Exception) { }
            }
        }
    }
}
#endif
