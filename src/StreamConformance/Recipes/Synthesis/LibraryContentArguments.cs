using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// A library's own holder of bytes, where a construction has no other way to be given content (no Stream, byte[] or
    /// Memory&lt;byte&gt; among its parameters): the holder made from the content by the library's public
    /// <c>new T(byte[])</c> or a public static method of its assembly that takes a byte[] and returns one (DotNetty's
    /// <c>Unpooled.WrappedBuffer(byte[])</c> for <c>ReadOnlyByteBufferStream(IByteBuffer, bool)</c>, which an empty buffer
    /// left with nothing to read). A write gets one over a zeroed buffer, as a byte[] does.
    /// </summary>
    /// <remarks>
    /// Only where nothing else gives content: a parameter beside a stream made from a byte[] is a key or a setting
    /// (BouncyCastle's <c>KeyParameter(byte[])</c>), which the content must never be.
    /// </remarks>
    public sealed class LibraryContentArguments : IArgumentSource
    {
        /// <summary>At most this many ways to make one holder: a constructor first, then factories by name.</summary>
        const int MaxWays = 2;

        public IReadOnlyList<Argument> For(ParameterInfo parameter)
        {
            var type = parameter.ParameterType;
            if (!type.IsVisible || type.IsPrimitive || type.IsValueType || type == typeof(string) || type.IsArray || type.ContainsGenericParameters
                || typeof(Stream).IsAssignableFrom(type) || typeof(Delegate).IsAssignableFrom(type) || FactoryIndex.IsRuntimeAssembly(type.Assembly)
                || parameter.Member is not MethodBase method || method.GetParameters().Any(p => p.Position != parameter.Position && ContentArguments.GivesContent(InParameter.ValueType(p))))
                return new Argument[0];
            return s_ways.GetOrAdd(type, Ways);
        }

        static readonly ConcurrentDictionary<Type, IReadOnlyList<Argument>> s_ways = new ConcurrentDictionary<Type, IReadOnlyList<Argument>>();

        static IReadOnlyList<Argument> Ways(Type wanted)
        {
            var ways = new List<Argument>();
            if (!wanted.IsAbstract && wanted.GetConstructor(new[] { typeof(byte[]) }) is { IsPublic: true } ctor)
                ways.Add(Way(CSharpNames.Short(wanted), $"new {CSharpNames.Of(wanted)}", bytes => ctor.Invoke(new object[] { bytes })));
            var exported = Reflected.PublicTypes(wanted.Assembly);
            var factories = exported.Where(t => !t.ContainsGenericParameters)
                .SelectMany(t => t.GetMethods(BindingFlags.Public | BindingFlags.Static))
                .Where(m => !m.IsSpecialName && !m.ContainsGenericParameters && wanted.IsAssignableFrom(m.ReturnType)
                            && m.GetParameters() is { Length: 1 } ps && ps[0].ParameterType == typeof(byte[]))
                .OrderBy(m => m.DeclaringType!.FullName, StringComparer.Ordinal).ThenBy(m => m.Name, StringComparer.Ordinal);
            foreach (var factory in factories)
                ways.Add(Way($"{CSharpNames.Short(factory.DeclaringType!)}.{factory.Name}", $"{CSharpNames.Of(factory.DeclaringType!)}.{factory.Name}",
                    bytes => Reflected.Invoke(factory, null, new object[] { bytes })));
            return ways.Take(MaxWays).ToList();
        }

        static Argument Way(string label, string call, Func<byte[], object?> make) =>
            new Argument(label + "(content)", $"{call}((byte[])content.Clone())", $"{call}(new byte[{ContentArguments.WriteBuffer}])", scope =>
            {
                var made = make(ContentArguments.Bytes(scope));
                if (scope.ForReading && made is IDisposable owned) scope.Owned.Add(owned);
                return made;
            });
    }
}
