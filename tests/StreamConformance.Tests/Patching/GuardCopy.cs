#if NET
using System;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Tests.Isolation;

namespace StreamConformance.Tests.Patching
{
    /// <summary>Copies of the shipped guard patch, changed for one test (its generated evidence is left out).</summary>
    static class GuardCopy
    {
        public static readonly string Folder = Path.Combine(RepoPaths.Root, "patches", "0001-bufferedstream-readbyte-regression-guard");

        public static string Make(string parent, string name, Action<string> change)
        {
            var folder = Path.Combine(parent, name);
            Directory.CreateDirectory(folder);
            foreach (var f in Directory.GetFiles(Folder).Where(f => !f.EndsWith(".md", StringComparison.Ordinal) && !f.EndsWith("evidence.json", StringComparison.Ordinal)))
                File.Copy(f, Path.Combine(folder, Path.GetFileName(f)));
            change(folder);
            return folder;
        }

        /// <summary>Replaces text in one file of the copy; the text must be there (a test that changes nothing proves nothing).</summary>
        public static void Replace(string folder, string file, string from, string to)
        {
            var path = Path.Combine(folder, file);
            var text = File.ReadAllText(path);
            Assert.That(text, Does.Contain(from), "test setup: " + file);
            File.WriteAllText(path, text.Replace(from, to));
        }
    }
}
#endif
