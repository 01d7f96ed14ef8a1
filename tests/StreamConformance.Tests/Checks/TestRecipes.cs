using System;
using System.IO;
using System.IO.Compression;
using NUnit.Framework;
using StreamConformance.Recipes;

namespace StreamConformance.Tests.StreamChecks
{
    /// <summary>A recipe assembled from delegates: the tests' own correct and broken streams.</summary>
    [NotInCatalog]
    public sealed class TestRecipe : StreamRecipe
    {
        readonly string _typeName;
        readonly string _variant;

        public TestRecipe(string typeName, string variant)
        {
            _typeName = typeName;
            _variant = variant;
        }

        public Func<byte[], StreamFixture?>? Read { get; set; }
        public Func<StreamFixture?>? Write { get; set; }
        public Func<byte[], StreamFixture?>? ReadWrite { get; set; }
        public bool Seekable { get; set; }
        public bool FullReads { get; set; } = true;
        public bool VisibleAfterFlush { get; set; } = true;
        public bool StrictDispose { get; set; } = true;
        public bool CapabilitiesFalseAfterDispose { get; set; } = true;
        public bool HeldToThrowingAfterDispose { get; set; } = true;
        public Type UnsupportedReadWrite { get; set; } = typeof(NotSupportedException);
        public string? EmptyOnly { get; set; }

        public override string TypeName => _typeName;
        public override string Variant => _variant;
        public override bool CanSeek => Seekable;
        public override bool ReadsReadUntilSizeOrEof => FullReads;
        public override bool WritesVisibleAfterFlush => VisibleAfterFlush;
        public override bool ThrowsObjectDisposedAfterDispose => StrictDispose;
        public override bool CansReturnFalseAfterDispose => CapabilitiesFalseAfterDispose;
        public override bool MembersThrowAfterDispose => HeldToThrowingAfterDispose;
        public override Type UnsupportedReadWriteExceptionType => UnsupportedReadWrite;
        public override string? EmptyOnlyReason => EmptyOnly;
        public override StreamFixture? OpenRead(byte[] content) => Read?.Invoke(content);
        public override StreamFixture? OpenWrite() => Write?.Invoke();
        public override StreamFixture? OpenReadWrite(byte[] initial) => ReadWrite?.Invoke(initial);

        /// <summary>Name used in test case names.</summary>
        public string Label => Variant == "default" ? TypeName : $"{TypeName}[{Variant}]";

        /// <summary>Recipe over a <see cref="TestStream"/> (or a subclass) built by <paramref name="make"/>.</summary>
        public static TestRecipe Over(string name, Func<byte[], bool, bool, bool, TestStream> make, bool read = true, bool write = true, bool readWrite = true, bool seek = true)
        {
            var recipe = new TestRecipe("test." + name, "default") { Seekable = seek };
            if (read) recipe.Read = c => new StreamFixture(make(c, true, false, seek));
            if (write)
                recipe.Write = () =>
                {
                    var s = make(Array.Empty<byte>(), false, true, seek);
                    return new StreamFixture(s, () => s.Stored);
                };
            if (readWrite && seek)
                recipe.ReadWrite = c =>
                {
                    var s = make(c, true, true, true);
                    return new StreamFixture(s, () => s.Stored);
                };
            return recipe;
        }
    }

    /// <summary>Recipes for the runtime's own streams, which must pass every check that applies.</summary>
    public static class RuntimeRecipes
    {
        public static TestRecipe[] All() => new[]
        {
            MemoryStream(),
            BufferedOverMemory(),
            BufferedOverForwardOnly(),
            FileStream(4096),
            FileStream(1),
            DeflateDecompress(),
            DeflateCompress(),
            TestStream(seek: true),
            TestStream(seek: false),
        };

        public static TestRecipe MemoryStream() => new TestRecipe("System.IO.MemoryStream", "default")
        {
            Seekable = true,
            Read = c => new StreamFixture(new MemoryStream(c, writable: false)),
            Write = () =>
            {
                var s = new MemoryStream();
                return new StreamFixture(s, s.ToArray);
            },
            ReadWrite = c =>
            {
                var s = new MemoryStream();
                s.Write(c, 0, c.Length);
                s.Position = 0;
                return new StreamFixture(s, s.ToArray);
            },
        };

        /// <summary>A 16-byte buffer, so every check crosses buffer boundaries often.</summary>
        public static TestRecipe BufferedOverMemory() => new TestRecipe("System.IO.BufferedStream", "over-memory,bufferSize=16")
        {
            Seekable = true,
            FullReads = false,
            Read = c =>
            {
                var inner = new MemoryStream(c, writable: false);
                return new StreamFixture(new BufferedStream(inner, 16), null, inner);
            },
            Write = () =>
            {
                var inner = new MemoryStream();
                return new StreamFixture(new BufferedStream(inner, 16), inner.ToArray, inner);
            },
            ReadWrite = c =>
            {
                var inner = new MemoryStream();
                inner.Write(c, 0, c.Length);
                inner.Position = 0;
                return new StreamFixture(new BufferedStream(inner, 16), inner.ToArray, inner);
            },
        };

