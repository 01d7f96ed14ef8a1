using System.Collections.Generic;
using System.Linq;
using Mono.Cecil;
using Mono.Cecil.Cil;
using NUnit.Framework;

namespace StreamConformance.Tests.Architecture
{
    /// <summary>
    /// Per-run settings travel in a context object, not in statics: read from the built library's IL, no static field is
    /// stored to outside its type's static constructor (a property's setter, a method that caches or counts). Process-wide
    /// caches filled once are built by a Lazy in the static constructor, and counters move by Interlocked on the field's
    /// address, which is not a store.
    /// </summary>
    public class StaticStateTests
    {
        /// <summary>The stores that are no run's state, each with why.</summary>
        static readonly Dictionary<string, string> Allowed = new Dictionary<string, string>
        {
            // Sinks: a measured call's result is stored so the JIT cannot drop the call; nothing reads them back as state.
            ["StreamConformance.Meters.AllocationMeter::s_sink"] = "the allocation probe's sink",
            ["StreamConformance.Meters.LatencyMeter::LimitSink"] = "the time-limit pilot's sink",
            ["StreamConformance.Meters.StreamOperations/PositionGetOperation::Sink"] = "the Position getter's sink",
            // The same bytes for every run (StreamContent.Of), kept so one long session does not rebuild them for the next.
            ["StreamConformance.Meters.ContentCache::s_content"] = "a process-wide cache of content",
        };

        [Test]
        public void NoStaticFieldIsAssignedOutsideAStaticConstructor()
        {
            var stores = StoresOutsideStaticConstructors(typeof(Glob).Assembly.Location);
            var stateful = stores.Where(s => !Allowed.Keys.Any(field => s.EndsWith(" stores " + field, System.StringComparison.Ordinal))).ToList();
            Assert.That(stateful, Is.Empty, "static fields assigned outside a static constructor:\n" + string.Join("\n", stateful));
            // An allowance whose store is gone goes too.
            foreach (var field in Allowed.Keys)
                Assert.That(stores.Any(s => s.EndsWith(" stores " + field, System.StringComparison.Ordinal)), field + " is no longer stored to: remove it from Allowed");
        }

        /// <summary>The assemblies that run beside the library in the probe, read the same way: the companion recipes and the probe itself.</summary>
        [TestCase("StreamConformance.Recipes.AspNetCore")]
        [TestCase("streamconf-probe")]
        public void NorInTheAssembliesBesideIt(string name)
        {
            var folder = System.IO.Path.GetDirectoryName(typeof(Glob).Assembly.Location)!;
            // The probe is an .exe for net472; ASP.NET Core's recipes are built for .NET only.
            var path = new[] { ".dll", ".exe" }.Select(e => System.IO.Path.Combine(folder, name + e)).FirstOrDefault(System.IO.File.Exists);
            if (path == null) Assert.Ignore(name + " is not built for this framework");
            var stores = StoresOutsideStaticConstructors(path);
            Assert.That(stores, Is.Empty, "static fields assigned outside a static constructor:\n" + string.Join("\n", stores));
        }

        [Test]
        public void TheReadingFindsAStoreInASetter()
        {
            // The reading itself can fail: this test assembly's own settable static is found.
            var stores = StoresOutsideStaticConstructors(typeof(StaticStateTests).Assembly.Location);
            var name = typeof(SettableStatic).FullName!.Replace('+', '/'); // Cecil's nested-type separator
            Assert.That(stores, Does.Contain($"{name}::set_Value stores {name}::<Value>k__BackingField"));
        }

        static class SettableStatic
        {
            public static int Value { get; set; }
        }

        /// <summary>"Type::Method stores Type::field" for every stsfld of the module's own fields outside a static constructor.</summary>
        static List<string> StoresOutsideStaticConstructors(string path)
        {
            using var module = ModuleDefinition.ReadModule(path);
            var stores = new List<string>();
            foreach (var type in module.GetTypes())
                foreach (var method in type.Methods.Where(m => m.HasBody && !(m.IsConstructor && m.IsStatic)))
                    foreach (var ins in method.Body.Instructions)
                    {
                        if (ins.OpCode != OpCodes.Stsfld || !(ins.Operand is FieldReference field)) continue;
                        if (!(field.Resolve() is { } resolved) || resolved.Module != module) continue;
                        // The compiler's own caches of lambdas and method groups (<>c, <>O): not the program's state.
                        if (resolved.DeclaringType.Name.StartsWith("<", System.StringComparison.Ordinal)) continue;
                        stores.Add($"{type.FullName}::{method.Name} stores {field.DeclaringType.FullName}::{field.Name}");
                    }
            return stores.Distinct().OrderBy(s => s, System.StringComparer.Ordinal).ToList();
        }
    }
}
