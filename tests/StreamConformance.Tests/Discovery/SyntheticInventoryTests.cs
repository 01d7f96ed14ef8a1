using System;
using System.Linq;
using System.Reflection;
using NUnit.Framework;
using StreamConformance.Discovery;
using StreamConformance.Tests.Discovery.Synthetic;

namespace StreamConformance.Tests.Discovery
{
    /// <summary>Inventories this test assembly's own file and checks what it says about the streams in SyntheticStreams.cs.</summary>
    public class SyntheticInventoryTests
    {
        static readonly Lazy<StreamInventory> s_inventory = new Lazy<StreamInventory>(
            () => InventoryReader.ReadAssembly(typeof(SyntheticInventoryTests).Assembly.Location));

        static StreamTypeInfo Info(Type type)
        {
            var name = type.FullName!;
            var info = s_inventory.Value.Types.SingleOrDefault(t => t.FullName == name);
            Assert.That(info, Is.Not.Null, $"{name} is not in the inventory of the test assembly");
            return info!;
        }

        static Hazard? HazardOf(Type type, string kind, string member) =>
            Info(type).Hazards.SingleOrDefault(h => h.Kind == kind && h.Member == member);

        /// <summary>Offset of the first "ldc.i4.1; newarr" in a method's IL, read through reflection.</summary>
        static int NewarrOffset(MethodInfo method)
        {
            var il = method.GetMethodBody()!.GetILAsByteArray()!;
            for (var i = 1; i < il.Length; i++)
                if (il[i - 1] == 0x17 && il[i] == 0x8D) return i;
            throw new AssertionException($"no ldc.i4.1; newarr in {method}");
        }

        [Test]
        public void InventoryOfTestAssemblyIsCleanAndNamesItself()
        {
            var inventory = s_inventory.Value;
            Assert.That(inventory.Errors, Is.Empty);
            Assert.That(inventory.Assemblies, Has.Count.EqualTo(1));
            Assert.That(inventory.Stream, Is.Null, "System.IO.Stream is not defined in the test assembly");
            var info = Info(typeof(AllocatingReadByteStream));
            Assert.That(info.Assembly, Is.EqualTo(typeof(SyntheticInventoryTests).Assembly.GetName().Name));
            Assert.That(info.AssemblyFullName, Is.EqualTo(typeof(SyntheticInventoryTests).Assembly.FullName));
            Assert.That(info.BaseChain, Is.EqualTo(new[] { typeof(QuietStream).FullName, "System.IO.Stream" }));
            Assert.That(inventory.Totals.Types, Is.EqualTo(inventory.Types.Count));
        }

        [Test]
        public void AllocatingReadByteIsFlaggedAtTheNewarr()
        {
            var hazard = HazardOf(typeof(AllocatingReadByteStream), HazardKinds.AllocatesPerCall, StreamMembers.ReadByte);
            Assert.That(hazard, Is.Not.Null);
            var own = hazard!.Evidence.Where(e => e.Method == typeof(AllocatingReadByteStream).FullName + "::ReadByte()").ToList();
            Assert.That(own, Has.Count.EqualTo(1), string.Join("; ", hazard.Evidence));
            Assert.That(own[0].Instruction, Is.EqualTo("newarr System.Byte"));
            Assert.That(own[0].IlOffset, Is.EqualTo(NewarrOffset(typeof(AllocatingReadByteStream).GetMethod("ReadByte")!)));
            Assert.That(Info(typeof(AllocatingReadByteStream)).ProviderOf(StreamMembers.ReadByte), Is.EqualTo(typeof(AllocatingReadByteStream).FullName));
        }

        [Test]
        public void BufferReadByteIsNotFlaggedAndItsThrowIsIgnored()
        {
            var info = Info(typeof(BufferReadByteStream));
            Assert.That(info.ProviderOf(StreamMembers.ReadByte), Is.EqualTo(typeof(BufferReadByteStream).FullName));
            Assert.That(info.Hazards, Is.Empty, string.Join("; ", info.Hazards.SelectMany(h => h.Evidence)));
        }

        [Test]
        public void InheritedReadByteAndWriteByteComeFromStream()
        {
            var info = Info(typeof(BlockingReadStream));
            Assert.That(info.ProviderOf(StreamMembers.ReadByte), Is.EqualTo("System.IO.Stream"));
            Assert.That(info.ProviderOf(StreamMembers.WriteByte), Is.EqualTo("System.IO.Stream"));
            Assert.That(info.ProviderOf(StreamMembers.ReadArray), Is.EqualTo(typeof(BlockingReadStream).FullName));
            Assert.That(info.ProviderOf(StreamMembers.GetPosition), Is.EqualTo(typeof(QuietStream).FullName));
            // Both runtimes' Stream.ReadByte allocate its one-byte buffer (see RuntimeInventoryTests).
            var hazard = HazardOf(typeof(BlockingReadStream), HazardKinds.AllocatesPerCall, StreamMembers.ReadByte);
            Assert.That(hazard, Is.Not.Null);
            Assert.That(hazard!.Evidence.Any(e => e.Method == "System.IO.Stream::ReadByte()" && e.Instruction == "newarr System.Byte"), Is.True);
        }

