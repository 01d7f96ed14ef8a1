using System;
using System.IO;

namespace StreamConformance.Tests.Isolation
{
    /// <summary>Where the built probe and fault assembly are, relative to this test assembly's own build output.</summary>
    static class RepoPaths
    {
        // tests/StreamConformance.Tests/bin/<Config>/<tfm>/ → repository root is five levels up.
        static readonly string TestOutput = Path.GetDirectoryName(typeof(RepoPaths).Assembly.Location)!;
        public static readonly string Configuration = Path.GetFileName(Path.GetDirectoryName(TestOutput)!);
        public static readonly string Root = Path.GetFullPath(Path.Combine(TestOutput, "..", "..", "..", "..", ".."));

        public static string ProbeRoot => Path.Combine(Root, "src", "StreamConformance.Probe", "bin", Configuration);

        public static string FaultyStreams(string tfm) => Path.Combine(Root, "tests", "FaultyStreams", "bin", Configuration, tfm, "FaultyStreams.dll");

        public static string LibraryStreams(string tfm) => Path.Combine(Root, "tests", "LibraryStreams", "bin", Configuration, tfm, "LibraryStreams.dll");

        public static bool OnMono => Type.GetType("Mono.Runtime") != null;
    }
}
