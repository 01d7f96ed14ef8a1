using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// A library object no caller makes with <c>new</c> (an interface, or a class without a public parameterless
    /// constructor) that another object of the library, one a caller does make, hands out: a document a container (a
    /// compound file's file system) creates from a stream and a name (<c>new Container().CreateDocument(Stream, string)</c>),
    /// an entry it creates by name, or one of its properties. The container is made without arguments; the stream it is
    /// given holds the content for a read (the document is then what the stream reads) and nothing for a write. Tried last,
    /// after every other source.
    /// </summary>
    public sealed class HandedOutArguments : IArgumentSource
    {
        const string Name = "synthesized";

        /// <summary>At most this many ways to get one parameter's value, a document made from the content first.</summary>
        const int MaxWays = 3;

        public IReadOnlyList<Argument> For(ParameterInfo parameter)
        {
            var type = parameter.ParameterType;
            if (!type.IsVisible || type.IsPrimitive || type.IsValueType || type == typeof(string) || type.IsArray || type.ContainsGenericParameters
                || typeof(Stream).IsAssignableFrom(type) || typeof(Delegate).IsAssignableFrom(type) || FactoryIndex.IsRuntimeAssembly(type.Assembly))
                return new Argument[0];
            return s_ways.GetOrAdd(type, Ways);
        }

        static readonly System.Collections.Concurrent.ConcurrentDictionary<Type, IReadOnlyList<Argument>> s_ways =
            new System.Collections.Concurrent.ConcurrentDictionary<Type, IReadOnlyList<Argument>>();

        static IReadOnlyList<Argument> Ways(Type wanted)
        {
            var exported = Reflected.PublicTypes(wanted.Assembly);
            var found = new List<(int Rank, Argument Way)>();
            foreach (var container in exported.Where(t => t.IsClass && !t.IsAbstract && !t.ContainsGenericParameters && !typeof(Stream).IsAssignableFrom(t))
                         .OrderBy(t => t.FullName, StringComparer.Ordinal))
            {
                // A new container per build, not ObjectArguments.Instance: its rule shares one instance of a type that hands
                // out streams (a pool), and a shared file system refuses a second document of the same name.
                var ctor = container.GetConstructor(Type.EmptyTypes);
                if (ctor == null || !ctor.IsPublic) continue;
                var name = CSharpNames.Of(container);
                object Make(BuildScope scope)
                {
                    var made = ctor.Invoke(new object[0]);
                    if (made is IDisposable owned) scope.Owned.Add(owned);
                    return made;
                }
                foreach (var property in container.GetProperties(BindingFlags.Public | BindingFlags.Instance)
                             .Where(p => p.GetIndexParameters().Length == 0 && p.CanRead && wanted.IsAssignableFrom(p.PropertyType)).OrderBy(p => p.Name, StringComparer.Ordinal))
                    found.Add((1, new Argument($"{CSharpNames.Short(container)}.{property.Name}", $"new {name}().{property.Name}",
                        scope => property.GetValue(Make(scope)))));
                foreach (var method in container.GetMethods(BindingFlags.Public | BindingFlags.Instance)
                             .Where(m => !m.IsSpecialName && !m.ContainsGenericParameters && m.DeclaringType != typeof(object) && wanted.IsAssignableFrom(m.ReturnType))
                             .OrderBy(m => m.GetParameters().Length).ThenBy(m => m.ToString(), StringComparer.Ordinal))
                {
                    // Parameters a caller fills without knowing the library: one stream, one name.
                    var shape = method.GetParameters().Select(p => p.ParameterType == typeof(string) ? 's' : p.ParameterType == typeof(Stream) ? 'S' : '?').ToArray();
                    if (shape.Contains('?') || shape.Count(c => c == 'S') > 1 || shape.Count(c => c == 's') > 1) continue;
                    var rank = shape.Contains('S') ? 0 : shape.Length == 1 ? 2 : 3;
                    found.Add((rank, new Argument($"{CSharpNames.Short(container)}.{method.Name}", Source(name, method, shape, true), Source(name, method, shape, false),
                        scope => Reflected.Invoke(method, Make(scope), shape.Select(c => c == 's' ? Name : (object)ContentFor(scope)).ToArray()))));
                }
            }
            return found.OrderBy(f => f.Rank).Take(MaxWays).Select(f => f.Way).ToList();
        }

        /// <summary>The stream a container makes its document from: the content for a read (handed to the stream through it), else empty.</summary>
        static Stream ContentFor(BuildScope scope)
        {
            if (!scope.ForReading || scope.ContentGiven) return new MemoryStream();
            scope.ContentGiven = true;
            return new MemoryStream(scope.Content, writable: false);
        }

        static string Source(string container, MethodInfo method, char[] shape, bool forReading) =>
            $"new {container}().{method.Name}(" + string.Join(", ", shape.Select(c => c == 's'
                ? $"\"{Name}\""
                : forReading ? "new MemoryStream(content, writable: false)" : "new MemoryStream()")) + ")";
    }
}
