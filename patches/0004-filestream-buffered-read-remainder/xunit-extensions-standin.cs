// Compiled with upstream-test.cs by the harness only, never sent upstream: dotnet/runtime's test projects reference
// Microsoft.DotNet.XUnitExtensions (dotnet/arcade), which declares PlatformSpecific and is not served here. This
// stand-in only lets the test compile; it filters nothing, so the harness runs the test where it runs (Linux), and
// elsewhere the test would fail on the missing /proc file, never pass without measuring.
namespace Xunit
{
    [System.Flags]
    public enum TestPlatforms
    {
        Linux = 2,
    }

    [System.AttributeUsage(System.AttributeTargets.Class | System.AttributeTargets.Method, AllowMultiple = true)]
    public sealed class PlatformSpecificAttribute : System.Attribute
    {
        public PlatformSpecificAttribute(TestPlatforms platforms) => Platforms = platforms;

        public TestPlatforms Platforms { get; }
    }
}
