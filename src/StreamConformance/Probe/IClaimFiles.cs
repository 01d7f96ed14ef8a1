using System.IO;

namespace StreamConformance.Probe
{
    // One concept: how a probe creates and reads claims, and the local file system's way (Node's is the Wasm probe's).
    /// <summary>
    /// How <see cref="ItemClaims"/> creates and reads a claim: through this process's file system, or, in a probe whose
    /// file system is not the host's (WebAssembly's is emscripten's, in memory), through whatever runs it (Node).
    /// </summary>
    public interface IClaimFiles
    {
        /// <summary>Creates <paramref name="path"/> only if it does not exist (atomically), holding <paramref name="mark"/>; false when it existed.</summary>
        bool TryCreate(string path, string mark);

        /// <summary>What <paramref name="path"/> holds, or null when it does not exist.</summary>
        string? Read(string path);
    }

    /// <summary>Claims as files of this process's own file system, created with O_CREAT | O_EXCL.</summary>
    public sealed class LocalClaimFiles : IClaimFiles
    {
        public bool TryCreate(string path, string mark)
        {
            FileStream file;
            try { file = new FileStream(path, FileMode.CreateNew, FileAccess.Write, FileShare.Read); }
            catch (IOException) when (File.Exists(path)) { return false; }
            using (file)
            {
                var bytes = System.Text.Encoding.ASCII.GetBytes(mark);
                file.Write(bytes, 0, bytes.Length);
            }
            return true;
        }

        public string? Read(string path)
        {
            try { return File.ReadAllText(path); }
            catch (FileNotFoundException) { return null; }
        }
    }
}
