using System;
using System.IO;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>One recipe class of a library (<see cref="AuthoredRecipes"/>): its methods called by reflection, its knobs read by name.</summary>
    [NotInCatalog]
    public sealed class AuthoredRecipe : StreamRecipe
    {
        readonly Type _class;
        readonly MethodInfo? _read;
        readonly MethodInfo? _write;
        readonly MethodInfo? _readBack;
        readonly MethodInfo? _readWrite;
        readonly MethodInfo? _pair;
        readonly string _typeName;

        AuthoredRecipe(Type recipeClass, string typeName)
        {
            _class = recipeClass;
            _typeName = typeName;
            _read = Method("OpenRead", typeof(byte[]));
            _write = Method("OpenWrite", typeof(Stream));
            _readBack = Method("ReadBack", typeof(byte[]));
            _readWrite = Method("OpenReadWrite", typeof(byte[]));
            _pair = Method("OpenPair");
        }

        /// <summary>The recipe, with the type it builds learnt by calling its first Open method once; null when none works.</summary>
        public static AuthoredRecipe? TryCreate(Type recipeClass)
        {
            var probe = new AuthoredRecipe(recipeClass, "");
            try
            {
                using var fixture = probe.OpenWrite() ?? probe.OpenRead(new byte[0]) ?? probe.OpenReadWrite(new byte[0]);
                return fixture == null ? null : new AuthoredRecipe(recipeClass, fixture.Stream.GetType().FullName ?? "");
            }
            catch (Exception)
            {
                return null;
            }
        }

        MethodInfo? Method(string name, params Type[] parameters) =>
            _class.GetMethod(name, BindingFlags.Public | BindingFlags.Static, null, parameters, null);

        bool Knob(string name, bool otherwise)
        {
            var property = _class.GetProperty(name, BindingFlags.Public | BindingFlags.Static);
            if (property?.PropertyType == typeof(bool)) return (bool)property.GetValue(null)!;
            var field = _class.GetField(name, BindingFlags.Public | BindingFlags.Static);
            return field?.FieldType == typeof(bool) ? (bool)field.GetValue(null)! : otherwise;
        }

        public override string TypeName => _typeName;
        public override string Variant => "recipe " + CSharpNames.Of(_class);
        public override bool CanSeek => Knob(nameof(CanSeek), false);
        public override bool ReadsReadUntilSizeOrEof => Knob(nameof(ReadsReadUntilSizeOrEof), false);
        public override bool WritesVisibleAfterFlush => Knob(nameof(WritesVisibleAfterFlush), false);
        public override bool CanGrow => Knob(nameof(CanGrow), true);
        public override bool HasLivePeer => _pair != null;

        public override StreamFixture? OpenRead(byte[] content)
        {
            if (_pair != null) return Pair(out var peer) is { } s ? new StreamFixture(s).Owns(new Feeder(peer!, content)) : null;
            return _read == null ? null : new StreamFixture((Stream)Call(_read, (byte[])content.Clone())!);
        }

        public override StreamFixture? OpenWrite()
        {
            if (_pair != null)
            {
                if (Pair(out var peer) is not { } s) return null;
                var drainer = new Drainer(peer!);
                return new StreamFixture(s, drainer.Received).Owns(drainer);
            }
            if (_write == null) return null;
            var sink = ForwardOnlyStore.New();
            var stream = (Stream)Call(_write, sink)!;
            Func<byte[]> readBack = _readBack == null ? sink.ToArray : () => (byte[])Call(_readBack, sink.ToArray())!;
            return new StreamFixture(stream, readBack, sink);
        }

        public override StreamFixture? OpenReadWrite(byte[] initial) =>
            _readWrite == null ? null : new StreamFixture((Stream)Call(_readWrite, (byte[])initial.Clone())!);

        Stream? Pair(out Stream? peer)
        {
            var result = Call(_pair!);
            var type = result?.GetType();
            peer = type?.GetField("Item2")?.GetValue(result) as Stream;
            return type?.GetField("Item1")?.GetValue(result) as Stream;
        }

        static object? Call(MethodInfo method, params object[] args) => Reflected.Invoke(method, null, args);

        public override string? ReproSource(StreamAccess access) => access switch
        {
            StreamAccess.Read when _read != null => $"var stream = {CSharpNames.Of(_class)}.OpenRead((byte[])content.Clone());",
            StreamAccess.Write when _write != null => $"var stream = {CSharpNames.Of(_class)}.OpenWrite(new MemoryStream());",
            StreamAccess.ReadWrite when _readWrite != null => $"var stream = {CSharpNames.Of(_class)}.OpenReadWrite((byte[])content.Clone());",
            _ => null,
        };
    }
}