        [Test]
        public void ReadBlockingOnResultIsSyncOverAsync()
        {
            var read = HazardOf(typeof(BlockingReadStream), HazardKinds.SyncOverAsync, StreamMembers.ReadArray);
            Assert.That(read, Is.Not.Null);
            Assert.That(read!.Evidence.Single().Method, Is.EqualTo(typeof(BlockingReadStream).FullName + "::Read(System.Byte[],System.Int32,System.Int32)"));
            Assert.That(read.Evidence.Single().Instruction, Does.Contain("System.Threading.Tasks.Task`1<System.Int32>::get_Result()"));
            var flush = HazardOf(typeof(BlockingReadStream), HazardKinds.SyncOverAsync, StreamMembers.Flush);
            Assert.That(flush, Is.Not.Null);
            Assert.That(flush!.Evidence.Single().Instruction, Does.Contain("System.Threading.Tasks.Task::Wait()"));
            // Stream.ReadByte calls this.Read, so the blocking shows on ReadByte's path too.
            Assert.That(HazardOf(typeof(BlockingReadStream), HazardKinds.SyncOverAsync, StreamMembers.ReadByte), Is.Not.Null);
            Assert.That(Info(typeof(BufferReadByteStream)).Has(HazardKinds.SyncOverAsync), Is.False);
        }

        [Test]
        public void InheritedSpanMembersRentAndCopy()
        {
            var read = HazardOf(typeof(AllocatingReadByteStream), HazardKinds.SpanPathRentsAndCopies, StreamMembers.ReadSpan);
            Assert.That(read, Is.Not.Null);
            Assert.That(Info(typeof(AllocatingReadByteStream)).ProviderOf(StreamMembers.ReadSpan), Is.EqualTo("System.IO.Stream"));
            Assert.That(read!.Evidence.Any(e => e.Instruction.Contains("ArrayPool`1<System.Byte>::Rent")), Is.True, string.Join("; ", read.Evidence));
            Assert.That(HazardOf(typeof(AllocatingReadByteStream), HazardKinds.SpanPathRentsAndCopies, StreamMembers.WriteSpan), Is.Not.Null);
            Assert.That(Info(typeof(BufferReadByteStream)).Has(HazardKinds.SpanPathRentsAndCopies), Is.False, "it overrides both span members");
        }

        [Test]
        public void DelegationThroughATypedFieldIsFollowed()
        {
            var hazard = HazardOf(typeof(DelegatingReadByteStream), HazardKinds.AllocatesPerCall, StreamMembers.ReadByte);
            Assert.That(hazard, Is.Not.Null);
            Assert.That(hazard!.Evidence.Select(e => e.Method), Does.Contain(typeof(AllocatingReadByteStream).FullName + "::ReadByte()"));
        }

        [Test]
        public void DelegationThroughAPlainStreamFieldIsNotFollowed()
        {
            Assert.That(HazardOf(typeof(OpaqueDelegatingStream), HazardKinds.AllocatesPerCall, StreamMembers.ReadByte), Is.Null);
        }

        [Test]
        public void DelegationThroughAnAbstractFieldTypeIsNotFollowed()
        {
            Assert.That(Info(typeof(AbstractAllocatingStream)).Has(HazardKinds.AllocatesPerCall), Is.True);
            Assert.That(HazardOf(typeof(AbstractFieldDelegatingStream), HazardKinds.AllocatesPerCall, StreamMembers.ReadByte), Is.Null);
        }

        [Test]
        public void ExceptionsAreNotPerCallAllocations()
        {
            Assert.That(HazardOf(typeof(FaultedTaskReadByteStream), HazardKinds.AllocatesPerCall, StreamMembers.ReadByte), Is.Null);
        }

        [Test]
        public void NewVirtualDoesNotOverride()
        {
            Assert.That(Info(typeof(HidingReadByteStream)).ProviderOf(StreamMembers.ReadByte), Is.EqualTo("System.IO.Stream"));
            Assert.That(Info(typeof(OverridesHidingSlotStream)).ProviderOf(StreamMembers.ReadByte), Is.EqualTo("System.IO.Stream"));
            Assert.That(Info(typeof(LeafOfMiddleStream)).ProviderOf(StreamMembers.ReadByte), Is.EqualTo(typeof(AbstractMiddleStream).FullName));
        }

        [Test]
        public void VisibilityKindsAndNames()
        {
            var nested = Info(typeof(Holder.NestedPublicStream));
            Assert.That(nested.FullName, Does.EndWith("Holder+NestedPublicStream"));
            Assert.That(nested.IsPublic, Is.True);
            Assert.That(nested.IsSealed, Is.True);
            var hidden = Info(Holder.MakePrivate().GetType());
            Assert.That(hidden.IsPublic, Is.False);
            var generic = Info(typeof(GenericStream<>));
            Assert.That(generic.FullName, Does.EndWith("GenericStream`1"));
            var quiet = Info(typeof(QuietStream));
            Assert.That(quiet.IsAbstract, Is.True);
            Assert.That(quiet.IsConcrete, Is.False);
            Assert.That(quiet.BaseChain, Is.EqualTo(new[] { "System.IO.Stream" }));
            Assert.That(s_inventory.Value.Types.Any(t => t.FullName == typeof(SyntheticInventoryTests).FullName), Is.False);
        }

        [Test]
        public void EveryMemberKeyResolvesForATestStream()
        {
            // Both runtimes' Stream have all of these (Mono 6.8 included); a missing one would simply be absent.
            var info = Info(typeof(BufferReadByteStream));
            foreach (var key in new[] { StreamMembers.ReadByte, StreamMembers.ReadArray, StreamMembers.ReadSpan, StreamMembers.WriteSpan,
                         StreamMembers.Seek, StreamMembers.SetPosition, StreamMembers.Dispose, StreamMembers.CopyTo })
                Assert.That(info.Members.ContainsKey(key), Is.True, key);
            Assert.That(info.ProviderOf(StreamMembers.Dispose), Is.EqualTo(typeof(BufferReadByteStream).FullName));
            Assert.That(info.ProviderOf(StreamMembers.BeginRead), Is.EqualTo("System.IO.Stream"));
        }
    }
}
