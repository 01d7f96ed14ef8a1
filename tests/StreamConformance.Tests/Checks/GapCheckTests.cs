using System;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Checks;
using StreamConformance.Findings;
using StreamConformance.Recipes;
using StreamConformance.Results;
using StreamConformance.Tests.Isolation;

namespace StreamConformance.Tests.StreamChecks
{
    /// <summary>
    /// seek.gap-zeroed: a pooled stream that hands out its memory uncleared (FaultyStreams' PooledGapStream, as
    /// RecyclableMemoryStream 4.0.1 does) shows another stream's bytes in a gap, and is ranked above every other kind of
    /// finding; MemoryStream and FileStream give zeros.
    /// </summary>
    public class GapCheckTests
    {
        static StreamRecipe PooledGapRecipe()
        {
            var faulty = RepoPaths.FaultyStreams(RepoPaths.OnMono ? "net472" : "net10.0");
            var type = System.Reflection.Assembly.LoadFrom(faulty).GetType("FaultyStreams.PooledGapStream", true)!;
            return GenericShapes.For(type).Single();
        }

        static CheckResult Checked(StreamRecipe recipe)
        {
            var result = CheckCatalog.Select("seek.gap-zeroed").Single().Run(recipe, new CheckContext()).Single();
            result.Runtime = "dotnet";
            result.Type = recipe.TypeName;
            result.Variant = recipe.Variant;
            return result;
        }

        [Test]
        public void APooledStreamsGapHoldsTheDisposedStreamsBytes()
        {
            var result = Checked(PooledGapRecipe());
            Assert.That(result.Outcome, Is.EqualTo(Outcome.Fail), result.Message);
            Assert.That(result.Message, Does.StartWith("after another stream: 96 of 96 gap bytes are not zero after Seek(112, Begin) past the end and a write, all the bytes the disposed stream wrote there: "), result.Message);
            Assert.That(result.Message, Does.Contain("; after SetLength: 96 of 96 gap bytes are not zero after Seek(112, Begin) past the end and a write, all the bytes written there before SetLength(16): "), result.Message);
            var trace = result.Repro;
            Assert.That(trace, Is.Not.Null, "the one-stream form is kept as its calls");
            Assert.That(trace!.Access, Is.EqualTo("readWrite"));
            Assert.That(trace.Steps.Select(s => s.Op), Is.EqualTo(new[] { ReproOps.Write, ReproOps.SetLength, ReproOps.Seek, ReproOps.Write, ReproOps.Seek, ReproOps.Read }),
                string.Join(", ", trace.Steps));
            Assert.That(ImpactOf.Result(result), Is.EqualTo(Impact.Leak));
        }

        [Test]
        public void MemoryStreamAndFileStreamGiveZeros()
        {
            foreach (var recipe in new[] { RuntimeRecipes.MemoryStream(), RuntimeRecipes.FileStream(4096), RuntimeRecipes.FileStream(1) })
            {
                var result = Checked(recipe);
                Assert.That(result.Outcome, Is.EqualTo(Outcome.Pass), recipe.Label + ": " + result.Message);
                Assert.That(result.Message, Does.Contain("and after SetLength(16) over 128 written bytes"), recipe.Label);
            }
        }

        [Test]
        public void ALeakRanksAboveEveryOtherFindingOfItsLibrary()
        {
            var leak = Checked(PooledGapRecipe());
            CheckResult Fail(string check, string message, Outcome outcome = Outcome.Fail) =>
                new CheckResult { Runtime = "dotnet", Type = leak.Type, Variant = leak.Variant, Check = check, Outcome = outcome, Message = message };
            var findings = FindingBuilder.Build(new[]
            {
                Fail("edge.argument-validation", "Read(null, 0, 1): expected ArgumentNullException, nothing was thrown"),
                Fail("read-byte.values", "ReadByte() at position 4196 returned 0; expected -1 (operation 0; last: Seek(4196, Begin))"),
                Fail("read.differential", "SyncArray: first difference at offset 17: expected 0x0A, got 0x0B (expected 4096 bytes, got 4096)"),
                Fail("dispose.twice", "no result within 5 s", Outcome.Timeout),
                leak,
            });
            Assert.That(findings[0].Cause, Is.EqualTo("seek.gap-zeroed"), string.Join("\n", findings.Select(f => f.Title)));
            Assert.That(findings.Select(f => ImpactOf.Finding(f.Results)), Is.EqualTo(new[] { Impact.Leak, Impact.Data, Impact.Hang, Impact.Value, Impact.Exception }));
            var causes = FindingCauses.Of(findings);
            Assert.That(causes[0].Cause, Is.EqualTo("seek.gap-zeroed"), "the console's causes keep the rank");
            Assert.That(causes[0].What, Is.EqualTo("a gap written past the end holds old bytes (pooled memory not cleared)"));
        }
    }
}
