using System.Linq;
using NUnit.Framework;
using StreamConformance.Findings;
using StreamConformance.Results;

namespace StreamConformance.Tests.Findings
{
    /// <summary>A library's findings grouped by cause across its types: exact groups and counts from scripted results.</summary>
    public class FindingCausesTests
    {
        static CheckResult Fail(string type, string check, string message) =>
            new CheckResult { Runtime = "dotnet", Type = type, Variant = "v", Check = check, Outcome = Outcome.Fail, Message = message };

        [Test]
        public void FindingsOfOneCauseOnManyTypesAreOneGroupInTheFindingsRank()
        {
            var results = Enumerable.Range(0, 4).Select(i => Fail("Lib.T" + i, "dispose.members-throw", "Read: ReadByte() after Dispose succeeded; expected ObjectDisposedException"))
                .Concat(Enumerable.Range(0, 2).Select(i => Fail("Lib.T" + i, "edge.argument-validation", "Read(null, 0, 1): expected ArgumentNullException, nothing was thrown")))
                .Concat(new[]
                {
                    Fail("Lib.T0", "budget.alloc.read-byte", "ReadByte allocates 32 B/call, budget 0 B"),
                    Fail("Lib.T1", "budget.alloc.write-byte", "WriteByte allocates 32 B/call, budget 0 B"),
                    Fail("Lib.T2", "seek.origins", "Seek(10, Begin) threw System.NotSupportedException"),
                    Fail("Lib.T3", "seek.random-walk", "Seek(-5, End) threw System.NotSupportedException"),
                    new CheckResult { Runtime = "dotnet", Type = "Lib.T3", Variant = "v", Check = "dispose.twice", Outcome = Outcome.Advisory, Message = "advisory only" },
                });
            var causes = FindingCauses.Of(FindingBuilder.Build(results));
            Assert.That(causes.Select(c => c.ToString()), Is.EqualTo(new[]
            {
                "2 types: Seek or Position answer wrongly",
                "4 types: members work, or throw another exception, after Dispose",
                "2 types: Read or Write does not validate its arguments",
                "2 types: allocates more per call than its budget",
            }), "advisories are not counted; a meter's operations are one cause, and so are checks saying the same; a call that "
                + "must work throwing (a wrong result) ranks above a misuse answered with the wrong exception, then most types first");
            Assert.That(causes[3].Class, Is.EqualTo(FindingClass.Cost), "contract before cost among causes of as many types");
            Assert.That(causes.Sum(c => c.Findings.Count), Is.EqualTo(10));
        }

        /// <summary>
        /// A call edge.argument-validation bounded and saw never return (DotNetZip's ParallelDeflateOutputStream) is a hang:
        /// its own cause, ranked above wrong exceptions, not one more "does not validate its arguments".
        /// </summary>
        [Test]
        public void AHangTheCheckBoundedIsItsOwnCauseAboveWrongExceptions()
        {
            var results = new[]
            {
                Fail("Lib.T0", "edge.argument-validation", "Read(null, 0, 1): expected ArgumentNullException, nothing was thrown"),
                Fail("Lib.T1", "edge.argument-validation", "Write: Dispose() had not returned after 2 s, after 12 calls with invalid arguments on the same stream; "
                    + "Write(buffer[10], 11, 0): expected ArgumentException, nothing was thrown"),
            };
            var causes = FindingCauses.Of(FindingBuilder.Build(results));
            Assert.That(causes.Select(c => c.ToString()), Is.EqualTo(new[]
            {
                "1 type: a call never returns (the check stopped waiting for it)",
                "1 type: Read or Write does not validate its arguments",
            }));
            Assert.That(ImpactOf.Finding(causes[0].Findings.Single().Results), Is.EqualTo(Impact.Hang));
        }
    }
}
