using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// Several streams as one parameter (a list or array of Stream, or of a stream type a MemoryStream fits): a stream that
    /// reads them one after the other, or writes to each. A read gets the content in two MemoryStreams, its first half and
    /// the rest, so that the checks read across the seam; a write gets one sink whose bytes are read back. An empty list
    /// (<see cref="CollectionArguments"/>) would give a reader nothing to read: Apache Avro's
    /// <c>ByteBufferInputStream(IList&lt;MemoryStream&gt;)</c> built with one reported "no argument gives it content".
    /// </summary>
    public sealed class StreamListArguments : IArgumentSource
    {
        /// <summary>The element type of a list or array of streams this source fills; null for any other type.</summary>
        public static Type? ElementOf(Type type)
        {
            var element = CollectionArguments.ListElementOf(type);
            return element != null && StreamArguments.Supplies(element) ? element : null;
        }

        public IReadOnlyList<Argument> For(ParameterInfo parameter)
        {
            var type = parameter.ParameterType;
            if (!(ElementOf(type) is { } element)) return new Argument[0];
            var name = CSharpNames.Of(element);
            var (open, close) = type.IsArray ? ($"new {name}[] {{ ", " }") : ($"new System.Collections.Generic.List<{name}> {{ ", " }");
            var read = open + "new MemoryStream(content, 0, content.Length / 2, writable: false), "
                            + "new MemoryStream(content, content.Length / 2, content.Length - content.Length / 2, writable: false)" + close;
            var write = open + "new MemoryStream()" + close;
            var label = (type.IsArray ? CSharpNames.Short(element) + "[]" : $"List<{CSharpNames.Short(element)}>") + " over the content";
            return new[] { new Argument(label, read, write, scope => Make(scope, element, type.IsArray)) };
        }

        static object Make(BuildScope scope, Type element, bool array)
        {
            var streams = new List<Stream>();
            if (scope.ForReading && !scope.ContentGiven)
            {
                scope.ContentGiven = true;
                var content = scope.Content;
                var half = content.Length / 2;
                streams.Add(new MemoryStream(content, 0, half, writable: false));
                streams.Add(new MemoryStream(content, half, content.Length - half, writable: false));
                scope.Owned.AddRange(streams);
            }
            else if (!scope.ForReading && scope.ReadBack == null)
            {
                streams.Add(scope.NewSink());
            }
            if (array)
            {
                var result = Array.CreateInstance(element, streams.Count);
                for (var i = 0; i < streams.Count; i++) result.SetValue(streams[i], i);
                return result;
            }
            var list = (System.Collections.IList)Activator.CreateInstance(typeof(List<>).MakeGenericType(element))!;
            foreach (var stream in streams) list.Add(stream);
            return list;
        }
    }
}
