using System;
using System.IO;

namespace StreamConformance.Scenarios
{
    /// <summary>Scenario input files: deterministic content, written and flushed before any case runs.</summary>
    public static class ScratchFile
    {
        /// <summary>A file of <paramref name="length"/> bytes (byte i = i·31+7 mod 256) in <paramref name="folder"/>, written in 1 MiB blocks and fsynced.</summary>
        public static string Create(string folder, string name, long length)
        {
            Directory.CreateDirectory(folder);
            var path = Path.Combine(folder, name + "-" + Guid.NewGuid().ToString("N").Substring(0, 8) + ".bin");
            var block = new byte[1 << 20];
            using (var file = new FileStream(path, FileMode.CreateNew, FileAccess.Write, FileShare.None, 1 << 16))
            {
                for (long at = 0; at < length; at += block.Length)
                {
                    var n = (int)Math.Min(block.Length, length - at);
                    for (var i = 0; i < n; i++) block[i] = ValueAt(at + i);
                    file.Write(block, 0, n);
                }
                file.Flush(true);
            }
            return path;
        }

        public static byte ValueAt(long offset) => unchecked((byte)(offset * 31 + 7));
    }
}