        public static TestRecipe BufferedOverForwardOnly() => new TestRecipe("System.IO.BufferedStream", "over-forward-only,bufferSize=16")
        {
            FullReads = false,
            Read = c =>
            {
                var inner = new TestStream(c, canSeek: false);
                return new StreamFixture(new BufferedStream(inner, 16), null, inner);
            },
            Write = () =>
            {
                var inner = new TestStream(Array.Empty<byte>(), canRead: false, canWrite: true, canSeek: false);
                return new StreamFixture(new BufferedStream(inner, 16), () => inner.Stored, inner);
            },
        };

        public static TestRecipe FileStream(int bufferSize) => new TestRecipe("System.IO.FileStream", "bufferSize=" + bufferSize)
        {
            Seekable = true,
            Read = c =>
            {
                var path = TempFiles.Create(c);
                return new StreamFixture(new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, bufferSize), null, TempFiles.Deleter(path));
            },
            Write = () =>
            {
                var path = TempFiles.Create(Array.Empty<byte>());
                var s = new FileStream(path, FileMode.Open, FileAccess.Write, FileShare.ReadWrite, bufferSize);
                return new StreamFixture(s, () => TempFiles.Read(path), TempFiles.Deleter(path));
            },
            ReadWrite = c =>
            {
                var path = TempFiles.Create(c);
                var s = new FileStream(path, FileMode.Open, FileAccess.ReadWrite, FileShare.ReadWrite, bufferSize);
                return new StreamFixture(s, () => TempFiles.Read(path), TempFiles.Deleter(path));
            },
        };

        /// <summary>
        /// DeflateStream documents InvalidOperationException for a read in compress mode and a write in decompress
        /// mode (.NET throws it throughout; Mono 6.8 mixes it with NotSupportedException).
        /// </summary>
        static readonly Type DeflateUnsupported = typeof(InvalidOperationException);

        public static TestRecipe DeflateDecompress() => new TestRecipe("System.IO.Compression.DeflateStream", "decompress")
        {
            FullReads = false,
            UnsupportedReadWrite = DeflateUnsupported,
            Read = c =>
            {
                var compressed = new MemoryStream();
                using (var z = new DeflateStream(compressed, CompressionMode.Compress, leaveOpen: true))
                    z.Write(c, 0, c.Length);
                compressed.Position = 0;
                return new StreamFixture(new DeflateStream(compressed, CompressionMode.Decompress), null, compressed);
            },
        };

        public static TestRecipe DeflateCompress() => new TestRecipe("System.IO.Compression.DeflateStream", "compress")
        {
            UnsupportedReadWrite = DeflateUnsupported,
            VisibleAfterFlush = false,
            Write = () =>
            {
                var compressed = new MemoryStream();
                var s = new DeflateStream(compressed, CompressionMode.Compress, leaveOpen: true);
                return new StreamFixture(s, () => Inflate(compressed.ToArray()), compressed);
            },
        };

        static byte[] Inflate(byte[] compressed)
        {
            using var z = new DeflateStream(new MemoryStream(compressed), CompressionMode.Decompress);
            var result = new MemoryStream();
            z.CopyTo(result);
            return result.ToArray();
        }

        public static TestRecipe TestStream(bool seek)
        {
            var recipe = TestRecipe.Over(seek ? "TestStream" : "TestStream.forward-only", (c, r, w, s) => new TestStream(c, r, w, s), seek: seek);
            return recipe;
        }
    }

    static class RuntimeFlavor
    {
        public static readonly bool IsMono = Type.GetType("Mono.Runtime") != null;
        public static string Name => IsMono ? "mono" : "dotnet";
    }

    /// <summary>Files for the FileStream recipes, in one folder the tests create and delete.</summary>
    [SetUpFixture]
    public sealed class TempFiles
    {
        static string? s_directory;
        static int s_counter;

        static string Directory
        {
            get
            {
                if (s_directory == null)
                {
                    s_directory = Path.Combine(Path.GetTempPath(), "streamconf-checks-" + Guid.NewGuid().ToString("N"));
                    System.IO.Directory.CreateDirectory(s_directory);
                }
                return s_directory;
            }
        }

        public static string Create(byte[] content)
        {
            var path = Path.Combine(Directory, "f" + System.Threading.Interlocked.Increment(ref s_counter) + ".bin");
            File.WriteAllBytes(path, content);
            return path;
        }

        public static byte[] Read(string path)
        {
            using var s = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete);
            var result = new MemoryStream();
            s.CopyTo(result);
            return result.ToArray();
        }

        public static IDisposable Deleter(string path) => new Deletion(path);

        [OneTimeTearDown]
        public void DeleteFolder()
        {
            if (s_directory != null && System.IO.Directory.Exists(s_directory))
                System.IO.Directory.Delete(s_directory, recursive: true);
            s_directory = null;
        }

        sealed class Deletion : IDisposable
        {
            readonly string _path;
            public Deletion(string path) => _path = path;
            public void Dispose() => File.Delete(_path);
        }
    }
}
