using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using System.Text.RegularExpressions;
using StreamConformance.Meters;
using StreamConformance.Results;
using StreamConformance.Runtimes;

namespace StreamConformance.Findings
{
    /// <summary>
    /// results → findings: groups every result that is not a pass or skip by runtime, type and cause, classes each
    /// group, titles it, and ranks the list (contract first, by what each costs a user, then harness faults, then cost
    /// by how far over budget, advisories last).
    /// </summary>
    public static class FindingBuilder
    {
        public static List<Finding> Build(IEnumerable<CheckResult> results, ExpectationSet? expectations = null)
        {
            expectations ??= ExpectationSet.Default;
            var findings = new List<Finding>();
            foreach (var group in results.Where(IsReported).GroupBy(r => (r.Runtime, r.Type, Cause: CauseOf(r))))
            {
                var list = group.OrderBy(r => r.Variant, StringComparer.Ordinal).ThenBy(r => r.Check, StringComparer.Ordinal).ToList();
                var finding = new Finding
                {
                    Id = IdOf(group.Key.Runtime, group.Key.Type, group.Key.Cause),
                    Class = ClassOf(list),
                    Runtime = group.Key.Runtime,
                    Type = group.Key.Type,
                    Cause = group.Key.Cause,
                    Variants = list.Select(r => r.Variant).Distinct().ToList(),
                    Results = list,
                };
                finding.Severity = SeverityOf(finding);
                finding.Title = TitleOf(finding);
                var matches = list.Select(r => r.ExpectedByRecipe is string reason ? ByRecipe(r, reason) : expectations.Match(r)).ToList();
                if (matches.All(m => m != null))
                {
                    // An owners' rule that allows a behaviour (advisory) outranks one that calls it by design.
                    finding.Class = matches.Any(m => m!.Class == FindingClass.Advisory) ? FindingClass.Advisory : FindingClass.Expected;
                    finding.ExpectedBecause = string.Join(" ", matches.Select(m => m!.Reason).Distinct()) + $" ({matches[0]!.Source})";
                }
                findings.Add(finding);
            }
            return Rank(findings);
        }

        /// <summary>
        /// A library's recipe class stating the result's behaviour by design (<see cref="CheckResult.ExpectedByRecipe"/>): a
        /// rule for that result alone, its source the recipe, which outranks a file's (the author said it of this stream).
        /// </summary>
        static Expectation ByRecipe(CheckResult r, string reason) =>
            new Expectation(r.Type, r.Check, r.Variant, r.Runtime, reason, "the " + r.Variant);

        /// <summary>The findings of a whole run, each cost finding joined to the IL hazards the inventory saw in its member.</summary>
        public static List<Finding> Build(RunDocument document, ExpectationSet? expectations = null)
        {
            var findings = Build(document.Results, expectations);
            var reclassed = false;
            foreach (var f in findings)
            {
                if (f.Class == FindingClass.Contract && f.Results.All(r => r.Outcome == Outcome.Timeout)
                    && document.Runtimes.FirstOrDefault(r => r.Runtime.Name == f.Runtime)?.Runtime.Flavor == RuntimeFlavor.Wasm.Key())
                {
                    // On WebAssembly the probe has one thread: a check that waits on an asynchronous read blocks the
                    // thread the read needs, and the interpreter runs a latency loop past the silence limit. The probe
                    // cannot tell its own wait from a stream's hang there, so such a timeout is the harness's
                    // (docs/wasm.md): still a failure of the run, never a contract finding against the stream.
                    f.Class = FindingClass.Harness;
                    f.Title = TitleOf(f);
                    reclassed = true;
                }
                var hazards = document.Runtimes.FirstOrDefault(r => r.Runtime.Name == f.Runtime)?.Hazards;
                if (hazards == null || !hazards.TryGetValue(f.Type, out var list) || MemberOf(f.Cause) is not { } member) continue;
                var evidence = list.Where(h => h.Member == member)
                    .SelectMany(h => h.Evidence.Take(3).Select(e => $"{h.Kind} in {h.Member}: {e}"))
                    .ToList();
                if (evidence.Count > 0) f.IlEvidence = evidence;
            }
            return reclassed ? Rank(findings) : findings;
        }

