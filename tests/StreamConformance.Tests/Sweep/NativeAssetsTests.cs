using System;
using System.IO;
using System.Linq;
using System.Runtime.InteropServices;
using NUnit.Framework;
using StreamConformance.Probe;

namespace StreamConformance.Tests.Sweep
{
    /// <summary>A user's native library under runtimes/&lt;rid&gt;/native, as a build output lays it out, is loaded by the probe.</summary>
    [TestFixture]
    public sealed class NativeAssetsTests
    {
        [Test]
        public void TheMostSpecificRuntimeIdentifierComesFirstAndThePortableOnesFollow()
        {
            Assume.That(RuntimeInformation.IsOSPlatform(OSPlatform.Linux), "the identifiers below are Linux's");
            var arch = RuntimeInformation.ProcessArchitecture.ToString().ToLowerInvariant();
            var ids = NativeAssets.RuntimeIdentifiers();
            Assert.That(ids, Does.Contain("linux-" + arch));
            Assert.That(ids.Skip(ids.Count - 2), Is.EqualTo(new[] { "linux", "unix" }));
            var candidates = NativeAssets.Candidates("lib", "e_sqlite3").ToList();
            Assert.That(candidates, Does.Contain(Path.Combine("lib", "runtimes", "linux-" + arch, "native", "libe_sqlite3.so")));
            Assert.That(candidates.First(), Does.StartWith(Path.Combine("lib", "runtimes", ids[0], "native")));
        }

#if NET
        [Test]
        public void ALibraryUnderRuntimesNativeLoadsAndOneElsewhereDoesNot()
        {
            Assume.That(RuntimeInformation.IsOSPlatform(OSPlatform.Linux), "a shared library of this runtime is copied as the user's");
            var arch = RuntimeInformation.ProcessArchitecture.ToString().ToLowerInvariant();
            var folder = Path.Combine(Path.GetTempPath(), "streamconf-native-" + Guid.NewGuid().ToString("N"));
            var other = folder + "-other";
            try
            {
                // Any real shared library will do: the runtime's own System.Native, under a name no one else loads.
                var real = Path.Combine(Path.GetDirectoryName(typeof(object).Assembly.Location)!, "libSystem.Native.so");
                var native = Path.Combine(folder, "runtimes", "linux-" + arch, "native");
                Directory.CreateDirectory(native);
                File.Copy(real, Path.Combine(native, "libconformance_user_native.so"));
                Directory.CreateDirectory(other);
                File.Copy(real, Path.Combine(other, "libconformance_user_native.so"));

                Assert.That(NativeAssets.Load("conformance_user_native", new[] { other }), Is.EqualTo(IntPtr.Zero),
                    "beside the assembly is the runtime's own probing, not this one's");
                Assert.That(NativeAssets.Load("conformance_user_native", new[] { other, folder }), Is.Not.EqualTo(IntPtr.Zero));
            }
            finally
            {
                foreach (var d in new[] { folder, other }) if (Directory.Exists(d)) Directory.Delete(d, recursive: true);
            }
        }
#endif
    }
}
