using System;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Checks;
using StreamConformance.Recipes;

namespace StreamConformance.Tests.Recipes
{
    [TestFixture]
    public sealed class GenericShapesTests
    {
        [TestCase(typeof(MemoryStream), "shape(byte[])", true)]
        [TestCase(typeof(BufferedStream), "shape(Stream)", true)]
        [TestCase(typeof(UnseekableStream), "shape(Stream, bool)", false)]
        public void ShapeReadsContentAndTakesCanSeekFromTheInstance(Type type, string variant, bool canSeek)
        {
            var recipe = GenericShapes.For(type).Single(r => r.Variant == variant);
            Assert.That(recipe.CanSeek, Is.EqualTo(canSeek));
            var content = CheckContext.Content(300);
            using var fixture = recipe.OpenRead(content)!;
            var read = new MemoryStream();
            fixture.Stream.CopyTo(read);
            Assert.That(read.ToArray(), Is.EqualTo(content));
        }

        [Test]
        public void AbstractTypesHaveNoShape()
        {
            Assert.That(GenericShapes.For(typeof(Stream)), Is.Empty);
            Assert.That(GenericShapes.WhyNone(typeof(Stream)), Is.EqualTo("abstract"));
        }
    }
}
