using System.Collections.Generic;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Checks;
using StreamConformance.Discovery;
using StreamConformance.Findings;
using StreamConformance.Meters;
using StreamConformance.Results;

namespace StreamConformance.Tests.Findings
{
    /// <summary>
    /// Every operation the meters and budget checks name reaches its member's IL evidence: an operation is its own
    /// descriptor (<see cref="StreamOperation.Member"/>), so a new one cannot go without.
    /// </summary>
    public class OperationMemberTests
    {
        [Test]
        public void EveryOperationNamesAMemberTheInventoryKnows()
        {
            var keys = StreamMembers.All.Select(p => p.Key).ToList();
            Assert.That(StreamOperations.All, Is.Not.Empty);
            foreach (var operation in StreamOperations.All)
                Assert.That(keys, Does.Contain(operation.Member), operation.Name);
        }

        /// <summary>
        /// A failing budget check of every operation, on a type with a hazard in every member: each finding carries the
        /// evidence of its operation's member, and none other.
        /// </summary>
        [Test]
        public void EveryBudgetCheckFindingCarriesItsOperationsIlEvidence()
        {
            const string T = "Demo.Stream";
            var checks = CheckCatalog.All.Where(c => BudgetChecks.OperationOf(c.Name) != null).ToList();
            Assert.That(checks.Count, Is.EqualTo(2 * StreamOperations.All.Count), "an allocation and a latency check per operation");

            var run = new RuntimeRun { Runtime = new RuntimeInfo { Name = "dotnet", Flavor = "coreclr" } };
            run.Hazards = new SortedDictionary<string, List<Hazard>>
            {
                [T] = StreamMembers.All.Select(p => new Hazard
                {
                    Kind = HazardKinds.AllocatesPerCall, Member = p.Key,
                    Evidence = { new HazardEvidence { Method = "Demo.Stream::" + p.Key, IlOffset = 1, Instruction = "newarr System.Byte" } },
                }).ToList(),
            };
            var document = new RunDocument();
            document.Runtimes.Add(run);
            foreach (var check in checks)
                document.Results.Add(new CheckResult { Runtime = "dotnet", Type = T, Variant = "default", Check = check.Name, Outcome = Outcome.Fail, Message = "over budget" });

            var findings = FindingBuilder.Build(document);
            Assert.That(findings.Select(f => f.Cause), Is.EquivalentTo(checks.Select(c => c.Name)));
            foreach (var finding in findings)
            {
                var member = BudgetChecks.OperationOf(finding.Cause)!.Member;
                Assert.That(finding.IlEvidence, Is.EqualTo(new[] { $"{HazardKinds.AllocatesPerCall} in {member}: Demo.Stream::{member} IL_0001: newarr System.Byte" }), finding.Cause);
            }
        }

        [Test]
        public void ANameNoOperationHasGetsNoMember()
        {
            Assert.That(FindingBuilder.MemberOf("budget.alloc.no-such-operation"), Is.Null);
            Assert.That(FindingBuilder.MemberOf("syscalls.file.read"), Is.Null);
            Assert.That(FindingBuilder.MemberOf("budget.latency." + StreamOperations.ReadByte.Name), Is.EqualTo(StreamMembers.ReadByte));
        }
    }
}
