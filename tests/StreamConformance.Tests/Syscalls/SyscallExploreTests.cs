using System;
using NUnit.Framework;
using StreamConformance.Checks;

namespace StreamConformance.Tests.Syscalls
{
    [Explicit]
    public class SyscallExploreTests
    {
        [Test]
        public void Dump()
        {
            SyscallTestSupport.RequireMeter();
            foreach (var check in CheckCatalog.Select("syscalls.*"))
            {
                var t0 = DateTime.UtcNow;
                foreach (var r in check.Run(new HostFileStreamRecipe(), SyscallTestSupport.Context()))
                    Console.WriteLine($"{r.Outcome} {r.Check}: {r.Message}");
                Console.WriteLine($"-- {check.Name} {(DateTime.UtcNow - t0).TotalSeconds:0.0}s");
            }
        }
    }
}
