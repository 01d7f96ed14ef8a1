using System;
using System.IO;
using System.IO.Compression;

namespace StreamConformance.Recipes
{
    // One concept: the streams an archive entry opens: ZipArchiveEntry's, one per mode, and TarEntry's, by seekability.
    /// <summary>
    /// Streams ZipArchiveEntry.Open() returns. Their types are internal and differ by runtime and mode: each recipe
    /// declares its type and seekability, and what Open hands out is held to them.
    /// </summary>
    public abstract class ZipEntryRecipe : StreamRecipe
    {
        protected const string EntryName = "data.bin";

        protected override bool ReachesDeclaredType => true;

        protected static byte[] ArchiveOf(byte[] content, CompressionLevel level)
        {
            var buffer = new MemoryStream();
            using (var archive = new ZipArchive(buffer, ZipArchiveMode.Create, true))
            using (var entry = archive.CreateEntry(EntryName, level).Open())
                entry.Write(content, 0, content.Length);
            return buffer.ToArray();
        }

        /// <summary>The entry's bytes in a finished archive.</summary>
        protected static byte[] EntryOf(byte[] archiveBytes)
        {
            using var archive = new ZipArchive(new MemoryStream(archiveBytes, false), ZipArchiveMode.Read);
            using var entry = archive.GetEntry(EntryName)!.Open();
            var result = new MemoryStream();
            entry.CopyTo(result);
            return result.ToArray();
        }
    }

    /// <summary>Read mode, deflated entry: a decompressor over the entry's slice of the archive.</summary>
    public sealed class ZipEntryReadDeflatedRecipe : ZipEntryRecipe
    {
        // The entry is read through a DeflateStream, which documents InvalidOperationException for writes.
        public override System.Type UnsupportedReadWriteExceptionType => typeof(System.InvalidOperationException);
        public override string Variant => "zip-entry read deflated";
        public override string TypeName => "System.IO.Compression.DeflateStream";
        public override bool ReadsReadUntilSizeOrEof => false;

        public override StreamFixture? OpenRead(byte[] content)
        {
            var archive = new ZipArchive(new MemoryStream(ArchiveOf(content, CompressionLevel.Optimal), false), ZipArchiveMode.Read);
            return new StreamFixture(archive.GetEntry(EntryName)!.Open(), null, archive);
        }
    }

    /// <summary>Read mode, stored entry: a window onto the archive bytes.</summary>
    public sealed class ZipEntryReadStoredRecipe : ZipEntryRecipe
    {
        public override string Variant => "zip-entry read stored";
        // Mono 6.8 reads a stored entry through a DeflateStream too.
        public override string TypeName => DeclaredName.Of("System.IO.Compression.SubReadStream", mono: "System.IO.Compression.DeflateStream");

        public override string? ReproSource(StreamAccess access) => access != StreamAccess.Read ? null :
            "// reference System.IO.Compression\nvar zip = new MemoryStream();\nusing (var archive = new ZipArchive(zip, ZipArchiveMode.Create, true))\nusing (var entry = archive.CreateEntry(\"data\", CompressionLevel.NoCompression).Open())\n    entry.Write(content, 0, content.Length);\n" +
            "var stream = new ZipArchive(new MemoryStream(zip.ToArray(), false), ZipArchiveMode.Read).Entries[0].Open();";
        public override bool ReadsReadUntilSizeOrEof => false;

        public override StreamFixture? OpenRead(byte[] content)
        {
            var archive = new ZipArchive(new MemoryStream(ArchiveOf(content, CompressionLevel.NoCompression), false), ZipArchiveMode.Read);
            return new StreamFixture(archive.GetEntry(EntryName)!.Open(), null, archive);
        }
    }

    /// <summary>Create mode: the entry's compressing write stream; the archive is finished when the fixture reads back.</summary>
    public sealed class ZipEntryCreateRecipe : ZipEntryRecipe
    {
        public override string Variant => "zip-entry create";
        public override string TypeName => "System.IO.Compression.WrappedStream";
        public override bool WritesVisibleAfterFlush => false;

        public override StreamFixture? OpenWrite()
        {
            var buffer = ForwardOnlyStore.New();
            var archive = new ZipArchive(buffer, ZipArchiveMode.Create, true);
            var stream = archive.CreateEntry(EntryName, CompressionLevel.Optimal).Open();
            return new StreamFixture(stream, () =>
            {
                archive.Dispose();
                return EntryOf(buffer.ToArray());
            }, archive);
        }
    }

    /// <summary>
    /// Create mode over an unseekable archive stream (a network or pipe destination): the archive writes data
    /// descriptors after each entry, and goes through its position-tracking wrapper of the destination.
    /// </summary>
    public sealed class ZipEntryCreateUnseekableRecipe : ZipEntryRecipe
    {
        public override string Variant => "zip-entry create over-unseekable";
        public override string TypeName => "System.IO.Compression.WrappedStream";
        public override bool WritesVisibleAfterFlush => false;

