using System.IO;
using NUnit.Framework;
using StreamConformance.Checks;
using StreamConformance.Checks.Syscalls;
using StreamConformance.Meters.Syscalls;
using StreamConformance.Recipes;

namespace StreamConformance.Tests.Syscalls
{
    /// <summary>The recipe the syscall families run on; they build their own streams in the traced child.</summary>
    sealed class HostFileStreamRecipe : StreamRecipe
    {
        public override string TypeName => SyscallCheck.HostType;
        public override bool IsOsBacked => true;
        public override bool CanSeek => true;
    }

    static class SyscallTestSupport
    {
        public static bool IsMono => System.Type.GetType("Mono.Runtime") != null;

        public static void RequireMeter()
        {
            var why = SyscallMeter.UnavailableReason;
            if (why != null) Assert.Ignore("syscall meter unavailable: " + why);
        }

        public static CheckContext Context()
        {
            var dir = Path.Combine(Path.GetTempPath(), "streamconf-tests-syscalls");
            Directory.CreateDirectory(dir);
            return new CheckContext { TempDirectory = dir };
        }
    }
}
