using System;
using System.Collections.Generic;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// A collection (IEnumerable&lt;T&gt;, ICollection&lt;T&gt;, IList&lt;T&gt;, IReadOnlyList&lt;T&gt;, IReadOnlyCollection&lt;T&gt;,
    /// IDictionary&lt;K, V&gt;, IReadOnlyDictionary&lt;K, V&gt;, or a List&lt;T&gt; or Dictionary&lt;K, V&gt;): an empty List&lt;T&gt; or
    /// Dictionary&lt;K, V&gt;, a new one per build, the value a caller passes who has nothing to add (no trailing headers, no
    /// inputs to mix). Not a sequence of bytes: that is content, which an empty list would not give.
    /// </summary>
    public sealed class CollectionArguments : IArgumentSource
    {
        /// <summary>The list shapes a List&lt;T&gt; is given for (also <see cref="StreamListArguments"/>'s).</summary>
        internal static readonly Type[] ListShapes =
        {
            typeof(IEnumerable<>), typeof(ICollection<>), typeof(IList<>), typeof(IReadOnlyList<>), typeof(IReadOnlyCollection<>), typeof(List<>),
        };

        /// <summary>
        /// The element type of a one-dimensional array, or of a list shape a <c>List&lt;T&gt;</c> fills; null for any other
        /// type (the sources that fill a list with something of their own: <see cref="StreamListArguments"/>,
        /// <see cref="PathListArguments"/>).
        /// </summary>
        internal static Type? ListElementOf(Type type)
        {
            if (type.IsArray) return type.GetArrayRank() == 1 ? type.GetElementType() : null;
            if (!type.IsGenericType || type.ContainsGenericParameters || Array.IndexOf(ListShapes, type.GetGenericTypeDefinition()) < 0) return null;
            var element = type.GetGenericArguments()[0];
            return type.IsAssignableFrom(typeof(List<>).MakeGenericType(element)) ? element : null;
        }

        static readonly Type[] DictionaryShapes = { typeof(IDictionary<,>), typeof(IReadOnlyDictionary<,>), typeof(Dictionary<,>) };

        public IReadOnlyList<Argument> For(ParameterInfo parameter)
        {
            var type = parameter.ParameterType;
            if (!type.IsGenericType || type.ContainsGenericParameters) return new Argument[0];
            var definition = type.GetGenericTypeDefinition();
            var arguments = type.GetGenericArguments();
            Type concrete;
            if (Array.IndexOf(ListShapes, definition) >= 0 && arguments[0] != typeof(byte)) concrete = typeof(List<>).MakeGenericType(arguments);
            else if (Array.IndexOf(DictionaryShapes, definition) >= 0) concrete = typeof(Dictionary<,>).MakeGenericType(arguments);
            else return new Argument[0];
            if (!type.IsAssignableFrom(concrete)) return new Argument[0];
            return new[] { new Argument("empty " + CSharpNames.Short(concrete), $"new {CSharpNames.Of(concrete)}()", _ => Activator.CreateInstance(concrete)) };
        }
    }
}
