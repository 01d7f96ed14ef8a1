using System;
using System.IO;
using System.IO.IsolatedStorage;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// IsolatedStorageFileStream, as IsolatedStorageFile.GetUserStoreForAssembly().OpenFile gives it: a FileStream over
    /// a file of the user's store. The store's root is LocalApplicationData, which on Unix both runtimes read from
    /// $XDG_DATA_HOME on each use; the probe points it at its scratch folder (ProbeHost), so the recipe is available only
    /// where that is so: elsewhere (a test process, Windows) the store is the user's own, which a run must not write to.
    /// </summary>
    public sealed class IsolatedStorageFileStreamRecipe : StreamRecipe
    {
        public override string TypeName => "System.IO.IsolatedStorage.IsolatedStorageFileStream";
        public override bool CanSeek => true;
        public override bool IsOsBacked => true;
        public override bool IsBuffered => true;

        public override string? UnavailableReason
        {
            get
            {
                var dataHome = Environment.GetEnvironmentVariable("XDG_DATA_HOME");
                var scratch = Path.GetFullPath(Scratch.TempDirectory);
                return Path.DirectorySeparatorChar == '/' && !string.IsNullOrEmpty(dataHome)
                       && Path.GetFullPath(dataHome).StartsWith(scratch, StringComparison.Ordinal)
                    ? null
                    : "IsolatedStorageFile.GetUserStoreFor…() roots its store in LocalApplicationData ($XDG_DATA_HOME, else ~/.local/share), " +
                      "which in this process is the user's profile, not the run's scratch folder (only the probe moves it there)";
            }
        }

        public override StreamFixture? OpenRead(byte[] content) => Open(content, FileMode.Open, FileAccess.Read, readBack: false);

        public override StreamFixture? OpenWrite() => Open(null, FileMode.CreateNew, FileAccess.Write, readBack: true);

        public override StreamFixture? OpenReadWrite(byte[] initial) => Open(initial, FileMode.Open, FileAccess.ReadWrite, readBack: true);

        StreamFixture Open(byte[]? content, FileMode mode, FileAccess access, bool readBack)
        {
            var store = IsolatedStorageFile.GetUserStoreForAssembly();
            var name = Path.GetFileName(Scratch.NewTempPath("isolated"));
            if (content != null)
                using (var writer = store.OpenFile(name, FileMode.CreateNew, FileAccess.Write))
                    writer.Write(content, 0, content.Length);
            var stream = store.OpenFile(name, mode, access, FileShare.Read);
            byte[] ReadAll()
            {
                using var reader = store.OpenFile(name, FileMode.Open, FileAccess.Read, FileShare.ReadWrite);
                var copy = new MemoryStream();
                reader.CopyTo(copy);
                return copy.ToArray();
            }
            return new StreamFixture(stream, readBack ? ReadAll : (Func<byte[]>?)null, new StoreFile(store, name));
        }

        /// <summary>A file of the user's store holding the content (none for a write), opened as each fixture opens it.</summary>
        public override string? ReproSource(StreamAccess access)
        {
            var (mode, fileAccess) = access == StreamAccess.Write ? ("CreateNew", "Write") : access == StreamAccess.ReadWrite ? ("Open", "ReadWrite") : ("Open", "Read");
            var file = "var store = System.IO.IsolatedStorage.IsolatedStorageFile.GetUserStoreForAssembly();\nvar name = Guid.NewGuid().ToString(\"N\") + \".bin\";\n" +
                       (access == StreamAccess.Write ? "" : "using (var writer = store.OpenFile(name, FileMode.CreateNew, FileAccess.Write)) writer.Write(content, 0, content.Length);\n");
            return file + $"var stream = store.OpenFile(name, FileMode.{mode}, FileAccess.{fileAccess}, FileShare.Read);";
        }

        public override string? ReproStore(StreamAccess access) => access == StreamAccess.Read ? null :
            "new Func<byte[]>(() => { using (var file = store.OpenFile(name, FileMode.Open, FileAccess.Read, FileShare.ReadWrite)) { var copy = new MemoryStream(); file.CopyTo(copy); return copy.ToArray(); } })()";

        /// <summary>Deletes the file and lets the store go when the fixture ends.</summary>
        sealed class StoreFile : IDisposable
        {
            readonly IsolatedStorageFile _store;
            readonly string _name;

            public StoreFile(IsolatedStorageFile store, string name)
            {
                _store = store;
                _name = name;
            }

            public void Dispose()
            {
                try { _store.DeleteFile(_name); }
                catch (IsolatedStorageException) { }
                catch (IOException) { }
                _store.Dispose();
            }
        }
    }
}
