#if MONO_CORLIB
using System;
using System.IO;
using System.Reflection;

namespace StreamConformance.Recipes
{
    // One concept: SharpZipLib's streams, reached by name through the one loader they share.
    /// <summary>
    /// SharpZipLib 0.86 (ICSharpCode.SharpZipLib 4.84.0.0 in Mono's GAC, a bundled third-party library), reached through
    /// its public API by name: what it reports is true of that library, not of the runtime (docs/findings.md).
    /// </summary>
    static class SharpZipLib
    {
        const string Assembly = "ICSharpCode.SharpZipLib, Version=4.84.0.0, Culture=neutral, PublicKeyToken=1b03e6acf1164f73";

        static readonly Lazy<System.Reflection.Assembly?> s_assembly = new Lazy<System.Reflection.Assembly?>(() =>
        {
            try { return System.Reflection.Assembly.Load(Assembly); }
            catch (Exception) { return null; }
        });

        public static string? UnavailableReason => s_assembly.Value == null ? "ICSharpCode.SharpZipLib 4.84.0.0 is not in this Mono's GAC" : null;

        public static Type Type(string name) => s_assembly.Value!.GetType(name, true)!;

        public static object Create(string type, params object[] arguments)
        {
            try { return Activator.CreateInstance(Type(type), arguments)!; }
            catch (TargetInvocationException e) when (e.InnerException != null)
            {
                System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(e.InnerException).Throw();
                throw;
            }
        }
    }

    /// <summary>BZip2InputStream over what BZip2OutputStream wrote: judged by that round trip (synthesis, with no bzip2 data, cannot).</summary>
    public sealed class BZip2InputStreamRecipe : StreamRecipe
    {
        public override string TypeName => "ICSharpCode.SharpZipLib.BZip2.BZip2InputStream";
        public override string Variant => "over BZip2OutputStream's output";
        public override string? UnavailableReason => SharpZipLib.UnavailableReason;
        // A decompressor: reads may end early within a block.
        public override bool ReadsReadUntilSizeOrEof => false;
        // It answers CanSeek with its source's (true over a MemoryStream) although Seek throws: the knob states what the
        // stream claims, and the checks report that the claim does not hold (true of SharpZipLib 0.86).
        public override bool CanSeek => true;

        public override StreamFixture? OpenRead(byte[] content)
        {
            var compressed = new MemoryStream();
            using (var writer = (Stream)SharpZipLib.Create("ICSharpCode.SharpZipLib.BZip2.BZip2OutputStream", compressed))
                writer.Write(content, 0, content.Length);
            return new StreamFixture((Stream)SharpZipLib.Create(TypeName, new MemoryStream(compressed.ToArray(), false)));
        }

        public override string? ReproSource(StreamAccess access) => access != StreamAccess.Read ? null :
            "// reference ICSharpCode.SharpZipLib\nvar compressed = new MemoryStream();\n" +
            "using (var writer = new ICSharpCode.SharpZipLib.BZip2.BZip2OutputStream(compressed)) writer.Write(content, 0, content.Length);\n" +
            "var stream = new ICSharpCode.SharpZipLib.BZip2.BZip2InputStream(new MemoryStream(compressed.ToArray(), false));";
    }

    /// <summary>ZipFile.GetInputStream for a stored entry: the entry's slice of the archive (ZipFile+PartialInputStream).</summary>
    public sealed class SharpZipLibPartialInputStreamRecipe : StreamRecipe
    {
        public override string TypeName => "ICSharpCode.SharpZipLib.Zip.ZipFile+PartialInputStream";
        public override string Variant => "ZipFile.GetInputStream stored entry";
        public override string? UnavailableReason => SharpZipLib.UnavailableReason;
        public override bool ReadsReadUntilSizeOrEof => false;

        public override StreamFixture? OpenRead(byte[] content)
        {
            var zip = ZipEntryReadDeflate64Recipe.SingleEntryZip(content, 0, content);
            var file = SharpZipLib.Create("ICSharpCode.SharpZipLib.Zip.ZipFile", new MemoryStream(zip, false));
            // 0.86's ZipFile is not IDisposable: Close releases it.
            using var build = new FixtureBuilder();
            build.Own(new Closer(file));
            var getInputStream = file.GetType().GetMethod("GetInputStream", new[] { typeof(int) })!;
            var stream = (Stream)getInputStream.Invoke(file, new object[] { 0 })!;
            return build.Fixture(stream);
        }

        /// <summary>The archive written with the library's own ZipOutputStream, the entry stored (method 0) as the fixture's is.</summary>
        public override string? ReproSource(StreamAccess access) => access != StreamAccess.Read ? null :
            "// reference ICSharpCode.SharpZipLib\nvar archive = new MemoryStream();\n" +
            "var zip = new ICSharpCode.SharpZipLib.Zip.ZipOutputStream(archive);\n" +
            "var crc = new ICSharpCode.SharpZipLib.Checksums.Crc32(); crc.Update(content);\n" +
            "zip.PutNextEntry(new ICSharpCode.SharpZipLib.Zip.ZipEntry(\"content.bin\") { CompressionMethod = ICSharpCode.SharpZipLib.Zip.CompressionMethod.Stored, Size = content.Length, Crc = crc.Value });\n" +
            "zip.Write(content, 0, content.Length);\nzip.Finish();\n" +
            "var file = new ICSharpCode.SharpZipLib.Zip.ZipFile(new MemoryStream(archive.ToArray(), false));\n" +
            "var stream = file.GetInputStream(0);";

        sealed class Closer : IDisposable
        {
            readonly object _file;
            public Closer(object file) => _file = file;

            public void Dispose()
            {
                try { _file.GetType().GetMethod("Close", Type.EmptyTypes)!.Invoke(_file, null); }
                catch (Exception) { }
            }
        }
    }
}
#endif
