using System;
using System.Globalization;
using System.IO;
using System.Resources;
using System.Runtime.InteropServices;

namespace StreamConformance.Recipes
{
    // One concept: the streams a resource reader hands out for a stream resource, over one .resources image base.
    /// <summary>
    /// Streams a resource reader hands out for a stream resource (ResourceWriter.AddResource(name, Stream)): over a
    /// .resources image read from a managed stream, ResourceSet.GetObject returns a PinnedBufferMemoryStream; over an
    /// UnmanagedMemoryStream (as for an assembly's embedded resources), ResourceManager.GetObject wraps the resource's
    /// UnmanagedMemoryStream in an UnmanagedMemoryStreamWrapper. The .resources image is written per fixture with
    /// the content as its one stream resource. Both are read-only views of the image.
    /// </summary>
    public abstract class ResourceStreamRecipe : StreamRecipe
    {
        protected const string ResourceName = "content";

        public override bool CanSeek => true;
        public override bool IsBuffered => true;

        protected static byte[] Image(byte[] content)
        {
            var image = new MemoryStream();
            using (var writer = new ResourceWriter(image))
            {
                writer.AddResource(ResourceName, new MemoryStream(content, false));
                writer.Generate();
            }
            return image.ToArray();
        }
    }

    /// <summary>new ResourceSet(Stream).GetObject(name) for a stream resource: a PinnedBufferMemoryStream over the resource's bytes.</summary>
    public sealed class PinnedBufferMemoryStreamRecipe : ResourceStreamRecipe
    {
        public override string TypeName => "System.IO.PinnedBufferMemoryStream";
        public override string Variant => "ResourceSet.GetObject";

        public override StreamFixture? OpenRead(byte[] content)
        {
            var set = new ResourceSet(new MemoryStream(Image(content), false));
            return new StreamFixture((Stream)set.GetObject(ResourceName)!, null, set);
        }

        public override string? ReproSource(StreamAccess access) => access == StreamAccess.Read
            ? "var image = new MemoryStream(); using (var w = new System.Resources.ResourceWriter(image)) { w.AddResource(\"content\", new MemoryStream(content)); w.Generate(); } " +
              "var stream = (Stream)new System.Resources.ResourceSet(new MemoryStream(image.ToArray())).GetObject(\"content\");"
            : null;
    }

    /// <summary>
    /// ResourceManager.GetObject(name) for a stream resource of a set read from unmanaged memory: the manager wraps the
    /// set's UnmanagedMemoryStream in an UnmanagedMemoryStreamWrapper (GetStream would return the unwrapped one). The
    /// manager is the documented kind of subclass that supplies its own sets (InternalGetResourceSet), here over the
    /// pinned image, as an assembly's manifest resource is unmanaged memory.
    /// </summary>
    public sealed class UnmanagedMemoryStreamWrapperRecipe : ResourceStreamRecipe
    {
        public override string TypeName => "System.IO.UnmanagedMemoryStreamWrapper";
        public override string Variant => "ResourceManager.GetObject";

        public override StreamFixture? OpenRead(byte[] content)
        {
            using var build = new FixtureBuilder();
            var manager = build.Own(new ImageResourceManager(Image(content)));
            return build.Fixture((Stream)manager.GetObject(ResourceName, CultureInfo.InvariantCulture)!);
        }

        /// <summary>A resource manager whose one set is read from a pinned .resources image (released with the fixture).</summary>
        sealed unsafe class ImageResourceManager : ResourceManager, IDisposable
        {
            readonly GCHandle _pin;
            readonly ResourceSet _set;

            public ImageResourceManager(byte[] image)
            {
                _pin = GCHandle.Alloc(image, GCHandleType.Pinned);
                _set = new ResourceSet(new UnmanagedMemoryStream((byte*)_pin.AddrOfPinnedObject(), image.Length));
            }

            protected override ResourceSet InternalGetResourceSet(CultureInfo culture, bool createIfNotExists, bool tryParents) => _set;

            public void Dispose()
            {
                _set.Dispose();
                if (_pin.IsAllocated) _pin.Free();
            }
        }
    }
}
