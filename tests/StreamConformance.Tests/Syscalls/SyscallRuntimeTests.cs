using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Meters.Syscalls;
using StreamConformance.Runtimes;

namespace StreamConformance.Tests.Syscalls
{
    /// <summary>
    /// The traced child runs on the runtime the meter was given, named by path as a user names it with
    /// <c>--runtime PATH</c>: a dotnet root holding a newer framework beside the named one must not run the newer.
    /// </summary>
    public class SyscallRuntimeTests
    {
        static readonly SyscallCell s_cell = new SyscallCell("file.read", ("handle", "sync"), ("api", "Read"), ("buffer", "4096"), ("chunk", 4096), ("length", 65536));

        [Test]
        public void TheTracedChildRunsTheFrameworkNamedByPathNotTheNewestBesideIt()
        {
            SyscallTestSupport.RequireMeter();
            if (SyscallTestSupport.IsMono) Assert.Ignore("a dotnet root is a .NET layout; the Mono case is the next test");
            var installed = Path.GetDirectoryName(typeof(object).Assembly.Location)!;
            var version = Path.GetFileName(installed);
            var realRoot = Path.GetFullPath(Path.Combine(installed, "..", "..", ".."));
            // A root with the installed framework under its own version and, beside it, the same files under a higher one.
            var root = Path.Combine(SyscallTestSupport.Context().TempDirectory, "two-frameworks-" + System.Guid.NewGuid().ToString("N").Substring(0, 8));
            try
            {
                Directory.CreateDirectory(Path.Combine(root, "shared", RuntimeResolver.CoreFrameworkName));
                File.Copy(Path.Combine(realRoot, "dotnet"), Path.Combine(root, "dotnet")); // File.Copy keeps the mode bits on Unix
                FolderCopy.Copy(Path.Combine(realRoot, "host"), Path.Combine(root, "host"));
                var named = Path.Combine(root, "shared", RuntimeResolver.CoreFrameworkName, version);
                FolderCopy.Copy(installed, named);
                FolderCopy.Copy(installed, Path.Combine(root, "shared", RuntimeResolver.CoreFrameworkName, "99.0.0"));

                var target = RuntimeResolver.Resolve(named);
                var m = new SyscallMeter(RuntimeLauncher.CommandFor(target)).Measure(new[] { s_cell }, SyscallTestSupport.Context().TempDirectory).Single();

                Assert.That(m.Report.Status, Is.EqualTo(SyscallCellReport.Ok), m.Report.Message);
                Assert.That(m.Report.RuntimeLibrary, Is.EqualTo(named));
                Assert.That(m.Report.RuntimeVersion, Is.EqualTo(target.Version));
            }
            finally
            {
                try { Directory.Delete(root, recursive: true); } catch (IOException) { }
            }
        }

        [Test]
        public void TheTracedChildRunsTheMonoNamedByPath()
        {
            SyscallTestSupport.RequireMeter();
            var mono = RuntimeResolver.FindOnPath("mono");
            if (mono == null) Assert.Ignore("no mono on PATH");
            var target = RuntimeResolver.Resolve(RuntimeResolver.ResolveLinks(mono!));
            var m = new SyscallMeter(RuntimeLauncher.CommandFor(target), probePath: RepoProbe("net472", "streamconf-probe.exe"))
                .Measure(new[] { s_cell }, SyscallTestSupport.Context().TempDirectory).Single();

            Assert.That(m.Report.Status, Is.EqualTo(SyscallCellReport.Ok), m.Report.Message);
            Assert.That(m.Report.RuntimeLibrary, Is.EqualTo(target.AssemblyDirectories[0]));
            Assert.That(m.Report.RuntimeVersion, Is.EqualTo(target.Version));
        }

        static string RepoProbe(string tfm, string file)
        {
            var path = Path.Combine(Isolation.RepoPaths.ProbeRoot, tfm, file);
            if (!File.Exists(path)) Assert.Ignore("probe not built: " + path);
            return path;
        }
    }

    static class FolderCopy
    {
        public static void Copy(string from, string to)
        {
            Directory.CreateDirectory(to);
            foreach (var file in Directory.GetFiles(from)) File.Copy(file, Path.Combine(to, Path.GetFileName(file)));
            foreach (var dir in Directory.GetDirectories(from)) Copy(dir, Path.Combine(to, Path.GetFileName(dir)));
        }
    }
}
