using System;
using NUnit.Framework;
using StreamConformance.Probe;
using StreamConformance.Runtimes;

namespace StreamConformance.Tests.Runtimes
{
    /// <summary>A flavour's name, the one results, patch targets and patched copies carry, comes from one place.</summary>
    [TestFixture]
    public class RuntimeFlavorTests
    {
        [TestCase(RuntimeFlavor.CoreClr, "coreclr")]
        [TestCase(RuntimeFlavor.Mono, "mono")]
        [TestCase(RuntimeFlavor.Wasm, "wasm")]
        public void EachFlavourHasItsName(RuntimeFlavor flavor, string key) => Assert.That(flavor.Key(), Is.EqualTo(key));

        [Test]
        public void TheProbeReportsTheFlavourItRunsOn()
        {
            var expected = Type.GetType("Mono.Runtime") != null ? "mono" : "coreclr";
            Assert.That(RuntimeFlavors.Current.Key(), Is.EqualTo(expected));
            Assert.That(CurrentRuntime.Describe("this").Flavor, Is.EqualTo(expected));
        }
    }
}
