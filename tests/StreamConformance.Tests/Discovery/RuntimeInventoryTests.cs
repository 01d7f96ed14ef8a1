using System;
using System.Collections.Concurrent;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Discovery;
using StreamConformance.Runtimes;

namespace StreamConformance.Tests.Discovery
{
    /// <summary>Facts read from the installed runtimes' own assemblies (each inventoried once per test run).</summary>
    public class RuntimeInventoryTests
    {
        static readonly ConcurrentDictionary<string, Lazy<StreamInventory>> s_inventories = new ConcurrentDictionary<string, Lazy<StreamInventory>>();

        static StreamInventory InventoryOf(string runtime)
        {
            RuntimeTarget target;
            try { target = RuntimeResolver.Resolve(runtime); }
            catch (InputException e) { Assert.Ignore($"runtime '{runtime}' is not available here: {e.Message}"); throw; }
            return s_inventories.GetOrAdd(runtime, _ => new Lazy<StreamInventory>(() => InventoryReader.Read(target))).Value;
        }

        static StreamTypeInfo Find(StreamInventory inventory, string assembly, string fullName)
        {
            var info = inventory.Types.SingleOrDefault(t => t.Assembly == assembly && t.FullName == fullName);
            Assert.That(info, Is.Not.Null, $"{fullName} ({assembly}) is not in the {inventory.Runtime} inventory");
            return info!;
        }

        [Test]
        public void MonoDeflateStreamInheritsAllocatingByteMembers()
        {
            var mono = InventoryOf("mono");
            var deflate = Find(mono, "System", "System.IO.Compression.DeflateStream");
            Assert.That(deflate.ProviderOf(StreamMembers.ReadByte), Is.EqualTo("System.IO.Stream"));
            Assert.That(deflate.ProviderOf(StreamMembers.WriteByte), Is.EqualTo("System.IO.Stream"));
            var hazard = deflate.Hazards.Single(h => h.Kind == HazardKinds.AllocatesPerCall && h.Member == StreamMembers.ReadByte);
            Assert.That(hazard.Evidence.Any(e => e.Method == "System.IO.Stream::ReadByte()" && e.Instruction == "newarr System.Byte"), Is.True,
                string.Join("; ", hazard.Evidence));
            Assert.That(deflate.Hazards.Any(h => h.Kind == HazardKinds.AllocatesPerCall && h.Member == StreamMembers.WriteByte), Is.True);
        }

        [Test]
        public void MonoBufferedStreamOverridesByteMembersAndIsNotFlagged()
        {
            var mono = InventoryOf("mono");
            var buffered = Find(mono, "mscorlib", "System.IO.BufferedStream");
            Assert.That(buffered.ProviderOf(StreamMembers.ReadByte), Is.EqualTo("System.IO.BufferedStream"));
            Assert.That(buffered.ProviderOf(StreamMembers.WriteByte), Is.EqualTo("System.IO.BufferedStream"));
            Assert.That(buffered.Has(HazardKinds.AllocatesPerCall), Is.False, string.Join("; ", buffered.Hazards.SelectMany(h => h.Evidence)));
            Assert.That(buffered.Has(HazardKinds.SyncOverAsync), Is.False);
        }

        [Test]
        public void MonoInventoryHasNoErrorsAndResolvesAcrossAssemblies()
        {
            var mono = InventoryOf("mono");
            Assert.That(mono.Errors, Is.Empty);
            Assert.That(mono.Stream, Is.Not.Null);
            Assert.That(mono.Stream!.Assembly, Is.EqualTo("mscorlib"));
            // GZipStream (System.dll) derives from Stream (mscorlib.dll).
            Assert.That(Find(mono, "System", "System.IO.Compression.GZipStream").BaseChain.Last(), Is.EqualTo("System.IO.Stream"));
        }

        [Test]
        public void DotNetBaseStreamReadByteAllocatesOneByteArray()
        {
            var dotnet = InventoryOf("dotnet");
            Assert.That(dotnet.Stream, Is.Not.Null);
            Assert.That(dotnet.Stream!.Assembly, Is.EqualTo("System.Private.CoreLib"));
            var hazard = dotnet.Stream.Hazards.Single(h => h.Kind == HazardKinds.AllocatesPerCall && h.Member == StreamMembers.ReadByte);
            var evidence = hazard.Evidence.Single();
            Assert.That(evidence.Method, Is.EqualTo("System.IO.Stream::ReadByte()"));
            Assert.That(evidence.Instruction, Is.EqualTo("newarr System.Byte"));
            if (!RuntimeResolver.IsRunningOnMono)
            {
                // The inventoried "dotnet" is the runtime running this test: cross-check the offset through reflection.
                var il = typeof(Stream).GetMethod("ReadByte", Type.EmptyTypes)!.GetMethodBody()!.GetILAsByteArray()!;
                Assert.That(il[evidence.IlOffset], Is.EqualTo(0x8D), "newarr opcode at the reported offset");
            }
        }

        [Test]
        public void DotNetStreamsThatOverrideReadByteAreNotFlaggedForIt()
        {
            var dotnet = InventoryOf("dotnet");
            foreach (var name in new[] { "System.IO.MemoryStream", "System.IO.BufferedStream", "System.IO.UnmanagedMemoryStream" })
            {
                var info = Find(dotnet, "System.Private.CoreLib", name);
                Assert.That(info.ProviderOf(StreamMembers.ReadByte), Is.EqualTo(name));
                Assert.That(info.Hazards.Any(h => h.Kind == HazardKinds.AllocatesPerCall && h.Member == StreamMembers.ReadByte), Is.False,
                    name + ": " + string.Join("; ", info.Hazards.SelectMany(h => h.Evidence)));
            }
        }

        [Test]
        public void DotNetInventoryCoversAspNetCoreAndHasNoErrors()
        {
            var dotnet = InventoryOf("dotnet");
            Assert.That(dotnet.Errors, Is.Empty);
            Assert.That(dotnet.Assemblies.Any(a => a.Contains(RuntimeResolver.AspNetFrameworkName)), Is.True);
            var inheriting = dotnet.Types.Where(t => t.IsConcrete && t.ProviderOf(StreamMembers.ReadByte) == "System.IO.Stream").ToList();
            Assert.That(dotnet.Totals.ConcreteInheritingReadByte, Is.EqualTo(inheriting.Count));
            // Whatever inherits Stream.ReadByte carries its allocation on the ReadByte path.
            Assert.That(inheriting.All(t => t.Hazards.Any(h => h.Kind == HazardKinds.AllocatesPerCall && h.Member == StreamMembers.ReadByte
                && h.Evidence.Any(e => e.Method == "System.IO.Stream::ReadByte()"))), Is.True);
        }
    }
}
