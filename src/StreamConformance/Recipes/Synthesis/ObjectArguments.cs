using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text;
using System.Threading;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// Everything else a caller has at hand: an Encoding (UTF-8), a CancellationToken (none), an instance of a public
    /// class with a public parameterless constructor (settings, options, a manager), or the shared instance a type
    /// exposes as a static Shared, Default or Instance property (ArrayPool&lt;byte&gt;.Shared).
    /// </summary>
    public sealed class ObjectArguments : IArgumentSource
    {
        static readonly string[] SharedNames = { "Shared", "Default", "Instance" };

        public IReadOnlyList<Argument> For(ParameterInfo parameter)
        {
            var type = parameter.ParameterType;
            if (type == typeof(Encoding)) return new[] { Argument.Constant(new UTF8Encoding(false), "UTF8", "new System.Text.UTF8Encoding(false)") };
            if (type == typeof(CancellationToken)) return new[] { Argument.Constant(CancellationToken.None, "none", "System.Threading.CancellationToken.None") };
            if (type.IsPrimitive || type == typeof(string) || type.IsByRef || type.IsPointer || typeof(Stream).IsAssignableFrom(type) || typeof(Delegate).IsAssignableFrom(type))
                return new Argument[0];
            var instance = Instance(type);
            return instance.Count > 0 || !(type.IsInterface || type.IsAbstract) ? instance : Implementations(type);
        }

        /// <summary>Enough for a digest, a MAC or a signer: the first two implementations that build.</summary>
        const int MaxImplementations = 3;

        /// <summary>
        /// An interface or abstract class of a library (BouncyCastle's IDigest, IMac, ISigner): the first public concrete
        /// classes of its assembly that implement it and that a caller makes without arguments, or with one argument that
        /// is itself such a class (new HMac(new Sha256Digest())), in name order. The runtime's own interfaces get none:
        /// nothing says which of their implementations a caller means.
        /// </summary>
        public static IReadOnlyList<Argument> Implementations(Type type)
        {
            if (!type.IsVisible || type.ContainsGenericParameters || FactoryIndex.IsRuntimeAssembly(type.Assembly)) return new Argument[0];
            var found = new List<Argument>();
            foreach (var impl in Concrete(type))
                if (impl.GetConstructor(Type.EmptyTypes) is { IsPublic: true } ctor)
                {
                    found.Add(new Argument(CSharpNames.Short(impl), $"new {CSharpNames.Of(impl)}()", _ => ctor.Invoke(new object[0])) { IsGuessed = true });
                    if (found.Count == MaxImplementations) return found;
                }
            foreach (var impl in Concrete(type))
                foreach (var ctor in impl.GetConstructors().Where(c => c.GetParameters().Length == 1).OrderBy(c => c.ToString(), StringComparer.Ordinal))
                {
                    var inner = ctor.GetParameters()[0].ParameterType;
                    if (inner == type || !(inner.IsInterface || inner.IsAbstract) || !inner.IsVisible || FactoryIndex.IsRuntimeAssembly(inner.Assembly)) continue;
                    var innerImpl = Concrete(inner).FirstOrDefault(t => t.GetConstructor(Type.EmptyTypes) is { IsPublic: true });
                    if (innerImpl == null) continue;
                    var innerCtor = innerImpl.GetConstructor(Type.EmptyTypes)!;
                    found.Add(new Argument(CSharpNames.Short(impl), $"new {CSharpNames.Of(impl)}(new {CSharpNames.Of(innerImpl)}())",
                        _ => ctor.Invoke(new[] { innerCtor.Invoke(new object[0]) })) { IsGuessed = true });
                    if (found.Count == MaxImplementations) return found;
                    break;
                }
            return found;
        }

        static readonly System.Collections.Concurrent.ConcurrentDictionary<Type, IReadOnlyList<Type>> s_concrete =
            new System.Collections.Concurrent.ConcurrentDictionary<Type, IReadOnlyList<Type>>();

        /// <summary>Public concrete non-stream classes of <paramref name="type"/>'s assembly assignable to it, by name.</summary>
        static IReadOnlyList<Type> Concrete(Type type) => s_concrete.GetOrAdd(type, t =>
        {
            Type[] exported;
            try { exported = t.Assembly.GetExportedTypes(); }
            catch (Exception) { return new Type[0]; }
            return exported.Where(c => c.IsClass && !c.IsAbstract && !c.ContainsGenericParameters && t.IsAssignableFrom(c) && !typeof(Stream).IsAssignableFrom(c))
                .OrderBy(c => c.FullName, StringComparer.Ordinal).ToList();
        });

        /// <summary>A new or shared instance of <paramref name="type"/>, when it has one a caller could get without arguments.</summary>
        public static IReadOnlyList<Argument> Instance(Type type)
        {
            if (!type.IsVisible || type.ContainsGenericParameters) return new Argument[0];
            var name = CSharpNames.Of(type);
            foreach (var shared in SharedNames)
                if (type.GetProperty(shared, BindingFlags.Public | BindingFlags.Static) is { } property && type.IsAssignableFrom(property.PropertyType) && property.GetIndexParameters().Length == 0)
                    return new[] { new Argument(CSharpNames.Short(type) + "." + shared, $"{name}.{shared}", _ => property.GetValue(null)) };
            if (type.IsAbstract || type.IsInterface || type.IsArray) return new Argument[0];
            if (type.IsValueType) return new[] { new Argument(CSharpNames.Short(type), $"new {name}()", _ => Activator.CreateInstance(type)) };
            var ctor = type.GetConstructor(Type.EmptyTypes);
            if (ctor == null || !ctor.IsPublic) return new Argument[0];
            if (IsPool(type))
            {
                // One pool for every stream of the recipe, as a caller keeps one manager: a stream then meets the blocks
                // another stream gave back (seek.gap-zeroed's cross-stream form). Other objects stay one per stream, so a
                // stateful one (a digest, a codec) is never carried from one fixture to the next.
                var pool = new Lazy<object>(() => ctor.Invoke(new object[0]), LazyThreadSafetyMode.ExecutionAndPublication);
                return new[] { new Argument(CSharpNames.Short(type), $"new {name}()", _ => pool.Value) { IsShared = true } };
            }
            return new[] { new Argument(CSharpNames.Short(type), $"new {name}()", _ => ctor.Invoke(new object[0])) };
        }

        static readonly string[] PoolSuffixes = { "Pool", "Manager", "Allocator", "Arena" };
        static readonly string[] HandOutNames = { "Rent", "GetBlock", "GetBuffer", "Allocate" };

        /// <summary>
        /// A type that hands out pooled resources, by its name (…Pool, …Manager, …Allocator, …Arena) or its shape (a public
        /// instance method Rent, GetBlock, GetBuffer or Allocate, or one that hands out streams: RecyclableMemoryStreamManager.GetStream()).
        /// </summary>
        public static bool IsPool(Type type)
        {
            if (typeof(Stream).IsAssignableFrom(type) || type.IsValueType) return false;
            var name = type.Name;
            var tick = name.IndexOf('`');
            if (tick >= 0) name = name.Substring(0, tick);
            if (PoolSuffixes.Any(s => name.EndsWith(s, StringComparison.Ordinal))) return true;
            return type.GetMethods(BindingFlags.Public | BindingFlags.Instance).Any(m =>
                !m.IsSpecialName && m.DeclaringType != typeof(object)
                && (HandOutNames.Contains(m.Name) || Construction.ReturnsStreams(m.ReturnType)));
        }
    }
}
