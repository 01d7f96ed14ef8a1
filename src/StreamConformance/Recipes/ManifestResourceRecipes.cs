using System;
using System.IO;
using System.Reflection;
using System.Threading;
#if NET
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using System.Reflection.PortableExecutable;
using System.Runtime.Loader;
#else
using System.Reflection.Emit;
#endif

namespace StreamConformance.Recipes
{
    /// <summary>
    /// Assembly.GetManifestResourceStream on an assembly whose one embedded resource is the content: the runtime hands
    /// out a view of the resource in the loaded image (.NET: RuntimeAssembly+ManifestResourceStream; Mono:
    /// RuntimeAssembly+UnmanagedMemoryStreamForModule). The assembly is made per fixture, so the resource is exactly
    /// the content: on .NET a resource-only PE written with System.Reflection.Metadata and loaded into a collectible
    /// AssemblyLoadContext (unloaded with the fixture); on Mono one saved by AssemblyBuilder into the run's temp folder
    /// and loaded from its bytes (Mono cannot unload it: a few KB stay per fixture). Read-only and seekable.
    /// </summary>
    public sealed class ManifestResourceStreamRecipe : StreamRecipe
    {
        const string ResourceName = "content";
        static int s_counter;

#if MONO_CORLIB
        public override string TypeName => "System.Reflection.RuntimeAssembly+UnmanagedMemoryStreamForModule";
#else
        public override string TypeName => "System.Reflection.RuntimeAssembly+ManifestResourceStream";
#endif
        public override string Variant => "Assembly.GetManifestResourceStream";
        public override bool CanSeek => true;
        public override bool IsBuffered => true;

        public override StreamFixture? OpenRead(byte[] content)
        {
            var name = "streamconf.resource" + Interlocked.Increment(ref s_counter);
#if NET
            using var build = new FixtureBuilder();
            var context = build.Own(new Unloading(new AssemblyLoadContext(name, isCollectible: true))).Context;
            var assembly = context.LoadFromStream(new MemoryStream(ResourceOnlyAssembly(name, content), false));
            return build.Fixture(assembly.GetManifestResourceStream(ResourceName)!);
#else
            var builder = AppDomain.CurrentDomain.DefineDynamicAssembly(new AssemblyName(name), AssemblyBuilderAccess.Save, Scratch.TempDirectory);
            var file = name + ".dll";
            var module = builder.DefineDynamicModule(name, file);
            module.DefineManifestResource(ResourceName, new MemoryStream(content, false), ResourceAttributes.Public);
            Directory.CreateDirectory(Scratch.TempDirectory);
            builder.Save(file);
            var path = Path.Combine(Scratch.TempDirectory, file);
            byte[] image;
            try { image = File.ReadAllBytes(path); }
            finally { File.Delete(path); }
            return new StreamFixture(Assembly.Load(image).GetManifestResourceStream(ResourceName)!);
#endif
        }

#if NET
        /// <summary>A library with no code: a module, its assembly row, the &lt;Module&gt; type and one public embedded resource.</summary>
        static byte[] ResourceOnlyAssembly(string name, byte[] content)
        {
            var metadata = new MetadataBuilder();
            metadata.AddModule(0, metadata.GetOrAddString(name + ".dll"), metadata.GetOrAddGuid(Guid.NewGuid()), default, default);
            metadata.AddAssembly(metadata.GetOrAddString(name), new Version(1, 0, 0, 0), default, default, 0, AssemblyHashAlgorithm.None);
            metadata.AddTypeDefinition(default, default, metadata.GetOrAddString("<Module>"), default,
                MetadataTokens.FieldDefinitionHandle(1), MetadataTokens.MethodDefinitionHandle(1));
            var resources = new BlobBuilder();
            resources.WriteInt32(content.Length);
            resources.WriteBytes(content);
            metadata.AddManifestResource(ManifestResourceAttributes.Public, metadata.GetOrAddString(ResourceName), default, 0);
            var pe = new ManagedPEBuilder(PEHeaderBuilder.CreateLibraryHeader(), new MetadataRootBuilder(metadata), new BlobBuilder(), managedResources: resources);
            var image = new BlobBuilder();
            pe.Serialize(image);
            return image.ToArray();
        }

        sealed class Unloading : IDisposable
        {
            public Unloading(AssemblyLoadContext context) => Context = context;
            public AssemblyLoadContext Context { get; }
            public void Dispose() => Context.Unload();
        }
#endif
    }
}
