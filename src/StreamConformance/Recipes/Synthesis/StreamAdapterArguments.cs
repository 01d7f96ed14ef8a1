using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// An abstract class or interface that makes itself over a stream through a public static method of its own taking the
    /// stream and nothing a caller must add (System.IO.Pipelines' <c>PipeReader.Create(Stream)</c> and
    /// <c>PipeWriter.Create(Stream)</c>): made over the content when it reads, over the sink when it writes, and over an empty
    /// stream otherwise. Which it does is told by its public methods (a Read… one, a Write… one), as a reader over a write's
    /// sink would hide what the stream under test writes.
    /// </summary>
    public sealed class StreamAdapterArguments : IArgumentSource
    {
        public IReadOnlyList<Argument> For(ParameterInfo parameter)
        {
            var type = parameter.ParameterType;
            if (!(type.IsAbstract || type.IsInterface) || typeof(Stream).IsAssignableFrom(type) || !type.IsVisible || type.ContainsGenericParameters) return new Argument[0];
            var create = Factory(type);
            if (create == null) return new Argument[0];
            var reads = Does(type, "Read");
            var writes = Does(type, "Write");
            var name = $"{CSharpNames.Of(type)}.{create.Name}";
            var optional = string.Concat(create.GetParameters().Skip(1).Select(_ => ", default"));
            return new[]
            {
                new Argument($"{CSharpNames.Short(type)}.{create.Name}(Stream)",
                    $"{name}({(reads ? "new MemoryStream(content, writable: false)" : "new MemoryStream()")}{optional})", $"{name}(new MemoryStream(){optional})", scope =>
                    {
                        Stream stream;
                        if (scope.ForReading && reads && !scope.ContentGiven)
                        {
                            scope.ContentGiven = true;
                            stream = new MemoryStream(scope.Content, writable: false);
                            scope.Owned.Add(stream);
                        }
                        else if (!scope.ForReading && writes && scope.ReadBack == null) stream = scope.NewSink();
                        else
                        {
                            stream = new MemoryStream();
                            scope.Owned.Add(stream);
                        }
                        return Reflected.Invoke(create, null, new object?[] { stream }.Concat(create.GetParameters().Skip(1).Select(Reflected.DefaultOf)).ToArray());
                    }),
            };
        }

        /// <summary>
        /// The type's public static method returning it from a Stream, any further parameter optional; else, for a library's
        /// type, the one public static method of its assembly's public types that returns an implementation of it that way
        /// (K4os' <c>LZ4Frame.Decode(Stream, int extraMemory = 0, bool leaveOpen = false)</c> for an <c>ILZ4FrameReader</c>).
        /// Null when there is none or several.
        /// </summary>
        public static MethodInfo? Factory(Type type) => Factories.GetOrAdd(type, Find);

        /// <summary>Asked for every parameter of the type in every construction of a library: its assembly is scanned once.</summary>
        static readonly ConcurrentDictionary<Type, MethodInfo?> Factories = new ConcurrentDictionary<Type, MethodInfo?>();

        static MethodInfo? Find(Type type)
        {
            var own = Makers(type.GetMethods(BindingFlags.Public | BindingFlags.Static), m => m.ReturnType == type);
            if (own.Count > 0 || FactoryIndex.IsRuntimeAssembly(type.Assembly)) return own.Count == 1 ? own[0] : null;
            var elsewhere = Makers(Reflected.PublicTypes(type.Assembly).SelectMany(t => t.GetMethods(BindingFlags.Public | BindingFlags.Static | BindingFlags.DeclaredOnly)),
                m => m.ReturnType != type && type.IsAssignableFrom(m.ReturnType) && !typeof(Stream).IsAssignableFrom(m.ReturnType));
            return elsewhere.Count == 1 ? elsewhere[0] : null;
        }

        static List<MethodInfo> Makers(IEnumerable<MethodInfo> methods, Func<MethodInfo, bool> returns) =>
            methods.Where(m => returns(m) && !m.ContainsGenericParameters && m.GetParameters() is { Length: > 0 } ps
                               && ps[0].ParameterType == typeof(Stream) && ps.Skip(1).All(p => p.HasDefaultValue))
                .ToList();

        static bool Does(Type type, string prefix) =>
            type.GetMethods(BindingFlags.Public | BindingFlags.Instance).Any(m => !m.IsSpecialName && m.Name.StartsWith(prefix, StringComparison.Ordinal));
    }
}
