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
            if (IsNoObject(type)) return new Argument[0];
            var instance = Instance(type);
            return instance.Count > 0 || !(type.IsInterface || type.IsAbstract) ? instance : Implementations(type);
        }

        /// <summary>
        /// A number, a string, a reference, a pointer, a stream or a callback: values other sources supply, or none says which
        /// one a caller means; never an object made here.
        /// </summary>
        static bool IsNoObject(Type type) =>
            type.IsPrimitive || type == typeof(string) || type.IsByRef || type.IsPointer || typeof(Stream).IsAssignableFrom(type) || typeof(Delegate).IsAssignableFrom(type);

        /// <summary>Enough for a digest, a MAC or a signer: the first two implementations that build.</summary>
        const int MaxImplementations = 3;

        /// <summary>
        /// An interface or abstract class of a library (BouncyCastle's IDigest, IMac, ISigner): the first public concrete
        /// classes of its assembly that implement it and that a caller makes without arguments or takes as their shared
        /// instance, or with one argument that is itself such a class (new HMac(new Sha256Digest()); MongoDB.Bson's
        /// new MultiChunkBuffer(BsonChunkPool.Default)), in name order. The runtime's own interfaces get none: nothing says
        /// which of their implementations a caller means.
        /// </summary>
        public static IReadOnlyList<Argument> Implementations(Type type)
        {
            if (!type.IsVisible || type.ContainsGenericParameters || FactoryIndex.IsRuntimeAssembly(type.Assembly)) return new Argument[0];
            var found = new List<Argument>();
            foreach (var impl in Concrete(type))
                if (MadeOrShared(impl) is { } made)
                {
                    found.Add(new Argument(CSharpNames.Short(impl), made.Source(true), made.Make) { IsGuessed = true });
                    if (found.Count == MaxImplementations) return found;
                }
            foreach (var impl in Concrete(type))
                foreach (var ctor in impl.GetConstructors().Where(c => c.GetParameters().Length == 1).OrderBy(c => c.ToString(), StringComparer.Ordinal))
                {
                    var inner = ctor.GetParameters()[0].ParameterType;
                    if (inner == type || !(inner.IsInterface || inner.IsAbstract) || !inner.IsVisible || FactoryIndex.IsRuntimeAssembly(inner.Assembly)) continue;
                    var innerMade = Concrete(inner).Select(MadeOrShared).FirstOrDefault(m => m != null);
                    if (innerMade == null) continue;
                    found.Add(new Argument(CSharpNames.Short(impl), $"new {CSharpNames.Of(impl)}({innerMade.Source(true)})",
                        scope => ctor.Invoke(new[] { innerMade.Make(scope) })) { IsGuessed = true });
                    if (found.Count == MaxImplementations) return found;
                    break;
                }
            return found;
        }

        /// <summary>
        /// A concrete class as a caller gets one without choosing a value: made without arguments, else the shared instance
        /// it exposes (a pool's Default); null when it has neither.
        /// </summary>
        static Argument? MadeOrShared(Type impl) =>
            WithoutArguments(impl) is { } make ? new Argument(CSharpNames.Short(impl), $"new {CSharpNames.Of(impl)}()", _ => make()) : Shared(impl);

        static readonly System.Collections.Concurrent.ConcurrentDictionary<Type, IReadOnlyList<Type>> s_concrete =
            new System.Collections.Concurrent.ConcurrentDictionary<Type, IReadOnlyList<Type>>();

        /// <summary>Public concrete non-stream classes of <paramref name="type"/>'s assembly assignable to it, by name.</summary>
        static IReadOnlyList<Type> Concrete(Type type) => s_concrete.GetOrAdd(type, t =>
            Reflected.PublicTypes(t.Assembly).Where(c => c.IsClass && !c.IsAbstract && !c.ContainsGenericParameters && t.IsAssignableFrom(c) && !typeof(Stream).IsAssignableFrom(c))
                .OrderBy(c => c.FullName, StringComparer.Ordinal).ToList());

        /// <summary>A new or shared instance of <paramref name="type"/>, when it has one a caller could get without arguments.</summary>
        public static IReadOnlyList<Argument> Instance(Type type)
        {
            if (!type.IsVisible || type.ContainsGenericParameters) return new Argument[0];
            var name = CSharpNames.Of(type);
            if (Shared(type) is { } sharedInstance) return new[] { sharedInstance };
            if (type.IsAbstract || type.IsInterface || type.IsArray) return new Argument[0];
            if (type.IsValueType) return new[] { new Argument(CSharpNames.Short(type), $"new {name}()", _ => Activator.CreateInstance(type)) };
            var make = WithoutArguments(type);
            if (make == null) return OfObjectsAtHand(type);
            if (IsPool(type))
            {
                // One pool for every stream of the recipe, as a caller keeps one manager: a stream then meets the blocks
                // another stream gave back (seek.gap-zeroed's cross-stream form). Other objects stay one per stream, so a
                // stateful one (a digest, a codec) is never carried from one fixture to the next.
                var pool = new Lazy<object>(make, LazyThreadSafetyMode.ExecutionAndPublication);
                return new[] { new Argument(CSharpNames.Short(type), $"new {name}()", _ => pool.Value) { IsShared = true } };
            }
            return new[] { new Argument(CSharpNames.Short(type), $"new {name}()", _ => make()) };
        }

        /// <summary>
        /// How a caller makes <paramref name="type"/> without arguments: its public parameterless constructor, else a public
        /// one whose every parameter is optional, called with their defaults (Microsoft.Bot.Streaming's
        /// <c>new StreamManager()</c>, whose one parameter is a callback that defaults to null); null when it has neither.
        /// </summary>
        internal static Func<object>? WithoutArguments(Type type)
        {
            if (type.IsAbstract || type.IsInterface || type.ContainsGenericParameters) return null;
            if (type.GetConstructor(Type.EmptyTypes) is { IsPublic: true } parameterless) return () => parameterless.Invoke(new object[0]);
            var optional = type.GetConstructors()
                .Where(c => c.GetParameters().Length > 0 && c.GetParameters().All(p => p.IsOptional))
                .OrderBy(c => c.GetParameters().Length).ThenBy(c => c.ToString(), StringComparer.Ordinal).FirstOrDefault();
            if (optional == null) return null;
            var defaults = optional.GetParameters().Select(Reflected.DefaultOf).ToArray();
            return () => optional.Invoke(defaults);
        }

        /// <summary>The most parameters of a constructor <see cref="OfObjectsAtHand"/> fills.</summary>
        const int MaxObjectParameters = 3;

        /// <summary>
        /// A public class a caller makes from other objects it has at hand, one level deep: the public constructor with the
        /// fewest parameters (at most three) whose every parameter is an object a caller makes without arguments, a shared
        /// instance, or an interface of the library implemented by such a class (Microsoft.Bot.Streaming's
        /// <c>new PayloadStreamAssembler(new StreamManager(), new Guid())</c>). Numbers, strings, streams and callbacks say
        /// nothing of which value a caller means, so a constructor that needs one is not used here.
        /// </summary>
        static IReadOnlyList<Argument> OfObjectsAtHand(Type type)
        {
            if (type.IsAbstract || type.IsInterface || typeof(Stream).IsAssignableFrom(type) || FactoryIndex.IsRuntimeAssembly(type.Assembly)) return new Argument[0];
            foreach (var ctor in type.GetConstructors().Where(c => c.GetParameters().Length <= MaxObjectParameters)
                         .OrderBy(c => c.GetParameters().Length).ThenBy(c => c.ToString(), StringComparer.Ordinal))
            {
                var parts = new List<Argument>();
                foreach (var parameter in ctor.GetParameters())
                {
                    var t = parameter.ParameterType;
                    if (t == type || IsNoObject(t)) break;
                    var at = t.IsInterface || t.IsAbstract ? Implementations(t).FirstOrDefault() : AtHand(t);
                    if (at == null) break;
                    parts.Add(at);
                }
                if (parts.Count != ctor.GetParameters().Length) continue;
                var source = $"new {CSharpNames.Of(type)}({string.Join(", ", parts.Select(a => a.Source(true)))})";
                return new[] { new Argument(CSharpNames.Short(type), source, scope => ctor.Invoke(parts.Select(a => a.Make(scope)).ToArray())) { IsGuessed = parts.Any(a => a.IsGuessed) } };
            }
            return new Argument[0];
        }

        /// <summary>The shared instance a type exposes as a static Shared, Default or Instance property, or null.</summary>
        static Argument? Shared(Type type)
        {
            foreach (var shared in SharedNames)
                if (type.GetProperty(shared, BindingFlags.Public | BindingFlags.Static) is { } property && type.IsAssignableFrom(property.PropertyType) && property.GetIndexParameters().Length == 0)
                    return new Argument(CSharpNames.Short(type) + "." + shared, $"{CSharpNames.Of(type)}.{shared}", _ => property.GetValue(null));
            return null;
        }

        /// <summary>A shared instance or one made without arguments (no further level).</summary>
        static Argument? AtHand(Type type)
        {
            if (!type.IsVisible || type.ContainsGenericParameters) return null;
            if (Shared(type) is { } shared) return shared;
            if (type.IsValueType) return new Argument(CSharpNames.Short(type), $"new {CSharpNames.Of(type)}()", _ => Activator.CreateInstance(type));
            return WithoutArguments(type) is { } make ? new Argument(CSharpNames.Short(type), $"new {CSharpNames.Of(type)}()", _ => make()) : null;
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
