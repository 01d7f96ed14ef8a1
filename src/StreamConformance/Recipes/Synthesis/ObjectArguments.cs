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
            return Instance(type);
        }

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
