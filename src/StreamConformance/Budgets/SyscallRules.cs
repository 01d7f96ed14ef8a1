using System;
using System.Collections.Generic;
using System.Linq;
using StreamConformance.Meters.Syscalls;

namespace StreamConformance.Budgets
{
    // One concept: a budget file's syscalls section: cell patterns, each with the allowances it sets.

    /// <summary>
    /// Which syscall cells a rule applies to: "*" (every cell), a scenario ("file.read"), or a scenario narrowed by
    /// parameters ("file.read[api=ReadByte,handle=async]"). More parameters make a more specific pattern.
    /// </summary>
    public sealed class CellPattern
    {
        CellPattern(string text, string scenario, IReadOnlyDictionary<string, string> parameters)
        {
            Text = text;
            Scenario = scenario;
            Parameters = parameters;
        }

        public string Text { get; }
        /// <summary>A scenario name or "*".</summary>
        public string Scenario { get; }
        public IReadOnlyDictionary<string, string> Parameters { get; }

        public int Specificity => (Scenario == BudgetSet.Wildcard ? 0 : 1) + Parameters.Count;

        public bool Matches(SyscallCell cell) =>
            (Scenario == BudgetSet.Wildcard || Scenario == cell.Scenario)
            && Parameters.All(p => cell.Parameters.TryGetValue(p.Key, out var value) && value == p.Value);

        /// <summary>Parses a pattern; null with <paramref name="error"/> set when it is malformed or names what no scenario has.</summary>
        public static CellPattern? Parse(string text, out string error)
        {
            error = "";
            var open = text.IndexOf('[');
            var scenario = open < 0 ? text : text.Substring(0, open);
            var parameters = new Dictionary<string, string>(StringComparer.Ordinal);
            if (open >= 0)
            {
                if (!text.EndsWith("]", StringComparison.Ordinal) || open == text.Length - 2)
                {
                    error = $"malformed cell pattern '{text}' (expected SCENARIO, SCENARIO[key=value,...] or *)";
                    return null;
                }
                foreach (var pair in text.Substring(open + 1, text.Length - open - 2).Split(','))
                {
                    var eq = pair.IndexOf('=');
                    if (eq <= 0 || eq == pair.Length - 1 || parameters.ContainsKey(pair.Substring(0, eq)))
                    {
                        error = $"malformed cell pattern '{text}' at '{pair}' (expected distinct key=value pairs)";
                        return null;
                    }
                    parameters[pair.Substring(0, eq)] = pair.Substring(eq + 1);
                }
            }
            IEnumerable<string> known;
            if (scenario == BudgetSet.Wildcard)
                known = SyscallBudgets.Scenarios.Values.SelectMany(s => s.Parameters).Distinct();
            else if (SyscallBudgets.Scenarios.TryGetValue(scenario, out var info))
                known = info.Parameters;
            else
            {
                error = $"unknown syscall scenario '{scenario}' (known: *, {string.Join(", ", SyscallBudgets.Scenarios.Keys)})";
                return null;
            }
            var unknown = parameters.Keys.FirstOrDefault(k => !known.Contains(k));
            if (unknown != null)
            {
                error = $"unknown parameter '{unknown}' in '{text}' (known: {string.Join(", ", known)})";
                return null;
            }
            return new CellPattern(text, scenario, parameters);
        }

        public override string ToString() => Text;
    }

    /// <summary>One "syscalls" section: cell patterns, each with the allowances it sets.</summary>
    internal sealed class SyscallRules
    {
        public SyscallRules(IReadOnlyList<(CellPattern Pattern, IReadOnlyDictionary<string, int> Allowances)> entries) => Entries = entries;

        public IReadOnlyList<(CellPattern Pattern, IReadOnlyDictionary<string, int> Allowances)> Entries { get; }

        /// <summary>The most specific matching entry that sets <paramref name="allowance"/> (the later one on a tie), or null.</summary>
        public (CellPattern Pattern, int Value)? Find(string allowance, SyscallCell cell)
        {
            (CellPattern Pattern, int Value)? best = null;
            foreach (var (pattern, allowances) in Entries)
            {
                if (!allowances.TryGetValue(allowance, out var value) || !pattern.Matches(cell)) continue;
                if (best == null || pattern.Specificity >= best.Value.Pattern.Specificity) best = (pattern, value);
            }
            return best;
        }
    }
}
