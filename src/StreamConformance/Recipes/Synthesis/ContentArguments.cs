using System;
using System.Collections.Generic;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// The content itself: a byte[], or any type over bytes with a public (byte[]) constructor (Memory&lt;byte&gt;,
    /// ReadOnlyMemory&lt;byte&gt;, ArraySegment&lt;byte&gt;, ReadOnlySequence&lt;byte&gt;). A write gets a zeroed buffer
    /// (a fixed store nothing reads back).
    /// </summary>
    public sealed class ContentArguments : IArgumentSource
    {
        /// <summary>What a write is given where content would go: a zeroed buffer of this size (a fixed store nothing reads back).</summary>
        internal const int WriteBuffer = 65536;

        /// <summary>A parameter the argument sources give content through: a stream, a list of streams, bytes, or a type over bytes.</summary>
        public static bool GivesContent(Type type) =>
            StreamArguments.Supplies(type) || StreamListArguments.ElementOf(type) != null || type == typeof(byte[])
            || type.IsGenericType && type.GetGenericArguments().Length == 1 && type.GetGenericArguments()[0] == typeof(byte);

        /// <summary>Bytes this source gives: a byte[], or a type over bytes with a public (byte[]) constructor.</summary>
        public static bool SuppliesBytes(Type type) =>
            type == typeof(byte[]) || type.IsGenericType && type.GetGenericArguments().Length == 1 && type.GetGenericArguments()[0] == typeof(byte)
            && type.GetConstructor(new[] { typeof(byte[]) }) is { IsPublic: true };

        public IReadOnlyList<Argument> For(ParameterInfo parameter)
        {
            var type = parameter.ParameterType;
            if (type == typeof(byte[]))
                return new[] { new Argument("byte[]", "(byte[])content.Clone()", $"new byte[{WriteBuffer}]", scope => Bytes(scope)) };
            if (!SuppliesBytes(type)) return new Argument[0];
            var ctor = type.GetConstructor(new[] { typeof(byte[]) })!;
            var name = CSharpNames.Of(type);
            return new[]
            {
                new Argument(CSharpNames.Short(type), $"new {name}((byte[])content.Clone())", $"new {name}(new byte[{WriteBuffer}])",
                    scope => ctor.Invoke(new object[] { Bytes(scope) })),
            };
        }

        /// <summary>The content for a read (marked given), a zeroed buffer for a write.</summary>
        internal static byte[] Bytes(BuildScope scope)
        {
            if (!scope.ForReading) return new byte[WriteBuffer];
            scope.ContentGiven = true;
            return (byte[])scope.Content.Clone();
        }
    }
}
