using System;
using System.IO;
using NUnit.Framework;
using StreamConformance.Checks;

namespace StreamConformance.Tests.Syscalls
{
    /// <summary>Not a test of behaviour: prints every syscall cell of this runtime to the file named by STREAMCONF_SYSCALL_DUMP.</summary>
    public class SyscallDump
    {
        [Test]
        public void DumpEveryCell()
        {
            var target = Environment.GetEnvironmentVariable("STREAMCONF_SYSCALL_DUMP");
            if (string.IsNullOrEmpty(target)) Assert.Ignore("set STREAMCONF_SYSCALL_DUMP=FILE to write every syscall cell's result to FILE");
            SyscallTestSupport.RequireMeter();
            using var output = new StreamWriter(target!);
            foreach (var check in CheckCatalog.Select("syscalls.*"))
            {
                var t0 = DateTime.UtcNow;
                foreach (var r in check.Run(new HostFileStreamRecipe(), SyscallTestSupport.Context()))
                    output.WriteLine($"{r.Outcome} {r.Check}: {r.Message}");
                output.WriteLine($"-- {check.Name} {(DateTime.UtcNow - t0).TotalSeconds:0.0}s");
            }
        }
    }
}
