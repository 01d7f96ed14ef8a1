using System;
using System.Collections.Generic;

namespace StreamConformance.Checks
{
    /// <summary>
    /// What went wrong in the independent parts of one check (per access, per read mode), so one verdict reports
    /// all of them. A recipe failure is not a violation: it propagates and the check reports Error. (Findings are
    /// another thing: results grouped by cause, in the Findings namespace.)
    /// </summary>
    public sealed class Violations
    {
        readonly List<string> _items = new List<string>();

        public int Count => _items.Count;

        public void Add(string finding) => _items.Add(finding);

        /// <summary>A finding that outranks the others (a call that never returns): it leads the message and the title.</summary>
        public void AddFirst(string finding) => _items.Insert(0, finding);

        /// <summary>Runs one part; a broken rule or an exception from the stream becomes a finding prefixed by <paramref name="label"/>.</summary>
        public void Run(string? label, Action part)
        {
            var prefix = label == null ? "" : label + ": ";
            try
            {
                part();
            }
            catch (ContractViolation v)
            {
                _items.Add(prefix + v.Message);
            }
            catch (RecipeFailure)
            {
                throw;
            }
            catch (Exception e)
            {
                _items.Add(prefix + "unexpected " + Describe.Exception(e));
            }
        }

        public override string ToString() => string.Join("; ", _items);
    }
}