        /// <summary>The inventory's member key a budget check measures (budget.alloc.read-byte → ReadByte), or null: the operation's own <see cref="StreamOperation.Member"/>.</summary>
        public static string? MemberOf(string cause) => Checks.BudgetChecks.OperationOf(cause)?.Member;

        /// <summary>What becomes a finding: every outcome but pass and skip.</summary>
        static bool IsReported(CheckResult r) => r.Outcome != Outcome.Pass && r.Outcome != Outcome.Skip && r.Outcome != Outcome.Inconclusive;

        /// <summary>
        /// Contract findings by what they cost a user (<see cref="Impact"/>: data lost or wrong, a crash, a hang, a wrong
        /// value, a wrong exception), then harness faults, cost by how far over budget, advisories, expected.
        /// </summary>
        public static List<Finding> Rank(IEnumerable<Finding> findings) =>
            findings.OrderBy(f => f.Class)
                .ThenBy(f => f.Class == FindingClass.Contract ? ImpactOf.Finding(f.Results) : Impact.Data)
                .ThenByDescending(f => f.Severity)
                .ThenBy(f => f.Runtime, StringComparer.Ordinal).ThenBy(f => f.Type, StringComparer.Ordinal).ThenBy(f => f.Cause, StringComparer.Ordinal)
                .ToList();

        /// <summary>
        /// The cause a result shows: its check, without a syscall cell's parameters; a hang or crash is its own cause.
        /// A wrong value returned by a member (the first thing a contract check saw: "Seek(10, Begin) … returned 26;
        /// expected 10") is one cause whichever check saw it: seek.origins, seek.random-walk and buffered.interleave
        /// seeing Seek return the wrong position are one finding, "returns:Seek".
        /// </summary>
        public static string CauseOf(CheckResult r)
        {
            var check = r.Check;
            var cell = check.IndexOf('[');
            if (cell > 0) check = check.Substring(0, cell);
            if (r.Outcome == Outcome.Fail && !IsCostCheck(check) && WrongReturn.Match(r.Message) is { Success: true } m)
                return "returns:" + m.Groups["member"].Value;
            return r.Outcome switch
            {
                Outcome.Timeout => "timeout:" + check,
                Outcome.Crash => "crash:" + check,
                _ => check,
            };
        }

        /// <summary>A message whose first violation is a member returning a value other than the expected one.</summary>
        static readonly Regex WrongReturn = new Regex(@"^(?:[A-Za-z]+: )?(?<member>[A-Z][A-Za-z]*)\([^)]*\)[^;]*? returned -?\d+; expected -?\d+", RegexOptions.CultureInvariant);

        static bool IsCostCheck(string check) =>
            check.StartsWith("budget.", StringComparison.Ordinal) || check.StartsWith("syscalls.", StringComparison.Ordinal);

        static FindingClass ClassOf(List<CheckResult> results)
        {
            if (results.All(r => r.Outcome == Outcome.Advisory)) return FindingClass.Advisory;
            if (results.All(r => r.Outcome == Outcome.Error)) return FindingClass.Harness;
            var isCost = IsCostCheck(results[0].Check);
            return isCost && results.All(r => r.Outcome == Outcome.Fail || r.Outcome == Outcome.Advisory) ? FindingClass.Cost : FindingClass.Contract;
        }

        /// <summary>Stable across runs and machines: runtime name, type and cause only.</summary>
        public static string IdOf(string runtime, string type, string cause)
        {
            using var sha = SHA256.Create();
            var hash = sha.ComputeHash(Encoding.UTF8.GetBytes(runtime + "|" + type + "|" + cause));
            return "SC" + BitConverter.ToString(hash, 0, 3).Replace("-", "").ToLowerInvariant();
        }

