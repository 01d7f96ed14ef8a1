using System.IO;
using System.IO.Compression;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Recipes;
using StreamConformance.Results;
using StreamConformance.Runtimes;
using StreamConformance.Sweep;
using StreamConformance.Tests.Isolation;

namespace StreamConformance.Tests.Recipes
{
    /// <summary>"Covered through": stream types found in a built instance's fields, never guessed from names.</summary>
    public class InnerStreamsTests
    {
        [Test]
        public void FindsWhatAWrapperHoldsAndNotItself()
        {
            using var stream = new BufferedStream(new UnseekableStream(new MemoryStream()));
            var inner = InnerStreams.Of(stream);
            Assert.That(inner, Is.EquivalentTo(new[] { typeof(UnseekableStream).FullName, typeof(MemoryStream).FullName }));
        }

        [Test]
        public void APlainStreamHoldsNone() => Assert.That(InnerStreams.Of(new MemoryStream()), Is.Empty);

        [Test]
        public void CyclesEndTheWalk()
        {
            var a = new Looped();
            var b = new Looped { Other = a };
            a.Other = b;
            Assert.That(InnerStreams.Of(a), Is.Empty, "its own type is not inside itself, and the walk ends");
        }

        sealed class Looped : MemoryStream
        {
            public Stream? Other;
        }

#if NET
        [Test]
        public void FileStreamStrategiesAreCoveredThroughFileStreamInASweep()
        {
            var options = new SweepOptions { Filter = "System.IO.FileStream|System.IO.Strategies.*", Checks = "capabilities.*", Parallel = false };
            options.Runtimes.Add(RuntimeResolver.Resolve("dotnet"));
            var document = new SweepRunner(options, SweepTargets.FromInventory, new ProbeLocator(RepoPaths.ProbeRoot)).Run();
            var run = document.Runtimes.Single();
            Assert.That(run.Errors, Is.Empty);
            Assert.That(run.Built.Keys, Does.Contain("System.IO.FileStream"));
            var covered = run.CoveredThrough.ToDictionary(c => c.Type, c => c.Through);
            Assert.That(covered.Keys, Does.Contain("System.IO.Strategies.BufferedFileStreamStrategy").And.Contain("System.IO.Strategies.UnixFileStreamStrategy"));
            Assert.That(covered["System.IO.Strategies.UnixFileStreamStrategy"], Does.Contain("System.IO.FileStream"));
            // Only a class derived from FileStream uses this one: none in this filter (System.Net.WebFileStream is one, in a full sweep).
            Assert.That(run.StaticOnly.Select(s => s.Type), Does.Contain("System.IO.Strategies.DerivedFileStreamStrategy"));
            Assert.That(run.Coverage.Discovered, Is.EqualTo(run.Coverage.Built + run.Coverage.CoveredThrough + run.Coverage.StaticOnly));
        }
#endif
    }
}