        public override StreamFixture? OpenWrite()
        {
            var buffer = ForwardOnlyStore.New();
            var archive = new ZipArchive(new UnseekableStream(buffer, leaveOpen: true), ZipArchiveMode.Create, true);
            var stream = archive.CreateEntry(EntryName, CompressionLevel.Optimal).Open();
            return new StreamFixture(stream, () =>
            {
                archive.Dispose();
                return EntryOf(buffer.ToArray());
            }, archive);
        }
    }

    /// <summary>Update mode: the entry is held uncompressed in memory, readable, writable and seekable.</summary>
    public sealed class ZipEntryUpdateRecipe : ZipEntryRecipe
    {
        public override string Variant => "zip-entry update";
        public override string TypeName => "System.IO.Compression.WrappedStream";
        public override bool CanSeek => true;
        public override bool WritesVisibleAfterFlush => false;
        public override bool IsBuffered => true;

        public override StreamFixture? OpenRead(byte[] content) => Open(content, false);
        public override StreamFixture? OpenWrite() => Open(Array.Empty<byte>(), true);
        public override StreamFixture? OpenReadWrite(byte[] initial) => Open(initial, true);

        static StreamFixture Open(byte[] content, bool readBack)
        {
            var buffer = new MemoryStream();
            var bytes = ArchiveOf(content, CompressionLevel.Optimal);
            buffer.Write(bytes, 0, bytes.Length);
            buffer.Position = 0;
            var archive = new ZipArchive(buffer, ZipArchiveMode.Update, true);
            var stream = archive.GetEntry(EntryName)!.Open();
            Func<byte[]>? back = readBack
                ? () =>
                {
                    archive.Dispose();
                    return EntryOf(buffer.ToArray());
                }
                : null;
            return new StreamFixture(stream, back, archive);
        }
    }

#if NET
    /// <summary>
    /// TarEntry.DataStream of an entry read without copying: a window onto the archive, seekable when the
    /// archive stream is. Internal types, declared by each recipe.
    /// </summary>
    public abstract class TarEntryRecipe : StreamRecipe
    {
        protected override bool ReachesDeclaredType => true;

        protected abstract Stream Source(byte[] archive);

        public override StreamFixture? OpenRead(byte[] content)
        {
            // An empty entry has no data stream at all.
            if (content.Length == 0) return null;
            var tar = new MemoryStream();
            using (var writer = new System.Formats.Tar.TarWriter(tar, System.Formats.Tar.TarEntryFormat.Pax, true))
            {
                var entry = new System.Formats.Tar.PaxTarEntry(System.Formats.Tar.TarEntryType.RegularFile, "data.bin")
                {
                    DataStream = new MemoryStream(content, false),
                };
                writer.WriteEntry(entry);
            }
            var reader = new System.Formats.Tar.TarReader(Source(tar.ToArray()), false);
            var read = reader.GetNextEntry(copyData: false) ?? throw new InvalidDataException("the archive just written has no entry");
            return new StreamFixture(read.DataStream!, null, reader);
        }

        /// <summary>The C# of <see cref="Source"/>, over the archive's bytes in <c>archive</c>.</summary>
        protected abstract string SourceForm { get; }

        public override string? ReproSource(StreamAccess access) => access != StreamAccess.Read ? null :
            "var tar = new MemoryStream();\nusing (var writer = new System.Formats.Tar.TarWriter(tar, System.Formats.Tar.TarEntryFormat.Pax, true))\n" +
            "    writer.WriteEntry(new System.Formats.Tar.PaxTarEntry(System.Formats.Tar.TarEntryType.RegularFile, \"data.bin\") { DataStream = new MemoryStream(content, false) });\n" +
            "var archive = tar.ToArray();\n" +
            $"var stream = new System.Formats.Tar.TarReader({SourceForm}, false).GetNextEntry(copyData: false).DataStream;";
    }

    public sealed class TarEntrySeekableRecipe : TarEntryRecipe
    {
        public override string Variant => "tar-entry over-seekable";
        public override string TypeName => "System.Formats.Tar.SeekableSubReadStream";
        public override bool CanSeek => true;
        protected override Stream Source(byte[] archive) => new MemoryStream(archive, false);
        protected override string SourceForm => "new MemoryStream(archive, false)";
    }

    public sealed class TarEntryUnseekableRecipe : TarEntryRecipe
    {
        public override string Variant => "tar-entry over-unseekable";
        public override string TypeName => "System.Formats.Tar.SubReadStream";
        protected override Stream Source(byte[] archive) => new UnseekableStream(new MemoryStream(archive, false));
        protected override string SourceForm => "new Unseekable(new MemoryStream(archive, false))";
    }
#endif
}