        static double SeverityOf(Finding f)
        {
            if (f.Class != FindingClass.Cost) return 0;
            var worst = 0.0;
            foreach (var r in f.Results)
            {
                if (r.Metrics == null) continue;
                var figure = r.Metrics.TryGetValue("bytesPerCall", out var bytes) ? bytes
                    : r.Metrics.TryGetValue("ratioToBaseline", out var ratio) ? ratio : double.NaN;
                if (double.IsNaN(figure)) { worst = Math.Max(worst, 1); continue; }
                var budget = r.Metrics.TryGetValue("budget", out var b) ? b : 0;
                // A zero budget (no allocation allowed) is over by the bytes themselves.
                worst = Math.Max(worst, budget > 0 ? figure / budget : figure);
            }
            return Math.Round(worst, 2);
        }

        static string TitleOf(Finding f)
        {
            var type = ShortName(f.Type);
            var first = f.Results[0];
            var variants = f.Variants.Count > 1 ? $" ({f.Variants.Count} recipes)" : "";
            if (f.Cause.StartsWith("crash:", StringComparison.Ordinal)) return $"{type} takes the process down in {Check(f.Cause)}{variants}";
            if (f.Cause.StartsWith("timeout:", StringComparison.Ordinal))
                return f.Class == FindingClass.Harness
                    ? $"{type}: the harness could not run {Check(f.Cause)} on WebAssembly's one thread (no result in time){variants}"
                    : $"{type} hangs in {Check(f.Cause)}{variants}";
            if (f.Class == FindingClass.Harness) return $"{type}: the harness could not run {f.Cause}{variants}: {Clip(first.Message, 80)}";
            if (f.Cause.StartsWith("returns:", StringComparison.Ordinal))
            {
                var checks = f.Results.Select(r => r.Check).Distinct().Count();
                return $"{type}.{Check(f.Cause)} returns a wrong value: {Clip(first.Message, 90)}{variants}" + (checks > 1 ? $" (seen by {checks} checks)" : "");
            }
            if (f.Cause.StartsWith("budget.alloc.", StringComparison.Ordinal))
            {
                var bytes = f.Results.Max(r => Metric(r, "bytesPerCall"));
                return $"{type}.{Operation(f.Cause, "budget.alloc.")} allocates {Format(bytes)} B per call (budget {Format(Metric(first, "budget"))} B){variants}";
            }
            if (f.Cause.StartsWith("budget.latency.", StringComparison.Ordinal))
            {
                var ratio = f.Results.Max(r => Metric(r, "ratioToBaseline"));
                return $"{type}.{Operation(f.Cause, "budget.latency.")} takes {Format(ratio)}× MemoryStream's time per call (budget {Format(Metric(first, "budget"))}×){variants}";
            }
            // Only a gap that holds bytes it was never given is a leak; a write past the end answered wrongly (a position that
            // never moves) is said as it is.
            if (f.Cause == "seek.gap-zeroed" && ImpactOf.Finding(f.Results) == Impact.Leak)
                return $"{type} leaks old bytes into a gap written past the end, where zeros belong: {Clip(first.Message, 90)}{variants}";
            return $"{type}: {f.Cause} — {Clip(first.Message, 100)}{variants}";
        }

        static string Check(string cause) => cause.Substring(cause.IndexOf(':') + 1);

        static string Operation(string cause, string prefix)
        {
            var name = cause.Substring(prefix.Length);
            return StreamOperations.Find(name)?.Title ?? name;
        }

        static double Metric(CheckResult r, string name) => r.Metrics != null && r.Metrics.TryGetValue(name, out var v) ? v : double.NaN;

        static string Format(double v) => double.IsNaN(v) ? "?" : v.ToString(v == Math.Floor(v) ? "0" : "0.##", CultureInfo.InvariantCulture);

        public static string ShortName(string type)
        {
            var dot = type.LastIndexOf('.');
            return dot < 0 ? type : type.Substring(dot + 1);
        }

        static string Clip(string text, int max)
        {
            var line = text.Replace('\n', ' ');
            return line.Length <= max ? line : line.Substring(0, max - 1) + "…";
        }
    }
}
