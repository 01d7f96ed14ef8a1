using System.Collections.Generic;
using System.IO;
using System.Text.RegularExpressions;

namespace StreamConformance.Patching
{
    /// <summary>
    /// A unified diff as git and patch(1) write it, read strictly: file headers, hunks whose line counts match their
    /// headers, and nothing else but git's extended header lines. Enough to tell a diff that applies from a malformed
    /// one before a maintainer tries it, and to count what it changes.
    /// </summary>
    public sealed class UnifiedDiff
    {
        public List<FileDiff> Files { get; } = new List<FileDiff>();

        public sealed class FileDiff
        {
            public string OldPath = "", NewPath = "";
            public List<Hunk> Hunks { get; } = new List<Hunk>();
        }

        public sealed class Hunk
        {
            public int OldStart, OldCount, NewStart, NewCount, Added, Removed;
        }

        static readonly Regex s_hunk = new Regex(@"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@");

        /// <summary>Reads <paramref name="path"/>; a malformed diff is an <see cref="InputException"/> naming file and line.</summary>
        public static UnifiedDiff Parse(string path) => Parse(File.ReadAllLines(path), path);

        public static UnifiedDiff Parse(IReadOnlyList<string> lines, string name)
        {
            var diff = new UnifiedDiff();
            FileDiff? file = null;
            var i = 0;
            InputException Fault(int line, string what) => new InputException($"patch: {name}:{line + 1}: {what}");
            while (i < lines.Count)
            {
                var line = lines[i];
                if (line.StartsWith("--- "))
                {
                    if (i + 1 >= lines.Count || !lines[i + 1].StartsWith("+++ ")) throw Fault(i + 1, "a '--- ' header must be followed by '+++ '");
                    file = new FileDiff { OldPath = StripPrefix(line.Substring(4)), NewPath = StripPrefix(lines[i + 1].Substring(4)) };
                    diff.Files.Add(file);
                    i += 2;
                    continue;
                }
                var m = s_hunk.Match(line);
                if (m.Success)
                {
                    if (file == null) throw Fault(i, "a hunk before any '--- '/'+++ ' file header");
                    var hunk = new Hunk
                    {
                        OldStart = int.Parse(m.Groups[1].Value), OldCount = m.Groups[2].Success ? int.Parse(m.Groups[2].Value) : 1,
                        NewStart = int.Parse(m.Groups[3].Value), NewCount = m.Groups[4].Success ? int.Parse(m.Groups[4].Value) : 1,
                    };
                    int oldSeen = 0, newSeen = 0, start = i;
                    i++;
                    while (i < lines.Count && (oldSeen < hunk.OldCount || newSeen < hunk.NewCount))
                    {
                        var body = lines[i];
                        if (body.StartsWith("\\")) { i++; continue; } // "\ No newline at end of file"
                        var kind = body.Length == 0 ? ' ' : body[0];
                        switch (kind)
                        {
                            case ' ': oldSeen++; newSeen++; break;
                            case '-': oldSeen++; hunk.Removed++; break;
                            case '+': newSeen++; hunk.Added++; break;
                            default: throw Fault(i, $"a hunk line must start with ' ', '-' or '+' (hunk at line {start + 1} expects {hunk.OldCount} old and {hunk.NewCount} new lines)");
                        }
                        i++;
                    }
                    if (oldSeen != hunk.OldCount || newSeen != hunk.NewCount)
                        throw Fault(start, $"hunk header says {hunk.OldCount} old and {hunk.NewCount} new lines, the hunk has {oldSeen} and {newSeen}");
                    while (i < lines.Count && lines[i].StartsWith("\\")) i++;
                    file.Hunks.Add(hunk);
                    continue;
                }
                if (line.StartsWith("diff ") || line.StartsWith("index ") || line.StartsWith("new file mode") || line.StartsWith("deleted file mode")
                    || line.StartsWith("similarity index") || line.StartsWith("rename ") || line.StartsWith("old mode") || line.StartsWith("new mode"))
                {
                    file = null; // the next file's header follows
                    i++;
                    continue;
                }
                if (line.Trim().Length == 0 && file == null) { i++; continue; }
                throw Fault(i, "not part of a unified diff (expected a file header, a hunk or a git header line)");
            }
            if (diff.Files.Count == 0) throw new InputException($"patch: {name}: no file in the diff");
            foreach (var f in diff.Files)
                if (f.Hunks.Count == 0) throw new InputException($"patch: {name}: the section for {f.NewPath} has no hunk");
            return diff;
        }

        static string StripPrefix(string header)
        {
            var path = header.Split('\t')[0].Trim();
            return path.StartsWith("a/") || path.StartsWith("b/") ? path.Substring(2) : path;
        }
    }
}
