using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// A parameter typed as a library's own stream base that a MemoryStream does not fit (NAudio's WaveStream): a stream
    /// of a public concrete type of that base's assembly, built by one of its own constructions whose stream or content
    /// argument takes the scope's content (read) or sink (write), so the content still flows through the stream under
    /// test. The inner constructions are enumerated without this source: one level deep, so a type whose argument is its
    /// own base, or a cycle of such types, ends. The runtime's stream types (FileStream, PipeStream) are never supplied:
    /// nothing says which state of theirs a caller means.
    /// </summary>
    public sealed class LibraryStreamArguments : IArgumentSource
    {
        /// <summary>Enough for a plain source and two alternatives; the first that builds is the one a caller most likely has.</summary>
        public const int MaxInner = 3;

        static readonly ConcurrentDictionary<Type, IReadOnlyList<Construction>> s_inner = new ConcurrentDictionary<Type, IReadOnlyList<Construction>>();

        public static bool Supplies(Type type) =>
            typeof(Stream).IsAssignableFrom(type) && !StreamArguments.Supplies(type) && type.IsVisible && !type.ContainsGenericParameters
            && !FactoryIndex.IsRuntimeAssembly(type.Assembly);

        public IReadOnlyList<Argument> For(ParameterInfo parameter)
        {
            var type = parameter.ParameterType;
            if (!Supplies(type)) return new Argument[0];
            var outer = parameter.Member.DeclaringType;
            return Inner(type)
                // The type under construction over itself comes last: another type of the base is the source a caller has.
                .OrderBy(c => c.Method.DeclaringType == outer ? 1 : 0)
                .Take(MaxInner)
                .Select(inner => new Argument(inner.Label, inner.Source(true), inner.Source(false), scope =>
                {
                    var stream = inner.Invoke(scope)[0];
                    scope.Owned.Add(stream);
                    return stream;
                }) { IsGuessed = inner.HasGuessedArgument })
                .ToList();
        }

        /// <summary>
        /// The constructions of <paramref name="type"/>'s public concrete subtypes (name order, fewest parameters first) that
        /// take a stream or the content, and that build over the content or over an empty sink.
        /// </summary>
        static IReadOnlyList<Construction> Inner(Type type) => s_inner.GetOrAdd(type, t =>
        {
            Type[] exported;
            try { exported = t.Assembly.GetExportedTypes(); }
            catch (Exception) { return new Construction[0]; }
            var enumerator = new ConstructionEnumerator(ConstructionEnumerator.DefaultSources.Where(s => !(s is LibraryStreamArguments)).ToList());
            var found = new List<Construction>();
            foreach (var candidate in exported.Where(c => c.IsClass && !c.IsAbstract && t.IsAssignableFrom(c)).OrderBy(c => c.FullName, StringComparer.Ordinal))
                foreach (var ctor in ConstructionEnumerator.Constructors(candidate).Where(TakesContent))
                {
                    // The first combination that builds: its others differ only in flags and sizes.
                    var built = enumerator.Combinations(ctor, out _).FirstOrDefault(Builds);
                    if (built != null) found.Add(built);
                }
            return found;
        });

        static bool TakesContent(MethodBase method) =>
            method.GetParameters().Any(p => StreamArguments.Supplies(InParameter.ValueType(p)) || InParameter.ValueType(p) == typeof(byte[]));

        /// <summary>Builds in a read scope over some content and in a write scope over an empty sink (a source that reads its header eagerly fails the first).</summary>
        static bool Builds(Construction construction)
        {
            foreach (var forReading in new[] { true, false })
            {
                var scope = new BuildScope(forReading, StreamContent.Of(4096));
                Stream[]? streams = null;
                try
                {
                    streams = construction.Invoke(scope);
                    if (forReading ? scope.ContentGiven : scope.ReadBack != null) return true;
                }
                catch (Exception) { }
                finally
                {
                    if (streams != null) foreach (var s in streams) Trial.Discard(s);
                    Trial.Discard(scope);
                }
            }
            return false;
        }
    }
}
