using System;
using System.Collections.Generic;
using System.Linq;
using StreamConformance.Meters.Syscalls;
using StreamConformance.Results;

namespace StreamConformance.Checks.Syscalls
{
    /// <summary>
    /// Measures every syscall family a run selected in one traced child, when the first of them reaches the host
    /// recipe, and hands each family its own measurements as it comes. A child costs a runtime start under strace
    /// (about half a second), and one child per family made FileStream the slowest type of a quick sweep. A batch whose
    /// child fails is measured again family by family, so one broken family does not lose the others' figures.
    /// </summary>
    public sealed class SyscallFamilyBatch
    {
        readonly Dictionary<string, IReadOnlyList<SyscallMeasurement>> _ahead = new Dictionary<string, IReadOnlyList<SyscallMeasurement>>(StringComparer.Ordinal);
        /// <summary>Families measured so far, handed out or waiting in <see cref="_ahead"/>: a later batch leaves them out.</summary>
        readonly HashSet<string> _measured = new HashSet<string>(StringComparer.Ordinal);
        bool _alone;

        /// <summary>Children started so far (a test reads it: one per batch, plus one per family after a failed batch).</summary>
        public int Children { get; private set; }

        /// <summary>
        /// The family's measurements: made ahead with an earlier family's, or now, together with every other family of
        /// <see cref="CheckContext.Checks"/> that runs on this runtime and has not been measured yet.
        /// </summary>
        public IReadOnlyList<SyscallMeasurement> Measure(SyscallCheck family, CheckContext context)
        {
            // Handed out once: the same family run again with this context measures afresh.
            if (_ahead.TryGetValue(family.Name, out var ready) && _ahead.Remove(family.Name)) return ready;
            _measured.Add(family.Name);
            var families = new List<SyscallCheck> { family };
            if (!_alone)
                foreach (var other in context.Checks.OfType<SyscallCheck>())
                    if (other.RuntimeUnsupportedReason == null && _measured.Add(other.Name)) families.Add(other);
            var cells = families.Select(f => f.Cells(context)).ToList();
            var measured = Run(cells.SelectMany(c => c).ToList(), families, context);
            if (families.Count > 1 && measured.All(m => m.Report.Status == SyscallCellReport.Error))
            {
                _alone = true;
                foreach (var other in families.Skip(1)) _measured.Remove(other.Name);
                return Run(cells[0], new[] { family }, context);
            }
            var offset = cells[0].Count;
            for (var i = 1; i < families.Count; i++)
            {
                _ahead[families[i].Name] = measured.Skip(offset).Take(cells[i].Count).ToList();
                offset += cells[i].Count;
            }
            return measured.Take(cells[0].Count).ToList();
        }

        IReadOnlyList<SyscallMeasurement> Run(IReadOnlyList<SyscallCell> cells, IEnumerable<SyscallCheck> families, CheckContext context)
        {
            Children++;
            var assemblies = families.SelectMany(f => f.ScenarioAssemblies).Distinct(StringComparer.Ordinal).ToList();
            return context.Syscalls.Measure(cells, context.TempDirectory, assemblies, context.Heartbeat);
        }
    }
}
