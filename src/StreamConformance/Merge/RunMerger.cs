using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using StreamConformance.Results;

namespace StreamConformance.Merge
{
    // One concept: several runs merged into one document, and each run it takes in.

    /// <summary>
    /// Several runs (from other machines, or other runtimes) as one <see cref="RunDocument"/>, so every exporter can
    /// show them side by side. When the runs come from more than one machine, each runtime is named
    /// <c>name@machine</c> (its run's <c>machine.name</c>, else the file's name), so the same runtime on two machines
    /// stays two runtimes; a name still taken twice (one machine's runtime in two files) gets <c>#2</c>, <c>#3</c>.
    /// </summary>
    public static class RunMerger
    {
        public static RunDocument Merge(IReadOnlyList<MergeInput> inputs)
        {
            if (inputs.Count == 0) throw new ArgumentException("nothing to merge", nameof(inputs));
            var labels = inputs.Select(i => i.Document.Machine?.Name is string name && name.Length > 0 ? name : Path.GetFileNameWithoutExtension(i.Source)).ToList();
            var severalMachines = labels.Distinct(StringComparer.Ordinal).Count() > 1;
            var merged = new RunDocument
            {
                ToolVersion = Joined(inputs.Select(i => i.Document.ToolVersion)),
                StartedAt = inputs.Min(i => i.Document.StartedAt),
                // The machines ran side by side: the merge took as long as its longest run.
                WallSeconds = inputs.Max(i => i.Document.WallSeconds),
                Machine = severalMachines ? null : inputs[0].Document.Machine,
            };
            foreach (var key in inputs.SelectMany(i => i.Document.Options.Keys).Distinct())
                merged.Options[key] = Joined(inputs.Select(i => i.Document.Options.TryGetValue(key, out var v) ? v : "(unset)"));
            merged.Options["merged"] = string.Join(", ", inputs.Select(i => Path.GetFileName(i.Source)));

            var taken = new HashSet<string>(StringComparer.Ordinal);
            for (var n = 0; n < inputs.Count; n++)
            {
                var document = inputs[n].Document;
                var renamed = new Dictionary<string, string>(StringComparer.Ordinal);
                foreach (var run in document.Runtimes)
                {
                    var name = severalMachines ? run.Runtime.Name + "@" + labels[n] : run.Runtime.Name;
                    var unique = name;
                    for (var copy = 2; !taken.Add(unique); copy++) unique = name + "#" + copy;
                    renamed[run.Runtime.Name] = unique;
                    run.Runtime.Name = unique;
                    if (severalMachines) run.Runtime.Machine = document.Machine ?? new MachineInfo { Name = labels[n] };
                    merged.Runtimes.Add(run);
                }
                foreach (var result in document.Results)
                {
                    if (renamed.TryGetValue(result.Runtime, out var name)) result.Runtime = name;
                    merged.Results.Add(result);
                }
            }
            return merged;
        }

        /// <summary>The one value all runs agree on, else each distinct value in order, separated by " | ".</summary>
        static string Joined(IEnumerable<string> values) => string.Join(" | ", values.Distinct(StringComparer.Ordinal));
    }

    /// <summary>One run to merge and the file (or name) it came from.</summary>
    public sealed class MergeInput
    {
        public MergeInput(string source, RunDocument document)
        {
            Source = source;
            Document = document;
        }

        public string Source { get; }
        public RunDocument Document { get; }
    }
}
