using System;
using System.Collections.Generic;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// An IBufferWriter&lt;byte&gt;: an ArrayBufferWriter&lt;byte&gt; (where the runtime has one), whose written bytes are
    /// the read-back of a write.
    /// </summary>
    public sealed class BufferWriterArguments : IArgumentSource
    {
        public IReadOnlyList<Argument> For(ParameterInfo parameter)
        {
            var type = parameter.ParameterType;
            if (!type.IsInterface || !type.IsGenericType || type.GetGenericTypeDefinition().FullName != "System.Buffers.IBufferWriter`1"
                || type.GetGenericArguments()[0] != typeof(byte)) return new Argument[0];
            var writerType = type.Assembly.GetType("System.Buffers.ArrayBufferWriter`1") ?? Type.GetType("System.Buffers.ArrayBufferWriter`1, System.Memory");
            var concrete = writerType?.MakeGenericType(typeof(byte));
            if (concrete == null || !type.IsAssignableFrom(concrete) || concrete.GetConstructor(Type.EmptyTypes) is not { } ctor) return new Argument[0];
            var written = concrete.GetProperty("WrittenMemory");
            var toArray = written?.PropertyType.GetMethod("ToArray", Type.EmptyTypes);
            return new[]
            {
                new Argument("IBufferWriter<byte>", "new System.Buffers.ArrayBufferWriter<byte>()", scope =>
                {
                    var writer = ctor.Invoke(new object[0]);
                    if (!scope.ForReading && scope.ReadBack == null && written != null && toArray != null)
                        scope.ReadBack = () => (byte[])toArray.Invoke(written.GetValue(writer), null)!;
                    return writer;
                }),
            };
        }
    }
}
