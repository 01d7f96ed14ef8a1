using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using Newtonsoft.Json;

namespace StreamConformance.Discovery
{
    /// <summary>
    /// Inventories already read, one JSON file each, named by a hash of everything the reading depends on: this build
    /// of the harness (its module id), the runtime's name, and the name, size and write time of every file read and of
    /// every assembly in the folders references resolve in. A runtime's inventory takes 1.3–1.9 s of Cecil reading
    /// before its first probe can start, the same each run; a changed file, folder or build is a new key, read afresh.
    /// A file that does not parse is read afresh too; writes go through a temporary file, so two sweeps side by side
    /// never read half of one.
    /// </summary>
    public sealed class InventoryCache
    {
        public InventoryCache(string directory) => Directory = directory;

        public string Directory { get; }

        /// <summary>Where a sweep keeps them unless told otherwise: the user's cache folder.</summary>
        public static string DefaultDirectory()
        {
            var root = Environment.GetEnvironmentVariable("XDG_CACHE_HOME");
            if (string.IsNullOrEmpty(root))
                root = Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.UserProfile), ".cache");
            return Path.Combine(root!, "streamconf", "inventory");
        }

        /// <summary>The inventory stored under this key, or <paramref name="read"/>'s, stored; <paramref name="hit"/> says which.</summary>
        internal StreamInventory GetOrRead(string runtimeName, IEnumerable<(string Path, string Role)> files, IEnumerable<string> searchDirectories, Func<StreamInventory> read, out bool hit)
        {
            var path = Path.Combine(Directory, Key(runtimeName, files, searchDirectories) + ".json");
            hit = false;
            if (File.Exists(path))
            {
                try
                {
                    var stored = JsonConvert.DeserializeObject<StreamInventory>(File.ReadAllText(path));
                    if (stored != null && stored.Runtime == runtimeName)
                    {
                        hit = true;
                        return stored;
                    }
                }
                catch (Exception e) when (e is JsonException || e is IOException || e is UnauthorizedAccessException) { }
            }
            var inventory = read();
            Store(path, inventory);
            return inventory;
        }

        static void Store(string path, StreamInventory inventory)
        {
            var temporary = path + "." + Guid.NewGuid().ToString("N") + ".tmp";
            try
            {
                System.IO.Directory.CreateDirectory(Path.GetDirectoryName(path)!);
                File.WriteAllText(temporary, JsonConvert.SerializeObject(inventory));
                if (File.Exists(path)) File.Delete(path);
                File.Move(temporary, path);
                Prune(Path.GetDirectoryName(path)!);
            }
            catch (Exception e) when (e is IOException || e is UnauthorizedAccessException)
            {
                // Another sweep stored the same key first, or the folder is not writable: the inventory is not lost, only not kept.
                try { File.Delete(temporary); } catch (Exception f) when (f is IOException || f is UnauthorizedAccessException) { }
            }
        }

        /// <summary>How many inventories the folder keeps: every build has keys of its own, so older ones only take room.</summary>
        public const int Kept = 16;

        static void Prune(string directory)
        {
            foreach (var old in new DirectoryInfo(directory).GetFiles("*.json").OrderByDescending(f => f.LastWriteTimeUtc).Skip(Kept))
            {
                try { old.Delete(); }
                catch (Exception e) when (e is IOException || e is UnauthorizedAccessException) { }
            }
        }

        static string Key(string runtimeName, IEnumerable<(string Path, string Role)> files, IEnumerable<string> searchDirectories)
        {
            var text = new StringBuilder();
            text.Append(typeof(InventoryCache).Assembly.ManifestModule.ModuleVersionId).Append('\n').Append(runtimeName).Append('\n');
            foreach (var (file, role) in files)
            {
                text.Append(role).Append(' ');
                Describe(text, file);
            }
            foreach (var dir in searchDirectories.Where(System.IO.Directory.Exists))
            {
                text.Append("dir ").Append(dir).Append('\n');
                foreach (var file in System.IO.Directory.EnumerateFiles(dir).Where(IsAssemblyFile).OrderBy(f => f, StringComparer.Ordinal))
                    Describe(text, file);
            }
            using var sha = SHA256.Create();
            return string.Concat(sha.ComputeHash(Encoding.UTF8.GetBytes(text.ToString())).Take(16).Select(b => b.ToString("x2")));
        }

        static void Describe(StringBuilder text, string path)
        {
            var info = new FileInfo(path);
            text.Append(path).Append('|');
            if (info.Exists) text.Append(info.Length).Append('|').Append(info.LastWriteTimeUtc.Ticks);
            else if (System.IO.Directory.Exists(path)) text.Append("dir");
            else text.Append("missing");
            text.Append('\n');
        }

        static bool IsAssemblyFile(string path) =>
            path.EndsWith(".dll", StringComparison.OrdinalIgnoreCase) || path.EndsWith(".exe", StringComparison.OrdinalIgnoreCase);
    }
}
