#if NET
using System;
using System.IO;
using System.Linq;
using Mono.Cecil;
using NUnit.Framework;
using StreamConformance.Patching;
using StreamConformance.Runtimes;

namespace StreamConformance.Tests.Patching
{
    /// <summary>
    /// An extern marked [Original("Member")] calls the runtime's own body of that member, which the weaver keeps
    /// beside the replacement (a guard in front of an async body, as in 0010). Exact structure of the woven module;
    /// patch 0010's shipped test proves such a copy runs.
    /// </summary>
    [TestFixture, NonParallelizable]
    public class OriginalBodyTests
    {
        string _dir = null!;

        [OneTimeSetUp]
        public void Setup()
        {
            _dir = Path.Combine(Path.GetTempPath(), "streamconf-original-" + Guid.NewGuid().ToString("N").Substring(0, 8));
            Directory.CreateDirectory(_dir);
        }

        [OneTimeTearDown]
        public void Cleanup() => Directory.Delete(_dir, recursive: true);

        /// <summary>The guard with a ReadByte that only calls the runtime's own, through <paramref name="declaration"/>.</summary>
        string GuardCallingTheOriginal(string name, string declaration) => GuardCopy.Make(_dir, name, f =>
        {
            GuardCopy.Replace(f, "replacement.cs", "byte[] oneByte = new byte[1];\n            int n = Read(oneByte, 0, 1);\n            return n == 0 ? -1 : oneByte[0];", "return OriginalReadByte();");
            GuardCopy.Replace(f, "replacement.cs", "        [Replace]\n        public override void WriteByte", declaration + "\n\n        [Replace]\n        public override void WriteByte");
        });

        static (ModuleDefinition Module, string Source) Weave(string folder)
        {
            var patch = PatchFolder.Load(folder);
            var runtime = RuntimeResolver.Resolve("dotnet");
            var (module, _, source) = PatchApplier.Weave(patch, PatchApplier.TargetFor(patch, runtime), runtime, patched: true);
            return (module, source);
        }

        [Test]
        public void TheRuntimesBodyIsKeptPrivateUnderItsOwnNameAndTheReplacementCallsIt()
        {
            var (module, source) = Weave(GuardCallingTheOriginal("0001-original", "        [Original(\"ReadByte\")]\n        private extern int OriginalReadByte();"));
            using (module)
            using (var installed = ModuleDefinition.ReadModule(source))
            {
                var type = module.GetType("System.IO.BufferedStream");
                var kept = type.Methods.Single(m => m.Name == "ReadByte$original");
                Assert.That(kept.IsPrivate && !kept.IsVirtual && !kept.IsStatic, Is.True, "a private instance method outside the vtable");
                var original = installed.GetType("System.IO.BufferedStream").Methods.Single(m => m.Name == "ReadByte");
                Assert.That(kept.Body.Instructions.Select(i => i.OpCode.Code), Is.EqualTo(original.Body.Instructions.Select(i => i.OpCode.Code)));
                Assert.That(kept.Body.Variables.Select(v => v.VariableType.FullName), Is.EqualTo(original.Body.Variables.Select(v => v.VariableType.FullName)));
                var replaced = type.Methods.Single(m => m.Name == "ReadByte");
                Assert.That(replaced.IsVirtual, Is.True);
                Assert.That(replaced.Body.Instructions.Where(i => i.Operand is MethodReference).Select(i => ((MethodReference)i.Operand).Resolve()), Is.EqualTo(new[] { kept }));
                Assert.That(replaced.Body.Instructions.Any(i => i.OpCode.Code == Mono.Cecil.Cil.Code.Newarr), Is.False, "the guard's allocating body is gone");
                var written = Path.Combine(_dir, "woven.dll");
                module.Write(written);
                using var back = ModuleDefinition.ReadModule(written);
                Assert.That(back.GetType("System.IO.BufferedStream").Methods.Count(m => m.Name == "ReadByte$original"), Is.EqualTo(1));
            }
        }

        [Test]
        public void AnOriginalThatNamesNoMemberOfThatSignature()
        {
            var folder = GuardCallingTheOriginal("0001-original-missing", "        [Original(\"ReadByteSlowly\")]\n        private extern int OriginalReadByte();");
            var e = Assert.Throws<InputException>(() => Weave(folder))!;
            Assert.That(e.Message, Does.Contain("[Original(\"ReadByteSlowly\")] on OriginalReadByte").And.Contain("has no ReadByteSlowly with that signature"));
        }

        [Test]
        public void AnOriginalWithABody()
        {
            var folder = GuardCallingTheOriginal("0001-original-body", "        [Original(\"ReadByte\")]\n        private int OriginalReadByte() => 0;");
            var e = Assert.Throws<InputException>(() => Weave(folder))!;
            Assert.That(e.Message, Does.Contain("OriginalReadByte is marked [Original] but has a body: declare it extern"));
        }
    }
}
#endif
